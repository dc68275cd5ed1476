/**
 * opslink/testing: stateful mocks of the messaging and warehouse services, for testing
 * code that uses opslink without a network. Each mock answers through MSW handlers, a
 * plain `fetch`, or a real local HTTP server. Re-exports only; see README.md here.
 *
 * Guide: [testing your code](../../docs/testing.md).
 * @module opslink/testing
 */

export type { LoggedBody, LoggedPart } from './kit/body-capture.js';
export { type Fault, FaultController, type FaultRule, type PendingFault } from './kit/faults.js';
export { type LoggedFault, type LoggedRequest, RequestLog, type RequestLogEvent } from './kit/request-log.js';
export type { MockRoute, RouteMatch } from './kit/routes.js';
export type { MockTransport } from './kit/transport.js';
export { createMessagingMock, type MessagingMock, type MessagingMockOptions } from './messaging/mock.js';
export type {
  MessagingMockState,
  MockAnnouncement,
  MockBot,
  MockChannel,
  MockChannelMessage,
  MockDirectChat,
  MockDirectMessage,
  MockEmployee,
  MockNotification,
  NewEmployee,
  SeedEmployees,
} from './messaging/records.js';
export type { AnnouncementResponse, ChannelMessageResponse, DirectMessageResponse, MockErrorBody } from './messaging/responses.js';
export { type MockServer, type MockServerOptions, startMockServer } from './server/start.js';
export type { CsvParse } from './warehouse/csv.js';
export { parseCsv } from './warehouse/csv.js';
export { createWarehouseMock } from './warehouse/mock.js';
export type { MockInboundPatch } from './warehouse/patch-checks.js';
export {
  type BundleItemRecord,
  INBOUND_LIST_FIELDS,
  type InboundFulfillmentType,
  type InboundOrderListItem,
  type InboundOrderRecord,
  type InboundSoldAs,
  type InboundStatus,
  type LabelFileRecord,
  type ShipmentBoxRecord,
  type ShipmentDetailRecord,
  type ShipmentFulfillmentType,
  type ShipmentListRecord,
  type ShipmentOrderRecord,
  type ShipmentServiceRecord,
  type ShipmentStatus,
  type ShipmentTagRecord,
  type ShipmentTrackingDetailRecord,
  type ShipmentTrackingRecord,
  type ShippingAddressRecord,
  type UnitServicesSummaryRecord,
} from './warehouse/records.js';
export { mockUpdateViolations, type UpdateRuleSubject } from './warehouse/rules.js';
export {
  WAREHOUSE_MOCK_DEFAULTS,
  type WarehouseMock,
  type WarehouseMockOptions,
  type WarehouseMockSettings,
  type WarehouseMockState,
} from './warehouse/types.js';
