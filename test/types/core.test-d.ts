/** Options, events and errors as API.md names them. */

import {
  type APIError,
  type CommonOptions,
  type Hooks,
  MessagingClient,
  type RateLimitError,
  type RequestEvent,
  type ResponseEvent,
  type RetryEvent,
} from 'opslink';
import { describe, expectTypeOf, it } from 'vitest';

describe('common options', () => {
  it('take hooks with read-only events, the gate and the deadline', () => {
    const hooks: Hooks = {
      onRequest: (e) => expectTypeOf(e).toEqualTypeOf<RequestEvent>(),
      onResponse: (e) => expectTypeOf(e.requestId).toEqualTypeOf<string | undefined>(),
      onRetry: (e) => expectTypeOf(e.delayMs).toEqualTypeOf<number>(),
    };
    const options: CommonOptions = {
      hooks,
      deadline: 2_000,
      maxConcurrency: 8,
      requestsPerSecond: 5,
      rateLimit: 'reject',
      onRateLimited: (e) => e.retryAfter,
    };
    new MessagingClient({ baseUrl: 'https://chat.example.com', ...options });
    expectTypeOf<ResponseEvent['status']>().toEqualTypeOf<number>();
    expectTypeOf<RetryEvent['reason']>().toEqualTypeOf<string>();
  });

  it('refuses values they do not take', () => {
    // @ts-expect-error rateLimit is 'wait' or 'reject'
    const rateLimit: CommonOptions = { rateLimit: 'drop' };
    // @ts-expect-error logLevel is one of the named levels
    const logLevel: CommonOptions = { logLevel: 'verbose' };
    void [rateLimit, logLevel];
  });

  it('gives errors their documented members', () => {
    expectTypeOf<APIError['requestId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<APIError['errors']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<RateLimitError['retryAfter']>().toEqualTypeOf<number | undefined>();
  });
});
