/**
 * opslink/warehouse: the warehouse client alone (inbound orders, shipments, CSV bulk
 * upload, update rules), with its types, limits and the errors all clients share. No zod:
 * the schemas are `opslink/schemas`.
 *
 * Guides: [warehouse orders and CSV](../../docs/warehouse.md),
 * [pages and `for await`](../../docs/pages.md).
 * @module opslink/warehouse
 */
export * from '../core/index.js';
export { type CurrentOrder, checkInboundUpdate, type RuleViolation } from './check-update.js';
export { WAREHOUSE_ENV, WarehouseClient, type WarehouseClientBaseOptions, type WarehouseClientOptions } from './client.js';
export { BULK_CSV_COLUMNS, INBOUND_ORDER_FIELDS, SHIPMENT_FIELDS } from './fast-checks.generated.js';
export * from './fields.js';
export { InboundOrders, type InboundUpdateItem, type UpdateOptions } from './inbound.js';
export { WAREHOUSE_LIMITS } from './limits.js';
export { Page, type PageResult } from './page.js';
export { PagePromise, type PaginationOptions } from './page-promise.js';
export type { ListOptions } from './pages.js';
export { Shipments } from './shipments.js';
export type * from './types.js';
export { LIST_TO_UPDATE_NAMES, toInboundUpdate } from './update-patch.js';
export { FBM_SKU_PREFIX, UPDATE_RULE_MESSAGES, type UpdateRuleId, VALIDATION_FAILURE_MESSAGE } from './update-rules.js';
export { CSV_LIST_SEPARATOR, formatOrderDate } from './wire-format.js';
