/**
 * The OpenAPI 3.1 document of the warehouse API. Every body, parameter and enumeration comes
 * from the SDK's zod schemas (`src/warehouse/schemas.ts`, `responses.ts`, `fields.ts`) and
 * its wire format (`multipart.ts`: how each create field travels); written here are only what
 * no schema holds: paths, statuses, security, and what the document states in words.
 */
import * as z from 'zod/mini';
import { uuid } from '../../src/core/schema-kit.ts';
import { ASIN_REQUIRED_FOR } from '../../src/warehouse/fields.ts';
import { WAREHOUSE_LIMITS } from '../../src/warehouse/limits.ts';
import { fieldKinds } from '../../src/warehouse/multipart.ts';
import {
  inboundOrderSchema,
  inboundPageSchema,
  shipmentDetailSchema,
  shipmentPageSchema,
  shipmentSchema,
} from '../../src/warehouse/responses.ts';
import {
  inboundListParamsSchema,
  inboundOrderCreateObject,
  inboundOrderCreateSchema,
  inboundOrderRowSchema,
  inboundOrderUpdateSchema,
  shipmentListParamsSchema,
} from '../../src/warehouse/schemas.ts';
import { UPDATE_RULE_MESSAGES, VALIDATION_FAILURE_MESSAGE } from '../../src/warehouse/update-rules.ts';
import { CSV_LIST_SEPARATOR } from '../../src/warehouse/wire-format.ts';
import { createdOrderData, failureEnvelope, successEnvelope } from './bodies.ts';
import { ISO_DATE_TIME_PATTERN, ORDER_DATE_PATTERN, RENDERED_DATE_PATTERN } from './calendar.ts';
import { describe, type Json, jsonSchemaOf, refComponents, rule, unwrapOptional } from './schema.ts';

/** JSON Schema's `if`/`then` (a `then` member written as such reads as a thenable to the linter). */
const when = (condition: Json, consequence: Json): Json =>
  Object.fromEntries([
    ['if', condition],
    ['then', consequence],
  ]);

// The create endpoint's "required when" rules (a superRefine in schemas.ts).
rule(inboundOrderCreateSchema, {
  allOf: [
    when(
      { required: ['fulfillment_type'], properties: { fulfillment_type: { enum: [...ASIN_REQUIRED_FOR] } } },
      { required: ['asin'], properties: { asin: { minLength: 1 } } },
    ),
    when({ required: ['sold_as'], properties: { sold_as: { const: 'bundle' } } }, { required: ['units_per_pack'] }),
  ],
});
// `limit` of the inbound list: its `.check()` made a new schema, without the integer hint.
rule(unwrapOptional(inboundListParamsSchema.shape.limit), {
  type: 'integer',
  anyOf: [{ const: WAREHOUSE_LIMITS.allRecords }, { minimum: 1, maximum: WAREHOUSE_LIMITS.largestQueryNumber }],
});
// An order date (create, bulk row and update): a real calendar day, as the schema checks it.
rule(inboundOrderCreateObject.shape.date, { pattern: ORDER_DATE_PATTERN });
// A listed order's `date` ("rendered as month/day/year") and every "ISO 8601 timestamp" of a
// response: real days and times, as responses.ts checks them.
rule(inboundOrderSchema.shape.date, { pattern: RENDERED_DATE_PATTERN, description: 'Rendered as month/day/year.' });
rule(inboundOrderSchema.shape.created_at, { pattern: ISO_DATE_TIME_PATTERN });
// `data.results` holds a total under either name (the SDK reads both on both lists).
rule(inboundPageSchema.shape.results, { anyOf: [{ required: ['total'] }, { required: ['total_results'] }] });

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json) => ({ 'application/json': { schema } });
/** A schema's member, as generated. */
const member = (schema: Json, ...path: string[]): Json =>
  path.reduce((node, key) => (node.properties as Record<string, Json>)[key] as Json, schema);

const KINDS = fieldKinds(inboundOrderCreateObject.shape);

/** The single-order form: the create schema, each field as the form carries it (label files are repeated parts). */
function createForm(): Json {
  const schema = jsonSchemaOf(inboundOrderCreateSchema, 'input');
  const properties = schema.properties as Record<string, Json>;
  for (const [name, kind] of Object.entries(KINDS)) {
    if (kind === 'files') properties[name] = { type: 'array', minItems: 1, items: properties[name] };
  }
  return schema;
}

/**
 * How each multipart field travels, from the SDK's own field kinds: a list as one text part
 * per item (each named the same), a list of objects as one part of JSON text, files as one
 * part each; the bulk CSV as a text/csv part.
 */
function createEncoding(): Json {
  const encoding: Json = {};
  for (const [name, kind] of Object.entries(KINDS)) {
    if (kind === 'list') encoding[name] = { contentType: 'text/plain' };
    if (kind === 'json') encoding[name] = { contentType: 'application/json' };
    if (kind === 'files') encoding[name] = { contentType: '*/*' };
  }
  encoding.file = { contentType: 'text/csv' };
  return encoding;
}

/** The bulk CSV's columns: the row schema's members, in order (the entries' `BULK_CSV_COLUMNS`). */
const BULK_CSV_COLUMNS = Object.keys(inboundOrderRowSchema.shape) as (keyof typeof inboundOrderCreateObject.shape)[];
const REQUIRED_COLUMNS = BULK_CSV_COLUMNS.filter((name) => (inboundOrderCreateObject.shape[name]._zod.def.type as string) !== 'optional');

function bulkForm(): Json {
  return {
    type: 'object',
    properties: {
      bulk: { type: 'string', const: 'true' },
      file: {
        type: 'string',
        format: 'binary',
        description:
          `A CSV (RFC 4180, CRLF line ends) with a header row. CSV columns are not shown by the document; opslink's choice is the create form's field names: ${BULK_CSV_COLUMNS.join(', ')} ` +
          `(required: ${REQUIRED_COLUMNS.join(', ')}). Dates as MM/DD/YYYY, numbers in plain decimal, several tracking numbers in one cell joined by "${CSV_LIST_SEPARATOR}".`,
      },
    },
    required: ['bulk', 'file'],
    additionalProperties: false,
  };
}

function schemas(): Record<string, Json> {
  const bundleItems = unwrapOptional(inboundOrderCreateObject.shape.bundle_items) as { _zod: { def: { element: z.ZodMiniType } } };
  return {
    InboundOrderCreateForm: createForm(),
    InboundOrderBulkForm: bulkForm(),
    BundleItem: jsonSchemaOf(bundleItems._zod.def.element, 'input'),
    InboundOrderUpdate: jsonSchemaOf(inboundOrderUpdateSchema, 'input'),
    InboundOrder: jsonSchemaOf(inboundOrderSchema, 'output'),
    InboundOrderPage: jsonSchemaOf(inboundPageSchema, 'output'),
    Shipment: jsonSchemaOf(shipmentSchema, 'output'),
    ShipmentPage: jsonSchemaOf(shipmentPageSchema, 'output'),
    ShipmentDetail: jsonSchemaOf(shipmentDetailSchema, 'output'),
    CreatedOrder: jsonSchemaOf(createdOrderData, 'output'),
    Failure: jsonSchemaOf(failureEnvelope, 'output'),
  };
}

/** What the document states in words and no SDK schema checks: which name each list gives its total. */
function documentStatements(components: Record<string, Json>): void {
  const set = (schema: Json, path: string[], extra: Json) => Object.assign(member(schema, ...path), extra);
  const { InboundOrderPage, ShipmentPage } = components as Record<string, Json>;
  // "data.results with total, limit, offset" / "with offset, limit and total_results".
  set(InboundOrderPage as Json, ['results'], { required: ['total', 'limit', 'offset'] });
  set(ShipmentPage as Json, ['results'], { required: ['offset', 'limit', 'total_results'] });
}

const DESCRIPTIONS: Record<string, string> = {
  InboundOrderCreateForm:
    'A single order, as form fields. Numbers are written in plain decimal notation; a date as MM/DD/YYYY (the format the service renders; the accepted request format is not shown, and YYYY-MM-DD is taken too).',
  InboundOrderBulkForm: 'Bulk mode: form fields bulk=true and file (a CSV).',
  BundleItem: 'A child item of a bundle order: quantity, item_name, color, and further members (not shown), passed through as given.',
  InboundOrderUpdate:
    'Send only the fields to change; all are optional. The member names differ from those used at creation (orderNumber, brandSKU, cogs, fulfilledBy …).',
  InboundOrder: 'An inbound order as the list endpoint returns it.',
  InboundOrderPage:
    'data of the inbound list: orders, and results with total, limit and offset. (opslink also reads total_results here, the shipment list’s name.)',
  Shipment: 'A shipment as the list endpoint returns it.',
  ShipmentPage:
    'data of the shipment list: shipments, and results with offset, limit and total_results. (opslink also reads total here, the inbound list’s name.)',
  ShipmentDetail: 'A shipment with its orders, boxes, services and full tracking detail.',
  CreatedOrder: 'data of a single-order create.',
  Failure: `The failure envelope: status failed, a message, data null, and errors naming each problem. A validation failure has the message "${VALIDATION_FAILURE_MESSAGE}"`,
};

function success(description: string, data: Json): Json {
  const envelope = jsonSchemaOf(successEnvelope(z.any()), 'output');
  (envelope.properties as Json).data = data;
  return { description, content: json(envelope) };
}

const failure = (description: string, extra: Json = {}) => ({ description, ...extra, content: json(ref('Failure')) });

const RESPONSES: Record<string, Json> = {
  BadRequest: failure('Validation error; see the errors array, one string per violated rule.'),
  Unauthorized: failure('Invalid or expired credentials: status failed, message "Unauthorized.", and errors naming the cause.'),
  NotFound: failure('Not found. (Conditions are not shown by the document.)'),
  Conflict: failure('Conflict. (Conditions are not shown by the document.)'),
  TooManyRequests: failure('Too many requests: wait before retrying. No numeric thresholds are defined.', {
    headers: {
      'Retry-After': {
        description: 'When present: seconds to wait (a non-negative integer) or an HTTP date. opslink ignores any other value.',
        schema: { type: 'string', pattern: '^(\\d+|[A-Za-z]{3}, \\d{2} [A-Za-z]{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT)$' },
      },
    },
  }),
};

const r = (name: string) => ({ $ref: `#/components/responses/${name}` });
const ERRORS = {
  '400': r('BadRequest'),
  '401': r('Unauthorized'),
  '404': r('NotFound'),
  '409': r('Conflict'),
  '429': r('TooManyRequests'),
};
const WAREHOUSE_HEADER = { $ref: '#/components/parameters/WarehouseId' };

const DEFAULTS: Record<string, unknown> = {
  offset: 0,
  limit: WAREHOUSE_LIMITS.defaultPageSize,
  sort_key: 'created_at',
  sort_order: 'desc',
  lang: 'en',
};
const NOTES: Record<string, string> = {
  offset: 'Records to skip.',
  limit: `Page size. On the inbound list, ${WAREHOUSE_LIMITS.allRecords} returns all records.`,
  sort_key: 'Field to sort by.',
  fulfillment_types: 'Filter. Repeated keys: fulfillment_types=fba&fulfillment_types=fbm.',
  statuses: 'Filter. Repeated keys: statuses=picked&statuses=shipped.',
  lang: 'Language for translations. Which fields are translated: not shown.',
  shipment_id: 'Restricts to one shipment.',
};

/** One query parameter per member of a list's parameter schema; arrays as repeated keys. */
function queryParameters(schema: z.ZodMiniType): Json[] {
  const params = jsonSchemaOf(schema, 'input');
  const required = (params.required as string[] | undefined) ?? [];
  return Object.entries(params.properties as Record<string, Json>).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(NOTES[name] ? { description: NOTES[name] } : {}),
    ...(property.type === 'array' ? { style: 'form', explode: true } : {}),
    schema: name in DEFAULTS ? { ...property, default: DEFAULTS[name] } : property,
  }));
}

const pathId = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: jsonSchemaOf(uuid, 'input'),
});

const UPDATE_RULES = [
  '1. When the order status is outbound, changing fulfilledBy fails.',
  '2. For fbm orders: amazonSKU must start with PFL or be empty; listPrice must be non-zero; the seller portal must be linked.',
  '3. When sold_as is not individual: units_per_pack must be a positive integer and quantity must be divisible by it.',
  '4. For bundle orders, changing quantity synchronises the quantities of all child bundle items.',
].join('\n');

function paths(): Json {
  return {
    '/api/v1/inbound': {
      parameters: [WAREHOUSE_HEADER],
      get: {
        operationId: 'inboundList',
        tags: ['Inbound orders'],
        summary: 'List inbound orders',
        parameters: queryParameters(inboundListParamsSchema),
        responses: { '200': success('data.orders and data.results (total, limit, offset).', ref('InboundOrderPage')), ...ERRORS },
      },
      post: {
        operationId: 'inboundCreate',
        tags: ['Inbound orders'],
        summary: 'Create one inbound order (form upload) or many (CSV bulk upload)',
        description:
          'Two modes. Single order: the form fields of InboundOrderCreateForm (shipping_label_files for two-step fulfillment). Bulk mode: form fields bulk=true and file (a CSV).\n\n' +
          'How the fields travel (the document does not show it; opslink’s choice): tracking_numbers as one text part per tracking number, each named tracking_numbers; bundle_items as one part of JSON text; each shipping label file as its own part named shipping_label_files; numbers in plain decimal notation.',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { oneOf: [ref('InboundOrderCreateForm'), ref('InboundOrderBulkForm')] },
              encoding: createEncoding(),
            },
          },
        },
        responses: {
          '2XX': success(
            'Created. The success status code is not shown (the errors table lists 200; opslink accepts any 2xx). A single order: data.order_id. Bulk mode: the response body is not shown; opslink returns data as sent.',
            { anyOf: [ref('CreatedOrder'), { description: 'Bulk mode: not shown.' }] },
          ),
          ...ERRORS,
        },
      },
    },
    '/api/v1/inbound/{order_id}': {
      parameters: [WAREHOUSE_HEADER, pathId('order_id', 'The order’s id.')],
      put: {
        operationId: 'inboundUpdate',
        tags: ['Inbound orders'],
        summary: 'Update an inbound order',
        description: `Validation rules (a failure is a 400 listing each violated rule):\n${UPDATE_RULES}\n\nThe rules' messages in opslink's mock: ${Object.values(UPDATE_RULE_MESSAGES).join('; ')}.`,
        requestBody: { required: true, content: json(ref('InboundOrderUpdate')) },
        responses: { '200': success('Updated: data is null, and a message for an updated order.', { type: 'null' }), ...ERRORS },
      },
    },
    '/api/v1/shipments': {
      parameters: [WAREHOUSE_HEADER],
      get: {
        operationId: 'shipmentsList',
        tags: ['Shipments'],
        summary: 'List outbound shipments',
        parameters: queryParameters(shipmentListParamsSchema),
        responses: { '200': success('data.shipments and data.results (offset, limit, total_results).', ref('ShipmentPage')), ...ERRORS },
      },
    },
    '/api/v1/shipments/{shipment_id}': {
      parameters: [WAREHOUSE_HEADER, pathId('shipment_id', 'The shipment’s id.')],
      get: {
        operationId: 'shipmentsRetrieve',
        tags: ['Shipments'],
        summary: 'Retrieve a shipment',
        responses: {
          '200': success('data.shipment: the list fields plus the detail fields.', {
            type: 'object',
            properties: { shipment: ref('ShipmentDetail') },
            required: ['shipment'],
            additionalProperties: true,
          }),
          ...ERRORS,
        },
      },
    },
  };
}

const DESCRIPTION = [
  'Inbound orders (items sent to a warehouse) and outbound shipments. Every request is scoped to one warehouse chosen by the X-Warehouse-Id header. Every response uses the envelope { status, message, data, errors }.',
  '',
  'Generated by opslink from the zod schemas its client checks requests and reads responses with. Unknown response members are allowed (the SDK keeps them).',
  '',
  'Where the service document says "not shown", this document states opslink’s choice:',
  '- query arrays are repeated keys (style form, explode true); numbers in a query or a form are plain decimal text (12, 9.5; no exponent);',
  '- in the create form, tracking_numbers are repeated fields, bundle_items one field of JSON text, numbers plain decimals, dates MM/DD/YYYY;',
  '- the bulk CSV’s columns are the create form’s field names (see InboundOrderBulkForm);',
  '- the create’s success status is any 2xx, and the bulk response’s data is taken as sent;',
  '- the conditions of 404 and 409 are not stated;',
  '- the full sets of inbound statuses, shipping_method and tracking_status values, and the members of shipping_address and unit_services_summary are open.',
].join('\n');

export function warehouseDocument(version: string): Json {
  const components = schemas();
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'Warehouse API (Inbound Orders and Shipments)',
      version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: 'https://api.{domain}',
        description: 'The customer’s domain prefixed with api.; the paths carry the /api/v1 prefix.',
        variables: { domain: { default: 'example.com', description: 'The customer’s domain.' } },
      },
    ],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'Inbound orders', description: 'Create, list and update inbound orders.' },
      { name: 'Shipments', description: 'List and retrieve outbound shipments.' },
    ],
    paths: paths(),
    components: {
      schemas: components,
      responses: RESPONSES,
      parameters: {
        WarehouseId: {
          name: 'X-Warehouse-Id',
          in: 'header',
          required: true,
          description:
            'The warehouse the request applies to (found in the dashboard settings). Sent on every request with the API key; a missing or unknown one is answered 401.',
          schema: { type: 'string', minLength: 1 },
        },
      },
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'The header value is `ApiKey <API_KEY>` (the scheme word, a space, then the key: in generated clients set the API key prefix to "ApiKey"). Keys do not expire; they are created in the dashboard under Settings, API Keys. Every request also carries X-Warehouse-Id.',
        },
      },
    },
  };
  refComponents(document, components);
  documentStatements(components);
  describe(components, DESCRIPTIONS);
  return document;
}
