/**
 * Where the command writes. stdout carries data only, written in whole lines, never after
 * Ctrl-C, and at the pace the reader takes it (backpressure). stderr carries messages,
 * errors and the progress line, which is drawn only on a terminal (or when forced).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { firstEvent } from '../internal/signals.js';
import { printable } from './printable.js';

/** A stream as the command uses it: stdout, stderr, or a test's stand-in. */
export interface Stream {
  write(chunk: string, callback?: (error?: Error | null) => void): boolean;
  once(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
  off(event: 'drain' | 'close' | 'error', listener: (...args: unknown[]) => void): unknown;
  on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** stdout: data in whole lines, backpressure respected, nothing once `signal` aborted or the reader left. */
export class Output {
  readonly #stream: Stream;
  readonly #signal: AbortSignal;
  #gone = false;
  /** Runs before each write: clears a progress line drawn on the same terminal. */
  beforeWrite: () => void = () => {};

  /** `onGone` runs when the reader closed the pipe (`opslink … | head`): stop fetching, exit quietly. */
  constructor(stream: Stream, signal: AbortSignal, onGone: () => void) {
    this.#stream = stream;
    this.#signal = signal;
    stream.on('error', (error) => {
      this.#gone = true;
      if (error.code === 'EPIPE') onGone();
    });
  }

  get isTTY(): boolean {
    return this.#stream.isTTY === true;
  }

  get columns(): number | undefined {
    return this.#stream.isTTY ? this.#stream.columns : undefined;
  }

  /**
   * Writes `text` (whole lines) and waits while the reader is behind. `afterInterrupt`: a
   * line that records what was done (a campaign's result) is written after Ctrl-C too.
   */
  async write(text: string, options?: { afterInterrupt?: boolean }): Promise<void> {
    if (text === '' || this.#gone || (this.#signal.aborted && !options?.afterInterrupt)) return;
    this.beforeWrite();
    if (this.#stream.write(text)) return;
    // The reader is behind: wait for it (or for its end), or for Ctrl-C (the lines already
    // handed over stay whole).
    await firstEvent(this.#stream, ['drain', 'close', 'error'], this.#signal);
  }

  /** Resolves once everything written so far has been handed to the system. */
  flush(): Promise<void> {
    if (this.#gone) return Promise.resolve();
    return new Promise((resolve) => this.#stream.write('', () => resolve()));
  }
}

/** How often a progress line is redrawn, at most. */
const REDRAW_MS = 100;

/**
 * stderr: messages (`info`, dropped with `--quiet`), errors (always), and one progress line,
 * redrawn in place on a terminal, or written as plain lines when progress is forced onto a
 * pipe (`--progress`, `OPSLINK_PROGRESS=1`).
 */
export class Terminal {
  readonly #stream: Stream;
  readonly quiet: boolean;
  readonly showProgress: boolean;
  #line = false;

  constructor(stream: Stream, options: { quiet: boolean; forceProgress: boolean }) {
    this.#stream = stream;
    this.quiet = options.quiet;
    this.showProgress = !options.quiet && (options.forceProgress || stream.isTTY === true);
  }

  /** A message for a person (dropped with `--quiet`). */
  info(text: string): void {
    if (!this.quiet) this.#print(text);
  }

  /** An error line: always shown. */
  error(text: string): void {
    this.#print(text);
  }

  /** A log line of the SDK (`--verbose`), already scrubbed of secrets. */
  log(text: string): void {
    this.#print(text);
  }

  /** Every message passes here: what it quotes (a CSV cell, a server's text, a file name) cannot drive the terminal. */
  #print(text: string): void {
    this.#clear();
    this.#stream.write(`${printable(text)}\n`);
  }

  #clear(): void {
    if (this.#line) this.#stream.write('\r\x1b[2K');
    this.#line = false;
  }

  /** A progress reporter for one piece of work, or one that shows nothing. */
  progress(label: string, unit: Unit): Progress {
    return new Progress(this.showProgress ? (text, final) => this.#draw(text, final) : undefined, label, unit);
  }

  #draw(line: string, final: boolean): void {
    const text = printable(line);
    if (this.#stream.isTTY) {
      this.#stream.write(`\r\x1b[2K${text}${final ? '\n' : ''}`);
      this.#line = !final;
    } else {
      this.#stream.write(`${text}\n`);
    }
  }

  /** Removes a progress line left half-way (Ctrl-C, an error). */
  endLine(): void {
    this.#clear();
  }

  flush(): Promise<void> {
    return new Promise((resolve) => this.#stream.write('', () => resolve()));
  }
}

/** What a progress line counts: records (with pages) or bytes. */
export type Unit = { kind: 'items'; name: string } | { kind: 'bytes' };

const count = (n: number) => n.toLocaleString('en-US');

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s` : `${Math.floor(minutes / 60)}h${minutes % 60}m`;
}

/**
 * One piece of long work: `update` as it goes (redrawn at most every 100 ms), `done` at the
 * end. Shows what is known: done of total, pages, the rate, and the time left.
 */
export class Progress {
  readonly #draw: ((text: string, final: boolean) => void) | undefined;
  readonly #label: string;
  readonly #unit: Unit;
  readonly #started = performance.now();
  #drawn = 0;
  #state: { done: number; total?: number | undefined; page?: number; pages?: number | undefined } = { done: 0 };

  constructor(draw: ((text: string, final: boolean) => void) | undefined, label: string, unit: Unit) {
    this.#draw = draw;
    this.#label = label;
    this.#unit = unit;
  }

  update(state: { done: number; total?: number | undefined; page?: number; pages?: number | undefined }): void {
    this.#state = state;
    if (!this.#draw) return;
    const now = performance.now();
    if (now - this.#drawn < REDRAW_MS) return;
    this.#drawn = now;
    this.#draw(this.#text(false), false);
  }

  /** The last line: what was done, in how long. */
  done(): void {
    this.#draw?.(this.#text(true), true);
  }

  #text(final: boolean): string {
    const { done, total, page, pages } = this.#state;
    const seconds = (performance.now() - this.#started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const amount = (n: number) => (this.#unit.kind === 'bytes' ? bytes(n) : count(n));
    const parts = [this.#label];
    if (page !== undefined) parts.push(`page ${count(page)}${pages !== undefined ? ` of ${count(pages)}` : ''}`);
    const name = this.#unit.kind === 'items' ? ` ${this.#unit.name}` : '';
    parts.push(total !== undefined ? `${amount(Math.min(done, total))} of ${amount(total)}${name}` : `${amount(done)}${name}`);
    parts.push(this.#unit.kind === 'bytes' ? `${bytes(Math.round(rate))}/s` : `${count(Math.round(rate))}/s`);
    if (final) parts.push(`done in ${seconds.toFixed(1)}s`);
    else if (total !== undefined && rate > 0) parts.push(`${duration((total - done) / rate)} left`);
    return parts.join(' · ');
  }
}

/**
 * A value a user or a server gave (a cell, a flag value), quoted inside a message (its own
 * quotes and backslashes escaped, so it reads unambiguously): line breaks and tabs written as `\n` and `\t`, every other control character as
 * `printable` shows it, so a value never drives the terminal or hides what follows; past
 * `max` characters, cut with `…`.
 */
export function quoted(text: string, max = 60): string {
  const chars = [...text.replace(/["\\]/g, (c) => `\\${c}`)];
  const shown = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
  return `"${printable(shown.replace(/[\n\t]/g, (c) => (c === '\n' ? '\\n' : '\\t')))}"`;
}

/**
 * stdin copied to a file only this user can read, for a command that reads its input twice
 * (`orders import -`: checked, then uploaded); `remove` deletes it.
 */
export async function spoolStdin(name: string, signal: AbortSignal): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'opslink-stdin-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, name);
  try {
    await pipeline(process.stdin, createWriteStream(path, { mode: 0o600 }), { signal });
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, remove };
}
