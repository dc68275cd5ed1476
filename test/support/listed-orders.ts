/**
 * Inbound orders as the list answers them, numbered: order `n` has a UUID made from `n` and
 * was created `n` minutes after the first of January 2026.
 */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Listed inbound order number `n`. */
export const listedOrder = (n: number) => ({
  order_id: uuid(n),
  date: '11/22/2026',
  retailer: 'R',
  order_number: `PO-${n}`,
  item_name: 'I',
  color: 'C',
  brand_sku: 'B',
  size: '',
  quantity: 1,
  asin: '',
  amazon_sku: '',
  unit_cost: 1,
  list_price: 2,
  client_notes: null,
  fulfillment_type: 'wfs',
  sold_as: 'individual',
  units_per_pack: 1,
  upc: null,
  tracking_numbers: [],
  status: 'inbound',
  created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
});
