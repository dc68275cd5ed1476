import type { APIPromise } from '../core/api-promise.js';
import { type ClientContext, runOperation } from '../core/operation.js';
import type { RequestOptions } from '../core/options.js';
import { listShipments, retrieveShipment } from './operations.js';
import type { PagePromise } from './page-promise.js';
import { type ListOptions, listPages } from './pages.js';
import type { Shipment, ShipmentDetail, ShipmentListParams } from './types.js';

/**
 * `shipments.*`: outbound shipments, with their orders, boxes, services and tracking. List
 * them with pagination and retrieve one in full. Reached as {@link WarehouseClient.shipments};
 * not constructed directly.
 * @example
 * ```ts
 * const first = await warehouse.shipments.list({ statuses: ['shipped'], limit: 20 });
 * const detail = await warehouse.shipments.retrieve(first.items[0]!.shipment_id);
 * console.log(detail.orders.map((o) => o.item_name));
 * ```
 */
export class Shipments {
  readonly #context: ClientContext;

  /** @internal */
  constructor(context: ClientContext) {
    this.#context = context;
  }

  /**
   * Lists shipments. Await it for the first page, or `for await` it for every shipment.
   * @example
   * ```ts
   * for await (const s of warehouse.shipments.list({ statuses: ['shipped'] })) console.log(s.name, s.trackings);
   * ```
   */
  list(params?: ShipmentListParams, options?: ListOptions): PagePromise<Shipment> {
    return listPages(this.#context, listShipments, params, options, 'shipments.list');
  }

  /**
   * One shipment with its orders, boxes, services and tracking detail.
   * @example
   * ```ts
   * const shipment = await warehouse.shipments.retrieve('0b9c3f4e-6a1d-4c2b-9e8f-2d7a5b1c3e40');
   * console.log(shipment.boxes.length, shipment.trackings[0]?.carrier);
   * ```
   */
  retrieve(shipmentId: string, options?: RequestOptions): APIPromise<ShipmentDetail> {
    return runOperation(this.#context, retrieveShipment, shipmentId, options, 'shipments.retrieve');
  }
}
