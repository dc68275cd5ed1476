// The far side of the benchmarks, in its own process so its work is not counted as the
// client's. Modes:
// - `dm`: keep-alive JSON server. `POST …/chat/completions` answers 200 with a chat
//   completion (for the openai client); every other path answers 201 with a small direct
//   message. Both bodies are about the same size.
// - `drain`: reads a whole upload, answers the warehouse envelope with the bytes received.
// - `warehouse`: the warehouse mock over HTTP (startMockServer).
// - `limited`: the warehouse mock behind a token-bucket rate limiter (see below); the parent
//   asks for its counters over IPC (`{ cmd: 'stats', reset }`).
import { createServer } from 'node:http';

const [mode, rawOptions] = process.argv.slice(2);
const options = JSON.parse(rawOptions ?? '{}');

const listen = async (server) => {
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
};

/**
 * A token bucket as API gateways run one: `rate` tokens a second, at most `burst` banked.
 * A request takes a token or is refused with 429 and `Retry-After` in whole seconds (rounded
 * up, at least 1, as real services send it). A refused request takes no token.
 */
function tokenBucket(rate, burst) {
  let tokens = burst;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(burst, tokens + ((now - last) / 1000) * rate);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - tokens) / rate));
  };
}

async function limited() {
  const { createWarehouseMock } = await import('opslink/testing');
  const warehouse = createWarehouseMock({ inboundOrders: options.orders, shipments: 1 });
  if (options.latency) warehouse.faults.latency(undefined, options.latency);
  let take = tokenBucket(options.rate, options.burst);
  const stats = { requests: 0, ok: 0, limited: 0, other: 0, maxInFlight: 0 };
  let inFlight = 0;
  process.on('message', (message) => {
    if (message?.cmd !== 'stats') return;
    process.send({ stats: { ...stats } });
    if (message.reset) {
      Object.assign(stats, { requests: 0, ok: 0, limited: 0, other: 0, maxInFlight: 0 });
      take = tokenBucket(options.rate, options.burst); // a fresh, full bucket for the next variant
    }
  });
  const server = createServer(async (req, res) => {
    stats.requests++;
    const retryAfter = take();
    if (retryAfter) {
      stats.limited++;
      const body = JSON.stringify({ status: 'error', message: 'Too many requests', data: null, errors: null });
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(retryAfter),
        'content-length': Buffer.byteLength(body),
      });
      return void res.end(body);
    }
    inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      req.resume();
      const response = await warehouse.handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers }));
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 200) stats.ok++;
      else stats.other++;
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': body.length });
      res.end(body);
    } finally {
      inFlight--;
    }
  });
  const url = await listen(server);
  return { url: `${url}/api/v1`, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId };
}

async function start() {
  if (mode === 'limited') return limited();
  if (mode === 'warehouse') {
    const { createWarehouseMock, startMockServer } = await import('opslink/testing');
    const warehouse = createWarehouseMock({ inboundOrders: options.orders, shipments: 1 });
    if (options.latency) warehouse.faults.latency(undefined, options.latency);
    const server = await startMockServer({ warehouse });
    return { url: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId };
  }
  const body = JSON.stringify({ id: 'b7e1c0de-0000-4000-8000-000000000001', chatId: 'c1', body: 'ok', createdAt: '2026-11-22T00:00:00Z' });
  const completion = JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1795305600,
    model: 'bench',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  });
  const server = createServer((req, res) => {
    if (mode === 'drain') {
      let bytes = 0;
      req.on('data', (chunk) => {
        bytes += chunk.length;
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'success', message: `${bytes} bytes received`, data: { bytes }, errors: null }));
      });
      return;
    }
    req.resume();
    req.on('end', () => {
      const [status, text] = req.url.endsWith('/chat/completions') ? [200, completion] : [201, body];
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
  });
  return { url: await listen(server) };
}

process.send(await start());
