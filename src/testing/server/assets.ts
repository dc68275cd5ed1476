/**
 * The inbox page's files (`server/inbox/`), read once from disk and served as they are: at
 * `/` the page, at `/_inbox/<file>` its scripts, styles and icon. In the built package they
 * sit in `dist/testing/inbox/` beside the module that serves them (copied there by
 * `scripts/copy-inbox-assets.mjs`), so both layouts are looked for.
 */
import { PRIVATE_HEADERS } from './api-json.js';
import { nodeModule } from './node-http.js';

interface NodeFs {
  readdir(dir: URL): Promise<string[]>;
  readFile(file: URL): Promise<Uint8Array>;
}

export const ASSET_PREFIX = '/_inbox/';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
};

/** No inline script or style, nothing from elsewhere but the images an embed names. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' http: https: data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Where the files are, relative to this module: in src beside it, in dist beside the bundle.
const CANDIDATES = ['./inbox/', './testing/inbox/', '../testing/inbox/'];

declare const __filename: string | undefined;

/** This module's URL: `import.meta.url` as an ES module, `__filename` in the CommonJS build (where the build defines the former away). */
function moduleUrl(): string {
  if (typeof __filename === 'string' && __filename !== '') {
    const path = __filename.replace(/\\/g, '/');
    return `file://${path.startsWith('/') ? '' : '/'}${encodeURI(path)}`;
  }
  return import.meta.url;
}

let loaded: Promise<Map<string, Uint8Array>> | undefined;

async function load(): Promise<Map<string, Uint8Array>> {
  const fs = await nodeModule<NodeFs>('fs/promises');
  for (const candidate of CANDIDATES) {
    const dir = new URL(candidate, moduleUrl());
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    if (!names.includes('index.html')) continue;
    const files = new Map<string, Uint8Array>();
    for (const name of names) if (TYPES[name.split('.').pop()!]) files.set(name, await fs.readFile(new URL(name, dir)));
    return files;
  }
  throw new Error(`the inbox page's files were not found beside ${moduleUrl()}`);
}

/** The page (`/`) or one of its files; `undefined` for any other path. */
export async function serveAsset(pathname: string): Promise<Response | undefined> {
  const name = pathname === '/' ? 'index.html' : pathname.startsWith(ASSET_PREFIX) ? pathname.slice(ASSET_PREFIX.length) : undefined;
  if (name === undefined) return undefined;
  loaded ??= load();
  const files = await loaded.catch((error: Error) => {
    loaded = undefined;
    throw error;
  });
  const bytes = files.get(name);
  if (!bytes) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain', ...PRIVATE_HEADERS } });
  const headers: Record<string, string> = { 'content-type': TYPES[name.split('.').pop()!]!, ...PRIVATE_HEADERS };
  if (name.endsWith('.html')) headers['content-security-policy'] = CONTENT_SECURITY_POLICY;
  return new Response(bytes as Uint8Array<ArrayBuffer>, { headers });
}
