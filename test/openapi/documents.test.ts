/**
 * The OpenAPI documents in `openapi/`: valid OpenAPI 3.1 by an independent validator, the
 * same as a fresh build from the schemas, every schema in them sound under Ajv's strict
 * mode, and every limit and enumeration of the SDK's tables stated where it applies.
 */
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildDocuments } from '../../scripts/openapi/index.ts';
import { MESSAGING_LIMITS } from '../../src/messaging/limits.js';
import { INBOUND_ORDER_FIELDS, SHIPMENT_FIELDS } from '../../src/warehouse/fast-checks.generated.js';
import {
  CREATE_FULFILLMENT_TYPES,
  CREATE_SOLD_AS,
  FULFILLMENT_TYPES,
  INBOUND_FILTER_FULFILLMENT_TYPES,
  SHIPMENT_FULFILLMENT_TYPES,
  SHIPMENT_STATUSES,
  SOLD_AS_VALUES,
  SORT_ORDERS,
} from '../../src/warehouse/fields.js';
import { WAREHOUSE_LIMITS } from '../../src/warehouse/limits.js';
import { loadDocument, OpenApiDocument, type Service } from './contract.ts';

type Json = Record<string, unknown>;
const SERVICES: Service[] = ['messaging', 'warehouse'];

/** Every place a schema sits in an OpenAPI document, as a JSON pointer. */
function schemaPointers(document: Json): string[] {
  const pointers: string[] = [];
  const walk = (node: unknown, pointer: string, key: string | undefined) => {
    if (node === null || typeof node !== 'object') return;
    if (key === 'schema' || (pointer.startsWith('#/components/schemas/') && pointer.split('/').length === 4)) {
      pointers.push(pointer);
      return;
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`, k);
  };
  walk(document, '#', undefined);
  return pointers;
}

describe.each(SERVICES)('openapi/%s.json', (service) => {
  const document = loadDocument(service);

  it('is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is what a fresh build of the schemas writes (run `npm run openapi` after changing a schema)', () => {
    const fresh = buildDocuments()[`${service}.json`];
    expect(readFileSync(new URL(`../../openapi/${service}.json`, import.meta.url), 'utf8')).toBe(fresh);
  });

  it('holds only sound JSON Schema: each schema compiles under Ajv 2020 with unknown keywords refused', () => {
    const ajv = new Ajv2020({ strictSchema: true, strictTypes: false, strictTuples: true, allowMatchingProperties: true });
    // OpenAPI's own formats, and the document's own members (only schemas are compiled).
    for (const format of ['uuid', 'uri', 'date-time', 'binary', 'password']) ajv.addFormat(format, true);
    for (const keyword of ['openapi', 'info', 'servers', 'paths', 'components', 'tags', 'security']) ajv.addKeyword(keyword);
    ajv.addSchema(document, 'document');
    const pointers = schemaPointers(document);
    expect(pointers.length).toBeGreaterThan(10);
    for (const pointer of pointers) expect(() => ajv.compile({ $ref: `document${pointer}` }), pointer).not.toThrow();
  });

  it('names every operation once, each with a summary and documented failure statuses', () => {
    const { operations } = new OpenApiDocument(service, document);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
    for (const op of operations) expect(op.statuses.filter((s) => s.startsWith('4')).length, op.id).toBeGreaterThan(0);
  });
});

describe('openapi/messaging.json', () => {
  const document = new OpenApiDocument('messaging');
  const schemas = document.at<Record<string, Json>>('#/components/schemas');
  const REQUESTS: Record<string, string> = {
    directMessage: 'DirectMessageRequest',
    announcement: 'AnnouncementRequest',
    channelMessage: 'ChannelMessageRequest',
    embed: 'Embed',
  };

  it.each(Object.entries(MESSAGING_LIMITS))('states the limit %s where it applies', (_, row) => {
    const member = row.path.reduce<Json>(
      (schema, key) => document.resolve((schema.properties as Record<string, Json>)[key]),
      schemas[REQUESTS[row.request]!]!,
    );
    const [min, max] =
      row.unit === 'characters' ? ['minLength', 'maxLength'] : row.unit === 'items' ? ['minItems', 'maxItems'] : ['minimum', 'maximum'];
    expect(member[max]).toBe(row.max);
    expect(member[min]).toBe('min' in row ? row.min : undefined);
  });

  it('takes a bot key, a channel key, or the webhook path token (marked secret)', () => {
    expect(document.at('#/components/securitySchemes')).toEqual({
      botKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      channelKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const ops = Object.fromEntries(
      document.operations.map((op) => [op.id, document.at<Json>(`#/paths/${op.template.replaceAll('/', '~1')}`)]),
    );
    expect((ops.sendDirectMessage!.post as Json).security).toEqual([{ botKey: [] }]);
    expect((ops.postAnnouncement!.post as Json).security).toEqual([{ botKey: [] }]);
    expect((ops.postChannelMessage!.post as Json).security).toEqual([{ channelKey: [] }]);
    expect((ops.postWebhookMessage!.post as Json).security).toEqual([]);
    const token = (ops.postWebhookMessage!.parameters as Json[]).find((p) => p.name === 'token')!;
    expect(token).toMatchObject({
      in: 'path',
      required: true,
      schema: { format: 'password' },
      description: expect.stringMatching(/^SECRET/),
    });
  });
});

describe('openapi/warehouse.json', () => {
  const document = new OpenApiDocument('warehouse');
  const schema = (name: string) => document.at<Json>(`#/components/schemas/${name}`);
  const property = (name: string, member: string) => document.resolve<Json>((schema(name).properties as Record<string, Json>)[member]);
  const parameter = (template: string, name: string) => {
    const op = document.at<Json>(`#/paths/${template.replaceAll('/', '~1')}/get`);
    return (op.parameters as Json[]).find((p) => p.name === name)!;
  };

  it('states every enumeration of fields.ts where it applies', () => {
    expect(property('InboundOrderCreateForm', 'fulfillment_type').enum).toEqual([...CREATE_FULFILLMENT_TYPES]);
    expect(property('InboundOrderCreateForm', 'sold_as').enum).toEqual([...CREATE_SOLD_AS]);
    expect(property('InboundOrderUpdate', 'fulfilledBy').enum).toEqual([...FULFILLMENT_TYPES]);
    expect(property('InboundOrderUpdate', 'sold_as').enum).toEqual([...SOLD_AS_VALUES]);
    expect(property('InboundOrder', 'fulfillment_type').enum).toEqual([...FULFILLMENT_TYPES]);
    expect(property('Shipment', 'status').enum).toEqual([...SHIPMENT_STATUSES]);
    expect(property('Shipment', 'fulfillment_type').enum).toEqual([...SHIPMENT_FULFILLMENT_TYPES]);
    expect(parameter('/api/v1/inbound', 'fulfillment_types')).toMatchObject({
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { enum: [...INBOUND_FILTER_FULFILLMENT_TYPES] } },
    });
    expect(parameter('/api/v1/shipments', 'fulfillment_types').schema).toMatchObject({ items: { enum: [...SHIPMENT_FULFILLMENT_TYPES] } });
    expect(parameter('/api/v1/shipments', 'statuses').schema).toMatchObject({ items: { enum: [...SHIPMENT_STATUSES] } });
    expect(parameter('/api/v1/inbound', 'sort_key').schema).toMatchObject({ enum: INBOUND_ORDER_FIELDS, default: 'created_at' });
    expect(parameter('/api/v1/shipments', 'sort_key').schema).toMatchObject({ enum: SHIPMENT_FIELDS, default: 'created_at' });
    for (const list of ['/api/v1/inbound', '/api/v1/shipments']) {
      expect(parameter(list, 'sort_order').schema).toMatchObject({ enum: [...SORT_ORDERS], default: 'desc' });
    }
  });

  it('states the paging limits: limit defaults to 200, -1 (inbound only) returns every record, offset from 0, both safe integers', () => {
    expect(parameter('/api/v1/inbound', 'limit').schema).toEqual({
      type: 'integer',
      anyOf: [{ const: WAREHOUSE_LIMITS.allRecords }, { minimum: 1, maximum: WAREHOUSE_LIMITS.largestQueryNumber }],
      default: WAREHOUSE_LIMITS.defaultPageSize,
    });
    expect(parameter('/api/v1/shipments', 'limit').schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: WAREHOUSE_LIMITS.largestQueryNumber,
      default: WAREHOUSE_LIMITS.defaultPageSize,
    });
    for (const list of ['/api/v1/inbound', '/api/v1/shipments']) {
      expect(parameter(list, 'offset').schema).toEqual({
        type: 'integer',
        minimum: 0,
        maximum: WAREHOUSE_LIMITS.largestQueryNumber,
        default: 0,
      });
    }
  });

  it('takes Authorization: ApiKey <key> and a required X-Warehouse-Id header on every operation', () => {
    expect(document.document.security).toEqual([{ ApiKey: [] }]);
    expect(document.at('#/components/securitySchemes/ApiKey')).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    for (const op of document.operations) {
      const item = document.at<Json>(`#/paths/${op.template.replaceAll('/', '~1')}`);
      expect(item.parameters, op.id).toContainEqual({ $ref: '#/components/parameters/WarehouseId' });
    }
    expect(document.at('#/components/parameters/WarehouseId')).toMatchObject({ name: 'X-Warehouse-Id', in: 'header', required: true });
  });

  it('describes the create form: repeated tracking_numbers, bundle_items as JSON, label files, and the bulk mode', () => {
    const media = document.at<Json>('#/paths/~1api~1v1~1inbound/post/requestBody/content/multipart~1form-data');
    expect(media.encoding).toEqual({
      tracking_numbers: { contentType: 'text/plain' },
      bundle_items: { contentType: 'application/json' },
      shipping_label_files: { contentType: '*/*' },
      file: { contentType: 'text/csv' },
    });
    expect(media.schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/InboundOrderCreateForm' }, { $ref: '#/components/schemas/InboundOrderBulkForm' }],
    });
    expect(schema('InboundOrderBulkForm')).toMatchObject({ required: ['bulk', 'file'], properties: { bulk: { const: 'true' } } });
  });

  it('answers 429 with a Retry-After header, and every failure with the failure envelope', () => {
    expect(document.at('#/components/responses/TooManyRequests/headers/Retry-After/schema')).toMatchObject({ type: 'string' });
    for (const name of ['BadRequest', 'Unauthorized', 'NotFound', 'Conflict', 'TooManyRequests']) {
      expect(document.at(`#/components/responses/${name}/content/application~1json/schema`)).toEqual({
        $ref: '#/components/schemas/Failure',
      });
    }
  });
});
