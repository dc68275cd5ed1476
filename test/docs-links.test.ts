/**
 * Every relative link and `#anchor` of the README, the guides (docs/) and the changelog leads
 * somewhere, as GitHub resolves it (test/support/doc-links.ts); a dead one fails CI. The API
 * reference's own links, guides included, are TypeDoc's to check (api-docs.test.ts).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, deadLinks, deadMentions, githubSlug } from './support/doc-links.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const guides = readdirSync(`${root}docs`)
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const documents = ['README.md', 'CHANGELOG.md', ...guides];

describe('the links of the README, the guides and the changelog', () => {
  it('lead to a file of the repository, and each #anchor to a heading of its target', () => {
    expect(deadLinks(root, documents)).toEqual([]);
  });

  it('are kept by the code, comments and notes that name a guide and its section', () => {
    const sources = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return ['node_modules', '.next'].includes(entry.name) ? [] : sources(path);
        return /\.(ts|mjs|js|md)$/.test(entry.name) ? [path] : [];
      });
    const files = [...['src', 'examples', 'scripts', 'bench'].flatMap(sources), 'test/README.md', 'CHANGELOG.md'];
    expect(files.length).toBeGreaterThan(200);
    expect(deadMentions(root, files)).toEqual([]);
  });

  it('ship in the package: the README links to them and messages name them, in node_modules/opslink too', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('docs/*.md');
  });

  it("put every guide on the README's map", () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const map = readme.slice(readme.search(/^## Guides$/m));
    expect(guides.filter((guide) => !map.includes(`](${guide})`))).toEqual([]);
  });

  it("answer a newcomer's questions from the README's map in one click", () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    const map = readme.slice(readme.search(/^## Guides$/m));
    // Each an anchor of the guide that answers it; the test above holds each to a heading there.
    for (const answer of [
      'docs/browser-apps.md#the-page', // send a DM from a page
      'docs/bulk.md#resume-a-campaign-journals', // resume a campaign
      'docs/cli.md#campaigns', // … from the command line
      'docs/testing.md#mocks-of-both-services', // test my code without a network
      'docs/warehouse.md#why-a-csv-is-refused', // why was my CSV refused
    ]) {
      expect(map).toContain(`](${answer})`);
    }
  });
});

describe('the link check', () => {
  it("names a heading's anchor as GitHub does", () => {
    expect(githubSlug('One rate limit for a fleet: opslink/redis')).toBe('one-rate-limit-for-a-fleet-opslinkredis');
    expect(githubSlug('Errors, retries and reading responses')).toBe('errors-retries-and-reading-responses');
    expect(githubSlug("The service's names, and `updates`")).toBe('the-services-names-and-updates');
    expect(githubSlug('A — B_c [link](x.md)')).toBe('a--b_c-link');
    expect([...anchorsOf('# Title\n## Notes\n```sh\n# not a heading\n```\n## Notes\n')]).toEqual(['title', 'notes', 'notes-1']);
  });

  const copy = mkdtempSync(join(tmpdir(), 'opslink-links-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fails on a dead link planted in a copy of the documents, and only on it', () => {
    // The documents copied, everything else they link to linked in.
    for (const entry of readdirSync(root)) {
      if (['.git', 'node_modules', '.tmp', 'docs', 'README.md', 'CHANGELOG.md'].includes(entry)) continue;
      symlinkSync(join(root, entry), join(copy, entry));
    }
    for (const file of documents) cpSync(join(root, file), join(copy, file));
    expect(deadLinks(copy, documents)).toEqual([]);

    const plant = (file: string, text: string) => writeFileSync(join(copy, file), `${readFileSync(join(copy, file), 'utf8')}\n${text}\n`);
    const lineOf = (file: string) => readFileSync(join(copy, file), 'utf8').split('\n').length - 1;
    plant('README.md', 'See [the old guide](docs/gone.md).');
    plant('docs/bulk.md', 'See [the CSV rules](warehouse.md#no-such-heading).');
    plant('docs/errors.md', 'See [above](#no-such-section).');
    plant('CHANGELOG.md', 'See [the code](src/core/gone.ts).');
    plant('docs/messaging.md', 'In the API reference: [`NoSuchExport`](../src/messaging/client.ts).');
    plant('docs/pages.md', '```md\n[inside a code block](nowhere.md)\n```\nAnd `[in a code span](nowhere.md)`.');
    expect(deadLinks(copy, documents)).toEqual([
      { where: `README.md:${lineOf('README.md')}`, target: 'docs/gone.md', problem: 'names no file or folder' },
      { where: `CHANGELOG.md:${lineOf('CHANGELOG.md')}`, target: 'src/core/gone.ts', problem: 'names no file or folder' },
      {
        where: `docs/bulk.md:${lineOf('docs/bulk.md')}`,
        target: 'warehouse.md#no-such-heading',
        problem: 'names no heading of docs/warehouse.md',
      },
      { where: `docs/errors.md:${lineOf('docs/errors.md')}`, target: '#no-such-section', problem: 'names no heading of docs/errors.md' },
      {
        where: `docs/messaging.md:${lineOf('docs/messaging.md')}`,
        target: '../src/messaging/client.ts',
        problem: 'does not declare NoSuchExport',
      },
    ]);
  });

  it('fails on a mention of a guide or a section that is not there', () => {
    writeFileSync(
      join(copy, 'mentions.ts'),
      [
        'const HOW = \'opslink/docs/browser-apps.md, "Mounted in your server"\';',
        '// docs/errors.md, "What is retried"; docs/bulk.md#resume-a-campaign-journals',
        'const GONE = \'docs/browser-apps.md, "Mounted in the server"\';',
        '/* see docs/retries.md and docs/pages.md#every-walk-stops */',
        '/**\n * How many times (docs/errors.md, "What is\n * retried").\n */',
      ].join('\n'),
    );
    expect(deadMentions(copy, ['mentions.ts'])).toEqual([
      {
        where: 'mentions.ts:3',
        target: 'docs/browser-apps.md, "Mounted in the server"',
        problem: 'names no heading of docs/browser-apps.md',
      },
      { where: 'mentions.ts:4', target: 'docs/retries.md', problem: 'names no guide' },
      { where: 'mentions.ts:4', target: 'docs/pages.md#every-walk-stops', problem: 'names no heading of docs/pages.md' },
    ]);
  });
});
