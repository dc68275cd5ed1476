/**
 * No zod in a page: `opslink`, `opslink/messaging` and `opslink/warehouse` hold no zod schema
 * and import no module that builds one, not even on demand, so a page that sends direct
 * messages, or lists and creates inbound orders, loads neither zod nor a schema module, with
 * valid input or not (esbuild keeps a dynamic import's target whole: evanw/esbuild#3704). A
 * refusal is worded at once by the generated checks, in the words and at the paths the
 * schemas give, naming the caller's line; the schemas are `opslink/schemas`.
 */
import { describe, expect, it } from 'vitest';
import * as root from '../../src/index.js';
import * as messagingEntry from '../../src/messaging/index.js';
import * as schemas from '../../src/schemas.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';
import * as warehouseEntry from '../../src/warehouse/index.js';
import { pageChunks } from '../support/page-chunks.js';

const { MessagingClient, RequestValidationError, WarehouseClient } = root;
const ZOD_OR_SCHEMAS = /node_modules\/zod\/|schema-kit\.ts|\/schemas\.ts|warehouse\/responses\.ts|messaging\/channel-schemas\.ts/;

/** The exports of an entry that are zod schemas (a value holding zod's `_zod`). */
const zodValues = (entry: Record<string, unknown>) =>
  Object.entries(entry).flatMap(([name, value]) => (value !== null && typeof value === 'object' && '_zod' in value ? [name] : []));

describe('the entries', () => {
  it('opslink, opslink/messaging and opslink/warehouse export no zod schema', () => {
    expect(zodValues(root)).toEqual([]);
    expect(zodValues(messagingEntry)).toEqual([]);
    expect(zodValues(warehouseEntry)).toEqual([]);
  });

  it('opslink/schemas exports every zod schema API.md names, and nothing else', () => {
    expect(Object.keys(schemas).sort()).toEqual(
      [
        'announcementSchema',
        'channelMessageSchema',
        'directMessageSchema',
        'embedSchema',
        'inboundListParamsSchema',
        'inboundOrderCreateObject',
        'inboundOrderCreateSchema',
        'inboundOrderRowSchema',
        'inboundOrderSchema',
        'inboundOrderUpdateObject',
        'inboundOrderUpdateSchema',
        'shipmentDetailSchema',
        'shipmentListParamsSchema',
        'shipmentSchema',
        'strictChannelMessageSchema',
        'strictEmbedSchema',
      ].sort(),
    );
    expect(zodValues(schemas).sort()).toEqual(Object.keys(schemas).sort());
  });
});

describe("a page's bundle", () => {
  it('that sends direct messages and posts to a channel holds neither zod nor a schema, at first or on demand', async () => {
    const page = await pageChunks(
      `import { MessagingClient } from 'opslink/messaging';
       const messaging = MessagingClient.viaProxy('/opslink');
       export const send = (email, body) => messaging.sendDirectMessage({ to: { email }, body });
       export const post = (content) => messaging.postChannelMessage({ content });`,
    );
    expect([...page.initial.modules, ...page.lazy.modules].filter((m) => ZOD_OR_SCHEMAS.test(m))).toEqual([]);
  });

  it('that lists, creates, updates and uploads inbound orders holds neither zod nor a schema, at first or on demand', async () => {
    const page = await pageChunks(
      `import { MessagingClient, WarehouseClient } from 'opslink';
       const warehouse = WarehouseClient.viaProxy('/opslink');
       export const list = () => warehouse.inbound.list({ limit: 50 });
       export const create = (order) => warehouse.inbound.create(order);
       export const update = (id, patch) => warehouse.inbound.update(id, patch);
       export const upload = (rows) => warehouse.inbound.createBulk(rows);
       export const shipment = (id) => warehouse.shipments.retrieve(id);
       export const messaging = MessagingClient.viaProxy('/opslink');`,
    );
    expect([...page.initial.modules, ...page.lazy.modules].filter((m) => ZOD_OR_SCHEMAS.test(m))).toEqual([]);
  });
});

describe('a refused input', () => {
  const mock = createMessagingMock();
  const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });

  it('is refused at once, every problem named as the schema names it, with the caller’s line in the stack', async () => {
    const input = { to: { email: '', userId: 'x' } as unknown as { email: string }, body: '' };
    const notifyStaff = () => client.sendDirectMessage(input);
    const error = (await notifyStaff().catch((e: unknown) => e)) as InstanceType<typeof RequestValidationError>;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toEqual([
      { path: ['to', 'userId'], message: 'must be a UUID (8-4-4-4-12 hexadecimal)' },
      { path: ['to', 'email'], message: 'must not be empty' },
      { path: ['to'], message: 'must hold exactly one of userId, phoneNumber or email' },
      { path: ['body'], message: 'must not be empty' },
    ]);
    expect(schemas.directMessageSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      error.issues.map((issue) => issue.path.join('.')),
    );
    expect(error.stack?.split('\n')[0]).toMatch(/^RequestValidationError: /);
    expect(error.stack).toContain('notifyStaff');
    expect(mock.state.directMessages).toHaveLength(0);
  });

  it('in a list’s parameters, rejects the list before any page is asked for, naming the caller', async () => {
    const warehouse = createWarehouseMock();
    const w = new WarehouseClient({
      baseUrl: warehouse.baseUrl,
      apiKey: warehouse.apiKey,
      warehouseId: warehouse.warehouseId,
      fetch: warehouse.fetch,
    });
    const listLost = () => w.shipments.list({ statuses: ['lost' as 'shipped'] });
    const error = (await Promise.resolve(listLost()).catch((e: unknown) => e)) as InstanceType<typeof RequestValidationError>;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toEqual([{ path: ['statuses', 0], message: expect.stringMatching(/^must be one of /) }]);
    expect(error.stack).toContain('listLost');
  });
});
