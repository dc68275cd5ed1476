/**
 * A real Redis Cluster of three masters for the store's tests: three `redis-server`s on
 * 127.0.0.1 and free ports, cluster mode on, nothing saved, their cluster files in a folder
 * of their own; `redis-cli --cluster create` shares the slots out. (redis-cli comes with the
 * Debian package `redis-server`.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis.js';

export const redisClusterMissing: string | undefined =
  spawnSync('redis-cli', ['--version']).status === 0 ? undefined : 'redis-cli is not on PATH: the Redis Cluster tests are skipped';

export interface RedisCluster {
  nodes: { host: string; port: number }[];
  stop(): Promise<void>;
}

function startNode(port: number, dir: string): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes'];
  args.push('--cluster-config-file', join(dir, `nodes-${port}.conf`), '--appendonly', 'no', '--save', '', '--dir', dir);
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`redis-server (cluster) exited ${code}: ${output}`)));
  });
}

/** Starts three masters and makes them one cluster; resolves once every slot is served. */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'opslink-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const children = await Promise.all(ports.map((port) => startNode(port, dir)));
  const stop = async () => {
    await Promise.all(
      children.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  const created = spawnSync(
    'redis-cli',
    ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
    { encoding: 'utf8' },
  );
  if (created.status !== 0) {
    await stop();
    throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
  }
  // The nodes agree on the slots a moment after redis-cli is done.
  for (let waited = 0; waited < 10_000; waited += 100) {
    const info = spawnSync('redis-cli', ['-p', String(ports[0]), 'CLUSTER', 'INFO'], { encoding: 'utf8' }).stdout;
    if (info.includes('cluster_state:ok')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { nodes: ports.map((port) => ({ host: '127.0.0.1', port })), stop };
}
