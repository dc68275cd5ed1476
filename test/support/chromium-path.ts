/** Where the page tests find Chromium, and whether they run (no Playwright here: the config loads it). */
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Without the browser the page tests are skipped, except in CI (`.ci/run` installs it first). */
export const runChromiumTests = existsSync(CHROMIUM_PATH) || process.env.CI === 'true';

/** Why the page tests were skipped and how to run them; `undefined` when they run. */
export function chromiumSkipNotice(): string | undefined {
  if (runChromiumTests) return undefined;
  return [
    `The inbox page tests in Chromium were skipped: no browser at ${CHROMIUM_PATH}.`,
    'To run them, install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  ].join('\n');
}
