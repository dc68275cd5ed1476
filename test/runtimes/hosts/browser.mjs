/**
 * Serves a Vite build on 127.0.0.1 (its own origin) and opens it in Chromium through
 * playwright-core. Usage: node browser.mjs <distDir> <msw|http>; for http the scenario's
 * config comes from OPSLINK_RUNTIME_CONFIG. Prints OPSLINK_VERSION and OPSLINK_RESULT lines. `browser.close()`
 * of a Chromium it connected to only disconnects (its contexts closed), leaving the runner's browser up.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

const [distDir, mode] = process.argv.slice(2);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json' };

const server = createServer(async (req, res) => {
  const pathname = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  const path = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  try {
    const body = await readFile(join(distDir, path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// The runner's one Chromium when it gives its address (OPSLINK_CHROMIUM_WS), else one of our own.
const browser = process.env.OPSLINK_CHROMIUM_WS
  ? await chromium.connect(process.env.OPSLINK_CHROMIUM_WS)
  : await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const pageErrors = [];
try {
  console.log(`OPSLINK_VERSION Chromium ${browser.version()}`);
  const page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  const query = mode === 'msw' ? 'mode=msw' : `mode=http&config=${encodeURIComponent(process.env.OPSLINK_RUNTIME_CONFIG)}`;
  await page.goto(`${origin}/?${query}`);
  await page.waitForFunction(() => window.__opslinkResult !== undefined, null, { timeout: 60_000 });
  const result = await page.evaluate(() => window.__opslinkResult);
  console.log(`OPSLINK_RESULT ${JSON.stringify({ ...result, pageOrigin: origin, pageErrors })}`);
} finally {
  await browser.close();
  server.close();
}
