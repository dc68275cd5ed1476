/**
 * Reading the mock server's server-sent events (`/_mock/events`) in a test, as a browser's
 * EventSource would.
 */

// biome-ignore lint/suspicious/noExplicitAny: event payloads are inspected member by member
export type EventData = any;
export interface ServerEvent {
  event: string;
  data: EventData;
}

/** Opens the stream; `next(name)` resolves with the next event of that name (that `match` accepts). */
export async function readEvents(url: string, timeoutMs = 3_000) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const queue: ServerEvent[] = [];
  let raw = '';
  let buffer = '';

  async function pull(): Promise<void> {
    const { done, value } = await reader.read();
    if (done) throw new Error('events: the stream ended');
    raw += value;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (event && data !== undefined) queue.push({ event, data: JSON.parse(data) });
    }
  }

  return {
    async next(event: string, match: (data: EventData) => boolean = () => true): Promise<ServerEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((e) => e.event === event && match(e.data));
        if (index >= 0) return queue.splice(index, 1)[0]!;
        if (Date.now() > deadline)
          throw new Error(`events: no '${event}' within ${timeoutMs} ms (saw ${queue.map((e) => e.event).join(', ')})`);
        await Promise.race([pull(), new Promise((resolve) => setTimeout(resolve, deadline - Date.now()))]);
      }
    },
    /** Everything the stream carried so far, as sent. */
    text: () => raw,
    close: () => controller.abort(),
  };
}
