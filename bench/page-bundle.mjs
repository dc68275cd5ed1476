// What a page loads: a page's own script built by a browser bundler as an app does (Vite's
// production build: Rolldown, minified, the package resolved by its `browser` condition, zod
// included, code split where a call loads a module on demand), every file gzipped (level 9)
// as a server sends it. A page loads its entry and what the entry imports; a module a call
// loads on demand (a channel message's embeds, a bulk send) is loaded only by a page that
// makes that call, so each page names the calls it makes and counts the chunks they load.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const repo = new URL('..', import.meta.url).pathname;

/**
 * The pages the bundle targets are measured on (issue 36), through `viaProxy` as a page uses
 * the clients (no key in a page). `loads`: the modules its calls load on demand.
 */
export const PAGES = {
  'a page that sends one direct message': {
    entry: 'opslink/messaging',
    loads: [],
    code: `
      import { MessagingClient } from 'opslink/messaging';
      const messaging = MessagingClient.viaProxy('/opslink');
      document.querySelector('form').onsubmit = async () => {
        const sent = await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Your order shipped' });
        document.body.append(String(sent.id));
      };`,
  },
  'a page that lists and creates inbound orders': {
    entry: 'opslink/warehouse',
    loads: [],
    code: `
      import { WarehouseClient } from 'opslink/warehouse';
      const warehouse = WarehouseClient.viaProxy('/opslink');
      (async () => {
        for await (const order of warehouse.inbound.list({ limit: 50 })) document.body.append(order.order_id);
        const created = await warehouse.inbound.create({
          order_number: 'PO-1', fulfillment_type: 'fba', items: [{ brandSKU: 'SKU-1', quantity: 10, sold_as: 'individual' }],
        });
        document.body.append(created.order_id);
      })();`,
  },
  'a page with both clients': {
    entry: 'opslink',
    loads: [],
    code: `
      import { MessagingClient, WarehouseClient } from 'opslink';
      const messaging = MessagingClient.viaProxy('/opslink');
      const warehouse = WarehouseClient.viaProxy('/opslink');
      (async () => {
        for await (const s of warehouse.shipments.list()) document.body.append(s.shipment_id);
        await messaging.sendDirectMessage({ to: { email: 'ana@example.com' }, body: 'Shipped' });
      })();`,
  },
};

/**
 * Bytes (min+gzip) a page loads: `initial` (its entry and static imports), `onDemand` (the
 * chunks its own calls load: `loads` names their modules) and `unused` (chunks of calls it
 * never makes). `alias` maps imports elsewhere (a copy of the source, for the feature table).
 */
export async function pageBytes(code, { loads = [], alias = [], name = 'page' } = {}) {
  const dir = `${repo}.tmp/page-bundle/${name.replace(/\W+/g, '-')}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/index.html`, '<form></form><script type="module" src="./main.js"></script>');
  writeFileSync(`${dir}/main.js`, code);
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias },
    build: { write: false, minify: true },
  });
  rmSync(dir, { recursive: true, force: true });
  const chunks = (Array.isArray(output) ? output[0] : output).output.filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set();
  const load = (chunk) => {
    if (loaded.has(chunk.fileName)) return;
    loaded.add(chunk.fileName);
    for (const file of chunk.imports) load(byName.get(file));
  };
  for (const chunk of chunks) if (chunk.isEntry) load(chunk);
  const initial = new Set(loaded);
  for (const chunk of chunks) if (chunk.isDynamicEntry && loads.some((m) => chunk.name === m)) load(chunk);
  const size = (names) => [...names].reduce((sum, file) => sum + gzipSync(byName.get(file).code, { level: 9 }).length, 0);
  const all = new Set(chunks.map((chunk) => chunk.fileName));
  const onDemand = [...loaded].filter((file) => !initial.has(file));
  const unused = [...all].filter((file) => !loaded.has(file));
  return { initial: size(initial), onDemand: size(onDemand), unused: size(unused), loaded: size(loaded) };
}

/** Issue 36's targets for each page's load (KiB, min+gzip), in the order of {@link PAGES}. */
export const PAGE_TARGETS = [17, 20, 23];

/** Every page's bytes: what it loads (its entry, static imports and its calls' chunks), and the parts. */
export async function measurePages() {
  const out = [];
  for (const [name, page] of Object.entries(PAGES)) out.push({ name, ...(await pageBytes(page.code, { loads: page.loads, name })) });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { report } = await import('./lib.mjs');
  const pages = await measurePages();
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = pages.map((p) => [
    p.name,
    `${p.loaded} bytes (${kib(p.loaded)}): first load ${p.initial}, its calls' chunks ${p.onDemand}; chunks it never loads ${p.unused}`,
  ]);
  const targets = pages.map((p, i) => ({
    entry: p.name,
    target: `issue 36: ${p.name} ≤ ${PAGE_TARGETS[i]} KiB (Vite, min+gzip)`,
    value: `${p.loaded} bytes (${kib(p.loaded)})`,
    met: p.loaded <= (PAGE_TARGETS[i] ?? 0) * 1024,
  }));
  report({
    name: "A page's bundle (Vite 8 production build of the page, the package's browser condition, min+gzip level 9)",
    rows,
    targets,
  });
}
