/**
 * zod only when it is needed: a page that sends valid direct messages, or lists and creates
 * inbound orders, loads no zod and no schema module (the generated fast checks vouch for its
 * input and for the service's answers); the schemas arrive by a dynamic import, with zod,
 * when an input is refused or an answer breaks its document, and then say what they said
 * before, naming the caller's line in the error's stack.
 */
import { describe, expect, it } from 'vitest';
import { MessagingClient, RequestValidationError, WarehouseClient } from '../../src/index.js';
import { createMessagingMock, createWarehouseMock } from '../../src/testing/index.js';
import { pageChunks } from '../support/page-chunks.js';

const ZOD_OR_SCHEMAS = /node_modules\/zod\/|schema-kit\.ts|\/schemas\.ts|warehouse\/responses\.ts/;

describe("a page's bundle", () => {
  it('that sends a direct message loads neither zod nor a schema until one is needed', async () => {
    const page = await pageChunks(
      `import { MessagingClient } from 'opslink/messaging';
       const messaging = MessagingClient.viaProxy('/opslink');
       export const send = (email, body) => messaging.sendDirectMessage({ to: { email }, body });`,
    );
    expect(page.initial.modules.filter((m) => ZOD_OR_SCHEMAS.test(m))).toEqual([]);
    expect(page.lazy.modules).toEqual(expect.arrayContaining(['src/messaging/schemas.ts', expect.stringMatching(/node_modules\/zod\//)]));
  });

  it('that lists and creates inbound orders loads neither zod nor a schema until one is needed', async () => {
    const page = await pageChunks(
      `import { WarehouseClient } from 'opslink/warehouse';
       const warehouse = WarehouseClient.viaProxy('/opslink');
       export const list = () => warehouse.inbound.list({ limit: 50 });
       export const create = (order) => warehouse.inbound.create(order);`,
    );
    expect(page.initial.modules.filter((m) => ZOD_OR_SCHEMAS.test(m))).toEqual([]);
    expect(page.lazy.modules).toEqual(
      expect.arrayContaining(['src/warehouse/schemas.ts', 'src/warehouse/responses.ts', expect.stringMatching(/node_modules\/zod\//)]),
    );
  });
});

describe('an input the fast check cannot vouch for', () => {
  const mock = createMessagingMock();
  const client = new MessagingClient({ baseUrl: mock.baseUrl, botKey: mock.botKey, fetch: mock.fetch });

  it('is refused by its schema, every problem named, with the caller’s line in the stack', async () => {
    const notifyStaff = () => client.sendDirectMessage({ to: { email: '', userId: 'x' } as unknown as { email: string }, body: '' });
    const error = (await notifyStaff().catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['to.userId', 'to.email', 'to', 'body']);
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
    const error = (await Promise.resolve(listLost()).catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.issues).toEqual([{ path: ['statuses', 0], message: expect.stringMatching(/^must be one of /) }]);
    expect(error.stack).toContain('listLost');
  });
});
