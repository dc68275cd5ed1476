/**
 * Setup of the node test project: every service mock the suite creates has its routes
 * watched (`observe.ts`), and each test ends by checking that every exchange it had with a
 * mock keeps to the OpenAPI documents in `openapi/`. So the documents, the SDK's schemas and
 * the mocks cannot part without a test saying where.
 */
import { afterAll, afterEach, expect, vi } from 'vitest';
import { settle } from './observe.ts';

vi.mock('../../src/testing/kit/transport.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/testing/kit/transport.ts')>();
  const { observeRoutes } = await import('./observe.ts');
  return {
    ...original,
    createTransport: (...[baseUrl, routes, notFound, options]: Parameters<typeof original.createTransport>) =>
      original.createTransport(baseUrl, observeRoutes(options.service, routes), notFound, options),
  };
});

async function expectNoFindings(): Promise<void> {
  expect(await settle(), 'exchanges with the mocks that break openapi/*.json').toEqual([]);
}

// A test that sends 100,000 tracking numbers leaves a large form to judge.
afterEach(expectNoFindings, 60_000);
afterAll(expectNoFindings, 60_000);
