// What each feature costs a page that never calls it (issue 36: a page pays only for what it
// calls). Every page of bench/pages.mjs is built (Vite, from a copy of src/) as it is, then
// with one feature cut out (a stub that keeps its names); the difference is what the feature
// adds to the page's first load. Issue 44 put the calls' own code back in the page (bulk
// sends, channel messages: a round trip at the call cost more than their bytes saved; see
// bench/results.md), so those two are in every page that makes the client; the others are
// carried by the option that brings them (a journal, a store) or resolved away by the
// package's own imports in a browser (tracing, redirects).
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { report } from './lib.mjs';
import { PAGES, pageBytes } from './page-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const work = `${root}.tmp/bundle-features/src`;

function edit(file, from, to) {
  const path = `${work}/${file}`;
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`bundle-features: ${file} no longer has what its stub replaces (${from})`);
  writeFileSync(path, next);
}

/** Each feature cut out of the copy: what is left is what a page that never uses it would need. */
const FEATURES = {
  'bulk sends (sendDirectMessages, updateMany)': () =>
    edit('core/bulk.ts', /export function runBulk[\s\S]*?\n}\n/, 'export function runBulk(..._a: unknown[]): any { return undefined; }\n'),
  'bulk journals and the rateLimitStore option': () => {
    edit('core/client-kit.ts', /if \(!common\.rateLimitStore\)[^\n]*\n[\s\S]*?\n}\n/, 'return new RateLimitGate(common);\n}\n');
    edit(
      'core/http/gate-scope.ts',
      /export function gateScope[\s\S]*$/,
      "export function gateScope(_p: string[]): Promise<string> { return Promise.resolve(''); }\n",
    );
  },
  'tracing (diagnostics_channel)': () =>
    edit(
      'core/http/tracing.ts',
      /\/\*\* Whether anyone subscribes[\s\S]*?(?=\/\*\* The response's request id)/,
      `export const tracingCalls = () => false;
export const openCall = (_t: unknown): undefined => undefined;
export const traceCall = <T>(_t: unknown, run: () => Promise<T>): Promise<T> => run();
export const traceRateLimitWait = (_t: unknown, _w: number) => {};
export function traceAttempt(_c: unknown, _a: number, init: any, send: (init: any) => any) { return send(init); }
`,
    ),
  'redirects (refused in a browser)': () => {
    edit(
      'platform/transport.browser.ts',
      /export const followRedirects[\s\S]*$/,
      'export const followRedirects: FollowRedirects = (first, send, t) => send(first, t);\n',
    );
    edit(
      'core/http/redirects.ts',
      /export function refusal[\s\S]*$/,
      'export function refusal(..._a: unknown[]): any { return undefined; }\n',
    );
  },
  'response mismatch reports': () =>
    edit(
      'core/http/mismatches.ts',
      /report\(source: MismatchSource[\s\S]*?\n {2}}\n/,
      'report(_s: MismatchSource, _i: readonly ValidationIssue[]): void {}\n',
    ),
  'channel messages and their embeds': () =>
    edit(
      'messaging/client.ts',
      /this\.#channelMessage \?\?= postChannelMessage\(this\.#options\.embedLimits, this\.#webhook\);/,
      'this.#channelMessage ??= undefined as never;',
    ),
};

const alias = [
  { find: /^opslink$/, replacement: `${work}/index.ts` },
  { find: /^opslink\/(messaging|warehouse)$/, replacement: `${work}/$1/index.ts` },
  { find: '#transport', replacement: `${work}/platform/transport.browser.ts` },
  { find: '#tracing', replacement: `${work}/platform/tracing.none.ts` },
];

async function sizes() {
  const out = [];
  for (const [name, page] of Object.entries(PAGES)) out.push((await pageBytes(page.code, { loads: page.loads, alias, name })).loaded);
  return out;
}

const fresh = () => {
  rmSync(work, { recursive: true, force: true });
  cpSync(`${root}src`, work, { recursive: true });
};

fresh();
const base = await sizes();
const rows = [['each page as it is (bytes, min+gzip)', base.join(' / ')]];
const targets = [];
for (const [feature, cut] of Object.entries(FEATURES)) {
  fresh();
  cut();
  const without = await sizes();
  const cost = base.map((bytes, i) => bytes - without[i]);
  rows.push([feature, `${cost.join(' / ')} bytes`]);
  targets.push({
    entry: feature,
    target: `${feature}: ≤ 0.2 KB in a page that does not call it`,
    value: Math.max(...cost),
    met: Math.max(...cost) <= 205,
  });
}
rmSync(work, { recursive: true, force: true });
report({
  name: `What a feature costs a page that does not call it (${Object.keys(PAGES).join(' / ')}; Vite, min+gzip, from sources)`,
  rows,
  targets,
});
