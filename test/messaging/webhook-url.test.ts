import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  AuthenticationError,
  ConfigurationError,
  MessagingClient,
  parseWebhookUrl,
  RequestValidationError,
} from '../../src/index.js';
import { createMessagingMock } from '../../src/testing/index.js';

const TOKEN = 'tok_SECRET_MARKER_x';
const CHANNEL_ID = '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
const HOOK_PATH = `/api/automation/webhooks/${CHANNEL_ID}/${TOKEN}`;

/** Every way a user could print or serialise `value`. */
function renderings(value: object): Record<string, string> {
  const out: Record<string, string> = {
    inspect: inspect(value),
    'inspect (hidden, deep)': inspect(value, { showHidden: true, depth: Number.POSITIVE_INFINITY }),
    JSON: JSON.stringify(value),
    String: String(value),
    'own property values': JSON.stringify(Object.getOwnPropertyNames(value).map((key) => String((value as Record<string, unknown>)[key]))),
  };
  if (value instanceof Error) {
    out.message = value.message;
    out.stack = String(value.stack);
    out.cause = inspect(value.cause);
  }
  return out;
}

function expectNoToken(value: object) {
  for (const [how, text] of Object.entries(renderings(value))) {
    expect({ how, leaks: text.includes(TOKEN) }).toEqual({ how, leaks: false });
  }
}

function parseError(url: string): RequestValidationError {
  try {
    parseWebhookUrl(url);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  throw new Error('expected parseWebhookUrl to throw');
}

describe('parseWebhookUrl reads', () => {
  it('a plain webhook URL', () => {
    expect(parseWebhookUrl(`https://chat.example.test${HOOK_PATH}`)).toEqual({
      baseUrl: 'https://chat.example.test',
      channelId: CHANNEL_ID,
      token: TOKEN,
    });
  });

  it('a URL object', () => {
    expect(parseWebhookUrl(new URL(`https://chat.example.test${HOOK_PATH}`))).toEqual({
      baseUrl: 'https://chat.example.test',
      channelId: CHANNEL_ID,
      token: TOKEN,
    });
  });

  it('a URL behind a path prefix, keeping the prefix in the base URL', () => {
    expect(parseWebhookUrl(`https://gw.example.test/tenants/acme${HOOK_PATH}`).baseUrl).toBe('https://gw.example.test/tenants/acme');
  });

  it('a URL with a trailing slash', () => {
    expect(parseWebhookUrl(`https://chat.example.test${HOOK_PATH}/`)).toEqual({
      baseUrl: 'https://chat.example.test',
      channelId: CHANNEL_ID,
      token: TOKEN,
    });
  });

  it('a URL with a query and a fragment, dropping both', () => {
    expect(parseWebhookUrl(`https://chat.example.test:8443${HOOK_PATH}?wait=true&thread_id=9#top`)).toEqual({
      baseUrl: 'https://chat.example.test:8443',
      channelId: CHANNEL_ID,
      token: TOKEN,
    });
  });

  it('a plain http URL (a local or test server)', () => {
    expect(parseWebhookUrl(`http://127.0.0.1:3000${HOOK_PATH}`).baseUrl).toBe('http://127.0.0.1:3000');
  });

  it('a percent-encoded token, decoded, and sent encoded again', async () => {
    const url = `https://chat.example.test/api/automation/webhooks/${CHANNEL_ID}/tok%2Fwith%20space%3F`;
    expect(parseWebhookUrl(url).token).toBe('tok/with space?');

    const urls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      urls.push(new Request(input, init).url);
      return new Response(JSON.stringify({ id: 'm1' }), { status: 201, headers: { 'content-type': 'application/json' } });
    };
    await MessagingClient.fromWebhookUrl(url, { fetch }).postChannelMessage({ content: 'hi' });
    expect(urls).toEqual([url]);
  });
});

describe('parseWebhookUrl refuses, without ever showing the token', () => {
  const bad: [string, string][] = [
    ['an ftp URL', `ftp://chat.example.test${HOOK_PATH}`],
    ['a javascript: URL', `javascript:fetch('https://chat.example.test${HOOK_PATH}')`],
    ['a javascript:// URL with the webhook path', `javascript://chat.example.test${HOOK_PATH}`],
    ['a channel id that is not a UUID', `https://chat.example.test/api/automation/webhooks/deploys/${TOKEN}`],
    ['a URL without a token', `https://chat.example.test/${TOKEN}/api/automation/webhooks/${CHANNEL_ID}`],
    ['a URL whose token is empty', `https://chat.example.test/api/automation/webhooks/${CHANNEL_ID}/?token=${TOKEN}`],
    ['a URL with a segment after the token', `https://chat.example.test${HOOK_PATH}/github`],
    ['a URL with the wrong path', `https://chat.example.test/api/automation/webhook/${CHANNEL_ID}/${TOKEN}`],
    ['a URL with a broken percent-encoding', `https://chat.example.test${HOOK_PATH}%E0%A4%A`],
    ['the token alone', TOKEN],
    ['a URL without a scheme', `chat.example.test${HOOK_PATH}`],
    ['a URL with a user name and password', `https://ops:${TOKEN}@chat.example.test${HOOK_PATH}`],
    ['a URL pasted twice (its first token would be the base URL)', `https://chat.example.test${HOOK_PATH}${HOOK_PATH}`],
    ['a URL that repeats its token in a path prefix', `https://chat.example.test/${TOKEN}${HOOK_PATH}`],
  ];

  it.each(bad)('%s', (_label, url) => {
    const error = parseError(url);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0].path).toEqual(['webhookUrl']);
    expect(error.message).toContain('webhookUrl');
    expectNoToken(error);
  });

  it.each(bad)('%s, given to the client as webhookUrl', (_label, url) => {
    let caught: unknown;
    try {
      MessagingClient.fromWebhookUrl(url);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe('webhookUrl');
    expect((caught as ConfigurationError).issues.map((i) => i.path)).toEqual([['webhookUrl']]);
    expectNoToken(caught as ConfigurationError);
  });

  it('something that is not a string or URL', () => {
    expect(parseError(42 as unknown as string).issues).toEqual([{ path: ['webhookUrl'], message: 'must be a string or URL' }]);
  });
});

describe('a client built from a webhook URL keeps the token to itself', () => {
  const url = `https://chat.example.test/prefix${HOOK_PATH}?wait=true`;

  it('in inspect, JSON, String and its own properties', () => {
    const client = MessagingClient.fromWebhookUrl(url);
    expectNoToken(client);
    expect(Object.keys(client)).toEqual(['baseUrl']);
    // The renderings still say where messages go, so the check above is not passing on an empty string.
    expect(inspect(client)).toContain(`https://chat.example.test/prefix/api/automation/webhooks/${CHANNEL_ID}/[redacted]`);
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      baseUrl: 'https://chat.example.test/prefix',
      botKey: '[not set]',
      channelKey: '[not set]',
      webhookUrl: `https://chat.example.test/prefix/api/automation/webhooks/${CHANNEL_ID}/[redacted]`,
    });
  });

  it('in the error and the log lines of a refused post', async () => {
    const mock = createMessagingMock();
    const lines: string[] = [];
    const log = (...args: unknown[]) => lines.push(args.map(String).join(' '));
    const hook = MessagingClient.fromWebhookUrl(`${mock.baseUrl}/api/automation/webhooks/${mock.channelId}/${TOKEN}`, {
      fetch: mock.fetch,
      logger: { debug: log, info: log, warn: log, error: log },
      logLevel: 'debug',
    });
    const error = await hook.postChannelMessage({ content: 'hi' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).path).toBe(`/api/automation/webhooks/${mock.channelId}/[redacted]`);
    expect((error as AuthenticationError).stack).toContain(`/api/automation/webhooks/${mock.channelId}/[redacted]`);
    expectNoToken(error as AuthenticationError);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  it('in the error of a dropped connection', async () => {
    const mock = createMessagingMock();
    mock.faults.add({ route: /webhooks/, fault: { drop: true } });
    const hook = MessagingClient.fromWebhookUrl(`${mock.baseUrl}/api/automation/webhooks/${mock.channelId}/${TOKEN}`, {
      fetch: mock.fetch,
    });
    const error = await hook.postChannelMessage({ content: 'hi' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expectNoToken(error as APIConnectionError);
  });
});

describe('the webhook path is posted as the URL spells it', () => {
  it('sends a token with = + and : unchanged, not re-encoded', async () => {
    const token = 'tok:en=+abc';
    const calls: string[] = [];
    const fetch = (async (url: string) => {
      calls.push(url);
      return new Response('{}', { status: 201 });
    }) as unknown as typeof globalThis.fetch;
    const url = `https://chat.example.test/api/automation/webhooks/0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e/${token}`;
    await MessagingClient.fromWebhookUrl(url, { fetch }).postChannelMessage({ content: 'hi' });
    expect(calls).toEqual([url]);
    expect(parseWebhookUrl(url).token).toBe(token);
  });
});
