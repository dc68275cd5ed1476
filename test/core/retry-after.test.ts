/**
 * `Retry-After` counts only as RFC 9110 writes it: a non-negative integer of seconds or an
 * HTTP-date. `-1`, `+1`, `1.5`, an empty value or garbage is ignored and the normal backoff
 * applies (`-1` once parsed as a date in 2001 and meant no wait). A wait longer than one
 * timer can hold (2^31 − 1 ms) is still a wait, not a retry after 1 ms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_BASE_MS, parseRetryAfterMs } from '../../src/core/http/retry-policy.js';
import { MessagingClient, RateLimitError } from '../../src/index.js';
import { sleep } from '../../src/internal/signals.js';
import { BOT_KEY, jsonResponse, scriptedFetch } from '../support/scripted-fetch.js';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('parseRetryAfterMs reads only what RFC 9110 allows', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['  7 ', 7000],
    ['120', 120_000],
    ['Mon, 23 Nov 2026 12:00:30 GMT', 30_000],
    ['Sun, 22 Nov 2026 12:00:00 GMT', 0], // a past date means now
  ])('%j is %i ms', (value, ms) => {
    expect(parseRetryAfterMs(value, NOW)).toBe(ms);
  });

  it.each([
    '-1',
    '+1',
    '1.5',
    '',
    ' ',
    '1e3',
    '0x10',
    'soon',
    'Mon, 30 Feb 2026 12:00:00 GMT',
    'Mon, 23 Nov 2026 24:00:00 GMT',
    '2026-11-23T12:00:30Z',
    'null',
  ])('%j is ignored', (value) => {
    expect(parseRetryAfterMs(value, NOW)).toBeUndefined();
  });
});

describe('a malformed Retry-After falls back to backoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['-1', '+1', '1.5', '', 'garbage'])('Retry-After: %j waits a backoff, not 0 ms and not a date in 2001', async (value) => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': value }), jsonResponse(201, { id: 'm1' }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch });
    const sent = client.sendDirectMessage({ to: { email: 'a@example.test' }, body: 'hi' });
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS / 2 - 1);
    expect(fetch.calls).toHaveLength(1); // still waiting out the backoff
    await vi.advanceTimersByTimeAsync(1);
    await expect(sent).resolves.toEqual({ id: 'm1' });
    expect(fetch.times[1]! - fetch.times[0]!).toBe(BACKOFF_BASE_MS / 2);
    vi.restoreAllMocks();
  });

  it('a RateLimitError reports no retryAfter for a value that is not one', async () => {
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': '-1' }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, maxRetries: 0 });
    const error = await client.sendDirectMessage({ to: { email: 'a@example.test' }, body: 'hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeUndefined();
  });
});

describe('a wait longer than a timer holds is still a wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sleeps 30 days in chained timers, never firing early', async () => {
    const days30 = 30 * 86_400_000;
    let done = false;
    void sleep(days30).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    expect(done).toBe(false); // one timer's worth has passed; a plain setTimeout would have fired after 1 ms
    await vi.advanceTimersByTimeAsync(days30 - (2 ** 31 - 1) - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('a Retry-After of 30 days, allowed by maxRetryAfter, holds the retry for 30 days', async () => {
    const days30 = 30 * 86_400;
    const fetch = scriptedFetch(jsonResponse(429, {}, { 'retry-after': String(days30) }), jsonResponse(201, { id: 'm1' }));
    const client = new MessagingClient({ baseUrl: 'https://chat.example.test', botKey: BOT_KEY, fetch, maxRetryAfter: days30 * 1000 });
    const sent = client.sendDirectMessage({ to: { email: 'a@example.test' }, body: 'hi' });
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(days30 * 1000);
    await expect(sent).resolves.toEqual({ id: 'm1' });
    expect(fetch.times[1]! - fetch.times[0]!).toBe(days30 * 1000);
  });
});
