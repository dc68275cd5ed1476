/**
 * The code the documents show compiles against the package: every TypeScript block of the
 * README, and every `@example` of the API reference (cut from its doc comment, given the
 * package's exports it names, imported from `opslink`, `opslink/schemas` or `opslink/testing` as a reader would,
 * and the few "givens" an example may take for granted: a client, a mock, an order, vitest's
 * `expect`). One tsc program for both (test/support/doc-snippets.ts). readme.test.ts runs the
 * README's blocks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleSnippets, readmeSnippets, type Snippet, typecheckSnippets } from './support/doc-snippets.js';

let readme: Snippet[];
let examples: Snippet[];
let result: ReturnType<typeof typecheckSnippets>;

beforeAll(() => {
  readme = readmeSnippets();
  examples = exampleSnippets();
  result = typecheckSnippets('doc-examples', [...readme, ...examples]);
}, 180_000);

/** Each failing snippet of `group` with its errors. */
const failing = (group: Snippet[]) => group.flatMap(({ name }) => (result.errors.get(name) ?? []).map((error) => `${name}: ${error}`));

describe('the examples in the documents', () => {
  it('type-checks every TypeScript block of the README against the package', () => {
    expect(readme.length).toBeGreaterThanOrEqual(10);
    expect(failing(readme)).toEqual([]);
  });

  it('type-checks every @example of the API reference against the package', () => {
    expect(examples.length).toBeGreaterThan(200);
    expect(failing(examples)).toEqual([]);
  });

  it('tsc says nothing else (an error it ties to no snippet, a setting it refuses)', () => {
    const named = new Set([...readme, ...examples].map((s) => s.name));
    expect([...result.errors.keys()].filter((name) => !named.has(name))).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });
});
