/**
 * A `fetch` that answers from a script, one step per call, and records every request:
 * the retry tests count calls and read waits without a network.
 */
export type Step = Response | Error | ((request: Request) => Response | Promise<Response>) | 'hang';

export interface ScriptedFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  calls: Request[];
  /** `performance.now()`-free timestamps (Date.now, fake-timer aware) of each call. */
  times: number[];
}

export function scriptedFetch(...steps: Step[]): ScriptedFetch {
  const calls: Request[] = [];
  const times: number[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push(request);
    times.push(Date.now());
    const step = steps.length > 1 ? steps.shift()! : steps[0]!;
    if (step === 'hang') {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal ?? request.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(request);
    return step.clone();
  }) as ScriptedFetch;
  fn.calls = calls;
  fn.times = times;
  return fn;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** What undici throws for a reset connection. */
export function networkError(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
}

export const ORDER_ID = '3f1c2a9e-8b7d-4c6e-9a5b-1d2e3f4a5b6c';
export const BOT_KEY = 'bot_SECRET_MARKER_b0t';
export const CHANNEL_KEY = 'chan_SECRET_MARKER_ch4n';
export const API_KEY = 'wh_SECRET_MARKER_4p1';
export const WAREHOUSE_ID = 'wh-7d1e';
export const CHANNEL_ID = '0b9d7c4e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
export const WEBHOOK_TOKEN = 'tok_SECRET_MARKER_w3bh00k';
export const WEBHOOK_URL = `https://chat.example.test/prefix/api/automation/webhooks/${CHANNEL_ID}/${WEBHOOK_TOKEN}`;

/** A shipment detail with every member the SDK requires, as a warehouse server sends it. */
export const SHIPMENT_DETAIL = {
  shipment_id: ORDER_ID,
  status: 'shipped',
  created_at: '2026-11-01T10:00:00Z',
  shipped_at: '2026-11-02T10:00:00Z',
  name: 'FBA shipment 11/01/2026',
  fulfillment_type: 'fba',
  stage: null,
  notes: null,
  shipping_method: 'ground',
  shipping_address: {},
  latest_ship_date: '2026-11-05T00:00:00Z',
  total_quantity_shipped: 12,
  trackings: [],
  tags: [],
  full_name: 'Acme Co',
  orders: [],
  boxes: [],
  services: [],
  seller_central_linked: true,
  wfs_linked: false,
  unit_services_summary: {},
};

/** The rejection of `promise`; fails the test when it resolves instead. */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    (value) => {
      throw new Error(`expected a rejection, got ${String(JSON.stringify(value)).slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}
