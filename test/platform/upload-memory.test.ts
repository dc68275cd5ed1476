/**
 * A big upload over the Node transport is checked and streamed from the file with
 * backpressure: the client's peak RSS grows by far less than the file (over Node's fetch it grew
 * by the file's size). Runs the built package in a child process, whose RSS is its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
/**
 * 64 MB: a file held whole would grow the process by more than the bound. The upload is first
 * checked, read as a stream (`createBulk` checks files as it checks rows), then read again to be
 * sent. The check makes garbage fast, and V8 grows its young generation for it, which the upload
 * then fills between collections: with V8's defaults the growth levels off near 80 MB whatever
 * the file (50 MB for 64 MB, 77 for 128, 78 for 192), the runtime's, not anything the SDK holds.
 * So the child runs with the young generation's semi-spaces at 1 MB (`--max-semi-space-size=1`):
 * 19–22 MB for 64 and 128 MB then.
 */
const MB = 64;
/** The bound for a 200 MB upload; over Node's fetch a 128 MB one grew by about 150 MB. */
const BOUND_MB = 48;

describe.runIf(existsSync(`${root}dist/index.js`))('a big CSV upload in Node', () => {
  it(`${MB} MB from fs.openAsBlob: every byte arrives, peak RSS grows by under ${BOUND_MB} MB`, () => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--max-semi-space-size=1', `${root}test/platform/fixtures/upload-rss.mjs`, String(MB)],
      {
        encoding: 'utf8',
      },
    );
    const { bytes, size, rssGrowthMb } = JSON.parse(output) as { bytes: number; size: number; rssGrowthMb: number };
    // The multipart envelope around the file adds a few hundred bytes.
    expect(bytes).toBeGreaterThan(size);
    expect(rssGrowthMb).toBeLessThan(BOUND_MB);
  }, 120_000);
});
