/**
 * Which fast checks each generated file holds: the request schemas the operations check
 * (read as copies: what zod's parse gives back is what is sent) and the response schemas the
 * reads check (as they are: a body that holds resolves as received), plus what the
 * warehouse's requests read off its create schema's shape without zod (each field's wire
 * kind, the bulk CSV's columns).
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
    roots: [request('readDirectMessage', 'directMessageSchema', messaging), request('readAnnouncement', 'announcementSchema', messaging)],
  },
  {
    // A file of its own, imported only by the channel message's operation (loaded by the
    // first postChannelMessage): a page that never posts to a channel carries none of it.
    path: 'src/messaging/channel-checks.generated.ts',
    roots: [
      request('readChannelMessage', 'channelMessageSchema', channel, './channel-schemas.js'),
      request('readStrictChannelMessage', 'strictChannelMessageSchema', channel, './channel-schemas.js'),
    ],
  },
  {
    path: 'src/warehouse/fast-checks.generated.ts',
    roots: [
      request('readInboundOrderCreate', 'inboundOrderCreateSchema', warehouse),
      request('readInboundOrderRow', 'inboundOrderRowSchema', warehouse),
      request('readInboundOrderUpdate', 'inboundOrderUpdateSchema', warehouse),
      request('readInboundListParams', 'inboundListParamsSchema', warehouse),
      request('readShipmentListParams', 'shipmentListParamsSchema', warehouse),
    ],
    data: [
      "/** How each field of the create form travels (`multipart.ts`, `fieldKinds`), read off the create schema's shape. */",
      `export const CREATE_FORM_KINDS: Record<string, FieldKind> = ${JSON.stringify(fieldKinds(warehouse.inboundOrderCreateObject.shape))};`,
      "/** The bulk CSV's columns, in order (`BULK_CSV_COLUMNS`). */",
      `export const CSV_COLUMNS: readonly string[] = ${JSON.stringify(warehouse.BULK_CSV_COLUMNS)};`,
    ].join('\n'),
  },
  {
    path: 'src/warehouse/body-checks.generated.ts',
    roots: [
      response('isInboundPage', 'inboundPageSchema'),
      response('isShipmentPage', 'shipmentPageSchema'),
      response('isShipmentDetailData', 'shipmentDetailDataSchema'),
      response('isCreatedOrderData', 'createdOrderDataSchema'),
    ],
  },
];

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
