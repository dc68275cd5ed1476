/**
 * `fileJournal(path)`: a bulk journal in one append-only file, shared by every process on the
 * machine that opens the same path, kept across restarts.
 *
 * Every event (claim, renewal, outcome) is one JSON line appended with `O_APPEND` and synced
 * before it counts. The file's line order is the one order all processes agree on: a claim
 * wins when, replayed in that order with the rules of `core/journal.ts`, it finds the item
 * free, so no lock is needed and a crashed holder leaves nothing to clean up. Each append
 * starts with a line break of its own: the fragment a crash mid-write leaves behind ends
 * there, is skipped when read, and never swallows the next process's line.
 */
import { open } from 'node:fs/promises';
import { journalQueue } from '../core/bulk-journal.js';
import { ConfigurationError } from '../core/errors/index.js';
import { claimEntry, claimToken, DEFAULT_LEASE_MS, type JournalEntry, recordEntry, renewEntry } from '../core/journal.js';
import type { BulkJournal, ClaimRequest, JournalClaim, JournalOutcome } from '../seams/journal.js';

/** One line of the file: a claim (`c`), a renewal (`r`) or an outcome (`o`, under token `tk`). */
type JournalLine =
  | { k: string; c: string; t: number; e: number; u?: 1; w?: string }
  | { k: string; r: string; t: number; e: number }
  | { k: string; o: JournalOutcome; tk: string };

const NEWLINE = 0x0a;

/**
 * A bulk journal kept in the file at `path` (created if missing; its folder must exist).
 * Processes on one machine that share the file send each item at most once between them,
 * and a run started again after a crash or Ctrl-C sends only what was not delivered; an item
 * whose send began but whose outcome never reached the file is reported `OutcomeUnknownError`.
 * Each event is synced to disk before it counts; a torn last line is skipped and loses no
 * recorded delivery. For processes on several machines use `redisStore(client).journal(name)`.
 * @param path the journal file, e.g. `reminders.journal.ndjson`
 * @param options `leaseMs`: how long a claim lives without renewal (default 20 000; a dead
 *   sender's items read as unknown after it).
 * @example
 * ```ts
 * import { fileJournal } from 'opslink/node';
 * const items: DirectMessageInput[] = ['ana@example.com', 'ben@example.com'].map((email) => ({ to: { email }, body: 'Stocktake at 6' }));
 * const journal = fileJournal('shift-reminders.journal');
 * const results = await messaging.sendDirectMessages(items, { journal });
 * ```
 */
export function fileJournal(path: string, options?: { leaseMs?: number }): BulkJournal {
  if (typeof path !== 'string' || path === '') {
    throw new ConfigurationError([{ path: ['path'], message: 'must be a non-empty string (the journal file)' }], 'fileJournal options');
  }
  const leaseMs = options?.leaseMs ?? DEFAULT_LEASE_MS;
  if (!(Number.isFinite(leaseMs) && leaseMs >= 10 && leaseMs <= 3_600_000)) {
    throw new ConfigurationError([{ path: ['leaseMs'], message: 'must be 10 to 3 600 000 ms' }], 'fileJournal options');
  }
  const log = new ReplayedLog(path);
  return {
    queue: journalQueue,
    leaseMs,
    async claim(key, request) {
      const token = claimToken();
      const now = Date.now();
      const line: JournalLine = { k: key, c: token, t: now, e: now + leaseMs };
      if (request.retryUnknown) line.u = 1;
      if (request.waitedFor !== undefined) line.w = request.waitedFor;
      return log.claim(token, line);
    },
    async renew(key, token) {
      const now = Date.now();
      await log.append({ k: key, r: token, t: now, e: now + leaseMs });
    },
    async record(key, token, outcome) {
      await log.append({ k: key, o: outcome, tk: token });
    },
  };
}

/** The file's lines applied in order; appends are synced, reads pick up where the last one stopped. */
class ReplayedLog {
  readonly #path: string;
  readonly #entries = new Map<string, JournalEntry>();
  /** What the claims this process is waiting to hear about found, by token. */
  readonly #outcomes = new Map<string, JournalClaim | undefined>();
  #offset = 0;
  #reading: Promise<void> = Promise.resolve();

  constructor(path: string) {
    this.#path = path;
  }

  async claim(token: string, line: JournalLine & { c: string }): Promise<JournalClaim> {
    this.#outcomes.set(token, undefined);
    try {
      await this.append(line);
      await this.#catchUp();
      const claim = this.#outcomes.get(token);
      if (!claim) throw new Error(`fileJournal: the claim written to ${this.#path} was not found when read back`);
      return claim;
    } finally {
      this.#outcomes.delete(token);
    }
  }

  async append(line: JournalLine): Promise<void> {
    const file = await open(this.#path, 'a');
    try {
      await file.write(`\n${JSON.stringify(line)}\n`);
      await file.datasync();
    } finally {
      await file.close();
    }
  }

  /** Reads and applies every complete line since the last read; one read at a time. */
  #catchUp(): Promise<void> {
    this.#reading = this.#reading.catch(() => {}).then(() => this.#readNew());
    return this.#reading;
  }

  async #readNew(): Promise<void> {
    const file = await open(this.#path, 'r');
    try {
      const { size } = await file.stat();
      if (size <= this.#offset) return;
      const bytes = Buffer.alloc(size - this.#offset);
      const { bytesRead } = await file.read(bytes, 0, bytes.length, this.#offset);
      // Up to the last line break only: what follows is a line still being written, or a
      // dead writer's fragment that the next append's leading line break will close.
      const end = bytes.subarray(0, bytesRead).lastIndexOf(NEWLINE) + 1;
      for (const text of bytes.subarray(0, end).toString('utf8').split('\n')) this.#apply(text);
      this.#offset += end;
    } finally {
      await file.close();
    }
  }

  #apply(text: string): void {
    const line = parseLine(text);
    if (!line) return;
    const entry = this.#entries.get(line.k);
    let next: JournalEntry | undefined;
    if ('c' in line) {
      const request: ClaimRequest = { retryUnknown: line.u === 1, waitedFor: line.w };
      const found = claimEntry(entry, request, line.t, line.e - line.t, () => line.c);
      if (this.#outcomes.has(line.c)) this.#outcomes.set(line.c, found.claim);
      next = found.entry;
    } else if ('r' in line) {
      next = renewEntry(entry, line.r, line.t, line.e - line.t);
    } else {
      next = recordEntry(entry, line.tk, line.o);
    }
    if (next) this.#entries.set(line.k, next);
  }
}

/** A line as written, or `undefined` for a blank line, a torn fragment or anything else. */
function parseLine(text: string): JournalLine | undefined {
  if (text === '') return undefined;
  try {
    const line = JSON.parse(text) as JournalLine;
    return typeof line?.k === 'string' && ('c' in line || 'r' in line || 'o' in line) ? line : undefined;
  } catch {
    return undefined;
  }
}
