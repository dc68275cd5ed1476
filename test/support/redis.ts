/**
 * A real `redis-server` for the store's tests, started on 127.0.0.1 and a free port, with
 * nothing saved to disk. `redisServerMissing` says why the tests skip when the machine has
 * none (the Debian package `redis-server`; `.ci/run` installs it).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export const redisServerMissing: string | undefined =
  spawnSync('redis-server', ['--version']).status === 0
    ? undefined
    : 'redis-server is not on PATH (apt-get install -y redis-server): the opslink/redis tests are skipped';
if (redisServerMissing) console.warn(redisServerMissing);

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RedisServer {
  port: number;
  url: string;
  /** Kills it with SIGKILL (a crash). */
  kill(): Promise<void>;
  /** Stops it with SIGSTOP: connections stay open, nothing is answered (a silent store). */
  pause(): void;
  /** Lets a paused server go on (SIGCONT): it answers what was sent meanwhile. */
  resume(): void;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess;
  const launch = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
    });
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: () => end('SIGKILL'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    restart: launch,
    stop: () => end('SIGTERM'),
  };
}
