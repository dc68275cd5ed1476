/**
 * Every command's and group's `--help`, as the command prints it (in this process; `mock`'s,
 * which always runs in a child, by the built command), kept in `__snapshots__/help/` (a change
 * to a help text shows in review), and the layout every help keeps: lines of 80 columns at
 * most, options aligned, short flags shown.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, COMMANDS, lines, type Result, run, runInProcess } from './helpers.js';

const GROUPS = ['orders', 'shipments', 'webhook'];
const ALL = ['', ...GROUPS, ...COMMANDS];

let helps: Map<string, Result>;
beforeAll(async () => {
  assertBuilt();
  const results = await Promise.all(
    ALL.map((name) => (name === 'mock' ? run : runInProcess)([...name.split(' ').filter(Boolean), '--help'])),
  );
  helps = new Map(ALL.map((name, i) => [name, results[i]!]));
});

describe('--help', () => {
  it.each(ALL.map((name) => [name || 'opslink', name]))('%s --help: exit 0, the help on stdout, as in its snapshot', async (_, name) => {
    const result = helps.get(name)!;
    expect(result).toMatchObject({ code: 0, stderr: '' });
    await expect(result.stdout).toMatchFileSnapshot(`__snapshots__/help/${(name || 'opslink').replaceAll(' ', '-')}.txt`);
  });

  it('every line fits 80 columns', async () => {
    for (const [name, { stdout }] of await helps)
      for (const line of lines(stdout)) expect({ name, line, fits: [...line].length <= 80 }).toEqual({ name, line, fits: true });
  });

  it('options in two aligned columns, short flags shown as -q, --quiet', async () => {
    for (const name of COMMANDS) {
      const help = helps.get(name)!.stdout;
      // Where the help starts on each option line: after the flag, its value name and the gap.
      const starts = lines(help.slice(0, help.indexOf('\nExit codes')))
        .map((line) => /^ {2}(?:-\w, | {4})--[\w-]+(?: [A-Z][^ ]*)? +(?=\S)/.exec(line)?.[0].length)
        .filter((start) => start !== undefined);
      expect(starts.length, name).toBeGreaterThan(3);
      expect({ name, starts: new Set(starts).size }).toEqual({ name, starts: 1 });
      expect(help).toContain('  -q, --quiet');
      expect(help).toContain('  -h, --help');
    }
  });

  it('mock --help leaves out the options that do not apply to it (it sends no request)', async () => {
    const help = helps.get('mock')!.stdout;
    for (const flag of ['--timeout', '--max-retries', '--verbose', '--progress']) expect(help).not.toContain(flag);
    const refused = await run(['mock', '--timeout', '5']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error: --timeout does not apply to opslink mock');
  });

  it('states the one rule for flag values: a value the command cannot use exits 2', async () => {
    for (const [name, { stdout }] of await helps)
      expect({ name, rule: stdout.replace(/\s+/g, ' ') }).toEqual({
        name,
        rule: expect.stringContaining(
          '2 usage (an unknown command or flag, a flag value the command cannot use such as --format xml, --max abc or --concurrency 0',
        ),
      });
  });
});
