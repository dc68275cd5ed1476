// @ts-check
/**
 * The Orders and Shipments views: the two warehouse tables, and the dialog a row opens with
 * the record in full (an order's bundle items, label files and trackings; a shipment's
 * orders, boxes, services, trackings, tags and address).
 */
import { getJson } from './api.js';
import { byId, definitionList, formatTime, h, replace } from './dom.js';
import { createTable } from './tables.js';

const INBOUND_TYPES = ['fba', 'fbm', 'wfs', 'two-step', 'shopify', 'manual'];
const SHIPMENT_TYPES = ['fba', 'fbm', 'manual', 'wfs', 'shopify'];
const SHIPMENT_STATUSES = ['working', 'requested', 'picking', 'picked', 'shipped'];

/**
 * `key=Label|key=Label` as pairs.
 * @param {string} spec
 * @returns {[string, string][]}
 */
const pairs = (spec) => spec.split('|').map((pair) => /** @type {[string, string]} */ (pair.split('=')));

/** @param {number} n */
const money = (n) => (typeof n === 'number' ? n.toFixed(2) : String(n));

/**
 * A small table of records (items, boxes, trackings…), or "none".
 * @param {string} caption
 * @param {Record<string, unknown>[] | undefined} rows
 * @param {string} spec its columns, `key=Label|key=Label`
 */
function subTable(caption, rows, spec) {
  const columns = pairs(spec);
  const body =
    !rows || rows.length === 0
      ? h('p', { class: 'empty' }, 'None.')
      : h(
          'div',
          { class: 'table-wrap' },
          h(
            'table',
            { class: 'data compact' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                columns.map(([, label]) => h('th', { scope: 'col' }, label)),
              ),
            ),
            h(
              'tbody',
              {},
              rows.map((row) =>
                h(
                  'tr',
                  {},
                  columns.map(([key, label]) =>
                    h('td', { 'data-label': label }, row[key] === null || row[key] === undefined ? '—' : String(row[key])),
                  ),
                ),
              ),
            ),
          ),
        );
  return h('section', { class: 'detail-part' }, h('h4', {}, caption), body);
}

/** @param {HTMLElement[]} content @param {string} title */
function openDialog(title, content) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('detail'));
  replace(byId('detail-title'), title);
  replace(byId('detail-body'), content);
  if (!dialog.open) dialog.showModal();
  byId('detail-close').focus();
}

/**
 * A record's members as a definition list, from `key=Label` pairs; a key ending in `@time`
 * or `@money` is shown as a local time or with two decimals.
 * @param {Record<string, any>} record
 * @param {string} spec
 */
function facts(record, spec) {
  return definitionList(
    pairs(spec).map(([key, label]) => {
      const [name = '', format] = key.split('@');
      const value = record[name];
      return [label, format === 'time' ? formatTime(value) : format === 'money' ? money(value) : value];
    }),
  );
}

const ORDER_FACTS =
  'order_id=Order id|status=Status|fulfillment_type=Fulfillment|date=Date|retailer=Retailer|item_name=Item|color=Color|size=Size|' +
  'brand_sku=Brand SKU|asin=ASIN|amazon_sku=Amazon SKU|upc=UPC|quantity=Quantity|sold_as=Sold as|units_per_pack=Units per pack|' +
  'unit_cost@money=Unit cost|list_price@money=List price|client_notes=Notes|created_at@time=Created';
const SHIPMENT_FACTS =
  'shipment_id=Shipment id|status=Status|stage=Stage|fulfillment_type=Fulfillment|shipping_method=Shipping method|' +
  'total_quantity_shipped=Quantity shipped|full_name=For|address=Address|created_at@time=Created|shipped_at@time=Shipped|' +
  'latest_ship_date@time=Ship by|notes=Notes';

/** @param {string} id */
async function openOrder(id) {
  const { order, shipments } = await getJson(`/warehouse/inbound/${encodeURIComponent(id)}`);
  const trackings = order.tracking_numbers.map((/** @type {string} */ number) => ({ number }));
  openDialog(`Inbound order ${order.order_number}`, [
    facts(order, ORDER_FACTS),
    subTable('Bundle items', order.bundle_items, 'quantity=Quantity|item_name=Item|color=Color|brand_sku=Brand SKU'),
    subTable('Shipping label files', order.shipping_label_files, 'name=File|type=Type|size=Bytes'),
    subTable('Tracking numbers', trackings, 'number=Tracking number'),
    subTable('In shipments', shipments, 'name=Shipment|status=Status|shipment_id=Id'),
  ]);
}

/** @param {string} id */
async function openShipment(id) {
  const { shipment: s } = await getJson(`/warehouse/shipments/${encodeURIComponent(id)}`);
  const a = s.shipping_address ?? {};
  const address = [a.name, a.company, a.address1, a.address2, `${a.city ?? ''} ${a.state ?? ''} ${a.postal_code ?? ''}`, a.country];
  openDialog(`Shipment ${s.name}`, [
    facts({ ...s, address: address.filter(Boolean).join(', ') }, SHIPMENT_FACTS),
    subTable('Orders', s.orders, 'item_name=Item|quantity_shipped=Shipped|sold_as=Sold as|asin=ASIN|order_id=Order id'),
    subTable('Boxes', s.boxes, 'name=Box|quantity=Quantity|price_per_unit=Price per unit'),
    subTable('Trackings', s.trackings, 'tracking_number=Number|carrier=Carrier|tracking_status=Status'),
    subTable('Services', s.services, 'name=Service|quantity=Quantity|price_per_unit=Price per unit'),
    subTable('Tags', s.tags, 'tag=Tag|value=Value'),
  ]);
}

/** @param {unknown} error */
function showError(error) {
  openDialog('Could not load', [h('p', { class: 'error' }, error instanceof Error ? error.message : String(error))]);
}

/**
 * Columns from `key=Label` pairs; `created_at` shown as a local time, `trackings` as a list.
 * @param {string} spec
 * @returns {import('./tables.js').Column[]}
 */
function columns(spec) {
  return pairs(spec).map(([key, label]) => {
    if (key === 'created_at') return { key, label, format: (row) => formatTime(row.created_at) };
    if (key === 'trackings')
      return {
        key,
        label,
        format: (row) => row.trackings.map((/** @type {any} */ t) => `${t.carrier} ${t.tracking_number}`).join(', ') || '—',
      };
    return { key, label };
  });
}

/**
 * @param {'orders' | 'shipments'} id
 * @param {string} title
 * @param {readonly string[]} statuses
 * @param {readonly string[]} types
 * @param {(id: string) => Promise<void>} open
 * @param {string} columnSpec
 * @returns {import('./tables.js').TableSpec}
 */
function tableSpec(id, title, statuses, types, open, columnSpec) {
  const [endpoint, idKey] = id === 'orders' ? ['/warehouse/inbound', 'order_id'] : ['/warehouse/shipments', 'shipment_id'];
  return { id, title, endpoint, idKey, statuses, types, onOpen: (key) => open(key).catch(showError), columns: columns(columnSpec) };
}

export function createWarehouseViews() {
  const orderColumns =
    'order_number=Order|item_name=Item|retailer=Retailer|quantity=Qty|fulfillment_type=Type|status=Status|date=Date|created_at=Created';
  const shipmentColumns =
    'name=Shipment|status=Status|fulfillment_type=Type|total_quantity_shipped=Qty|trackings=Trackings|full_name=For|created_at=Created';
  return {
    orders: createTable(
      tableSpec('orders', 'Inbound orders', ['inbound', 'outbound'], INBOUND_TYPES, openOrder, orderColumns),
      byId('orders-body'),
    ),
    shipments: createTable(
      tableSpec('shipments', 'Shipments', SHIPMENT_STATUSES, SHIPMENT_TYPES, openShipment, shipmentColumns),
      byId('shipments-body'),
    ),
  };
}
