// The audit of issue 45, which moved the README's twenty sections into the guides of docs/:
// every sentence, table row, heading and code line of the README before the move (commit
// 00242e0) must be found, word for word, in the README or a guide today, unless it is one of
// DROPPED below, each with the reason it was dropped or reworded. Run from the repository:
// `node scripts/readme-moved.mjs` (it reads the old README with `git show`); it prints what is
// missing and exits 1 when anything is.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const BEFORE = '00242e0';

/**
 * Old units not found word for word today, as normalised (see `normalise`), each with why.
 * A reworded unit names where its meaning now is.
 */
const DROPPED = new Map([
  ['observability', 'a heading: the section is "Hooks and logs" in docs/tracing.md ("Tracing, hooks and logs")'],
  ['pre-flight validation', 'a heading: the section is the guide docs/validation.md, "Checks before sending"'],
  [
    'every command is a thin layer over the api above, so it checks exactly what the clients check.',
    'reworded "over the clients\' API": docs/cli.md has no API "above" it',
  ],
  [
    'it cannot make a walk endless: see "pages and for await" (a property over a list that changes between requests in every way: `test/warehouse/walks-end.property.test.ts`).',
    'the quoted section name is a link now: "see Every walk ends" (docs/pages.md#every-walk-ends)',
  ],
  [
    '| the host a dns-rebinding page\'s requests name | taken for the proxy\'s own origin, as any `host` is (the options name no expected host): `authorize` checks it, or an allow-list of hosts in front ("browser apps", dns rebinding) | `src/proxy/origin.ts` |',
    'the quoted section name is a link now: "(Browser apps, DNS rebinding)" (docs/browser-apps.md#dns-rebinding)',
  ],
  [
    '| `npm run test:runtimes` | packs the package and runs it in every runtime above, two rows at a time |',
    'the runtimes are not "above" in docs/development.md: "in every runtime of Runtimes" (docs/runtimes.md)',
  ],
  [
    '| `npm run docs` | the api reference (typedoc) into `docs/` |',
    'changed: the reference goes into docs/api/ (docs/ holds the guides), with the README and the guides among its pages',
  ],
  [
    "the chromium tests write their screenshots to `.tmp/media/inbox/`; `opslink_update_media=1 npm test` writes them to `media/inbox/`, the readme's images.",
    'the images are the inbox guide\'s now: "the images of The inbox page" (docs/testing.md#the-inbox-page)',
  ],
]);

/** Text as compared: links reduced to their text, emphasis and bullets gone, spaces collapsed, lower case. */
function normalise(text) {
  return text
    .replace(/!?\[((?:[^[\]]|\[[^\]]*\])*)\]\([^)\s]*\)/g, '$1')
    .replace(/\*\*/g, '')
    .replace(/^\s*[-*] /gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The units of a markdown text: headings, table rows, code lines, and the sentences of its prose. */
function units(markdown) {
  const found = [];
  const lines = markdown.split('\n');
  let prose = [];
  const flush = () => {
    // A bold label ("**DNS rebinding.** The same-origin rule …") is a sentence of its own.
    const paragraph = prose.join('\n').replace(/\*\*/g, '');
    prose = [];
    if (paragraph.trim() === '') return;
    // A sentence ends at . ! or ? before a space and a capital, a backtick, a quote or a bracket.
    for (const sentence of paragraph.split(/(?<=[.!?])\s+(?=[A-Z`"'([])/)) found.push(sentence);
  };
  let fence = false;
  for (const line of lines) {
    if (/^(```|~~~)/.test(line)) {
      flush();
      fence = !fence;
      continue;
    }
    if (fence) {
      if (line.trim() !== '') found.push(line);
    } else if (/^#{1,6} /.test(line)) {
      flush();
      found.push(line.replace(/^#+ /, ''));
    } else if (/^\|/.test(line)) {
      flush();
      if (!/^\|[\s|:-]+\|$/.test(line)) found.push(line);
    } else if (line.trim() === '') flush();
    else if (/^- /.test(line)) {
      flush();
      prose.push(line);
    } else prose.push(line);
  }
  flush();
  return found.map(normalise).filter(Boolean);
}

const before = execFileSync('git', ['show', `${BEFORE}:README.md`], { encoding: 'utf8' });
const now = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
].map((file) => readFileSync(file, 'utf8'));
// Today's text as one string to search; each heading also as a sentence, since a bold label
// ("**DNS rebinding.** …") became a heading.
const corpus = normalise(now.join('\n\n'));
const headings = new Set(now.flatMap((text) => [...text.matchAll(/^#{1,6} (.*)$/gm)].map((m) => normalise(m[1]))));

const missing = [];
const droppedSeen = new Set();
for (const unit of new Set(units(before))) {
  if (corpus.includes(unit)) continue;
  const label = unit.replace(/[.:]$/, '');
  if (headings.has(label) || headings.has(label.replace(/`/g, ''))) continue;
  // "The page: `viaProxy(url)` makes …", its label now the section's heading.
  const labelled = /^([^:]{1,60}): (.*)$/.exec(unit);
  if (labelled && headings.has(labelled[1]) && corpus.includes(labelled[2])) continue;
  if (DROPPED.has(unit)) {
    droppedSeen.add(unit);
    continue;
  }
  missing.push(unit);
}
const stale = [...DROPPED.keys()].filter((unit) => !droppedSeen.has(unit));
for (const unit of missing) console.log(`missing: ${unit}`);
for (const unit of stale) console.log(`listed as dropped, but found (or not in the old README): ${unit}`);
console.log(`${units(before).length} units of the README at ${BEFORE}: ${missing.length} missing, ${droppedSeen.size} dropped on purpose`);
process.exitCode = missing.length || stale.length ? 1 : 0;
