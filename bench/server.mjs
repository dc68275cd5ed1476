// The far side of the benchmarks, in its own process so its work is not counted as the
// client's. Modes: `dm` (201 + a small JSON, keep-alive), `drain` (reads a whole upload,
// answers the warehouse envelope), `warehouse` (the warehouse mock over HTTP).
import { createServer } from 'node:http';

const [mode, rawOptions] = process.argv.slice(2);
const options = JSON.parse(rawOptions ?? '{}');

async function start() {
  if (mode === 'warehouse') {
    const { createWarehouseMock, startMockServer } = await import('opslink/testing');
    const warehouse = createWarehouseMock({ inboundOrders: options.orders, shipments: 1 });
    if (options.latency) warehouse.faults.latency(undefined, options.latency);
    const server = await startMockServer({ warehouse });
    return { url: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId };
  }
  const body = JSON.stringify({ id: 'b7e1c0de-0000-4000-8000-000000000001', chatId: 'c1', body: 'ok', createdAt: '2026-11-22T00:00:00Z' });
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
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}` };
}

process.send(await start());
