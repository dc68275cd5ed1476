import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redisServerMissing } from './support/redis.js';
import { interrupt, startUntil } from './support/spawn.js';

describe('npm run demo', () => {
  it('runs every example against the embedded mock server and exits 0', () => {
    // The demo as a user runs it (npm test builds the package first).
    const result = spawnSync(process.execPath, ['examples/demo.ts'], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    for (const title of [
      'Send a direct message by email',
      'Post an announcement',
      'Post an embed through a webhook URL',
      'List inbound orders with for await',
      'Upload a CSV of orders from disk',
      'Update an order; pre-flight catches a broken rule',
      'Report shipped shipments with trackings',
      'A browser page with no key, through opslink/proxy',
    ]) {
      expect(result.stdout).toContain(`✔ ${title}`);
    }
    expect(result.stdout).toContain('pre-flight caught 2 broken rules at amazonSKU and listPrice');
    expect(result.stdout).toMatch(/listed 640 inbound orders/);
    expect(result.stdout).toMatch(
      /page at http:\/\/127\.0\.0\.1:\d+\/ \([\d.]+ KB of script, no key in it\); through its proxy: 12 shipped shipments listed/,
    );
    // The fleet example runs against a real redis-server when one is on PATH, and says why it skips when not.
    const fleet = 'Four worker processes share one rate limit and one journal on Redis';
    if (redisServerMissing) {
      expect(result.stdout).toContain(`– ${fleet}: skipped, redis-server is not on PATH`);
      expect(result.stdout).toMatch(/all 8 examples passed, 1 skipped\n/);
    } else {
      expect(result.stdout).toMatch(new RegExp(`✔ ${fleet} .*\\n {2}4 workers on one redisStore sent 24 messages, each once`));
      expect(result.stdout).toMatch(/all 9 examples passed\n/);
    }
    // Counts agree with their nouns (the seed's latest shipped shipment has one box).
    expect(result.stdout).toMatch(/latest has 1 box and 1 service\n/);
    // Piped (not a terminal), it ends with the examples: it offers no inbox URL it will have
    // closed, and says how to keep the page up.
    expect(result.stdout).not.toMatch(/Inbox: open/);
    expect(result.stdout).toContain('npm run demo -- --stay keeps the inbox page up');
  });

  it('keeps the inbox page up with --stay, showing what the examples sent, until Ctrl+C', async () => {
    const { child, output: out } = await startUntil(['examples/demo.ts', '--stay'], 'press Ctrl+C');
    expect(out).toMatch(/Inbox: open http:\/\/127\.0\.0\.1:\d+\/ in a browser/);
    const inbox = /stays up at (\S+)/.exec(out)![1]!;
    expect((await fetch(inbox)).status).toBe(200);
    const state = await (await fetch(`${inbox}_mock/state?service=messaging`)).json();
    expect(state.messaging.channelMessages.length).toBeGreaterThan(0);
    expect(await interrupt(child)).toBe(0);
  }, 60_000); // the fleet example starts four worker processes and a redis-server

  it('skips the fleet example with one line when redis-server is not on PATH', () => {
    const result = spawnSync(process.execPath, ['examples/fleet-send.ts'], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
      env: { ...process.env, PATH: '/nonexistent' },
      timeout: 30_000,
    });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(result.stdout).toBe('skipped: redis-server is not on PATH (apt-get install redis-server, brew install redis)\n');
  });

  it('runs one example on its own, starting its own mock server', () => {
    const result = spawnSync(process.execPath, ['examples/webhook-embed.ts'], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/posted embed .* a bad colour was caught at embeds\.0\.color/);
  });

  it('runs the examples with the environment `opslink mock` prints', async () => {
    // What a user pastes: the `export` lines of `opslink mock` (the built command).
    const { child, output } = await startUntil(['dist/cli/index.js', 'mock', '--port', '0'], 'Press Ctrl+C');
    const exported = Object.fromEntries([...output.matchAll(/^ {2}export (OPSLINK_\w+)='(.*)'$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Object.keys(exported)).toContain('OPSLINK_WAREHOUSE_API_KEY');
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OPSLINK_')));
    for (const [example, said] of [
      ['list-inbound-orders.ts', /^listed \d+ inbound orders/],
      ['upload-csv.ts', /^uploaded orders\.csv: 2 inbound orders created/],
      ['post-announcement.ts', /^posted announcement/],
      ['webhook-embed.ts', /^posted embed/],
    ] as const) {
      const result = spawnSync(process.execPath, [`examples/${example}`], {
        cwd: new URL('..', import.meta.url),
        encoding: 'utf8',
        env: { ...env, ...exported },
        timeout: 30_000,
      });
      expect({ example, stderr: result.stderr, status: result.status }).toEqual({ example, stderr: '', status: 0 });
      expect(result.stdout).toMatch(said);
    }
    expect(await interrupt(child)).toBe(0);
  });
});
