/**
 * A bad `/_mock` request is answered `{ error, problems: string[] }` as JSON (API.md
 * "opslink/testing"), a 400 whatever the content type it was sent with; a path that is no
 * endpoint is a 404, and a method the path does not take a 405, in the same shape.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../../src/testing/index.js';

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ messaging: createMessagingMock(), warehouse: createWarehouseMock({ inboundOrders: 3 }) });
});
afterAll(() => server.close());

async function answer(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}/_mock${path}`, init);
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
}

/** The answer to a request with exactly this `Host` header, which fetch would not send. */
function withHost(path: string, host: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}/_mock${path}`, { headers: { host }, setHost: false }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectShape(body: Record<string, unknown>): void {
  expect(Object.keys(body).sort()).toEqual(['error', 'problems']);
  expect(typeof body.error).toBe('string');
  expect(Array.isArray(body.problems) && body.problems.every((p) => typeof p === 'string')).toBe(true);
}

const json = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

const BAD_REQUESTS: [string, string, RequestInit, RegExp][] = [
  ['JSON that does not parse', '/reset', json('{"service":'), /^body: /],
  ['a JSON array', '/faults', json('[1]'), /^body: must be a JSON object, not an array$/],
  ['JSON null', '/messaging/revoke', json('null'), /^body: must be a JSON object, not null$/],
  [
    'a text/plain body',
    '/reset',
    { method: 'POST', body: '{"service":"messaging"}' },
    /^content-type: must be application\/json \(got 'text\/plain/,
  ],
  ['a form body', '/faults', { method: 'POST', body: new URLSearchParams({ kind: '429' }) }, /^content-type: must be application\/json/],
  ['a body over 64 KiB', '/faults', json(JSON.stringify({ kind: '429', pad: 'x'.repeat(70_000) })), /^body: at most 65536 bytes$/],
  ['an unknown member', '/reset', json('{"everything":true}'), /^everything: not a member/],
  ['a bad query', '/state?service=mail', {}, /^service: must be one of/],
  ['a path parameter that is not valid percent-encoding', '/warehouse/inbound/%E0%A4%A', {}, /^path: /],
];

describe('a bad /_mock request', () => {
  it.each(BAD_REQUESTS)('%s: 400 { error, problems }', async (_name, path, init, problem) => {
    const { status, type, body } = await answer(path, init);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/json/);
    expectShape(body);
    expect(body.problems).toContainEqual(expect.stringMatching(problem));
  });
});

describe('other refusals keep the shape', () => {
  it('a path that is no endpoint: 404, naming the endpoints', async () => {
    const { status, body } = await answer('/nope');
    expect(status).toBe(404);
    expectShape(body);
    expect(body.problems).toEqual([expect.stringContaining('GET /_mock/state')]);
  });

  it('a method the path does not take: 405, naming those it does', async () => {
    const { status, body } = await answer('/state', { method: 'DELETE' });
    expect(status).toBe(405);
    expectShape(body);
    expect(body.problems).toEqual(['method: must be GET']);
  });

  it('a fault that is not pending, a preflight, and a foreign Host', async () => {
    const missing = await answer('/faults/messaging/999', { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expectShape(missing.body);
    const preflight = await answer('/state', { method: 'OPTIONS' });
    expect(preflight.status).toBe(405);
    expectShape(preflight.body);
    const foreign = await withHost('/state', 'attacker.example');
    expect(foreign.status).toBe(403);
    expectShape(foreign.body);
  });
});
