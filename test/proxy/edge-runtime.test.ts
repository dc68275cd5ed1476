/**
 * The proxy as Workers and edge runtimes run it: the built package bundled by their conditions
 * (`workerd`, `worker`), run in a V8 context that has the web platform's globals and nothing of
 * Node's (no `process`, no `require`, no built-in), its server client sending over `fetch`.
 * (`npm run test:runtimes` runs the packed package in workerd, Deno and Bun.) Reads dist/.
 */
import { existsSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

/** A warehouse that answers a shipments page, and records what it was sent. */
const SERVICE = `
  const sent = [];
  const service = async (url, init) => {
    sent.push({ url, headers: init.headers });
    const body = { status: 'success', message: 'ok', data: { shipments: [], results: { offset: 0, limit: 2, total_results: 0 } }, errors: null };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'r-1' } });
  };
  export const handle = createProxy({
    warehouse: new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh_edge_key_000000000001', warehouseId: 'wh-1', fetch: service }),
    allow: ['shipments.list'],
    authorize: (request) => request.headers.get('cookie') === 'session=ok',
  });
  export { sent };
`;

describe.runIf(existsSync(`${root}dist/proxy/index.js`))('the proxy in an edge runtime', () => {
  it('answers a page from a context with no Node in it', async () => {
    const bundled = await build({
      stdin: {
        contents: `import { WarehouseClient } from 'opslink'; import { createProxy } from 'opslink/proxy';${SERVICE}`,
        resolveDir: root,
        loader: 'js',
      },
      bundle: true,
      format: 'iife',
      globalName: 'app',
      platform: 'neutral',
      conditions: ['workerd', 'worker'],
      mainFields: ['module', 'main'],
      tsconfigRaw: '{}',
      write: false,
      logLevel: 'silent',
    });
    const web = { Request, Response, Headers, URL, URLSearchParams, TextEncoder, TextDecoder, ReadableStream, Blob, File, FormData };
    const timers = { setTimeout, clearTimeout, queueMicrotask, AbortController, AbortSignal, DOMException, structuredClone };
    const context = createContext({ ...web, ...timers, console });
    runInContext(bundled.outputFiles[0]!.text, context);
    expect(runInContext('typeof process + typeof require', context)).toBe('undefinedundefined');
    const { handle, sent } = context.app as {
      handle: (r: Request) => Promise<Response>;
      sent: { url: string; headers: Record<string, string> }[];
    };
    const asked = (headers: Record<string, string>) =>
      handle(new Request('https://app.example.com/opslink/warehouse/api/v1/shipments?offset=0&limit=2', { headers }));
    const answer = await asked({ cookie: 'session=ok' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('r-1');
    expect(((await answer.json()) as { data: unknown }).data).toEqual({
      shipments: [],
      results: { offset: 0, limit: 2, total_results: 0 },
    });
    expect((await asked({ cookie: 'session=ok', origin: 'https://evil.example' })).status).toBe(403);
    expect((await asked({})).status).toBe(401);
    expect(sent).toEqual([
      {
        url: 'https://api.example.test/api/v1/shipments?offset=0&limit=2',
        headers: expect.objectContaining({ authorization: 'ApiKey wh_edge_key_000000000001' }),
      },
    ]);
  });
});
