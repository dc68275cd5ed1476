/**
 * The shipment endpoints: list and retrieve.
 */
import { shipmentListParamsSchema } from '../../warehouse/schemas.js';
import { UUID } from '../kit/common.js';
import type { RouteMatch } from '../kit/routes.js';
import { failure, invalid, success } from './envelope.js';
import { page, parseListQuery } from './list-query.js';
import { type ShipmentListField, sortShipments } from './sort.js';
import type { WarehouseStore } from './state.js';
import { shipmentDetail, shipmentListItem } from './views.js';

type Handler = (match: RouteMatch) => Response | Promise<Response>;

export function shipmentRoutes(store: WarehouseStore): { list: Handler; retrieve: Handler } {
  const { state } = store;

  function list({ url }: RouteMatch): Response {
    const query = parseListQuery(url.searchParams, shipmentListParamsSchema);
    if (Array.isArray(query)) return invalid(query);
    const shipmentId = query.filters.shipment_id as string | undefined;
    const types = query.filters.fulfillment_types as string[] | undefined;
    const statuses = query.filters.statuses as string[] | undefined;
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
