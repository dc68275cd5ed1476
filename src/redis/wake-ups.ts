/**
 * How a store's waiting requests hear that a slot is theirs: one connection per store (the
 * user's client duplicated), subscribed to one channel per client of a gate, opened the first
 * time a request has to wait, closed with the user's client.
 *
 * Why publish/subscribe, not a list the waiters block on nor keyspace notifications: a
 * subscribed connection is told for free (no command per wake-up), so a request costs two
 * commands however long it waits, while a blocking pop costs a command per wake-up on a
 * connection per waiter; and keyspace notifications must be switched on in Redis's own
 * configuration, which many managed Redis services do not allow. What publish/subscribe
 * does not do is keep a message for a connection that was down: the script that grants a
 * slot sees that nobody received it and passes over that waiter, and a waiter whose
 * connection came back (or that heard nothing for long) asks Redis where it stands. A
 * channel is relied on only once a greeting published on it has been heard.
 */
import { type Connection, inTime, type Listener } from './connection.js';

export class WakeUps {
  readonly #connection: Connection;
  #opening: Promise<Listener> | undefined;
  #closed = false;
  /** The channels subscribed, and those asked for (each is subscribed once, whoever asks again). */
  readonly #channels = new Set<string>();
  readonly #asked = new Map<string, Promise<void>>();
  readonly #onReady = new Set<() => void>();
  /** The listening connection is up (it was lost, and not ready again, when false). */
  #up = true;

  readonly #timeout: number;

  constructor(connection: Connection, timeout: number) {
    this.#connection = connection;
    this.#timeout = timeout;
  }

  /** Whether `channel` is subscribed: its requests may join the queue and wait to be told. */
  listening(channel: string): boolean {
    return this.#channels.has(channel);
  }

  /** Whether `channel` is subscribed and its connection up now: a message sent now reaches it. */
  hearing(channel: string): boolean {
    return this.#up && this.#channels.has(channel);
  }

  /**
   * Subscribes `channel` (opening the connection first), then says so through `listening`;
   * `onReady` is called whenever the connection is back after a loss. A failure (a Redis
   * that refuses SUBSCRIBE, a client that cannot duplicate) leaves the requests asking again
   * as they did before, and is not retried.
   */
  listen(channel: string, onMessage: (message: string) => void, onReady: () => void): Promise<void> {
    let asked = this.#asked.get(channel);
    if (!asked) {
      this.#opening ??= this.#open();
      asked = this.#opening.then(async (listener) => {
        await this.#hears(listener, channel, onMessage);
        this.#onReady.add(onReady);
        if (!this.#closed) this.#channels.add(channel);
      });
      this.#asked.set(channel, asked);
    }
    return asked;
  }

  /**
   * Subscribes `channel`, then publishes a greeting on it and waits for it to arrive: a
   * subscription that cannot hear its channel (a cluster client that subscribes on another
   * node than the channel's) must not be relied on, or waiters would wait for nothing.
   */
  async #hears(listener: Listener, channel: string, onMessage: (message: string) => void): Promise<void> {
    let heard: () => void = () => {};
    const greeting = `hello ${globalThis.crypto.randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    await listener.subscribe(channel, (message) => (message === greeting ? heard() : onMessage(message)));
    const publish = this.#connection.cluster ? 'SPUBLISH' : 'PUBLISH';
    await inTime(
      this.#connection.command([publish, channel, greeting], channel).then(() => arrived),
      this.#timeout,
    );
  }

  async #open(): Promise<Listener> {
    // Closed with the user's client, so this connection never keeps their process alive: one
    // still connecting when the client ends too (heard before it connects, closed once it has;
    // it was left open, and a fleet's worker that quit its client then never exited).
    let opened: Listener | undefined;
    this.#connection.onEnd(() => {
      this.#closed = true;
      this.#channels.clear();
      opened?.close();
    });
    const listener = await this.#connection.listener();
    opened = listener;
    if (this.#closed) listener.close();
    listener.onReady(() => {
      this.#up = true;
      for (const callback of this.#onReady) callback();
    });
    listener.onLost(() => {
      this.#up = false;
    });
    return listener;
  }
}
