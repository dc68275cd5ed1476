/**
 * opslink: typed clients for the messaging API and the warehouse API.
 * `opslink/messaging` and `opslink/warehouse` hold one client each; `opslink/testing`
 * holds mocks of both services.
 * @module opslink
 */
export * from './core/index.js';
// The root alone: a bundle of one client's entry carries no journal.
export { memoryJournal } from './core/memory-journal.js';
export * from './messaging/index.js';
export * from './warehouse/index.js';
