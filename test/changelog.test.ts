/** CHANGELOG.md as Keep a Changelog writes one: releases, the six groups, every link defined. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const changelog = readFileSync(`${root}CHANGELOG.md`, 'utf8');
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string };
const releases = [...changelog.matchAll(/^## \[([^\]]+)\](.*)$/gm)].map((m) => ({ name: m[1]!, rest: m[2]! }));

describe('CHANGELOG.md', () => {
  it('starts with Unreleased, then the released versions, newest first, dated', () => {
    expect(releases[0]).toEqual({ name: 'Unreleased', rest: '' });
    for (const release of releases.slice(1)) expect(release.rest).toMatch(/^ - \d{4}-\d{2}-\d{2}$/);
  });

  it("names the package's version as its newest release", () => {
    expect(releases[1]?.name).toBe(pkg.version);
  });

  it('defines a link for every release heading', () => {
    const defined = new Set([...changelog.matchAll(/^\[([^\]]+)\]: https:\/\/\S+$/gm)].map((m) => m[1]));
    expect(releases.map((r) => r.name).filter((name) => !defined.has(name))).toEqual([]);
  });

  it('groups changes only as Keep a Changelog does', () => {
    const groups = [...changelog.matchAll(/^#{3,} (.*)$/gm)].map((m) => m[1]);
    const allowed = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];
    expect(groups.filter((group) => !allowed.includes(group!))).toEqual([]);
  });

  it('speaks of releases, not of how the project was built ("waves")', () => {
    expect(changelog).not.toMatch(/\bwaves?\b/i);
  });
});
