/**
 * opslink/testing: stateful mocks of the messaging and warehouse services, for testing
 * code that uses opslink without a network. Each mock answers through MSW handlers, a
 * plain `fetch`, or a real local HTTP server.
 */

export * from './messaging-mock.js';
export {
  type Fault,
  FaultController,
  type FaultRule,
  type MockRoute,
  type MockTransport,
  type RouteMatch,
} from './mock-kit.js';
export { type MockServer, type MockServerOptions, startMockServer } from './server.js';
export * from './warehouse-mock.js';
export { INBOUND_LIST_FIELDS } from './warehouse-seed.js';
