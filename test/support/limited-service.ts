/**
 * A messaging service with a rate limit, on 127.0.0.1, for the fleet tests: a token bucket of
 * `rate` requests a second (`burst` banked) in front of the messaging mock; a request beyond it
 * is answered 429 with `Retry-After` in whole seconds and takes no token, as API gateways do.
 * `injectAt` answers that arrival 429 (`Retry-After: 1`) whatever the bucket holds, so every
 * run has a pause to check. It records each request's arrival, answer and the most in flight.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { createMessagingMock } from '../../src/testing/index.js';

export interface Arrival {
  /** Ms since the epoch when the request arrived, and when its answer was written. */
  at: number;
  answeredAt: number;
  status: number;
  /** The Retry-After of a 429, in ms. */
  retryAfterMs?: number;
}

export interface LimitedServiceOptions {
  rate: number;
  burst: number;
  /** Ms each answered request takes. */
  latencyMs: number;
  /**
   * Ms a 429 takes (0 if not given): the gateway answers at once, but its answer still crosses
   * a network. On loopback with none, a quiet machine answers each 429 before the next
   * request arrives, and requests that go out together are never seen in flight together.
   */
  limitedLatencyMs?: number;
  /** The arrival (0-based) answered 429 with Retry-After: 1 whatever the bucket holds. */
  injectAt?: number;
}

export interface LimitedService {
  url: string;
  botKey: string;
  email: string;
  arrivals: Arrival[];
  mostInFlight: number;
  /** Forgets what was recorded and refills the bucket, for the next run. */
  reset(): void;
  close(): Promise<void>;
}

export async function startLimitedService(options: LimitedServiceOptions): Promise<LimitedService> {
  const mock = createMessagingMock();
  let tokens = options.burst;
  let filledAt = performance.now();
  let inFlight = 0;
  const take = (): number => {
    const now = performance.now();
    tokens = Math.min(options.burst, tokens + ((now - filledAt) / 1000) * options.rate);
    filledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - tokens) / options.rate)) * 1000;
  };
  const service: LimitedService = {
    url: '',
    botKey: mock.botKey,
    email: mock.employees.first.email,
    arrivals: [],
    mostInFlight: 0,
    reset() {
      service.arrivals = [];
      service.mostInFlight = 0;
      tokens = options.burst;
      filledAt = performance.now();
      mock.reset();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = async (req: IncomingMessage, arrival: Arrival): Promise<{ status: number; headers: Headers; body: string }> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const injected = service.arrivals.length - 1 === options.injectAt;
    const retryAfterMs = injected ? 1000 : take();
    if (retryAfterMs) {
      arrival.retryAfterMs = retryAfterMs;
      if (options.limitedLatencyMs) await new Promise((resolve) => setTimeout(resolve, options.limitedLatencyMs));
      const headers = new Headers({ 'content-type': 'application/json', 'retry-after': String(retryAfterMs / 1000) });
      return { status: 429, headers, body: JSON.stringify({ status: 'error', message: 'Too many requests', data: null, errors: null }) };
    }
    await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const headers = new Headers(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const response = await mock.fetch(`${mock.baseUrl}${req.url}`, { method: req.method, headers, body: body || undefined });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  const server = createServer(async (req, res) => {
    const arrival: Arrival = { at: Date.now(), answeredAt: 0, status: 0 };
    service.arrivals.push(arrival);
    service.mostInFlight = Math.max(service.mostInFlight, ++inFlight);
    const { status, headers, body } = await answer(req, arrival);
    arrival.status = status;
    res.writeHead(status, { ...Object.fromEntries(headers), 'content-length': Buffer.byteLength(body) });
    // In flight until the answer is written: the client's slot is held at least that long.
    arrival.answeredAt = Date.now();
    inFlight--;
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return service;
}
