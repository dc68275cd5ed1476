/**
 * A server for both services written from the two service documents alone (`shared/spec`),
 * not from the SDK or its mocks (nothing here imports `src/`): real HTTP on 127.0.0.1, a free
 * port, the documented paths, headers, envelopes and members.
 *
 * `drift: true` answers the way real services drift while staying usable: a lifecycle
 * timestamp left `null` before the event (`shipped_at`), a `rate_id` of `null`, numbers sent
 * as text, enumeration values the document does not list, extra members, timestamps with an
 * offset and fractional seconds, `null` for lists a create may leave out, and same-origin
 * redirects (301 for a read to its trailing-slash variant, 308 for a write).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

const uuid = (kind: number, n: number) => `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CREATE_TYPES = ['fba', 'fbm', 'wfs', 'two-step', 'shopify'];
const SHIPMENT_STATUSES = ['working', 'requested', 'picking', 'picked', 'shipped'];
const SHIPMENT_TYPES = ['fba', 'fbm', 'manual', 'wfs', 'shopify'];
const UPDATE_NAMES: Record<string, string> = {
  orderNumber: 'order_number',
  itemName: 'item_name',
  brandSKU: 'brand_sku',
  amazonSKU: 'amazon_sku',
  cogs: 'unit_cost',
  listPrice: 'list_price',
  notes: 'client_notes',
  fulfilledBy: 'fulfillment_type',
  trackingNumbers: 'tracking_numbers',
};

/** "Rendered as month/day/year in responses"; the create form's date is read as MM/DD/YYYY or YYYY-MM-DD. */
function renderDate(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : text;
}

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 9, 30)).toISOString().replace('.000', '');

function seedOrders(count: number): Json[] {
  return Array.from({ length: count }, (_, i) => ({
    order_id: uuid(1, i + 1),
    date: `10/${String((i % 28) + 1).padStart(2, '0')}/2026`,
    retailer: ['Target', 'Walmart', 'Costco'][i % 3],
    order_number: `PO-${1000 + i}`,
    item_name: `Desk lamp ${i}`,
    color: ['black', 'white'][i % 2],
    brand_sku: `LAMP-${i}`,
    size: 'M',
    quantity: 12 + i,
    asin: `B0000000${String(i).padStart(2, '0')}`,
    amazon_sku: `PFL-${i}`,
    unit_cost: 9.5,
    list_price: 24.99,
    client_notes: i % 4 === 0 ? 'Fragile' : null,
    fulfillment_type: CREATE_TYPES[i % CREATE_TYPES.length],
    sold_as: 'individual',
    units_per_pack: 1,
    upc: null,
    tracking_numbers: i % 3 === 0 ? [] : [`1Z999AA1${String(i).padStart(8, '0')}`],
    status: i % 5 === 0 ? 'outbound' : 'inbound',
    created_at: day(i),
  }));
}

function seedShipments(count: number, orders: Json[]): Json[] {
  return Array.from({ length: count }, (_, i) => {
    const status = SHIPMENT_STATUSES[i % SHIPMENT_STATUSES.length]!;
    const shipped = status === 'shipped';
    return {
      shipment_id: uuid(2, i + 1),
      status,
      created_at: day(i),
      shipped_at: day(i + 3),
      name: `Shipment ${i + 1}`,
      fulfillment_type: SHIPMENT_TYPES[i % SHIPMENT_TYPES.length],
      stage: shipped ? 'delivered' : null,
      notes: null,
      shipping_method: 'ground',
      shipping_address: { line1: '1 Dock Rd', city: 'Reno', country: 'US' },
      latest_ship_date: day(i + 5),
      total_quantity_shipped: shipped ? 12 : 0,
      trackings: shipped ? [{ tracking_number: `1Z${i}`, carrier: 'UPS', tracking_status: 'delivered' }] : [],
      tags: [{ tag: 'priority', value: i % 2 ? 'high' : 'normal' }],
      full_name: 'Acme Goods',
      // Detail members.
      orders: orders.slice(i, i + 2).map((o) => ({
        order_id: o.order_id,
        item_name: o.item_name,
        quantity_shipped: 2,
        asin: o.asin,
        amazon_sku: o.amazon_sku,
        sold_as: o.sold_as,
        units_per_pack: 1,
      })),
      boxes: [{ box_id: `box-${i}`, name: 'Small', quantity: 1, price_per_unit: 1.5 }],
      services: [{ service_id: `svc-${i}`, name: 'Labeling', quantity: 12, price_per_unit: 0.25 }],
      seller_central_linked: i % 2 === 0,
      wfs_linked: false,
      unit_services_summary: { labeling: 12 },
      detail_trackings: shipped
        ? [
            {
              tracking_id: `trk-${i}`,
              tracking_number: `1Z${i}`,
              carrier: 'UPS',
              tracking_status: 'delivered',
              rate_id: `rate-${i}`,
              created_at: day(i + 3),
            },
          ]
        : [],
    };
  });
}

const LIST_MEMBERS = [
  'shipment_id',
  'status',
  'created_at',
  'shipped_at',
  'name',
  'fulfillment_type',
  'stage',
  'notes',
  'shipping_method',
  'shipping_address',
  'latest_ship_date',
  'total_quantity_shipped',
  'trackings',
  'tags',
  'full_name',
];

/** `2026-10-01T09:30:00Z` as a service two hours east with milliseconds writes it. */
const offsetForm = (iso: unknown) =>
  typeof iso === 'string' ? new Date(Date.parse(iso) + 7_200_000).toISOString().replace('Z', '+02:00').replace(/\.\d+/, '.250') : iso;

/** An inbound order as the drifting service sends it. */
function driftOrder(order: Json, i: number): Json {
  return {
    ...order,
    quantity: String(order.quantity),
    fulfillment_type: i === 1 ? 'tiktok' : order.fulfillment_type,
    asin: order.fulfillment_type === 'wfs' ? null : order.asin,
    tracking_numbers: (order.tracking_numbers as string[]).length ? order.tracking_numbers : null,
    created_at: offsetForm(order.created_at),
    warehouse_zone: 'B7',
  };
}

function listShipment(shipment: Json): Json {
  return Object.fromEntries(LIST_MEMBERS.map((k) => [k, shipment[k]]));
}

/** A shipment (list or detail) as the drifting service sends it. */
function driftShipment(shipment: Json, i: number, detail: boolean): Json {
  const out: Json = {
    ...shipment,
    status: i === 2 ? 'cancelled' : shipment.status,
    shipped_at: shipment.status === 'shipped' ? offsetForm(shipment.shipped_at) : null,
    fulfillment_type: i === 3 ? 'tiktok' : shipment.fulfillment_type,
    total_quantity_shipped: String(shipment.total_quantity_shipped),
    latest_ship_date: offsetForm(shipment.latest_ship_date),
    tags: i % 2 ? null : shipment.tags,
    carrier_account: { id: 'acct-1' },
  };
  if (detail) {
    out.trackings = (shipment.trackings as Json[]).map((t) => ({ ...t, rate_id: null, label_url: null }));
    out.orders = (shipment.orders as Json[]).map((o) => ({ ...o, units_per_pack: '1' }));
  }
  return out;
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows.filter((r) => r.some((x) => x !== ''));
}

/** The create form's required fields and rules, as the document's table gives them. */
function createProblems(form: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const field of [
    'date',
    'retailer',
    'order_number',
    'item_name',
    'color',
    'brand_sku',
    'quantity',
    'unit_cost',
    'list_price',
    'fulfillment_type',
  ]) {
    if (!form[field]) problems.push(`${field} is required`);
  }
  if (form.quantity && !/^\d+$/.test(form.quantity)) problems.push('quantity must be an integer');
  if (form.fulfillment_type && !CREATE_TYPES.includes(form.fulfillment_type)) problems.push('fulfillment_type is invalid');
  if (['fba', 'fbm'].includes(form.fulfillment_type ?? '') && !form.asin) problems.push('asin is required for fba and fbm');
  if (form.sold_as === 'bundle' && !form.units_per_pack) problems.push('units_per_pack is required when sold_as is bundle');
  return problems;
}

export interface DocumentServer {
  /** `http://127.0.0.1:port`: the messaging base URL, and the warehouse's (with or without `/api/v1`). */
  url: string;
  botKey: string;
  channelKey: string;
  channelId: string;
  webhookUrl: string;
  apiKey: string;
  warehouseId: string;
  employeeEmail: string;
  orders: Json[];
  shipments: Json[];
  requests: Received[];
  close(): Promise<void>;
}

export async function startDocumentServer(options: { drift?: boolean; orders?: number; shipments?: number } = {}): Promise<DocumentServer> {
  const drift = options.drift === true;
  const keys = { bot: 'bot-key-doc-1', channel: 'chan-key-doc-1', channelId: uuid(9, 1), api: 'wh-key-doc-1', warehouse: 'wh-doc-1' };
  const employees = ['ana@example.com', 'ben@example.com'];
  const orders = seedOrders(options.orders ?? 25);
  const shipments = seedShipments(options.shipments ?? 12, orders);
  const requests: Received[] = [];
  let created = 0;

  /** Answers `body` as JSON; true, for the handlers that say they answered. */
  const send = (res: ServerResponse, status: number, body: unknown): true => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
    return true;
  };
  const envelope = (res: ServerResponse, status: number, message: string, data: unknown, errors: string[] | null = null) =>
    send(res, status, { status: errors ? 'failed' : 'success', message, data: errors ? null : data, errors });

  async function body(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
  async function json(req: IncomingMessage): Promise<Json | undefined> {
    try {
      const parsed: unknown = JSON.parse((await body(req)).toString('utf8'));
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : undefined;
    } catch {
      return undefined;
    }
  }

  function createdMessage(text: unknown): Json {
    created++;
    const createdAt = new Date(Date.UTC(2026, 10, 25, 10, 0, created)).toISOString();
    return drift
      ? { id: 5000 + created, chat_id: 'c1', body: text, createdAt: offsetForm(createdAt), delivered: null }
      : { id: uuid(3, created), body: text, createdAt };
  }

  async function messaging(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const bearer = req.headers.authorization;
    const hook = /^\/api\/automation\/webhooks\/([^/]+)\/([^/]+)$/.exec(path);
    if (!hook && !['/api/bot/messages', '/api/bot/announcements', '/api/automation/messages'].includes(path)) return false;
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    const key = path.startsWith('/api/bot/') ? keys.bot : keys.channel;
    const authorized = hook ? hook[1] === keys.channelId && decodeURIComponent(hook[2]!) === keys.channel : bearer === `Bearer ${key}`;
    if (!authorized) return send(res, 401, { error: 'unauthorized' });
    const input = await json(req);
    if (!input) return send(res, 400, { error: 'the body must be a JSON object' });
    if (path === '/api/bot/messages') {
      const to = (input.to ?? {}) as Json;
      const email = typeof to.email === 'string' ? to.email.toLowerCase() : undefined;
      if (Object.keys(to).length !== 1 || typeof input.body !== 'string' || !input.body) return send(res, 400, { error: 'invalid' });
      if (to.email !== undefined && !employees.includes(email ?? '')) return send(res, 404, { error: 'no employee matches' });
      return send(res, 201, createdMessage(input.body));
    }
    if (path === '/api/bot/announcements') {
      if (typeof input.title !== 'string' || typeof input.body !== 'string') return send(res, 400, { error: 'invalid' });
      const createdAt = new Date(Date.UTC(2026, 10, 25, 10)).toISOString();
      const announcement = drift
        ? {
            id: 7001,
            title: input.title,
            body: input.body,
            createdAt: offsetForm(createdAt),
            createdBy: null,
            likes_count: '0',
            comments: 0,
            read_count: 0,
          }
        : { id: uuid(4, 1), title: input.title, body: input.body, createdAt, createdBy: 'Ops Bot', likeCount: 0, commentCount: 0 };
      return send(res, 201, announcement);
    }
    if (input.content === undefined && input.embeds === undefined) return send(res, 400, { error: 'neither content nor embeds present' });
    return send(res, 201, createdMessage(input.content ?? ''));
  }

  function page(res: ServerResponse, url: URL, rows: Json[], itemsName: string, totalName: string, allowAll: boolean) {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 200);
    const sortKey = url.searchParams.get('sort_key') ?? 'created_at';
    const direction = url.searchParams.get('sort_order') === 'asc' ? 1 : -1;
    const sorted = [...rows].sort((a, b) => direction * String(a[sortKey]).localeCompare(String(b[sortKey])));
    const items = allowAll && limit === -1 ? sorted : sorted.slice(offset, offset + limit);
    const results = { offset, limit: drift ? String(limit) : limit, [totalName]: rows.length };
    return envelope(res, 200, 'Records retrieved successfully.', { [itemsName]: items, results });
  }

  const filtered = (rows: Json[], url: URL, query: string, member: string) => {
    const wanted = url.searchParams.getAll(query).flatMap((v) => v.split(','));
    return wanted.length ? rows.filter((r) => wanted.includes(String(r[member]))) : rows;
  };

  async function warehouse(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> {
    if (!path.startsWith('/api/v1/')) return false;
    if (req.headers.authorization !== `ApiKey ${keys.api}` || req.headers['x-warehouse-id'] !== keys.warehouse) {
      return envelope(res, 401, 'Unauthorized.', null, ['invalid or missing API key or warehouse id']);
    }
    const shown = (o: Json, i: number) => (drift ? driftOrder(o, i) : o);
    if (path === '/api/v1/inbound' && req.method === 'GET') {
      const rows = filtered(orders, url, 'fulfillment_types', 'fulfillment_type').map((o) => shown(o, orders.indexOf(o)));
      return page(res, url, rows, 'orders', 'total', true);
    }
    if (path === '/api/v1/inbound' && req.method === 'POST') {
      const form = await new Request(url, {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(await body(req)),
      }).formData();
      const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : '');
      const fields = (record: Record<string, string>, tracking: string[]) => ({
        ...record,
        order_id: uuid(1, orders.length + 1),
        date: renderDate(record.date ?? ''),
        quantity: Number(record.quantity),
        unit_cost: Number(record.unit_cost),
        list_price: Number(record.list_price),
        units_per_pack: Number(record.units_per_pack || 1),
        sold_as: record.sold_as || 'individual',
        // A create may leave these out: the letter's service lists them as empty text, the drifting one as null.
        size: record.size || (drift ? null : ''),
        asin: record.asin || (drift ? null : ''),
        amazon_sku: record.amazon_sku || (drift ? null : ''),
        client_notes: record.client_notes || null,
        upc: record.upc || null,
        tracking_numbers: tracking,
        status: 'inbound',
        created_at: new Date().toISOString(),
      });
      if (text('bulk') === 'true') {
        const file = form.get('file');
        if (!(file instanceof Blob))
          return envelope(res, 400, 'An error occurred while processing the request.', null, ['file is required']);
        const [header = [], ...rows] = parseCsv(await file.text());
        for (const row of rows) {
          const record = Object.fromEntries(header.map((h, i) => [h, row[i] ?? '']));
          const problems = createProblems(record);
          if (problems.length) return envelope(res, 400, 'An error occurred while processing the request.', null, problems);
          orders.push(fields(record, (record.tracking_numbers ?? '').split(';').filter(Boolean)));
        }
        return envelope(
          res,
          drift ? 201 : 200,
          'Bulk upload processed.',
          drift ? { created: String(rows.length) } : { created: rows.length },
        );
      }
      const record = Object.fromEntries([...form.keys()].map((k) => [k, text(k)]));
      const problems = createProblems(record);
      if (problems.length) return envelope(res, 400, 'An error occurred while processing the request.', null, problems);
      const order = fields(record, form.getAll('tracking_numbers').map(String));
      orders.push(order);
      const data = drift ? { order_id: order.order_id, created_at: offsetForm(order.created_at) } : { order_id: order.order_id };
      return envelope(res, drift ? 201 : 200, 'Inbound order created successfully.', data);
    }
    const update = /^\/api\/v1\/inbound\/([^/]+)$/.exec(path);
    if (update && req.method === 'PUT') {
      const order = orders.find((o) => o.order_id === update[1]);
      if (!order) return envelope(res, 404, 'Not found.', null, ['no such order']);
      const patch = await json(req);
      if (!patch) return envelope(res, 400, 'An error occurred while processing the request.', null, ['the body must be JSON']);
      if (order.status === 'outbound' && patch.fulfilledBy !== undefined && patch.fulfilledBy !== order.fulfillment_type) {
        return envelope(res, 400, 'An error occurred while processing the request.', null, ['fulfilledBy cannot be changed once shipped']);
      }
      for (const [name, value] of Object.entries(patch)) order[UPDATE_NAMES[name] ?? name] = value;
      return envelope(res, 200, 'Inbound order updated successfully.', null);
    }
    if (path === '/api/v1/shipments' && req.method === 'GET') {
      let rows = filtered(filtered(shipments, url, 'statuses', 'status'), url, 'fulfillment_types', 'fulfillment_type');
      const one = url.searchParams.get('shipment_id');
      if (one) rows = rows.filter((s) => s.shipment_id === one);
      const listed = rows.map((s) => listShipment(drift ? driftShipment(s, shipments.indexOf(s), false) : s));
      return page(res, url, listed, 'shipments', 'total_results', false);
    }
    const detail = /^\/api\/v1\/shipments\/([^/]+)$/.exec(path);
    if (detail && req.method === 'GET') {
      const index = shipments.findIndex((s) => s.shipment_id === detail[1]);
      if (index < 0) return envelope(res, 404, 'Not found.', null, ['no such shipment']);
      const { detail_trackings, ...rest } = shipments[index]!;
      const full = { ...rest, trackings: detail_trackings };
      return envelope(res, 200, 'Shipment retrieved successfully.', { shipment: drift ? driftShipment(full, index, true) : full });
    }
    return envelope(res, 404, 'Not found.', null, ['no such endpoint']);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
    try {
      // The drifting service normalises paths to a trailing slash: a read moved for good (301), a write re-sent as is (308).
      if (drift && !url.pathname.endsWith('/')) {
        res.writeHead(req.method === 'GET' ? 301 : 308, { location: `${url.pathname}/${url.search}`, 'content-length': 0 });
        return void res.end();
      }
      const path = url.pathname.replace(/\/+$/, '');
      if ((await messaging(req, res, path)) || (await warehouse(req, res, url, path))) return;
      send(res, 404, { error: 'not found' });
    } catch (error) {
      send(res, 500, { error: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    botKey: keys.bot,
    channelKey: keys.channel,
    channelId: keys.channelId,
    webhookUrl: `${base}/api/automation/webhooks/${keys.channelId}/${keys.channel}`,
    apiKey: keys.api,
    warehouseId: keys.warehouse,
    employeeEmail: employees[0]!,
    orders,
    shipments,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
