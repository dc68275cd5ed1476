/**
 * Real Chromium for the page tests: the system browser (`apt-get install chromium`) driven by
 * playwright-core, and a watch on everything a page does that it should not (a dialog, an
 * uncaught error, a console error).
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args.js';
import { CHROMIUM_PATH } from './chromium-path.js';

export { CHROMIUM_PATH, runChromiumTests } from './chromium-path.js';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

/**
 * Records every dialog (dismissed at once: an `alert` from injected script shows up here),
 * page error and console error of `page`. `expected` lists console errors a test provokes.
 */
export function watchPage(page: Page, expected: RegExp[] = []) {
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.some((re) => re.test(message.text()))) problems.push(`console error: ${message.text()}`);
  });
  return { problems };
}

/**
 * Opens the inbox at `hash` and waits until it has loaded everything once. The waits keep
 * Playwright's default bound (30 s): a hang guard, as a busy machine can take seconds here.
 */
export async function openInbox(page: Page, url: string, hash = 'messages'): Promise<void> {
  await page.goto(`${url}/#${hash}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#live:has-text("live")');
}

/** Whether the document scrolls sideways. */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
