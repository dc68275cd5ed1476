/**
 * Bulk CSVs that pass the SDK's checks (API.md: `createBulk` checks text, bytes and files as
 * it checks rows), for tests of what is sent rather than what is refused.
 */

import type { InboundOrderRow } from '../../src/index.js';

/** An order as a row of a bulk upload, every required member set. */
export const BULK_ROW: InboundOrderRow = {
  date: '11/22/2026',
  retailer: 'Target',
  order_number: 'PO-1',
  item_name: 'Desk lamp',
  color: 'black',
  brand_sku: 'LAMP-BLK',
  quantity: 12,
  unit_cost: 9.5,
  list_price: 24.99,
  fulfillment_type: 'wfs',
};

/** Every required column, in the SDK's order. */
export const BULK_HEADER = 'date,retailer,order_number,item_name,color,brand_sku,quantity,unit_cost,list_price,fulfillment_type';

/** One order, CRLF line ends. */
export const ONE_ORDER_CSV = `${BULK_HEADER}\r\n01/02/2026,Target,PO-1,Desk lamp,black,LAMP-BLK,12,9.5,24.99,wfs\r\n`;

/** One order whose retailer holds a line break (quoted, as RFC 4180 says). */
export const LINE_BREAK_CSV = `${BULK_HEADER}\r\n11/22/2026,"Line\nbreak",PO-2,Desk lamp,black,LAMP-BLK,12,9.5,24.99,wfs\r\n`;
