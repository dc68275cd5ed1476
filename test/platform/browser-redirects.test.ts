/**
 * In a browser no redirect can be followed or checked: `redirect: 'manual'` gives an opaque
 * response that hides its target. The browser's `#transport` refuses it as it comes (the
 * core's refusal is an `APIError` with the 3xx status), and a write that a custom fetch
 * followed on its own is refused too; anything else is the answer.
 */
import { describe, expect, it } from 'vitest';
import { followRedirects } from '../../src/platform/transport.browser.js';
import type { AttemptResult, ResponseHead } from '../../src/seams/transport.js';

const answer = (head: Partial<ResponseHead>): AttemptResult => ({
  ok: true,
  response: { status: 200, ok: true, headers: new Headers(), url: 'https://x/y', redirected: false, type: 'basic', ...head },
  body: undefined,
  isJson: true,
  durationMs: 1,
});
const refuse = (_result: AttemptResult, why: string) => new Error(`refused: ${why}`);

describe("a browser's redirects", () => {
  it('an opaque redirect is refused, saying the browser hides its target', async () => {
    const sent: string[] = [];
    const send = async (url: string) => {
      sent.push(url);
      return answer({ status: 0, ok: false, type: 'opaqueredirect' });
    };
    await expect(followRedirects('https://x/a', send, 1000, 'GET', refuse)).rejects.toThrow('refused: the browser hides its target');
    expect(sent).toEqual(['https://x/a']);
  });

  it('a write a custom fetch followed on its own is refused; a read it followed is the answer', async () => {
    const followed = async () => answer({ redirected: true });
    await expect(followRedirects('https://x/a', followed, 1000, 'POST', refuse)).rejects.toThrow('fetch followed it itself');
    await expect(followRedirects('https://x/a', followed, 1000, 'GET', refuse)).resolves.toMatchObject({ ok: true });
  });

  it('an answer or a failed attempt is handed back as it came, sent once', async () => {
    const failed: AttemptResult = { ok: false, failure: 'network', error: new TypeError('Failed to fetch'), durationMs: 1 };
    await expect(followRedirects('https://x/a', async () => failed, 1000, 'GET', refuse)).resolves.toBe(failed);
    const ok = answer({});
    await expect(followRedirects('https://x/a', async () => ok, 1000, 'PUT', refuse)).resolves.toBe(ok);
  });
});
