/**
 * The documents' URL members say what the SDK's URL check says: every text the SDK accepts
 * as an embed `url` (and `image.url`, `thumbnail.url`, `avatar_url`: one check) is valid by
 * the published schema, Ajv with formats, so nothing the SDK sends breaks its document. The
 * other way round the SDK is stricter only where no fetch could reach the URL: a host left
 * out or a port past 65535.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import messaging from '../../openapi/messaging.json' with { type: 'json' };
import { embedSchema } from '../../src/schemas.js';
import { webUrl } from '../support/arbitraries.js';

// ajv-formats is CommonJS: its default export is the plugin, typed as the module.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const documented = ajv.compile(messaging.components.schemas.Embed.properties.url);
const sdkTakes = (url: string) => embedSchema.safeParse({ url }).success;

/** URL-ish texts: real URLs, and real URLs with one awkward character or slip put in. */
const awkward = fc.constantFrom(
  ' ',
  '\\',
  '<',
  '>',
  '"',
  '{',
  '}',
  '|',
  '^',
  '`',
  '%',
  '%zz',
  '%2',
  '\t',
  'é',
  '/',
  ':',
  '@',
  '#',
  '?',
  '[',
  ']',
);
const urls = fc.oneof(
  webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(webUrl(), fc.nat(), awkward)
    .map(([url, at, insert]) => `${url.slice(0, at % (url.length + 1))}${insert}${url.slice(at % (url.length + 1))}`),
  fc.constantFrom('http:/x.example', ' https://x.example', 'http:\\\\x.example', 'HTTPS://X.EXAMPLE/a%20b', 'https://[::1]/x'),
);

describe('URL members of the messaging document', () => {
  it('every URL the SDK sends is valid by the document', () => {
    const seen = { taken: 0, refused: 0 };
    fc.assert(
      fc.property(urls, (url) => {
        const taken = sdkTakes(url);
        seen[taken ? 'taken' : 'refused']++;
        return !taken || documented(url);
      }),
      { numRuns: 5_000 },
    );
    expect(seen.taken).toBeGreaterThan(500);
    expect(seen.refused).toBeGreaterThan(500);
  });

  it.each([
    'http:/x.example',
    ' https://x.example',
    'https://x.example/a b',
    'http:\\\\x.example',
    'https://x.example/<script>',
    'https://x.example/%zz',
  ])('refuses %j, which the document refuses too', (url) => {
    expect(sdkTakes(url)).toBe(false);
    expect(documented(url)).toBe(false);
  });

  it.each(['http://', 'https://x.example:99999'])('is stricter only where no fetch could reach the URL: %j', (url) => {
    expect(sdkTakes(url)).toBe(false);
    expect(documented(url)).toBe(true);
  });
});
