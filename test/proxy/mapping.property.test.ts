/**
 * A property over random methods, paths and bodies, on Node's server (raw targets, as written
 * on the wire) and as a plain fetch handler: the service never receives a request the proxy
 * did not map to an allowed operation. Only two operations are allowed; a request reaches a
 * mock only when its method and path, as a URL parser resolves them, are exactly one of
 * those two, and then only as that operation's own route. On Node's server the path must also
 * be written as the parser reads it: a detour it resolves (`..`, `%2e`, `\`) reaches nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, MODES, startProxy } from './support.js';

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 300), seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined };
const ALLOWED: Record<string, string> = {
  'GET /opslink/warehouse/api/v1/shipments': 'GET /api/v1/shipments',
  'POST /opslink/messaging/api/bot/messages': 'POST /api/bot/messages',
};
const UUID = '3f6c2a9e-8b1d-4c57-9e2a-6d4b1f0c8a71';

const segment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('opslink', 'messaging', 'warehouse', 'api', 'v1', 'bot', 'messages', 'announcements', 'automation'),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom('inbound', 'shipments', 'webhooks', UUID, '..', '.', '', '%2e%2e', '%2F', '%252F', '%5C', 'OPSLINK'),
  },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9._~%!$&'()*+,;=:@-]{0,8}$/) },
);
const path = fc
  .tuple(fc.boolean(), fc.array(segment, { maxLength: 7 }), fc.constantFrom('', '?offset=0&limit=2', '?statuses=shipped', '#x'))
  .map(([rooted, segments, tail]) => `${rooted ? '/opslink/' : '/'}${segments.join('/')}${tail}`);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');
const body = fc.constantFrom(
  undefined,
  '{"to":{"email":"ada.active@example.test"},"body":"hi"}' as string,
  '{"title":"t","body":"b"}',
  '{"notes":"x"}',
  'not json',
);
const contentType = fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x');
const DM = '{"to":{"email":"ada.active@example.test"},"body":"hi"}';
/** A request of a page, or one an attacker built: random, or one of the allowed ones, some by a detour a URL parser resolves. */
const request = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(method, path, body, contentType) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ['GET', '/opslink/warehouse/api/v1/shipments?offset=0&limit=2', undefined, 'application/json'] as const,
      ['GET', '/opslink/messaging/../warehouse/api/v1/shipments', undefined, 'application/json'] as const,
      ['POST', '/opslink/messaging/api/bot/messages', DM, 'application/json'] as const,
      ['POST', '/opslink/messaging/api/bot/./messages', DM, 'application/json'] as const,
      ['POST', '/opslink/messaging/api/bot/announcements', '{"title":"t","body":"b"}', 'application/json'] as const,
      ['GET', `/opslink/warehouse/api/v1/shipments/${UUID}`, undefined, 'application/json'] as const,
    ),
  },
);

describe.each(MODES)('the proxy over random requests (%s)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startProxy(mode, { allow: ['shipments.list', 'sendDirectMessage'] });
  });
  afterAll(() => h?.close());

  it('sends on only what maps to an allowed operation, and only as that operation', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ([m, target, text, type]) => {
        const before = h.reached();
        const withBody = m !== 'GET' && m !== 'HEAD' && text !== undefined;
        const headers: Record<string, string> = withBody ? { 'content-type': type } : {};
        const status =
          mode === "Node's server"
            ? (await h.raw(m, target, headers, withBody ? text : undefined)).status
            : (await h.send(target, { method: m, headers, body: withBody ? text : undefined })).status;
        const resolved = new URL(`${h.origin}${target}`).pathname;
        const asWritten = resolved === target.split('?', 1)[0];
        const operation = mode === "Node's server" && !asWritten ? undefined : ALLOWED[`${m} ${resolved}`];
        const reached = h.reached() - before;
        if (operation === undefined) expect({ target, m, reached }).toEqual({ target, m, reached: 0 });
        expect(reached).toBeLessThanOrEqual(1);
        expect(status).toBeGreaterThanOrEqual(200);
      }),
      RUNS,
    );
    // Whatever did reach the services came as one of the allowed operations' own routes.
    const routes = new Set([...h.messagingMock.requests.all(), ...h.warehouseMock.requests.all()].map((r) => r.route));
    for (const route of routes) expect(Object.values(ALLOWED)).toContain(route);
    expect(routes.size).toBe(2);
  }, 120_000);
});
