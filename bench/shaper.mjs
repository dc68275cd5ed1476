// A shaped link for `npm run bench -- wan`, in a process of its own: a TCP proxy on 127.0.0.1
// in front of `target`, adding `rttMs / 2` of latency each way and a bandwidth cap of `mbps`
// each way, either per connection or one cap shared by all connections (`shared`: the
// bottleneck of one office line). A new connection costs one round trip before its first
// byte, as a TCP handshake does. Chunks are delivered in order, each after the time its bytes
// take on the link (serialisation) plus the one-way delay. Counts connections and bytes each
// way; the parent asks for them over IPC (`{ cmd: 'stats', reset }`).
import { connect, createServer } from 'node:net';

const { target, rttMs, mbps, shared } = JSON.parse(process.argv[2] ?? '{}');
const oneWayMs = rttMs / 2;
const bytesPerMs = (mbps * 1e6) / 8 / 1000;
const stats = { connections: 0, down: 0, up: 0 };

/** One direction of a link: when it is next free, and what waits to be delivered, in order. */
const link = () => ({ freeAt: 0, queue: [], timer: undefined });
const sharedLinks = { up: link(), down: link() };

function deliver(line, at, send) {
  line.queue.push({ at, send });
  if (!line.timer) arm(line);
}

function arm(line) {
  const next = line.queue[0];
  line.timer = setTimeout(
    () => {
      line.timer = undefined;
      const now = performance.now();
      while (line.queue.length && line.queue[0].at <= now + 0.25) line.queue.shift().send();
      if (line.queue.length) arm(line);
    },
    Math.max(0, next.at - performance.now()),
  );
}

/** Bytes from `from` reach `to` as the link lets them: queued behind what the link carries, then the one-way delay. */
function shape(from, to, line, direction, readyAt) {
  // Deliveries keep their order on a shared link too: each is due no sooner than the one before.
  const delivery = link();
  from.on('data', (chunk) => {
    const start = Math.max(performance.now(), line.freeAt, readyAt);
    line.freeAt = start + chunk.length / bytesPerMs;
    stats[direction] += chunk.length;
    deliver(delivery, line.freeAt + oneWayMs, () => to.destroyed || to.write(chunk));
  });
  from.on('end', () => deliver(delivery, Math.max(line.freeAt, readyAt) + oneWayMs, () => to.destroyed || to.end()));
  from.on('error', () => to.destroy());
}

const server = createServer((client) => {
  stats.connections++;
  // The handshake's round trip: nothing moves on a new connection before it.
  const readyAt = performance.now() + rttMs;
  const upstream = connect(target, '127.0.0.1');
  const lines = shared ? sharedLinks : { up: link(), down: link() };
  shape(client, upstream, lines.up, 'up', readyAt);
  shape(upstream, client, lines.down, 'down', readyAt);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
});

process.on('message', (message) => {
  if (message?.cmd !== 'stats') return;
  process.send({ stats: { ...stats } });
  if (message.reset) Object.assign(stats, { connections: 0, down: 0, up: 0 });
});

server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}` }));
