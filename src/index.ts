/**
 * opslink: typed clients for the messaging API and the warehouse API.
 * `opslink/messaging` and `opslink/warehouse` hold one client each; `opslink/testing`
 * holds mocks of both services.
 *
 * The guides: [sending messages and embeds](../docs/messaging.md),
 * [warehouse orders and CSV](../docs/warehouse.md), [pages and `for await`](../docs/pages.md),
 * [errors, retries and reading responses](../docs/errors.md),
 * [checks before sending](../docs/validation.md), [client options](../docs/options.md),
 * [rate limits and deadlines](../docs/rate-limits.md), [bulk sends and journals](../docs/bulk.md),
 * [browser apps](../docs/browser-apps.md), [testing your code](../docs/testing.md),
 * [the command line](../docs/cli.md), [tracing](../docs/tracing.md),
 * [runtimes and bundlers](../docs/runtimes.md), [assumptions](../docs/assumptions.md).
 * @module opslink
 */
export * from './core/index.js';
// The root alone: a bundle of one client's entry carries no journal.
export { memoryJournal } from './core/memory-journal.js';
export * from './messaging/index.js';
export * from './warehouse/index.js';
