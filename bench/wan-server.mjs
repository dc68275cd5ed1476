// The far side of `npm run bench -- wan`, in a process of its own: the warehouse mock with
// `orders` inbound orders over node:http, compressing JSON as nginx's `gzip on` and Express's
// `compression()` do: gzip when the request asks for it (`always`: whatever was asked, as
// some CDNs and caches do), at zlib's default level 6 (Express's; a page of 200 orders is
// then about 19 KiB of 98 KiB, as the issue measured; nginx's default level 1 gives 26 KiB),
// keeping connections 60 s (`Keep-Alive: timeout=60`). A compressed page is cached by URL,
// so the server's CPU is spent once per page, not once per walk.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createWarehouseMock } from 'opslink/testing';

const { orders, always } = JSON.parse(process.argv[2] ?? '{}');
const warehouse = createWarehouseMock({ inboundOrders: orders, shipments: 1 });
const cache = new Map();

async function page(req) {
  const cached = cache.get(req.url);
  if (cached) return cached;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const response = await warehouse.handle(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers }));
  const plain = Buffer.from(await response.arrayBuffer());
  const answer = { status: response.status, plain, gzip: gzipSync(plain) };
  if (response.status === 200) cache.set(req.url, answer);
  return answer;
}

const server = createServer(async (req, res) => {
  req.resume();
  const { status, plain, gzip } = await page(req);
  const compress = always || /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = compress ? gzip : plain;
  const headers = { 'content-type': 'application/json', 'content-length': body.length, vary: 'Accept-Encoding' };
  res.writeHead(status, compress ? { ...headers, 'content-encoding': 'gzip' } : headers).end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () =>
  process.send({ port: server.address().port, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId }),
);
