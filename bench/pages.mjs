// `npm run bench -- pages` (issue 44): what a page loads, built by Vite, webpack 5, Rolldown and
// esbuild (splitting), each as an app builds for production (pinned devDependencies), measured
// as served: every .js file gzipped at level 9 on its own, the first load (the entry and what it
// imports statically) and what loads after it, in real Chromium, once a valid call was made and
// once a pre-flight refused one. Beside each page, the same calls written by hand (ky, a zod/mini
// schema, a POST). `npm run check:size` holds the first loads with two of the four bundlers
// (`--check`: esbuild and Rolldown, read off their chunk graphs: no browser), in a few seconds.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { GATE_BUNDLERS, PAGE_TARGETS, pageVerdict } from './budgets.ts';

const repo = new URL('..', import.meta.url).pathname;
const KiB = 1024;

/** What a page does once loaded: `valid()` makes its calls with input the documents take; `invalid()` one they refuse. */
const RESULT = `(error) => error.name === 'RequestValidationError' ? 'refused ' + error.issues.map((i) => i.path.join('.') + ': ' + i.message).join('; ') : 'failed ' + error.name`;
const ORDER = `{ date: '2026-11-22', retailer: 'Target', order_number: 'PO-1001', item_name: 'Desk lamp', color: 'black', brand_sku: 'LAMP-BLK', quantity: 12, asin: 'B000000001', unit_cost: 9.5, list_price: 24.99, fulfillment_type: 'fba' }`;

const dm = {
  code: `
    import { MessagingClient } from 'opslink/messaging';
    const messaging = MessagingClient.viaProxy('/opslink');
    const send = (email, body) => messaging.sendDirectMessage({ to: { email }, body }).then((sent) => 'sent ' + sent.id, ${RESULT});
    globalThis.page = { valid: () => send('ana@example.com', 'Your order shipped'), invalid: () => send('', '') };`,
  control: `
    import ky from 'ky';
    import * as z from 'zod/mini';
    const nonEmpty = z.string().check(z.minLength(1));
    const directMessage = z.strictObject({
      to: z.union([z.strictObject({ email: nonEmpty }), z.strictObject({ phoneNumber: nonEmpty }), z.strictObject({ userId: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)) })]),
      body: z.string().check(z.minLength(1), z.maxLength(4000)),
    });
    const api = ky.create({ prefix: '/opslink/messaging' });
    async function send(email, body) {
      const checked = directMessage.safeParse({ to: { email }, body });
      if (!checked.success) return 'refused ' + checked.error.issues.map((i) => i.path.join('.') + ': ' + i.message).join('; ');
      try { return 'sent ' + (await api.post('api/bot/messages', { json: checked.data }).json()).id; } catch (error) { return 'failed ' + error.name; }
    }
    globalThis.page = { valid: () => send('ana@example.com', 'Your order shipped'), invalid: () => send('', '') };`,
};

const inbound = {
  code: `
    import { WarehouseClient } from 'opslink/warehouse';
    const warehouse = WarehouseClient.viaProxy('/opslink');
    async function run(order) {
      try {
        const ids = [];
        for await (const listed of warehouse.inbound.list({ limit: 50 })) ids.push(listed.order_id);
        const created = await warehouse.inbound.create(order);
        return 'listed ' + ids.length + ', created ' + created.order_id;
      } catch (error) { return (${RESULT})(error); }
    }
    globalThis.page = { valid: () => run(${ORDER}), invalid: () => run({ ...${ORDER}, quantity: -1, fulfillment_type: 'sea' }) };`,
  control: `
    import ky from 'ky';
    import * as z from 'zod/mini';
    const nonEmpty = z.string().check(z.minLength(1));
    const order = z.strictObject({
      date: z.string().check(z.regex(/^(\\d{1,2}\\/\\d{1,2}\\/\\d{4}|\\d{4}-\\d{2}-\\d{2})$/)), retailer: nonEmpty, order_number: nonEmpty, item_name: nonEmpty,
      color: nonEmpty, brand_sku: nonEmpty, quantity: z.number().check(z.nonnegative(), z.multipleOf(1)), asin: z.optional(z.string()),
      unit_cost: z.number(), list_price: z.number(), fulfillment_type: z.enum(['fba', 'fbm', 'wfs', 'two-step', 'shopify']),
      size: z.optional(z.string()), amazon_sku: z.optional(z.string()), client_notes: z.optional(z.string()), upc: z.optional(z.string()),
    });
    const api = ky.create({ prefix: '/opslink/warehouse/api/v1' });
    async function run(input) {
      try {
        const ids = [];
        for (let offset = 0; ; ) {
          const { data } = await api.get('inbound', { searchParams: { offset, limit: 50 } }).json();
          for (const listed of data.orders) ids.push(listed.order_id);
          offset += data.orders.length;
          if (data.orders.length === 0 || offset >= (data.results.total ?? data.results.total_results)) break;
        }
        const checked = order.safeParse(input);
        if (!checked.success) return 'refused ' + checked.error.issues.map((i) => i.path.join('.') + ': ' + i.message).join('; ');
        const form = new FormData();
        for (const [name, value] of Object.entries(checked.data)) form.append(name, String(value));
        const created = await api.post('inbound', { body: form }).json();
        return 'listed ' + ids.length + ', created ' + created.data.order_id;
      } catch (error) { return 'failed ' + error.name; }
    }
    globalThis.page = { valid: () => run(${ORDER}), invalid: () => run({ ...${ORDER}, quantity: -1, fulfillment_type: 'sea' }) };`,
};

/** The pages of issue 44 (their targets: bench/budgets.ts, PAGE_TARGETS). */
export const PAGES = {
  'one direct message': dm,
  'list + create inbound orders': inbound,
  'both clients, the calls above': {
    code: `
    import { MessagingClient, WarehouseClient } from 'opslink';
    const messaging = MessagingClient.viaProxy('/opslink');
    const warehouse = WarehouseClient.viaProxy('/opslink');
    async function run(order, email) {
      try {
        const ids = [];
        for await (const listed of warehouse.inbound.list({ limit: 50 })) ids.push(listed.order_id);
        const created = await warehouse.inbound.create(order);
        const sent = await messaging.sendDirectMessage({ to: { email }, body: 'Order ' + created.order_id + ' is in' });
        return 'listed ' + ids.length + ', created ' + created.order_id + ', sent ' + sent.id;
      } catch (error) { return (${RESULT})(error); }
    }
    globalThis.page = { valid: () => run(${ORDER}, 'ana@example.com'), invalid: () => run(${ORDER}, '') };`,
  },
};

const HTML = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>page</title></head><body>${script}</body></html>`;

/**
 * Each bundler as an app's production build uses it, the package resolved through its `browser`
 * condition. Each returns the files it wrote (`.js`) with the modules each holds, and the names of
 * the files the page loads at first (the entry and its static imports).
 */
export const BUNDLERS = {
  async vite(dir, out) {
    const { build } = await import('vite');
    writeFileSync(join(dir, 'index.html'), HTML('<script type="module" src="./main.js"></script>'));
    const result = await build({ root: dir, configFile: false, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
    const chunks = (Array.isArray(result) ? result[0] : result).output.filter((file) => file.type === 'chunk');
    return graph(
      chunks.map((c) => ({ file: c.fileName, modules: Object.keys(c.modules), imports: c.imports, entry: c.isEntry })),
      null,
    );
  },
  async webpack(dir, out) {
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: './main.js',
          target: 'web',
          devtool: false,
          performance: { hints: false },
          output: { path: out, filename: 'main.js', chunkFilename: '[name].[contenthash:8].js', publicPath: '/', clean: true },
        },
        (error, result) => (error || result.hasErrors() ? reject(error ?? new Error(result.toString('errors-only'))) : resolve(result)),
      ),
    );
    const json = stats.toJson({ all: false, chunks: true, modules: true, nestedModules: true, entrypoints: true, ids: true });
    const initial = new Set(json.entrypoints.main.assets.map((a) => a.name));
    const held = new Map();
    for (const m of json.modules) for (const id of m.chunks ?? []) held.set(id, [...(held.get(id) ?? []), ...moduleNames(m)]);
    const files = json.chunks.flatMap((c) =>
      c.files
        .filter((f) => f.endsWith('.js'))
        .map((file) => ({ file, modules: held.get(c.id) ?? [], imports: [], entry: initial.has(file) })),
    );
    return graph(files, initial, '<script src="/main.js"></script>');
  },
  async rolldown(dir, out) {
    const { rolldown } = await import('rolldown');
    const bundle = await rolldown({ input: join(dir, 'main.js'), platform: 'browser', logLevel: 'silent' });
    const { output } = await bundle.write({ dir: out, format: 'esm', minify: true, entryFileNames: 'main.js' });
    await bundle.close();
    const chunks = output.filter((file) => file.type === 'chunk');
    return graph(chunks.map((c) => ({ file: c.fileName, modules: Object.keys(c.modules), imports: c.imports, entry: c.isEntry })));
  },
  async esbuild(dir, out) {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: { main: join(dir, 'main.js') },
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      platform: 'browser',
      outdir: out,
      metafile: true,
      logLevel: 'silent',
    });
    const files = Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, o]) => ({
        file: file.slice(file.lastIndexOf('/') + 1),
        modules: Object.keys(o.inputs),
        imports: o.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path.slice(i.path.lastIndexOf('/') + 1)),
        // A dynamic import's target is an entry point of esbuild's too: the page's own is main.js.
        entry: o.entryPoint?.endsWith('src/main.js') === true,
      }));
    return graph(files);
  },
};

// A concatenated module holds the modules it was made of.
const moduleNames = (m) => [m.name ?? '', ...(m.modules ?? []).flatMap(moduleNames)];

/** The files, and which a page loads at first: its entry and what that imports statically (`initial`, when the bundler says so itself). */
function graph(files, initial = null, script = '<script type="module" src="/main.js"></script>') {
  const byName = new Map(files.map((f) => [f.file, f]));
  let first = initial;
  if (!first) {
    first = new Set();
    const load = (name) => {
      if (first.has(name) || !byName.has(name)) return;
      first.add(name);
      for (const imported of byName.get(name).imports) load(imported);
    };
    for (const f of files) if (f.entry) load(f.file);
  }
  return { files, first, script };
}

/** Bytes of `file` as served: gzip level 9 of the file alone. */
const served = (out, file) => gzipSync(readFileSync(join(out, file)), { level: 9 }).length;

/**
 * An app of its own, outside this repository, as `npm install opslink` lays one out: the
 * package's files (package.json and dist/, copied once per run; a link would let webpack and
 * esbuild read this repository's tsconfig, whose paths map the package's imports to src/),
 * `ky` and `zod` beside it. Each page is a folder of that app.
 */
const apps = join(tmpdir(), `opslink-pages-${process.pid}`);
let installed = false;
function app(name) {
  if (!installed) {
    rmSync(apps, { recursive: true, force: true });
    mkdirSync(join(apps, 'node_modules', 'opslink'), { recursive: true });
    cpSync(join(repo, 'package.json'), join(apps, 'node_modules', 'opslink', 'package.json'));
    cpSync(join(repo, 'dist'), join(apps, 'node_modules', 'opslink', 'dist'), {
      recursive: true,
      filter: (from) => !from.endsWith('.map'),
    });
    for (const dependency of ['ky', 'zod']) symlinkSync(join(repo, 'node_modules', dependency), join(apps, 'node_modules', dependency));
    writeFileSync(join(apps, 'package.json'), '{ "name": "pages", "private": true, "type": "module" }');
    process.once('exit', () => rmSync(apps, { recursive: true, force: true }));
    installed = true;
  }
  const root = join(apps, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  return root;
}

/** One page built by one bundler, as an app of its own: its files, their bytes as served, and its first load. */
export async function buildPage(bundler, code, name) {
  const root = app(name);
  const dir = join(root, 'src');
  const out = join(root, 'out');
  writeFileSync(join(dir, 'main.js'), code);
  const built = await BUNDLERS[bundler](dir, out);
  if (bundler !== 'vite') writeFileSync(join(out, 'index.html'), HTML(built.script));
  const files = built.files.map((f) => ({ ...f, bytes: served(out, f.file) }));
  const firstLoad = files.filter((f) => built.first.has(f.file)).reduce((sum, f) => sum + f.bytes, 0);
  const zod = files.filter((f) => f.modules.some((m) => /node_modules\/zod\//.test(m))).map((f) => f.file);
  return { out, files, first: built.first, firstLoad, firstFiles: built.first.size, zodFiles: zod };
}

/** What a page's API answers (the proxy's paths, as `viaProxy` sends them). */
function answer(request, response) {
  const url = new URL(request.url, 'http://page');
  const json = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === '/opslink/messaging/api/bot/messages') return json(201, { id: 'm-1' });
  if (url.pathname === '/opslink/warehouse/api/v1/inbound' && request.method === 'GET') {
    const order = {
      order_id: '0b9c3f4e-6a1d-4c2b-9e8f-2d7a5b1c3e40',
      date: '11/22/2026',
      retailer: 'Target',
      order_number: 'PO-1',
      item_name: 'Desk lamp',
      color: 'black',
      brand_sku: 'LAMP-BLK',
      size: '',
      quantity: 12,
      asin: 'B000000001',
      amazon_sku: '',
      unit_cost: 9.5,
      list_price: 24.99,
      client_notes: null,
      fulfillment_type: 'fba',
      sold_as: 'individual',
      units_per_pack: 1,
      upc: null,
      tracking_numbers: [],
      status: 'inbound',
      created_at: '2026-11-22T10:00:00Z',
    };
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const orders = offset === 0 ? [order] : [];
    return json(200, { status: 'success', message: '', data: { orders, results: { total: 1, offset, limit: 50 } }, errors: [] });
  }
  if (url.pathname === '/opslink/warehouse/api/v1/inbound' && request.method === 'POST') {
    request.resume();
    return request.on('end', () =>
      json(200, { status: 'success', message: 'created', data: { order_id: '7d1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' }, errors: [] }),
    );
  }
  json(404, { message: 'not found' });
}

/** Serves `out` as a server would: every file gzipped (level 9) on its own; the page's API beside it. */
async function serve(out) {
  const server = createServer((request, response) => {
    if (request.url.startsWith('/opslink/')) return answer(request, response);
    const path = new URL(request.url, 'http://page').pathname;
    const file = join(out, path === '/' ? 'index.html' : path);
    let body;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.html') ? 'text/html' : 'text/javascript';
    const gzipped = gzipSync(body, { level: 9 });
    // With its length: a chunked answer would add its framing to the bytes Chromium counts.
    response.writeHead(200, {
      'content-type': type,
      'content-encoding': 'gzip',
      'content-length': gzipped.length,
      'cache-control': 'no-store',
    });
    response.end(gzipped);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/**
 * The page in real Chromium: the .js bytes it received (encoded, as on the wire) at first, then
 * after a valid call and after a refused one, with what each call answered.
 */
async function inChromium(browser, out) {
  const { server, origin } = await serve(out);
  const page = await browser.newPage();
  const received = [];
  page.on('requestfinished', async (request) => {
    if (!request.url().endsWith('.js')) return;
    const sizes = await request.sizes().catch(() => ({ responseBodySize: Number.NaN }));
    received.push({ url: request.url(), bytes: sizes.responseBodySize });
  });
  const sum = (from) => received.slice(from).reduce((n, r) => n + r.bytes, 0);
  try {
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => globalThis.page !== undefined);
    const firstCount = received.length;
    const first = sum(0);
    const valid = await page.evaluate(() => globalThis.page.valid());
    await page.waitForLoadState('networkidle');
    const afterValid = received.length;
    const invalid = await page.evaluate(() => globalThis.page.invalid());
    await page.waitForLoadState('networkidle');
    return {
      first,
      files: firstCount,
      afterValid: sum(firstCount),
      afterRefusal: sum(afterValid),
      valid,
      invalid,
    };
  } finally {
    await page.close();
    server.close();
  }
}

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

/** Every page (and its hand-written control) by every bundler named, with Chromium's figures when `browser` is given. */
export async function measure(bundlers = Object.keys(BUNDLERS), browser = undefined) {
  const rows = [];
  for (const [page, spec] of Object.entries(PAGES)) {
    for (const bundler of bundlers) {
      for (const [variant, code] of [
        ['opslink', spec.code],
        ['by hand', spec.control],
      ]) {
        if (!code) continue;
        const name = `${page}-${variant}-${bundler}`.replace(/\W+/g, '-');
        const built = await buildPage(bundler, code, name);
        const row = { page, variant, bundler, target: PAGE_TARGETS[page], ...built };
        if (browser) row.chromium = await inChromium(browser, built.out);
        rows.push(row);
      }
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const started = performance.now();
    const rows = (await measure([...GATE_BUNDLERS])).filter((r) => r.variant === 'opslink');
    const lines = rows.map((r) => pageVerdict(r.page, r.bundler, r.firstLoad, r.zodFiles));
    for (const v of lines) console.error(v.line);
    console.error(`(pages: ${GATE_BUNDLERS.join(' and ')}, ${Math.round(performance.now() - started)} ms)`);
    process.exitCode = lines.some((v) => v.status === 'fail') ? 1 : 0;
  } else {
    const { report } = await import('./lib.mjs');
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    let rows;
    try {
      rows = await measure(Object.keys(BUNDLERS), browser);
    } finally {
      await browser.close();
    }
    const control = (r) => rows.find((c) => c.page === r.page && c.bundler === r.bundler && c.variant === 'by hand');
    const table = rows.map((r) => [
      `${r.page} (${r.variant}), ${r.bundler}`,
      `first load ${r.firstLoad} bytes (${kib(r.firstLoad)}, ${r.firstFiles} file${r.firstFiles > 1 ? 's' : ''}); Chromium received ${r.chromium.first} bytes of .js at first, +${r.chromium.afterValid} after a valid call, +${r.chromium.afterRefusal} after a refusal; zod ${r.zodFiles.length ? `in ${r.zodFiles.length} file(s)` : 'in no file'}${r.variant === 'opslink' && control(r) ? `; × the page by hand: ${(r.firstLoad / control(r).firstLoad).toFixed(3)}` : ''}; answered "${r.chromium.valid}" / "${r.chromium.invalid.slice(0, 60)}…"`,
    ]);
    const targets = rows
      .filter((r) => r.variant === 'opslink')
      .flatMap((r) => [
        {
          target: `issue 44: ${r.page}, ${r.bundler}: first load ≤ ${r.target / KiB} KiB`,
          value: `${r.firstLoad} bytes (${kib(r.firstLoad)})`,
          met: r.firstLoad <= r.target,
        },
        {
          target: `issue 44: ${r.page}, ${r.bundler}: after a refusal +0, no zod`,
          value: `+${r.chromium.afterRefusal} bytes; zod in ${r.zodFiles.length} file(s)`,
          met: r.chromium.afterRefusal === 0 && r.zodFiles.length === 0 && r.chromium.invalid.startsWith('refused'),
        },
      ]);
    report({
      name: 'Pages as served (issue 44): four bundlers, gzip level 9 per file, real Chromium',
      rows: table,
      targets,
      detail: rows.map(({ files, first, ...r }) => r),
    });
  }
}
