/**
 * `inbound.createBulk` reads a large upload to its end before it sends (API.md: every form is
 * checked like rows). The check is part of the call: the call's `deadline` runs from the call,
 * through the check; the caller's `signal` and the deadline end it while it reads, with the
 * errors a request gets (`APIConnectionTimeoutError`, `APIUserAbortError`, `unsent`); and the
 * event loop turns while it reads, so timers, other calls and a server in the same process go
 * on. A file that changes under the check is a refusal of that file, nothing sent.
 */
import { openAsBlob } from 'node:fs';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionTimeoutError, APIUserAbortError, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { BULK_HEADER, BULK_ROW } from '../support/bulk-csv.js';
import { jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

const fetch = scriptedFetch(jsonResponse(200, { status: 'success', message: 'Orders queued', data: null, errors: null }));
const warehouse = new WarehouseClient({ baseUrl: 'https://api.example.test', apiKey: 'wh-key-1', warehouseId: 'wh', fetch, maxRetries: 0 });

const ROWS = 100_000;
const RECORD = '01/02/2026,Target,PO-1,Desk lamp,black,LAMP-BLK,12,9.5,24.99,wfs\r\n';
/** 100,000 orders (5.4 MB): a check of a few hundred milliseconds. */
const CSV = `${BULK_HEADER}\r\n${RECORD.repeat(ROWS)}`;
/** The same, its last order refused: the check reads it all, then refuses. */
const LAST_BAD = `${CSV}01/02/2026,Target,PO-1,Desk lamp,black,LAMP-BLK,abc,9.5,24.99,wfs\r\n`;

/** How many times a 2 ms timer ran while `work` was pending, and how long it took. */
async function whileRunning<T>(work: () => Promise<T>): Promise<{ outcome: T | unknown; ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 2);
  const started = performance.now();
  const outcome = await work().catch((error: unknown) => error);
  const ms = performance.now() - started;
  clearInterval(timer);
  return { outcome, ticks, ms };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'opslink-bulk-time-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a large upload checked within the call', () => {
  it('lets the event loop turn while a file, text or rows are read to their end (a refusal of the last row)', async () => {
    const rows = Array.from({ length: ROWS }, () => ({ ...BULK_ROW }));
    rows.push({ ...BULK_ROW, quantity: Number.NaN });
    for (const input of [new Blob([LAST_BAD]), LAST_BAD, rows]) {
      const before = fetch.calls.length;
      const { outcome, ticks } = await whileRunning(() => warehouse.inbound.createBulk(input));
      expect(outcome).toBeInstanceOf(RequestValidationError);
      expect((outcome as RequestValidationError).issues[0]?.path).toEqual([ROWS, 'quantity']);
      expect(fetch.calls.length).toBe(before);
      // Before: 0 (the check held the event loop from start to end).
      expect(ticks).toBeGreaterThan(3);
    }
  });

  it('ends at its deadline, counted from the call, while the file is still being checked: nothing sent', async () => {
    const file = new Blob([LAST_BAD]);
    const whole = await whileRunning(() => warehouse.inbound.createBulk(file));
    expect(whole.outcome).toBeInstanceOf(RequestValidationError);
    const before = fetch.calls.length;
    const late = await whileRunning(() => warehouse.inbound.createBulk(new Blob([CSV]), { deadline: 20 }));
    expect(late.outcome).toBeInstanceOf(APIConnectionTimeoutError);
    expect(late.outcome).toMatchObject({
      message: 'POST /api/v1/inbound: the deadline of 20 ms passed while its input was checked',
      unsent: true,
    });
    expect(fetch.calls.length).toBe(before);
    // Before: the check ran to its end and the upload was sent after the deadline.
    expect(late.ms).toBeLessThan(whole.ms / 2);
  });

  it("ends when the caller's signal aborts during the check of rows: nothing sent", async () => {
    const rows = Array.from({ length: ROWS * 2 }, () => ({ ...BULK_ROW }));
    const before = fetch.calls.length;
    const { outcome } = await whileRunning(() => warehouse.inbound.createBulk(rows, { signal: AbortSignal.timeout(15) }));
    expect(outcome).toBeInstanceOf(APIUserAbortError);
    expect(outcome).toMatchObject({ unsent: true });
    expect(fetch.calls.length).toBe(before);
  });

  it('sends what passed, once, when the check ends within the deadline', async () => {
    const before = fetch.calls.length;
    await expect(warehouse.inbound.createBulk(new Blob([CSV]), { deadline: 60_000 })).resolves.toBeDefined();
    expect(fetch.calls.length).toBe(before + 1);
  });

  it('refuses a file changed while it is checked (the platform cannot read it on), naming why, nothing sent', async () => {
    const path = join(dir, 'orders.csv');
    await writeFile(path, LAST_BAD);
    const file = await openAsBlob(path, { type: 'text/csv' });
    const before = fetch.calls.length;
    const pending = warehouse.inbound.createBulk(file).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await appendFile(path, RECORD);
    const outcome = await pending;
    expect(fetch.calls.length).toBe(before);
    expect(outcome).toBeInstanceOf(RequestValidationError);
    // Read to its end before the change took (a fast machine): the last row's refusal; else the file's.
    const paths = (outcome as RequestValidationError).issues.map((issue) => issue.path);
    expect(paths).toSatisfy(
      (found: unknown[]) =>
        JSON.stringify(found) === JSON.stringify([[ROWS, 'quantity']]) ||
        (outcome as Error).message.includes('could not be read (NotReadableError'),
    );
  });
});
