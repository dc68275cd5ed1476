/**
 * The warehouse commands but `orders import`: `orders list`, `orders update`,
 * `shipments list`, `shipments get`. Filters are the list endpoints' query members, one flag
 * each, read off the SDK's own parameter schemas; every value is checked by the SDK.
 */
import { checkValue } from '../core/validation.js';
import {
  CSV_LIST_SEPARATOR,
  checkInboundUpdate,
  INBOUND_FILTER_FULFILLMENT_TYPES,
  INBOUND_ORDER_FIELDS,
  type InboundListParams,
  type InboundOrder,
  LIST_TO_UPDATE_NAMES,
  type PagePromise,
  type PaginationOptions,
  type RequestOptions,
  RequestValidationError,
  SHIPMENT_FIELDS,
  SHIPMENT_FULFILLMENT_TYPES,
  SHIPMENT_STATUSES,
  type ShipmentListParams,
  SORT_ORDERS,
  toInboundUpdate,
  WAREHOUSE_ENV,
  WAREHOUSE_LIMITS,
  type WarehouseClient,
} from '../index.js';
import { inboundListParamsSchema, inboundOrderUpdateObject, shipmentListParamsSchema } from '../schemas.js';
import { violationIssue } from '../warehouse/check-update.js';
import { fieldKinds } from '../warehouse/multipart.js';
import { idIssues } from '../warehouse/operations.js';
import { readNumber } from '../warehouse/wire-format.js';
import { type CommandSpec, flagOf, number, type Options, type Parsed, text, texts } from './args.js';
import { type Context, WAREHOUSE_FLAGS, warehouseClient } from './context.js';
import { InputError, UsageError } from './errors.js';
import { FORMATS, formatOf, recordWriter, singleRecord } from './formats.js';
import { quoted } from './io.js';
import { didYouMean } from './suggest.js';

const WAREHOUSE_ENV_NAMES = Object.values(WAREHOUSE_ENV);

type Shape = Record<string, unknown>;

/** The query members of a list, as flags: one per member of its parameter schema. */
function queryFlags(shape: Shape, help: Record<string, string>): Options {
  const kinds = fieldKinds(shape);
  return Object.fromEntries(
    Object.keys(shape).map((member) => [
      flagOf(member),
      {
        type: 'string',
        value: kinds[member] === 'number' ? 'N' : kinds[member] === 'list' ? 'A,B' : 'VALUE',
        multiple: kinds[member] === 'list',
        help: `${help[member]} (${member})`,
      },
    ]),
  );
}

/** The list parameters the flags give, typed as the schema's members are; the SDK checks them. */
function queryOf(shape: Shape, parsed: Parsed): Record<string, unknown> {
  const kinds = fieldKinds(shape);
  const params: Record<string, unknown> = {};
  for (const member of Object.keys(shape)) {
    const flag = flagOf(member);
    if (kinds[member] === 'list') {
      const values = texts(parsed, flag).flatMap((v) => v.split(','));
      if (values.length) params[member] = values.map((v) => v.trim());
    } else if (kinds[member] === 'number') {
      const value = number(parsed, flag);
      if (value !== undefined) params[member] = value;
    } else {
      const value = text(parsed, flag);
      if (value !== undefined) params[member] = value;
    }
  }
  return params;
}

/** Issue paths of a list call named as its flags. */
function listFlags(shape: Shape): Record<string, string> {
  return { ...Object.fromEntries(Object.keys(shape).map((m) => [m, `--${flagOf(m)}`])), maxItems: '--max', concurrency: '--concurrency' };
}

/** Help of the query members both lists share, from the SDK's own enumerations and limits. */
const PAGING_HELP = {
  offset: 'records to skip',
  limit: `page size (default ${WAREHOUSE_LIMITS.defaultPageSize})`,
  sort_order: `${SORT_ORDERS.join(' or ')} (default desc)`,
};
const sortHelp = (fields: readonly string[]) => `member to sort by: ${fields.join(', ')}`;
const onlyThese = (values: readonly string[]) => `only these: ${values.join(', ')}`;

const INBOUND_QUERY_HELP: Record<keyof Required<InboundListParams>, string> = {
  ...PAGING_HELP,
  limit: `${PAGING_HELP.limit}; ${WAREHOUSE_LIMITS.allRecords}: one page of every order`,
  sort_key: sortHelp(INBOUND_ORDER_FIELDS),
  fulfillment_types: onlyThese(INBOUND_FILTER_FULFILLMENT_TYPES),
  lang: 'language of translated members (default en)',
};

const SHIPMENT_QUERY_HELP: Record<keyof Required<ShipmentListParams>, string> = {
  ...PAGING_HELP,
  sort_key: sortHelp(SHIPMENT_FIELDS),
  fulfillment_types: onlyThese(SHIPMENT_FULFILLMENT_TYPES),
  statuses: onlyThese(SHIPMENT_STATUSES),
  shipment_id: 'only this shipment',
};

const OUTPUT_FLAGS = {
  format: { type: 'string', value: 'FORMAT', help: `${FORMATS.join(', ')} (default: table on a terminal, else json)` },
  columns: { type: 'string', value: 'A,B', help: 'members to show, in order (table and csv default to a few, or all)' },
} satisfies Options;

const LIST_FLAGS = {
  max: { type: 'string', value: 'N', help: 'stop after N records' },
  concurrency: { type: 'string', value: 'N', help: 'pages fetched at once, 1 to 64 (default 1); records stay in order' },
} satisfies Options;

type Lister = (client: WarehouseClient, params: never, options: PaginationOptions & RequestOptions) => PagePromise<Record<string, unknown>>;

interface ListKind {
  noun: string;
  shape: Shape;
  fields: readonly string[];
  tableColumns: readonly string[];
  list: Lister;
}

const ORDERS: ListKind = {
  noun: 'orders',
  shape: inboundListParamsSchema.shape,
  fields: INBOUND_ORDER_FIELDS,
  tableColumns: ['order_id', 'date', 'order_number', 'item_name', 'quantity', 'fulfillment_type', 'status'],
  list: (client, params, options) => client.inbound.list(params, options) as never,
};

const SHIPMENTS: ListKind = {
  noun: 'shipments',
  shape: shipmentListParamsSchema.shape,
  fields: SHIPMENT_FIELDS,
  tableColumns: ['shipment_id', 'name', 'status', 'fulfillment_type', 'total_quantity_shipped', 'created_at'],
  list: (client, params, options) => client.shipments.list(params, options) as never,
};

/** `--columns`: members of the record, in the order given; a name that is none is a usage error, with the closest. */
function columnsOf(parsed: Parsed, fields: readonly string[]): string[] | undefined {
  const value = text(parsed, 'columns');
  if (value === undefined) return undefined;
  const columns = value.split(',').map((c) => c.trim());
  const unknown = columns.filter((c) => !fields.includes(c));
  if (unknown.length) {
    const hint = didYouMean(unknown[0]!, fields, (n) => `"${n}"`);
    throw new UsageError(
      `--columns: no member ${unknown.map((c) => quoted(c)).join(', ')}${hint || '.'} The members are ${fields.join(', ')}.`,
    );
  }
  return columns;
}

/**
 * Writes a list as it arrives, page by page: memory stays flat however long the list, and a
 * slow reader slows the fetching (backpressure). Progress counts pages and records of the total.
 */
async function exportList(ctx: Context, parsed: Parsed, kind: ListKind): Promise<void> {
  const format = formatOf(ctx, parsed);
  const client = warehouseClient(ctx, parsed);
  const picked = columnsOf(parsed, kind.fields);
  const params = queryOf(kind.shape, parsed);
  const max = number(parsed, 'max');
  const concurrency = number(parsed, 'concurrency');
  ctx.flags = { ...ctx.flags, ...listFlags(kind.shape) };
  // Everything the list call checks comes from flags: a value it refuses is a usage error.
  ctx.flagValues = true;
  const writer = recordWriter(format, {
    columns: picked ?? (format === 'table' ? kind.tableColumns : kind.fields),
    pick: picked,
    width: ctx.width,
    onHidden: (hidden) => ctx.term.info(`(${hidden.join(', ')} left out to fit ${ctx.width} columns; choose with --columns)`),
  });
  const progress = ctx.term.progress(kind.noun, { kind: 'items', name: kind.noun });
  const paging: PaginationOptions & RequestOptions = { signal: ctx.signal };
  if (max !== undefined) paging.maxItems = max;
  if (concurrency !== undefined) paging.concurrency = concurrency;
  let done = 0;
  let page = 0;
  for await (const current of kind.list(client, params as never, paging).pages()) {
    const wanted = max === undefined ? current.items : current.items.slice(0, Math.max(0, max - done));
    await ctx.out.write(writer.write(wanted));
    done += wanted.length;
    page++;
    const total = current.total === undefined ? undefined : max === undefined ? current.total : Math.min(current.total, max);
    const pages = total === undefined ? undefined : current.limit > 0 ? Math.max(1, Math.ceil(total / current.limit)) : 1;
    progress.update({ done, total, page, pages });
    if (max !== undefined && done >= max) break;
  }
  await ctx.out.write(writer.end());
  progress.done();
}

/** The command of a list: its query members as flags, the output options, the credentials. */
function listSpec(
  kind: ListKind,
  queryHelp: Record<string, string>,
  spec: Pick<CommandSpec, 'name' | 'summary' | 'description' | 'examples'>,
): CommandSpec {
  return {
    ...spec,
    options: { ...queryFlags(kind.shape, queryHelp), ...OUTPUT_FLAGS, ...LIST_FLAGS, ...WAREHOUSE_FLAGS },
    positionals: { min: 0, max: 0 },
    env: WAREHOUSE_ENV_NAMES,
  };
}

export const ordersList = listSpec(ORDERS, INBOUND_QUERY_HELP, {
  name: 'orders list',
  summary: 'List inbound orders, every page, streamed as they arrive.',
  description: [
    'Every query member of the list endpoint is a flag. CSV has every member of an order as a',
    'column (or --columns), RFC 4180, and is what `opslink orders import` reads back.',
  ].join('\n'),
  examples: ['opslink orders list --fulfillment-types fba,fbm --sort-key date --max 100 --format csv > orders.csv'],
});

export const runOrdersList = (ctx: Context, parsed: Parsed) => exportList(ctx, parsed, ORDERS);

export const shipmentsList = listSpec(SHIPMENTS, SHIPMENT_QUERY_HELP, {
  name: 'shipments list',
  summary: 'List outbound shipments, every page, streamed as they arrive.',
  description: 'Every query member of the list endpoint is a flag. In CSV, members that are objects or lists of objects are JSON text.',
  examples: ['opslink shipments list --statuses picked,shipped --format ndjson'],
});

export const runShipmentsList = (ctx: Context, parsed: Parsed) => exportList(ctx, parsed, SHIPMENTS);

export const shipmentsGet: CommandSpec = {
  name: 'shipments get',
  summary: 'One shipment in full: its orders, boxes, services and tracking.',
  usage: 'ID',
  options: { format: OUTPUT_FLAGS.format, ...WAREHOUSE_FLAGS },
  positionals: { min: 1, max: 1 },
  env: WAREHOUSE_ENV_NAMES,
  examples: [
    "id=$(opslink shipments list --max 1 --format csv --columns shipment_id | tail -n 1 | tr -d '\\r')",
    'opslink shipments get "$id" --format json',
  ],
};

export async function runShipmentsGet(ctx: Context, parsed: Parsed): Promise<void> {
  const format = formatOf(ctx, parsed);
  const client = warehouseClient(ctx, parsed);
  ctx.flags = { ...ctx.flags, shipment_id: 'ID' };
  const shipment = await client.shipments.retrieve(parsed.positionals[0]!, { signal: ctx.signal });
  await ctx.out.write(singleRecord(format, shipment, ctx.width));
}

const UPDATE_KINDS = fieldKinds(inboundOrderUpdateObject.shape);
const UPDATE_TO_LIST_NAMES: Record<string, string> = Object.fromEntries(Object.entries(LIST_TO_UPDATE_NAMES).map(([l, u]) => [u, l]));

export const ordersUpdate: CommandSpec = {
  name: 'orders update',
  summary: 'Change an inbound order: fetches it, runs the update rules on the merged state, prints the patch and every broken rule.',
  usage: 'ORDER_ID --set FIELD=VALUE…',
  description: [
    "FIELD is the update's name (orderNumber, listPrice, fulfilledBy…) or the list's (order_number,",
    `list_price, fulfillment_type…). Numbers are read as numbers; tracking numbers are split at "${CSV_LIST_SEPARATOR}",`,
    'empty entries dropped (so an empty value, or only separators, clears them). A value equal to the current one is left out of the patch.',
    'The order is found by paging through the inbound list (the service has no "get one order").',
    '',
    `Fields: ${Object.entries(LIST_TO_UPDATE_NAMES)
      .map(([l, u]) => (l === u ? u : `${u} (${l})`))
      .join(', ')}.`,
  ].join('\n'),
  options: {
    set: { type: 'string', value: 'FIELD=VALUE', multiple: true, help: 'a member to change' },
    'dry-run': { type: 'boolean', help: 'fetch the order, check the patch and print it; send nothing' },
    ...WAREHOUSE_FLAGS,
  },
  positionals: { min: 1, max: 1 },
  env: WAREHOUSE_ENV_NAMES,
  examples: [
    "id=$(opslink orders list --max 1 --format csv --columns order_id | tail -n 1 | tr -d '\\r')",
    'opslink orders update "$id" --set client_notes="Fragile" --set quantity=24 --dry-run',
  ],
};

/** Every name `--set` takes: the update's and the list's. */
const SET_NAMES = [...new Set([...Object.keys(UPDATE_KINDS), ...Object.keys(LIST_TO_UPDATE_NAMES)])];

/** A `--set` value as the update member's kind: a number, tracking numbers (empty entries dropped), or text. */
function setValue(kind: string | undefined, value: string): unknown {
  if (kind === 'number') return readNumber(value.trim()) ?? value;
  // `a;;b`, `;`, empty: no empty tracking number is ever sent; none left clears them.
  if (kind === 'list') return value.split(CSV_LIST_SEPARATOR).filter((n) => n.trim() !== '');
  return value;
}

/** The patch the `--set` flags ask for, named and typed as the update endpoint takes it. */
function patchOf(sets: string[]): Record<string, unknown> {
  if (sets.length === 0) throw new UsageError('orders update needs at least one --set FIELD=VALUE');
  const patch: Record<string, unknown> = {};
  for (const set of sets) {
    const at = set.indexOf('=');
    if (at <= 0) throw new UsageError(`--set takes FIELD=VALUE, got ${quoted(set)}`);
    const given = set.slice(0, at).trim();
    const name = (LIST_TO_UPDATE_NAMES as Record<string, string>)[given] ?? given;
    if (!(name in UPDATE_KINDS))
      throw new UsageError(
        `--set: no field ${quoted(given)}${didYouMean(given, SET_NAMES, (n) => `"${n}"`) || '.'} The fields are in \`opslink orders update --help\`.`,
      );
    if (name in patch) throw new UsageError(`--set ${given} is given twice`);
    patch[name] = setValue(UPDATE_KINDS[name], set.slice(at + 1));
  }
  return patch;
}

/** The order as the list shows it: pages through `inbound.list`, stopping at the match. */
async function findOrder(ctx: Context, client: ReturnType<typeof warehouseClient>, orderId: string): Promise<InboundOrder> {
  const progress = ctx.term.progress(`looking for ${orderId}`, { kind: 'items', name: 'orders' });
  let seen = 0;
  let page = 0;
  const wanted = orderId.toLowerCase();
  // Pages of 1,000 (five times the default): few requests, a bounded answer each, and no
  // page fetched past the one that holds the order. Newest first, as a changed order often is.
  for await (const current of client.inbound.list({ limit: FIND_PAGE_SIZE }, { signal: ctx.signal }).pages()) {
    const found = current.items.find((o) => o.order_id.toLowerCase() === wanted);
    seen += current.items.length;
    page++;
    const total = current.total;
    progress.update({ done: seen, total, page, pages: total === undefined ? undefined : Math.max(1, Math.ceil(total / FIND_PAGE_SIZE)) });
    if (found) {
      progress.done();
      return found;
    }
  }
  progress.done();
  throw new InputError(`no inbound order has order_id ${orderId} (looked through ${seen.toLocaleString('en-US')} orders)`);
}

const FIND_PAGE_SIZE = 1000;

export async function runOrdersUpdate(ctx: Context, parsed: Parsed): Promise<void> {
  const orderId = parsed.positionals[0]!;
  const asked = patchOf(texts(parsed, 'set'));
  ctx.flags = { ...ctx.flags, '': '--set' };
  const issues = [...idIssues('order_id', orderId)];
  const typed = checkValue(inboundOrderUpdateObject, asked);
  if (!typed.ok) issues.push(...typed.issues);
  if (issues.length) throw new RequestValidationError(issues, 'inbound order update');

  const client = warehouseClient(ctx, parsed);
  const current = await findOrder(ctx, client, orderId);
  const changed = Object.fromEntries(Object.entries(asked).map(([name, value]) => [UPDATE_TO_LIST_NAMES[name] ?? name, value]));
  const patch = toInboundUpdate(changed as Partial<InboundOrder>, current);
  for (const name of Object.keys(asked)) if (!(name in patch)) ctx.term.info(`${name} is already ${JSON.stringify(asked[name])}: left out`);
  await ctx.out.write(`${JSON.stringify({ order_id: current.order_id, patch }, null, 2)}\n`);

  const broken = checkInboundUpdate(patch, current);
  if (broken.length) {
    throw new RequestValidationError(broken.map(violationIssue), 'inbound order update');
  }
  if (Object.keys(patch).length === 0) return ctx.term.info('nothing to change: nothing sent');
  if (parsed.values['dry-run']) return ctx.term.info('dry run: the patch breaks no rule the SDK can check; nothing sent');
  const result = await client.inbound.update(current.order_id, patch, { current, signal: ctx.signal });
  ctx.term.info(result.message || 'updated');
}
