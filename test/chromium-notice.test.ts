/** `npm test` without Chromium says why the page tests were skipped and how to run them. */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function notice(env: Record<string, string>): Promise<string | undefined> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import('./support/chromium-path.js')).chromiumSkipNotice();
}

describe('the Chromium notice of npm test', () => {
  it('names the missing browser and both ways to provide one', async () => {
    const text = await notice({ CHROMIUM_PATH: '/nowhere/chromium', CI: '' });
    expect(text).toContain('skipped: no browser at /nowhere/chromium');
    expect(text).toContain('apt-get install chromium');
    expect(text).toContain('CHROMIUM_PATH');
  });

  it('says nothing when the browser is there', async () => {
    expect(await notice({ CHROMIUM_PATH: process.execPath, CI: '' })).toBeUndefined();
  });
});
