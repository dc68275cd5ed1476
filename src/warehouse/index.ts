export * from '../core/index.js';
export { WAREHOUSE_LIMITS } from '../core/limits.js';
export { Page, type PageFetcher, PagePromise, type PageResult, type PaginationOptions } from '../core/pagination.js';
export { type CurrentOrder, checkInboundUpdate, type RuleViolation } from './check-update.js';
export { InboundOrders, type ListOptions, Shipments, type UpdateOptions, WarehouseClient, type WarehouseClientOptions } from './client.js';
export {
  inboundListParamsSchema,
  inboundOrderCreateSchema,
  inboundOrderRowSchema,
  inboundOrderUpdateSchema,
  shipmentListParamsSchema,
} from './schemas.js';
export type * from './types.js';
export { LIST_TO_UPDATE_NAMES, toInboundUpdate } from './update-patch.js';
export { FBM_SKU_PREFIX, UPDATE_RULE_MESSAGES, type UpdateRuleId, VALIDATION_FAILURE_MESSAGE } from './update-rules.js';
export { BULK_CSV_COLUMNS, CSV_LIST_SEPARATOR } from './wire-format.js';
