// Shared helpers of the benchmarks: interleaved rounds, medians, a child server, results.
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs each variant once per round, in a rotating order, for `rounds` rounds, so a noisy
 * moment of the machine hits every variant alike. Returns the per-round values per variant.
 */
export async function interleave(rounds, variants) {
  const names = Object.keys(variants);
  const results = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      results[name].push(await variants[name]());
    }
  }
  return results;
}

/** Starts bench/server.mjs in its own process (its own core and heap); resolves with its URL info. */
export function startServer(mode, options = {}) {
  const child = fork(fileURLToPath(new URL('./server.mjs', import.meta.url)), [mode, JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.once('exit', () => child.kill()); // not left behind by a bench that failed
  return new Promise((resolve, reject) => {
    child.once('message', (info) =>
      resolve({
        ...info,
        /** The server's counters (the `limited` mode); `reset` zeroes them and refills its bucket. */
        stats: (reset = false) =>
          new Promise((done) => {
            child.once('message', (message) => done(message.stats));
            child.send({ cmd: 'stats', reset });
          }),
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill();
          }),
      }),
    );
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** What a benchmark hands back to bench/run.mjs: rows for the table, and whether targets were met. */
export function report(result) {
  if (process.send) process.send(result);
  else console.log(JSON.stringify(result, null, 2));
}

export const fmt = (n, digits = 1) => Number(n).toFixed(digits);

/** The key and the direct message every per-request bench sends (bench/server.mjs 'dm' takes any key). */
export const DM_KEY = 'bot_bench_key_000000000000';
export const DM = { to: { email: 'ana@example.com' }, body: 'Your pallet arrived at dock 3' };

/**
 * The baseline of the per-request benches: raw `fetch` posting {@link DM} with a bearer key
 * and parsing the small JSON answer, as each library is asked to.
 */
export function rawDmPost(url) {
  return async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${DM_KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(DM),
    });
    return response.json();
  };
}

/**
 * The floor without a dependency: the same POST over `node:http` with a keep-alive Agent,
 * the answer read whole and parsed, as {@link rawDmPost} does over `fetch`.
 */
export function nodeHttpDmPost(url) {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port, pathname } = new URL(url);
  const headers = { authorization: `Bearer ${DM_KEY}`, 'content-type': 'application/json', accept: 'application/json' };
  return () =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(DM);
      const req = httpRequest(
        { hostname, port, path: pathname, method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
}

/** CPU time (user + system, ms) this process spends in `run`, beside its wall time. */
export async function cpuAndWall(run) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/** `values` as the run prints a spread: its median and its interquartile range. */
export function spread(values, digits = 3) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.round(q * (sorted.length - 1))];
  return `${fmt(median(values), digits)} (interquartile ${fmt(at(0.25), digits)}–${fmt(at(0.75), digits)}, ${values.length} rounds)`;
}

/** A redis-server of the bench's own on 127.0.0.1 and a free port, nothing saved: `{ url, stop }`. */
export async function startRedisServer() {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const { tmpdir } = await import('node:os');
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const child = spawn('redis-server', args, { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => child.kill()); // not left behind by a bench that failed
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Commands each kind Redis has run so far (INFO commandstats), read over a node-redis client. */
export async function commandCounts(client) {
  const info = String(await client.sendCommand(['INFO', 'commandstats']));
  return Object.fromEntries([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
}
