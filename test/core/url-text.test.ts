/**
 * URL text is taken only as a URL parser reads it: text that fetch, the service or a browser
 * would quietly rewrite (a default port, dot segments, a hex IPv4 host, a quote in a query, a
 * tab or line break) is refused with the form to write instead, so what is checked is what is
 * sent and what is read. A scheme or host in upper case is no rewrite: both are
 * case-insensitive, so `HTTPS://EXAMPLE.COM/` names the URL a parser writes in lower case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { embedSchema } from '../../src/schemas.js';
import { createMessagingMock } from '../../src/testing/index.js';
import { webUrl } from '../support/arbitraries.js';

const mock = createMessagingMock();
const sent: string[] = [];
const client = new MessagingClient({
  baseUrl: mock.baseUrl,
  channelKey: mock.channelKey,
  fetch: async (input, init) => {
    const request = new Request(input, init);
    sent.push(await request.clone().text());
    return mock.fetch(request);
  },
});

const REWRITTEN: [string, string][] = [
  ['http://0x7f.1/a.png', 'http://127.0.0.1/a.png'],
  ['https://cdn.example.com:443/a.png', 'https://cdn.example.com/a.png'],
  ['https://cdn.example.com/img/../secret.png', 'https://cdn.example.com/secret.png'],
  ['https://cdn.example.com/img/%2e%2e/secret.png', 'https://cdn.example.com/secret.png'],
  ["https://cdn.example.com/a.png?name='x'", 'https://cdn.example.com/a.png?name=%27x%27'],
  ['https://cdn.ex%61mple.com/a.png', 'https://cdn.example.com/a.png'],
];

/** `text` with its scheme and host (user and password left as written) in lower case, as a URL parser writes them. */
const lowerCaseSchemeAndHost = (text: string) =>
  text.replace(
    /^([a-z][\w+.-]*:\/\/)([^/?#@]*@)?([^/?#]*)/i,
    (_, scheme: string, user = '', host: string) => `${scheme.toLowerCase()}${user}${host.toLowerCase()}`,
  );

describe('URL members of a channel message', () => {
  it.each(REWRITTEN)('%j is refused, naming what a parser reads instead, and nothing is sent', async (text, read) => {
    const before = sent.length;
    const message = { content: 'x', avatar_url: text, embeds: [{ url: text, image: { url: text }, thumbnail: { url: text } }] };
    const error = await client.postChannelMessage(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    const expected = `is rewritten by URL parsers to ${JSON.stringify(read)}: write it as they read it`;
    expect((error as RequestValidationError).issues).toEqual([
      { path: ['avatar_url'], message: expected },
      { path: ['embeds', 0, 'url'], message: expected },
      { path: ['embeds', 0, 'image', 'url'], message: expected },
      { path: ['embeds', 0, 'thumbnail', 'url'], message: expected },
    ]);
    expect(sent.length).toBe(before);
  });

  it('does not repeat a password it would have to show', () => {
    const result = embedSchema.safeParse({ url: 'https://user:hunter2@cdn.example.com:443/' });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).not.toContain('hunter2');
  });

  it.each([
    'https://cdn.example.com',
    'https://cdn.example.com?size=2',
    'https://cdn.example.com/a%20b.png',
    'http://[::1]:8080/x',
    'HTTPS://EXAMPLE.COM/',
    'Http://Cdn.Example.COM:8080/Img/A.png?Size=2#Top',
  ])('takes %j and sends it as written', async (text) => {
    await client.postChannelMessage({ content: 'x', embeds: [{ url: text }] });
    expect(JSON.parse(sent.at(-1) as string).embeds[0].url).toBe(text);
  });

  it('property: any URL text it takes is the text a URL parser reads (but the case of its scheme and host, and the / after a bare host)', () => {
    const awkward = fc.constantFrom('A', 'Z', ':80', ':443', '/..', '/.', '%2e', "'", '\t', '\n', '\\', ' ', '%41', '0x7f.');
    const urls = fc.oneof(
      webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
      fc
        .tuple(webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }), fc.nat(), awkward)
        .map(([url, at, insert]) => `${url.slice(0, at % (url.length + 1))}${insert}${url.slice(at % (url.length + 1))}`),
    );
    const seen = { taken: 0, refused: 0 };
    fc.assert(
      fc.property(urls, (text) => {
        const taken = embedSchema.safeParse({ url: text }).success;
        seen[taken ? 'taken' : 'refused']++;
        if (!taken) return true;
        const href = new URL(text).href;
        const written = lowerCaseSchemeAndHost(text);
        return href === written || href === written.replace(/^(https?:\/\/[^/?#]*)/, '$1/');
      }),
      { numRuns: 3_000 },
    );
    expect(seen.taken).toBeGreaterThan(300);
    expect(seen.refused).toBeGreaterThan(300);
  });
});

describe('baseUrl', () => {
  it.each([
    ['https://api.example.com:443/api/v1', 'https://api.example.com/api/v1'],
    ['https://api.example.com/v2/../api/v1', 'https://api.example.com/api/v1'],
    ['https://api.example.com/api/v1\n', 'https://api.example.com/api/v1'],
    [' https://api.example.com', 'https://api.example.com/'],
  ])('%j is refused: requests would go to %j', (baseUrl, read) => {
    const error = (() => {
      try {
        new WarehouseClient({ baseUrl, apiKey: 'k', warehouseId: 'w' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).issues).toEqual([
      { path: ['baseUrl'], message: `is rewritten by URL parsers to ${JSON.stringify(read)}: write it as they read it` },
    ]);
  });

  it('takes a scheme and host in upper case, as the same URL', () => {
    expect(new MessagingClient({ baseUrl: 'HTTPS://CHAT.Example.com/Prefix' }).baseUrl).toBe('https://chat.example.com/Prefix');
  });

  it.each(['https://chat.example.com', 'https://chat.example.com/', 'https://chat.example.com/prefix//', 'http://127.0.0.1:8080'])(
    'takes %j (its trailing slashes ignored)',
    (baseUrl) => {
      expect(new MessagingClient({ baseUrl }).baseUrl).toBe(baseUrl.replace(/\/+$/, ''));
    },
  );
});
