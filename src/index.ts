/**
 * opslink: typed clients for the messaging API and the warehouse API.
 * `opslink/messaging` and `opslink/warehouse` hold one client each; `opslink/testing`
 * holds mocks of both services.
 * @module opslink
 */
export * from './core/index.js';
export * from './messaging/index.js';
export * from './warehouse/index.js';
