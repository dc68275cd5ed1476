/**
 * The request log of a mock: every request any transport handled (MSW, the mock `fetch`,
 * the real server), bounded to the last `limit`, secrets masked when recorded. Each entry
 * also says whether it looks like a retry: the SDK sends no retry header, so a request is
 * taken for a retry when the last one with the same method, path, credential and body was
 * answered 429 or 5xx, was faulted, dropped or given up on, less than two minutes before.
 */
import type { LoggedBody } from './body-capture.js';

/**
 * The fault the kit injected into a request, if any.
 * @example
 * ```ts
 * mock.faults.status('POST /api/bot/messages', 429, { retryAfter: 1 });
 * await client.sendDirectMessage({ to: { email: 'ada.active@example.test' }, body: 'hi' });
 * const [limited, retried] = mock.requests.all();
 * expect(limited?.fault).toEqual({ kind: 'status', status: 429 });
 * expect(retried?.retryOf).toBe(limited?.id);
 * ```
 */
export interface LoggedFault {
  kind: 'status' | 'hang' | 'drop';
  /** The status a `status` fault answered. */
  status?: number;
}

/**
 * One request as the log keeps it. Header values that hold a credential are masked
 * (`Bearer ••••`), and so are secret-named members, path parameters (the webhook token) and
 * every key the mock knows, wherever they appear.
 * @example
 * ```ts
 * await client.postChannelMessage({ embeds: [{ title: 'Deploy finished' }] });
 * const entry: LoggedRequest = mock.requests.last()!;
 * expect(entry).toMatchObject({ method: 'POST', status: 201, outcome: 'answered', retry: false });
 * expect(entry.request.headers.authorization).toBe('Bearer ••••');
 * ```
 */
export interface LoggedRequest {
  /** Increasing in the order requests arrived, unique across every log of the process. */
  id: number;
  /** ISO time the request arrived. */
  time: string;
  /** `messaging` or `warehouse`. */
  service: string;
  method: string;
  /** Path and query as sent, secrets masked. */
  path: string;
  /** The route that matched, as faults name it (`POST /api/bot/messages`); `undefined` for an unknown path. */
  route: string | undefined;
  /** `pending` until answered; `dropped` for a dropped connection; `aborted` when the client gave up first. */
  outcome: 'pending' | 'answered' | 'dropped' | 'aborted';
  /** The status answered; `null` while pending, and for a dropped or aborted request. */
  status: number | null;
  durationMs: number | null;
  fault: LoggedFault | undefined;
  /** Whether it looks like a retry of {@link LoggedRequest.retryOf}. */
  retry: boolean;
  retryOf: number | undefined;
  request: { headers: Record<string, string>; body: LoggedBody };
  /** The answer, its body cut to its first 4 KB; `undefined` while pending, dropped or aborted. */
  response: { headers: Record<string, string>; body: LoggedBody } | undefined;
}

/**
 * What a log's subscribers hear: an entry started, was answered (`finished`), learnt its body
 * and retry status after its answer (`updated`: a body the mock did not read, such as a
 * faulted upload's, is read after the answer goes out), or the log was cleared.
 * @example
 * ```ts
 * const stop = mock.requests.subscribe((event: RequestLogEvent) => {
 *   if (event.type === 'finished') console.log(event.entry.method, event.entry.path, event.entry.status);
 * });
 * stop();
 * ```
 */
export type RequestLogEvent = { type: 'started' | 'finished' | 'updated'; entry: LoggedRequest } | { type: 'cleared'; service: string };

/**
 * A request being recorded. The transport calls `answer` once the mock answered, and
 * `settle` once the request body has been read (at once when the handler read it; a
 * fault or a 401 leaves it unread, and then it is read after the answer went out). @internal
 */
export interface PendingEntry {
  readonly entry: LoggedRequest;
  answer(result: Pick<LoggedRequest, 'outcome' | 'status' | 'fault' | 'response'>): void;
  settle(body: LoggedBody, fingerprint: string): Promise<void>;
}

const RETRY_WINDOW_MS = 120_000;
let nextId = 1;

function failed(entry: LoggedRequest): boolean {
  return (
    entry.fault !== undefined ||
    entry.outcome === 'dropped' ||
    entry.outcome === 'aborted' ||
    entry.status === 429 ||
    (entry.status ?? 0) >= 500
  );
}

/**
 * The last `limit` requests a mock handled, oldest first. `mock.requests` on both mocks.
 * @example
 * ```ts
 * const mock = createWarehouseMock();
 * const client = new WarehouseClient({ baseUrl: mock.baseUrl, apiKey: mock.apiKey, warehouseId: mock.warehouseId, fetch: mock.fetch });
 * await client.inbound.list({ limit: 10 });
 * const log: RequestLog = mock.requests;
 * expect(log.all().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /api/v1/inbound?offset=0&limit=10 200']);
 * ```
 */
export class RequestLog {
  /** How many entries are kept; older ones are dropped. */
  readonly limit: number;
  readonly #service: string;
  readonly #entries: LoggedRequest[] = [];
  readonly #fingerprints = new Map<number, { fingerprint: string; endedAt: number }>();
  /**
   * The kept entries whose body was read, by fingerprint, oldest first: a request finds the one
   * it may repeat without a walk back through the whole log (which, at a full log of 1,000,
   * was a tenth of a mock server's CPU under load).
   */
  readonly #byFingerprint = new Map<string, LoggedRequest[]>();
  /** Entries whose body is still being read, with the promise that settles when it is. */
  readonly #unsettled = new Map<number, Promise<void>>();
  readonly #listeners = new Set<(event: RequestLogEvent) => void>();

  constructor(service: string, options: { limit?: number } = {}) {
    this.#service = service;
    this.limit = Math.max(0, Math.floor(options.limit ?? 1000));
  }

  get size(): number {
    return this.#entries.length;
  }

  /** Every kept entry, oldest first (a copy of the list; the entries themselves are live). */
  all(): LoggedRequest[] {
    return [...this.#entries];
  }

  /** The newest entry. */
  last(): LoggedRequest | undefined {
    return this.#entries.at(-1);
  }

  /** The entry with this {@link LoggedRequest.id}, while it is kept. */
  get(id: number): LoggedRequest | undefined {
    return this.#entries.find((entry) => entry.id === id);
  }

  /** The entries, oldest first. */
  [Symbol.iterator](): Iterator<LoggedRequest> {
    return this.all()[Symbol.iterator]();
  }

  /** Forgets every entry (a mock's `reset()` does). */
  clear(): void {
    this.#entries.length = 0;
    this.#fingerprints.clear();
    this.#byFingerprint.clear();
    this.#unsettled.clear();
    this.#emit({ type: 'cleared', service: this.#service });
  }

  /** Calls `listener` for each entry started and finished, and on clear; returns the unsubscribe. */
  subscribe(listener: (event: RequestLogEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** @internal */
  start(init: Pick<LoggedRequest, 'method' | 'path' | 'route'> & { headers: Record<string, string> }): PendingEntry | undefined {
    if (this.limit === 0) return undefined;
    const started = performance.now();
    const entry: LoggedRequest = {
      id: nextId++,
      time: new Date().toISOString(),
      service: this.#service,
      method: init.method,
      path: init.path,
      route: init.route,
      outcome: 'pending',
      status: null,
      durationMs: null,
      fault: undefined,
      retry: false,
      retryOf: undefined,
      request: { headers: init.headers, body: { kind: 'pending' } },
      response: undefined,
    };
    this.#entries.push(entry);
    while (this.#entries.length > this.limit) this.#forget(this.#entries.shift()!);
    this.#emit({ type: 'started', entry });
    let endedAt = 0;
    let settled!: () => void;
    this.#unsettled.set(entry.id, new Promise<void>((resolve) => (settled = resolve)));
    return {
      entry,
      answer: (result) => {
        endedAt = Date.now();
        Object.assign(entry, result, { durationMs: Math.round((performance.now() - started) * 10) / 10 });
        this.#emit({ type: 'finished', entry });
      },
      settle: async (body, fingerprint) => {
        entry.request.body = body;
        const startedAt = endedAt - (entry.durationMs ?? 0);
        const decide = () => {
          entry.retryOf = this.#retried(entry, fingerprint, startedAt);
          entry.retry = entry.retryOf !== undefined;
        };
        if (this.#kept(entry)) this.#remember(entry, fingerprint, endedAt);
        decide();
        this.#unsettled.delete(entry.id);
        settled();
        this.#emit({ type: 'updated', entry });
        // An earlier body still being read may show this one to be its retry: decide again then.
        const earlier = [...this.#unsettled].filter(([id]) => id < entry.id).map(([, pending]) => pending);
        if (earlier.length > 0) {
          void Promise.all(earlier).then(() => {
            const before = entry.retryOf;
            decide();
            if (entry.retryOf !== before) this.#emit({ type: 'updated', entry });
          });
        }
      },
    };
  }

  /** Whether `entry` is still in the log: entries are kept in the order of their ids, the oldest dropped first. */
  #kept(entry: LoggedRequest): boolean {
    const oldest = this.#entries[0];
    return oldest !== undefined && entry.id >= oldest.id;
  }

  /** Files a kept entry whose body was read under its fingerprint, in the order of ids (bodies may be read out of order). */
  #remember(entry: LoggedRequest, fingerprint: string, endedAt: number): void {
    this.#fingerprints.set(entry.id, { fingerprint, endedAt });
    const same = this.#byFingerprint.get(fingerprint);
    if (!same) {
      this.#byFingerprint.set(fingerprint, [entry]);
      return;
    }
    let at = same.length;
    while (at > 0 && same[at - 1]!.id > entry.id) at--;
    same.splice(at, 0, entry);
  }

  /** Drops a dropped entry from the fingerprints. */
  #forget(entry: LoggedRequest): void {
    const seen = this.#fingerprints.get(entry.id);
    if (!seen) return;
    this.#fingerprints.delete(entry.id);
    const same = this.#byFingerprint.get(seen.fingerprint)!;
    same.splice(same.indexOf(entry), 1);
    if (same.length === 0) this.#byFingerprint.delete(seen.fingerprint);
  }

  /** The id of the request this one repeats after a failure, if any (see the module comment). */
  #retried(entry: LoggedRequest, fingerprint: string, startedAt: number): number | undefined {
    // The newest earlier kept entry with the same fingerprint whose body was read.
    const same = this.#byFingerprint.get(fingerprint) ?? [];
    let at = same.length - 1;
    while (at >= 0 && same[at]!.id >= entry.id) at--;
    const earlier = same[at];
    if (!earlier) return undefined;
    const seen = this.#fingerprints.get(earlier.id)!;
    if (seen.endedAt > startedAt + 1 || startedAt - seen.endedAt > RETRY_WINDOW_MS) return undefined;
    return failed(earlier) ? earlier.id : undefined;
  }

  #emit(event: RequestLogEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A subscriber's error is its own: the mock answers regardless.
      }
    }
  }
}
