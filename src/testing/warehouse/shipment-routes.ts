/**
 * The shipment endpoints: list and retrieve.
 */
import { UUID } from '../kit/common.js';
import type { RouteMatch } from '../kit/routes.js';
import { failure, invalid, success } from './envelope.js';
import { page, parseListQuery } from './list-query.js';
import { SHIPMENT_FULFILLMENT_TYPES, SHIPMENT_LIST_FIELDS, SHIPMENT_STATUSES } from './records.js';
import { type ShipmentListField, sortShipments } from './sort.js';
import type { WarehouseStore } from './state.js';
import { shipmentDetail, shipmentListItem } from './views.js';

type Handler = (match: RouteMatch) => Response | Promise<Response>;

export function shipmentRoutes(store: WarehouseStore): { list: Handler; retrieve: Handler } {
  const { state } = store;

  function list({ url }: RouteMatch): Response {
    const query = parseListQuery(url.searchParams, {
      sortFields: SHIPMENT_LIST_FIELDS,
      allowAll: false,
      arrays: { fulfillment_types: SHIPMENT_FULFILLMENT_TYPES, statuses: SHIPMENT_STATUSES },
      extraScalars: ['shipment_id'],
    });
    if (Array.isArray(query)) return invalid(query);
    const shipmentId = query.scalars.get('shipment_id');
    if (shipmentId !== undefined && !UUID.test(shipmentId)) return invalid(['shipment_id must be a UUID']);
    const types = query.arrays.get('fulfillment_types');
    const statuses = query.arrays.get('statuses');
    const matching = state.shipments.filter(
      (s) =>
        (!types || types.includes(s.fulfillment_type)) &&
        (!statuses || statuses.includes(s.status)) &&
        (shipmentId === undefined || s.shipment_id.toLowerCase() === shipmentId.toLowerCase()),
    );
    const sorted = sortShipments(matching, query.sortKey as ShipmentListField, query.sortOrder);
    const shipments = page(sorted, query).map(shipmentListItem);
    return success('Shipments retrieved.', {
      shipments,
      results: { offset: query.offset, limit: query.limit, total_results: matching.length },
    });
  }

  function retrieve({ params }: RouteMatch): Response {
    const id = params[0]!;
    if (!UUID.test(id)) return invalid(['shipment_id must be a UUID']);
    const shipment = state.shipments.find((s) => s.shipment_id.toLowerCase() === id.toLowerCase());
    if (!shipment) return failure(404, 'Shipment not found.', [`no shipment has shipment_id ${id}`]);
    return success('Shipment retrieved.', { shipment: shipmentDetail(shipment) });
  }

  return { list, retrieve };
}
