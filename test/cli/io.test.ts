/**
 * The command's stdout (`Output`, src/cli/io.ts) against a reader that is always behind: each
 * write waits for it, and a wait leaves nothing behind on the stream or on the run's signal
 * (a listener left per wait piled up, and Node warned past ten).
 */
import { EventEmitter, getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Output, type Stream } from '../../src/cli/io.js';

/** A pipe whose reader is always behind: every write is taken, then `drain` comes a moment later (or never). */
class SlowReader extends EventEmitter implements Stream {
  text = '';
  readonly catchesUp: boolean;
  constructor(catchesUp = true) {
    super();
    this.catchesUp = catchesUp;
  }
  write(chunk: string): boolean {
    this.text += chunk;
    if (this.catchesUp) setImmediate(() => this.emit('drain'));
    return false;
  }
}

describe('stdout with a reader that is always behind', () => {
  it('waits for each drain, and leaves no listener on the stream or the signal', async () => {
    const reader = new SlowReader();
    const controller = new AbortController();
    const out = new Output(reader, controller.signal, () => {});
    const listening = () => ['drain', 'close', 'error'].map((event) => reader.listenerCount(event));
    const before = listening();
    for (let i = 0; i < 50; i++) await out.write(`line ${i}\n`);
    expect(reader.text.split('\n').filter(Boolean)).toHaveLength(50);
    expect(listening()).toEqual(before);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('stops waiting at Ctrl-C, and leaves nothing behind then either', async () => {
    const reader = new SlowReader(false);
    const controller = new AbortController();
    const out = new Output(reader, controller.signal, () => {});
    const before = ['drain', 'close', 'error'].map((event) => reader.listenerCount(event));
    const waiting = out.write('line\n');
    controller.abort();
    await waiting;
    expect(['drain', 'close', 'error'].map((event) => reader.listenerCount(event))).toEqual(before);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
