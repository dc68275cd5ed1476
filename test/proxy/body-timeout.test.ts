/**
 * `bodyTimeout`: a page (or anything posing as one) that sends its body a trickle at a time
 * holds the proxy no longer than the option says. A body not fully received within it is
 * answered 408 and nothing is sent on, as a plain fetch handler (a `Request` whose body
 * trickles, as Deno, Bun, Workers and Next.js hand it) and on Node's server.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startProxy } from './support.js';

const PATH = '/opslink/messaging/api/bot/messages';
const BODY = JSON.stringify({ to: { email: 'ada.active@example.test' }, body: 'Dock 3 is free, and this body comes slowly' });

let h: Harness;
afterEach(() => h?.close());

/** A DM as a fetch handler gets it from its runtime: its body the stream the page is still sending. */
const post = (body: ReadableStream<Uint8Array>) =>
  h.handle(
    new Request(`http://app.test${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit),
  );

describe('a body sent a trickle at a time', () => {
  it('is answered 408 once bodyTimeout has passed, as a fetch handler; nothing sent on, the body no longer read', async () => {
    h = await startProxy('fetch handler', { bodyTimeout: 300 });
    const bytes = new TextEncoder().encode(BODY);
    let pulled = 0;
    let cancelled = false;
    const started = Date.now();
    // One byte every 100 ms: the whole body would take seconds.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (pulled < bytes.length) controller.enqueue(bytes.subarray(pulled, ++pulled));
        else controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const answer = await post(body);
    const waited = Date.now() - started;
    expect(answer.status).toBe(408);
    expect(await answer.json()).toEqual({ message: 'The body was not fully received within 300 ms: nothing was sent on', errors: [] });
    expect(waited).toBeLessThan(bytes.length * 100);
    expect(cancelled).toBe(true);
    expect(h.reached()).toBe(0);
  });

  it("is answered 408 on Node's server while the client still sends, then the connection is closed; nothing sent on", async () => {
    h = await startProxy("Node's server", { bodyTimeout: 300 });
    const port = Number(new URL(h.origin).port);
    let sent = 0;
    const outcome = await new Promise<{ status: number; body: string; sentThen: number }>((resolve, reject) => {
      const req = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: PATH, headers: { 'content-type': 'application/json' } },
        (res) => {
          const sentThen = sent;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode!, body: text, sentThen }));
        },
      );
      req.on('error', reject);
      // A byte every 50 ms, for as long as the connection takes them (10 s at most).
      const timer = setInterval(() => {
        if (req.destroyed || sent >= 200) {
          clearInterval(timer);
          return;
        }
        req.write(BODY.charAt(sent % BODY.length));
        sent++;
      }, 50);
      req.on('close', () => clearInterval(timer));
    });
    expect(outcome.status).toBe(408);
    expect(JSON.parse(outcome.body)).toEqual({ message: 'The body was not fully received within 300 ms: nothing was sent on', errors: [] });
    // Answered after about 300 ms of a body that would take 10 s.
    expect(outcome.sentThen).toBeLessThan(60);
    expect(h.reached()).toBe(0);
  });

  it('lets a body that arrives within bodyTimeout through, however it was cut', async () => {
    h = await startProxy('fetch handler', { bodyTimeout: 2_000 });
    const bytes = new TextEncoder().encode(
      JSON.stringify({ to: { email: h.messagingMock.state.employees.find((e) => e.active)!.email }, body: 'hi' }),
    );
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + 7));
        at += 7;
      },
    });
    const answer = await post(body);
    expect(answer.status).toBe(201);
    expect(h.messagingMock.state.directMessages.map((m) => m.body)).toEqual(['hi']);
  });
});
