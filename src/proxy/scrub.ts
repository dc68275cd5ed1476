/**
 * What masks every answer the proxy passes on: the secrets of BOTH server clients, not only
 * those of the client that made the call. One backend may serve both hosts, or a service may
 * log and echo a key it was given elsewhere: a warehouse answer that shows the messaging bot
 * key or a webhook token must not hand it to a page either.
 */
import { serverSideOf } from './mount.js';
import type { Clients } from './operations.js';
import type { Service } from './routes.js';

export type Scrub = <V>(value: V) => V;

const SERVICES = ['messaging', 'warehouse'] as const;

export class Scrubbers {
  /** Each client's scrubber: first the one for the secrets it was given, then the last call's (a key function's value included). */
  readonly #known: Partial<Record<Service, Scrub>> = {};

  constructor(clients: Clients) {
    for (const service of SERVICES) {
      const redactor = serverSideOf(clients[service])?.redactor;
      if (redactor) this.#known[service] = (value) => redactor.value(value);
    }
  }

  /**
   * A call's own scrubber, once its credential is known: a key given as a function is learned
   * here, so later answers of the other service are masked of it too. The last one is kept: it
   * knows every secret the client was given besides the function's latest value.
   */
  learn(service: Service, scrub: Scrub): void {
    this.#known[service] = scrub;
  }

  /** Masks `value` of every secret known of both clients, `own` (the call's own scrubber) first. */
  all(own: Scrub | undefined): Scrub {
    const known = this.#known;
    return (value) => {
      let out = own ? own(value) : value;
      for (const service of SERVICES) {
        const scrub = known[service];
        if (scrub) out = scrub(out);
      }
      return out;
    };
  }
}
