/**
 * What the list and detail endpoints return of a stored record.
 */
import {
  INBOUND_LIST_FIELDS,
  type InboundOrderListItem,
  type InboundOrderRecord,
  SHIPMENT_LIST_FIELDS,
  type ShipmentDetailRecord,
  type ShipmentListRecord,
} from './records.js';

/** A member's own copy: an object or array cloned, a string or number as it is (a clone of each cost a page of 50 orders 750 structuredClone calls). */
function own<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

export function inboundListItem(record: InboundOrderRecord): InboundOrderListItem {
  const item: Record<string, unknown> = {};
  for (const field of INBOUND_LIST_FIELDS) item[field] = own(record[field]);
  return item as InboundOrderListItem;
}

export function shipmentListItem(record: ShipmentDetailRecord): ShipmentListRecord {
  const item: Record<string, unknown> = {};
  for (const field of SHIPMENT_LIST_FIELDS) item[field] = own(record[field]);
  item.trackings = record.trackings.map(({ tracking_number, carrier, tracking_status }) => ({ tracking_number, carrier, tracking_status }));
  return item as unknown as ShipmentListRecord;
}

export function shipmentDetail(record: ShipmentDetailRecord): ShipmentDetailRecord {
  const list = shipmentListItem(record);
  return {
    ...list,
    trackings: structuredClone(record.trackings),
    orders: structuredClone(record.orders),
    boxes: structuredClone(record.boxes),
    services: structuredClone(record.services),
    seller_central_linked: record.seller_central_linked,
    wfs_linked: record.wfs_linked,
    unit_services_summary: structuredClone(record.unit_services_summary),
  };
}
