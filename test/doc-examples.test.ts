/**
 * The code the documents show compiles against the package: every TypeScript block of the
 * README and the guides (docs/), and every `@example` of the API reference (cut from its doc comment, given the
 * package's exports it names, imported from `opslink`, `opslink/schemas` or `opslink/testing` as a reader would,
 * and the few "givens" an example may take for granted: a client, a mock, an order, vitest's
 * `expect`). One tsc program for all of them (test/support/doc-snippets.ts). docs.test.ts
 * runs the blocks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { docSnippets, exampleSnippets, type Snippet, typecheckSnippets } from './support/doc-snippets.js';

let docs: Snippet[];
let examples: Snippet[];
let result: ReturnType<typeof typecheckSnippets>;

beforeAll(() => {
  docs = docSnippets();
  examples = exampleSnippets();
  result = typecheckSnippets('doc-examples', [...docs, ...examples]);
}, 180_000);

/** Each failing snippet of `group` with its errors. */
const failing = (group: Snippet[]) => group.flatMap(({ name }) => (result.errors.get(name) ?? []).map((error) => `${name}: ${error}`));

describe('the examples in the documents', () => {
  it('type-checks every TypeScript block of the README and the guides against the package', () => {
    expect(docs.length).toBeGreaterThanOrEqual(40);
    expect(failing(docs)).toEqual([]);
  });

  it('type-checks every @example of the API reference against the package', () => {
    expect(examples.length).toBeGreaterThan(200);
    expect(failing(examples)).toEqual([]);
  });

  it('tsc says nothing else (an error it ties to no snippet, a setting it refuses)', () => {
    const named = new Set([...docs, ...examples].map((s) => s.name));
    expect([...result.errors.keys()].filter((name) => !named.has(name))).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });
});
