/**
 * Headers named like a credential, given by the caller, are masked wherever opslink shows a
 * request: the `opslink:request` context, `hooks.onRequest`, log lines and `inspect` of the
 * client. One rule decides what "named like a credential" means (`internal/secret-names.ts`);
 * the testing kit masks by the same rule.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagingClient, type RequestEvent } from '../../src/index.js';
import { isSecretName } from '../../src/internal/secret-names.js';
import { recordChannels } from '../support/channels.js';
import { BOT_KEY, jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

let recorder: ReturnType<typeof recordChannels> | undefined;
afterEach(() => recorder?.stop());

/** What a request shows of itself: the channel's contexts, the hook's events, every log line and the client's `inspect`. */
async function shown(headers: Record<string, string>): Promise<string> {
  recorder = recordChannels();
  const events: RequestEvent[] = [];
  const lines: string[] = [];
  const log = (...args: unknown[]) => lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' '));
  const client = new MessagingClient({
    baseUrl: 'https://chat.example.test',
    botKey: BOT_KEY,
    fetch: scriptedFetch(jsonResponse(201, { id: 'm1' })),
    headers,
    hooks: { onRequest: (e) => events.push(e) },
    logger: { debug: log, info: log, warn: log, error: log },
    logLevel: 'debug',
  });
  await client.sendDirectMessage({ to: { email: 'a@example.test' }, body: 'b' });
  const channel = recorder.events.filter((e) => e.channel === 'request').map((e) => JSON.stringify(e.copy.headers));
  recorder.stop();
  const hooks = events.map((e) => JSON.stringify(Object.fromEntries(e.headers)));
  expect(channel.length).toBeGreaterThan(0);
  expect(hooks).toHaveLength(1);
  return [...channel, ...hooks, ...lines, inspect(client, { depth: Number.POSITIVE_INFINITY, showHidden: true })].join('\n');
}

describe('credential-named headers', () => {
  it('are masked in the request channel, hooks, logs and inspect: passwords, credentials, sessions, JWTs, bearers as well as keys', async () => {
    const headers = {
      'x-api-key': 'S-apikey-0001',
      'x-password': 'S-password-0002',
      'x-passwd': 'S-passwd-0003',
      'x-pwd': 'S-pwd-0004',
      'x-credential': 'S-credential-0005',
      'x-session-id': 'S-session-0006',
      'x-jwt': 'S-jwt-0007',
      'x-bearer': 'S-bearer-0008',
      'x-client-secret': 'S-secret-0009',
      'x-amz-security-token': 'S-token-0010',
      'x-hub-signature-256': 'S-signature-0011',
      'proxy-authorization': 'Basic S-proxyauth-0012',
      'x-signingkey': 'S-signingkey-0013',
    };
    const text = await shown({ ...headers, 'x-trace-note': 'plain-value-visible' });
    for (const [name, value] of Object.entries(headers)) expect(text, name).not.toContain(value.replace('Basic ', ''));
    expect(text).toContain('plain-value-visible');
  });

  const WORDS = [
    'password',
    'passwd',
    'pwd',
    'secret',
    'token',
    'credential',
    'credentials',
    'session',
    'jwt',
    'bearer',
    'auth',
    'key',
    'cookie',
    'signature',
  ];
  const plainWord = fc.constantFrom('x', 'my', 'app', 'client', 'id', 'v2', 'access', 'private', 'refresh');
  const styled = (word: string, style: number) =>
    style === 0 ? word : style === 1 ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1);
  const headerName = fc
    .tuple(
      fc.array(plainWord, { maxLength: 2 }),
      fc.constantFrom(...WORDS),
      fc.array(plainWord, { maxLength: 2 }),
      fc.constantFrom('-', '_', '.'),
      fc.nat(2),
    )
    .map(([before, word, after, sep, style]) => [...before, word, ...after].map((w) => styled(w, style)).join(sep));

  it('property: a header named with a credential word, wherever it stands, never shows its value', async () => {
    await fc.assert(
      fc.asyncProperty(headerName, fc.stringMatching(/^[A-Za-z0-9]{16,32}$/), async (name, value) => {
        expect(isSecretName(name)).toBe(true);
        expect(await shown({ [name]: `v-${value}` })).not.toContain(`v-${value}`);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['keyword', 'author', 'signal', 'sort_key', 'x-order-key', 'x-request-id', 'monkeying'])('leaves %s readable', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});
