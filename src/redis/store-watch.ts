/**
 * While the requests of a client wait in the store's queue to be told, nothing else asks the
 * store anything, so a store that fell silent would go unnoticed. The watch asks it (a PING)
 * every quarter of its timeout, and says it is silent once a ping has gone unanswered for the
 * timeout, as an acquire is: never sooner (a slow store is not a silent one), and within a
 * quarter timeout more of its falling silent. (Asked once per timeout, a store that stopped
 * just after an answer went unnoticed for twice the timeout.) One ping at a time, one watch a
 * client: a command per quarter timeout while requests wait, not one a request.
 */

/** The watch asks this many times per timeout. */
const ASKS_PER_TIMEOUT = 4;

export class StoreWatch {
  readonly #timeout: number;
  readonly #needed: () => boolean;
  readonly #silent: (error: unknown) => void;
  #running = false;
  /** Ends the watch that runs, if one does. */
  #end: (() => void) | undefined;

  /** `needed`: whether requests still wait (the watch ends when none do); `silent`: the store did not answer in time, or its ping failed. */
  constructor(timeout: number, needed: () => boolean, silent: (error: unknown) => void) {
    this.#timeout = timeout;
    this.#needed = needed;
    this.#silent = silent;
  }

  /**
   * Ends the watch now (the client fell back, as a silent ping or an acquire found): a ping
   * still pending is of no account, and the next `start` watches afresh.
   */
  stop(): void {
    this.#end?.();
  }

  /** Watches with `ping` until no request waits (the store has just answered: the first ping goes a quarter timeout from now). Once at a time. */
  start(ping: () => Promise<unknown>): void {
    if (this.#running) return;
    this.#running = true;
    let live = true;
    /** When the ping still unanswered was sent; `undefined` when none is. */
    let asked: number | undefined;
    /** Ends this watch; with `silence`, says why the store is taken for silent (a ping that failed with `undefined` too). */
    const stop = (silence?: { error: unknown }) => {
      live = false;
      this.#running = false;
      this.#end = undefined;
      if (silence) this.#silent(silence.error);
    };
    this.#end = () => stop();
    const beat = () => {
      if (!live) return;
      if (!this.#needed()) return stop();
      const now = performance.now();
      if (asked !== undefined && now - asked >= this.#timeout)
        return stop({ error: new Error(`Redis did not answer within ${this.#timeout} ms`) });
      if (asked === undefined) {
        const sent = now;
        asked = sent;
        ping().then(
          () => {
            if (asked === sent) asked = undefined;
          },
          (error: unknown) => live && stop({ error }),
        );
      }
      schedule(Math.min(this.#timeout / ASKS_PER_TIMEOUT, asked + this.#timeout - now));
    };
    const schedule = (ms: number) => {
      const timer = setTimeout(beat, Math.max(1, ms));
      // The watch alone must not keep a process alive (Node, Deno, Bun timers have unref).
      (timer as { unref?: () => void }).unref?.();
    };
    schedule(this.#timeout / ASKS_PER_TIMEOUT);
  }
}
