/**
 * Vitest global setup: when the Chromium tests are skipped, says so and how to enable them,
 * after the run, where "N skipped" would otherwise stand unexplained.
 */
import { chromiumSkipNotice } from './chromium-path.js';

export default function setup(): () => void {
  return () => {
    const notice = chromiumSkipNotice();
    if (notice) process.stdout.write(`\n${notice}\n`);
  };
}
