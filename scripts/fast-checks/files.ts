/**
 * Which generated checks each generated file holds: the request schemas the operations check
 * (read as copies: what zod's parse gives back is what is sent) and the response schemas the
 * reads check (as they are: a body that holds resolves as received), plus what the
 * warehouse's requests and entries read off its schemas' shapes without zod (each field's wire
 * kind, the bulk CSV's columns, the member names of listed orders and shipments).
 */
import type * as z from 'zod/mini';
import * as coreChecks from '../../src/core/checks.ts';
import * as kit from '../../src/core/fast-checks.ts';
import * as text from '../../src/core/text.ts';
import * as urlText from '../../src/core/url-text.ts';
import * as dates from '../../src/internal/dates.ts';
import * as path from '../../src/internal/path.ts';
import * as channel from '../../src/messaging/channel-schemas.ts';
import * as messagingRules from '../../src/messaging/rules.ts';
import * as messaging from '../../src/messaging/schemas.ts';
import * as warehouseChecks from '../../src/warehouse/checks.ts';
import { fieldKinds } from '../../src/warehouse/multipart.ts';
import * as responses from '../../src/warehouse/responses.ts';
import * as warehouse from '../../src/warehouse/schemas.ts';
import * as wireFormat from '../../src/warehouse/wire-format.ts';
import type { ExportIndex } from './emit.ts';

/** One fast check: its export's name, the schema (and the name its module exports it by), how it reads. */
export interface Root {
  name: string;
  schema: z.ZodMiniType;
  schemaName: string;
  from: string;
  output: 'copy' | 'as-is';
}

export interface FileSpec {
  /** Path from the repository's root. */
  path: string;
  roots: Root[];
  /** Further constants, as source text. */
  data?: string;
}

const request = (name: string, schemaName: string, module: Record<string, unknown>, from = './schemas.js'): Root => ({
  name,
  schema: module[schemaName] as z.ZodMiniType,
  schemaName,
  from,
  output: 'copy',
});
const response = (name: string, schemaName: string): Root => ({
  name,
  schema: (responses as Record<string, unknown>)[schemaName] as z.ZodMiniType,
  schemaName,
  from: './responses.js',
  output: 'as-is',
});

export const FILES: FileSpec[] = [
  {
    path: 'src/messaging/fast-checks.generated.ts',
    roots: [request('checkDirectMessage', 'directMessageSchema', messaging), request('checkAnnouncement', 'announcementSchema', messaging)],
  },
  {
    // A file of its own, imported only by the channel message's operation (loaded by the
    // first postChannelMessage): a page that never posts to a channel carries none of it.
    path: 'src/messaging/channel-checks.generated.ts',
    roots: [
      request('checkChannelMessage', 'channelMessageSchema', channel, './channel-schemas.js'),
      request('checkStrictChannelMessage', 'strictChannelMessageSchema', channel, './channel-schemas.js'),
    ],
  },
  {
    path: 'src/warehouse/fast-checks.generated.ts',
    roots: [
      request('checkInboundOrderCreate', 'inboundOrderCreateSchema', warehouse),
      request('checkInboundOrderRow', 'inboundOrderRowSchema', warehouse),
      request('checkInboundOrderUpdate', 'inboundOrderUpdateSchema', warehouse),
      request('checkInboundListParams', 'inboundListParamsSchema', warehouse),
      request('checkShipmentListParams', 'shipmentListParamsSchema', warehouse),
    ],
    data: [
      "/** How each field of the create form travels (`multipart.ts`, `fieldKinds`), read off the create schema's shape. */",
      `export const CREATE_FORM_KINDS: Record<string, FieldKind> = ${JSON.stringify(fieldKinds(warehouse.inboundOrderCreateObject.shape))};`,
      names(
        'BULK_CSV_COLUMNS',
        Object.keys(warehouse.inboundOrderRowSchema.shape),
        `Columns of the bulk-upload CSV, in order: the create form's order fields (\`inboundOrderRowSchema\`'s members). The document
 * does not show them; these are the create endpoint's own field names.
 * @example
 * \`\`\`ts
 * const header = BULK_CSV_COLUMNS.join(','); // date,retailer,order_number,…
 * \`\`\``,
      ),
      names(
        'INBOUND_ORDER_FIELDS',
        Object.keys(responses.inboundOrderSchema.shape),
        `Member names of a listed inbound order, in the document's order (the \`sort_key\` values, the CSV export's columns).
 * @example
 * \`\`\`ts
 * const header = INBOUND_ORDER_FIELDS.join(','); // order_id,date,retailer,…
 * \`\`\``,
      ),
      names(
        'SHIPMENT_FIELDS',
        Object.keys(responses.shipmentSchema.shape),
        `Member names of a listed shipment, in the document's order.
 * @example
 * \`\`\`ts
 * const columns = SHIPMENT_FIELDS.filter((name) => name !== 'shipping_address');
 * \`\`\``,
      ),
    ].join('\n'),
  },
  {
    path: 'src/warehouse/body-checks.generated.ts',
    roots: [
      response('checkInboundPage', 'inboundPageSchema'),
      response('checkShipmentPage', 'shipmentPageSchema'),
      response('checkShipmentDetailData', 'shipmentDetailDataSchema'),
      response('checkCreatedOrderData', 'createdOrderDataSchema'),
    ],
  },
];

/** A list of member names as an exported constant, typed by its names, with its documentation. */
function names(name: string, keys: string[], doc: string): string {
  return `/**\n * ${doc}\n */\nexport const ${name}: (${keys.map((k) => JSON.stringify(k)).join(' | ')})[] = ${JSON.stringify(keys)};`;
}

/** The modules without zod whose exports a check may call, by path under src/. */
const PLAIN_MODULES: Record<string, Record<string, unknown>> = {
  'core/checks.ts': coreChecks,
  'core/fast-checks.ts': kit,
  'core/text.ts': text,
  'core/url-text.ts': urlText,
  'internal/dates.ts': dates,
  'internal/path.ts': path,
  'messaging/rules.ts': messagingRules,
  'warehouse/checks.ts': warehouseChecks,
  'warehouse/wire-format.ts': wireFormat,
};

/** Every function those modules export, by identity: where a noted plain function is imported from. */
export function exportIndex(): ExportIndex {
  const index: ExportIndex = new Map();
  for (const [module, exports] of Object.entries(PLAIN_MODULES)) {
    for (const [name, value] of Object.entries(exports))
      if (typeof value === 'function' && !index.has(value)) index.set(value, { module, name });
  }
  return index;
}
