/**
 * What a page may ask the proxy for, one declaration per operation (named as in tracing):
 * the service it belongs to, how the page's request is read back into the input the client
 * method takes and checked as that method's pre-flight checks it, and which method of the
 * server's own client sends it. The page is not trusted: every input is checked here again.
 */
import type { RequestOptions } from '../core/options.js';
import { type Checked, checkedOr, checkValue } from '../core/validation.js';
import { type ChannelMessageInput, channelMessageSchema } from '../messaging/channel-schemas.js';
import type { MessagingClient } from '../messaging/client.js';
import { type AnnouncementInput, announcementSchema, type DirectMessageInput, directMessageSchema } from '../messaging/schemas.js';
import type { WarehouseClient } from '../warehouse/client.js';
import { checkUpdate, createBulk } from '../warehouse/inbound-writes.js';
import { decodeCreateForm, fieldKinds } from '../warehouse/multipart.js';
import {
  inboundListParamsSchema,
  inboundOrderCreateObject,
  inboundOrderCreateSchema,
  shipmentListParamsSchema,
} from '../warehouse/schemas.js';
import type { InboundListParams, InboundOrderCreate, InboundOrderUpdate, ShipmentListParams } from '../warehouse/types.js';
import { readListQuery } from '../warehouse/wire-format.js';

/**
 * The operations a page can call through the proxy, named as tracing names them. A bulk send
 * arrives as its items: `sendDirectMessages` is `sendDirectMessage`, `inbound.updateMany` is
 * `inbound.update`.
 * @example
 * ```ts
 * import { PROXY_OPERATIONS } from 'opslink/proxy';
 * const readOnly = PROXY_OPERATIONS.filter((name) => name.endsWith('.list') || name.endsWith('.retrieve'));
 * ```
 */
export const PROXY_OPERATIONS = [
  'sendDirectMessage',
  'postAnnouncement',
  'postChannelMessage',
  'inbound.create',
  'inbound.createBulk',
  'inbound.list',
  'inbound.update',
  'shipments.list',
  'shipments.retrieve',
] as const;

/**
 * One operation's name, as `allow` lists it.
 * @example
 * ```ts
 * import type { ProxyOperation } from 'opslink/proxy';
 * const allow: ProxyOperation[] = ['shipments.list', 'shipments.retrieve'];
 * ```
 */
export type ProxyOperation = (typeof PROXY_OPERATIONS)[number];

/**
 * What `authorize` is asked about: the service, the operation and its input, already checked,
 * as the client method takes it (an update is `{ order_id, patch }`, a bulk upload the CSV file,
 * a list the parameters of the one page asked, offset and limit included).
 * @example
 * ```ts
 * import type { ProxyCall } from 'opslink/proxy';
 * const authorize = (_request: Request, call: ProxyCall) =>
 *   call.operation !== 'inbound.update' || call.input.patch.fulfilledBy === undefined;
 * ```
 */
export type ProxyCall =
  | { service: 'messaging'; operation: 'sendDirectMessage'; input: DirectMessageInput }
  | { service: 'messaging'; operation: 'postAnnouncement'; input: AnnouncementInput }
  | { service: 'messaging'; operation: 'postChannelMessage'; input: ChannelMessageInput }
  | { service: 'warehouse'; operation: 'inbound.create'; input: InboundOrderCreate }
  | { service: 'warehouse'; operation: 'inbound.createBulk'; input: Blob }
  | { service: 'warehouse'; operation: 'inbound.list'; input: InboundListParams }
  | { service: 'warehouse'; operation: 'inbound.update'; input: { order_id: string; patch: InboundOrderUpdate } }
  | { service: 'warehouse'; operation: 'shipments.list'; input: ShipmentListParams }
  | { service: 'warehouse'; operation: 'shipments.retrieve'; input: string };

/** What the page sent, read: its JSON body, its multipart form, its query, and the id in its path. */
export interface Sent {
  json?: unknown;
  form?: FormData;
  query: URLSearchParams;
  id?: string;
}

/** The server's own clients, as `createProxy` was given them. */
export interface Clients {
  messaging?: MessagingClient | undefined;
  warehouse?: WarehouseClient | undefined;
}

/** How one operation is read, checked and sent. */
export interface OperationDef {
  service: 'messaging' | 'warehouse';
  method: 'GET' | 'POST' | 'PUT';
  /** The service's own path, as its document writes it (`{order_id}`: a UUID). */
  path: string;
  /** How the page sends its input: a JSON body, a multipart form, or nothing but the path and query. */
  body: 'json' | 'form' | 'none';
  /** Names the input in a 400 ("direct message"). */
  subject: string;
  /** The input as the client method takes it, or every problem; later when the check loaded a schema (the update's). */
  check(sent: Sent): Checked<unknown> | Promise<Checked<unknown>>;
  // biome-ignore lint/suspicious/noExplicitAny: each operation's input is the one its check returned.
  send(clients: Required<Clients>, input: any, options: RequestOptions): PromiseLike<unknown>;
}

const KINDS = fieldKinds(inboundOrderCreateObject.shape);

/** A bulk upload's form: `bulk=true` once and one file part, as the client writes it; its file then checked as the pre-flight checks it. */
function checkBulkForm(form: FormData | undefined): Checked<unknown> {
  const issues: { path: string[]; message: string }[] = [];
  const bulk = form?.getAll('bulk') ?? [];
  const files = form?.getAll('file') ?? [];
  if (bulk.length !== 1 || bulk[0] !== 'true') issues.push({ path: ['bulk'], message: "must be 'true', once" });
  const file = files[0];
  if (files.length !== 1 || typeof file === 'string' || file === undefined)
    issues.push({ path: ['file'], message: 'must be one file part holding the CSV' });
  for (const name of new Set(form?.keys() ?? [])) {
    if (name !== 'bulk' && name !== 'file') issues.push({ path: [name], message: 'is not a field of a bulk upload' });
  }
  return issues.length ? { ok: false, issues } : (createBulk.check as (input: unknown) => Checked<unknown>)(file);
}

const listOf = (schema: typeof inboundListParamsSchema | typeof shipmentListParamsSchema) => (sent: Sent) =>
  checkValue(schema, readListQuery(sent.query, schema.shape));

/** A messaging write: a JSON POST whose body is the method's input, checked by its schema. */
function messagingWrite(
  path: string,
  subject: string,
  schema: typeof directMessageSchema | typeof announcementSchema | typeof channelMessageSchema,
  send: OperationDef['send'],
): OperationDef {
  return { service: 'messaging', method: 'POST', path, body: 'json', subject, check: (sent) => checkValue(schema, sent.json), send };
}

/** Every operation, by name. */
export const OPERATIONS: Record<ProxyOperation, OperationDef> = {
  sendDirectMessage: messagingWrite('/api/bot/messages', 'direct message', directMessageSchema, (c, input, options) =>
    c.messaging.sendDirectMessage(input, options),
  ),
  postAnnouncement: messagingWrite('/api/bot/announcements', 'announcement', announcementSchema, (c, input, options) =>
    c.messaging.postAnnouncement(input, options),
  ),
  postChannelMessage: messagingWrite('/api/automation/messages', 'channel message', channelMessageSchema, (c, input, options) =>
    c.messaging.postChannelMessage(input, options),
  ),
  'inbound.create': {
    service: 'warehouse',
    method: 'POST',
    path: '/api/v1/inbound',
    body: 'form',
    subject: 'inbound order',
    // Decoded by the rules the client encodes with (`warehouse/multipart.ts`), as the mock decodes it.
    check: (sent) => checkValue(inboundOrderCreateSchema, decodeCreateForm(sent.form?.entries() ?? [], KINDS)),
    send: (c, input, options) => c.warehouse.inbound.create(input, options),
  },
  'inbound.createBulk': {
    service: 'warehouse',
    method: 'POST',
    path: '/api/v1/inbound',
    body: 'form',
    subject: 'bulk upload',
    check: (sent) => checkBulkForm(sent.form),
    send: (c, input, options) => c.warehouse.inbound.createBulk(input, options),
  },
  'inbound.list': {
    service: 'warehouse',
    method: 'GET',
    path: '/api/v1/inbound',
    body: 'none',
    subject: 'inbound list parameters',
    check: listOf(inboundListParamsSchema),
    // One page: the page's own client walks the list, page by page, through the proxy.
    send: (c, input, options) => c.warehouse.inbound.list(input, options),
  },
  'inbound.update': {
    service: 'warehouse',
    method: 'PUT',
    path: '/api/v1/inbound/{order_id}',
    body: 'json',
    subject: 'inbound order update',
    // The rules the patch alone decides: the page's `current` never travels (the service checks the merged order).
    check: (sent) => checkUpdate(sent.id, sent.json, undefined),
    send: (c, input: { order_id: string; patch: InboundOrderUpdate }, options) =>
      c.warehouse.inbound.update(input.order_id, input.patch, options),
  },
  'shipments.list': {
    service: 'warehouse',
    method: 'GET',
    path: '/api/v1/shipments',
    body: 'none',
    subject: 'shipment list parameters',
    check: listOf(shipmentListParamsSchema),
    send: (c, input, options) => c.warehouse.shipments.list(input, options),
  },
  'shipments.retrieve': {
    service: 'warehouse',
    method: 'GET',
    path: '/api/v1/shipments/{shipment_id}',
    body: 'none',
    subject: 'shipment id',
    // The route only matches a UUID here.
    check: (sent) => checkedOr(sent.id, []),
    send: (c, input: string, options) => c.warehouse.shipments.retrieve(input, options),
  },
};
