/**
 * The inbound writes a page seldom makes (`inbound.update`, `inbound.updateMany`,
 * `inbound.createBulk`), with their rules, the bulk checks and the CSV writer: a module of
 * their own that `InboundOrders` loads with the first of those calls, so a page that only
 * lists and creates orders loads none of it.
 */

import { checkedInTime } from '../core/checked-in-time.js';
import type { ValidationIssue } from '../core/errors/index.js';
import type { Operation } from '../core/operation.js';
import { type Checked, checkedOr } from '../core/validation.js';
import { type Stop, workSlices } from '../internal/signals.js';
import { type CurrentOrder, checkInboundUpdate, copyCurrentOrder, violationIssue } from './check-update.js';
import { ordersToCsv } from './csv.js';
import { checkCsvUpload } from './csv-check.js';
import { BULK_CSV_COLUMNS, checkInboundOrderRow, checkInboundOrderUpdate } from './fast-checks.generated.js';
import { bulkForm } from './multipart.js';
import { idIssues } from './operations.js';
import { parseBulkCreated, parseUpdated } from './read-bodies.js';
import type { BulkCreateResult, InboundOrderUpdate, UpdateResult } from './types.js';
import { formatOrderDate } from './wire-format.js';

const credential = 'apiKey';

/** `POST /api/v1/inbound` with `bulk=true` and a CSV `file`: text, a Blob (streamed), bytes, or rows checked one by one. */
export const createBulk: Operation<unknown, BulkCreateResult> = {
  method: 'POST',
  template: '/api/v1/inbound',
  write: true,
  subject: 'bulk upload',
  credential,
  check: checkBulk,
  inTime: checkedInTime,
  request: (input) => ({ path: '/inbound', body: bulkForm(csvOf(input)) }),
  parse: parseBulkCreated,
};

/**
 * One row of a bulk upload checked as `inboundOrderRowSchema` checks it: the values the CSV
 * is written from, or every problem, its path under `at` (the row's index).
 */
export function checkRow(row: unknown, at: (string | number)[]): Checked<unknown> {
  return checkInboundOrderRow(row, at);
}

/**
 * Rows: each checked one by one, and their checked values are what the CSV is written from.
 * CSV text, bytes or a file: every record read back into a row and checked the same way.
 */
function checkBulk(input: unknown, stop?: Stop): Checked<unknown> | Promise<Checked<unknown>> {
  if (Array.isArray(input)) {
    if (input.length === 0) return { ok: false, issues: [{ path: [], message: 'must hold at least one order' }] };
    return input.length > ROWS_AT_ONCE ? checkRowsInSlices(input, stop) : checkRows(input, 0, input.length, [], []);
  }
  const size =
    typeof input === 'string' ? input.trim().length : input instanceof Blob ? input.size : isBytes(input) ? input.byteLength : -1;
  if (size < 0) return checkedOr(input, [{ path: [], message: 'must be CSV text, a Blob or File, bytes, or an array of orders' }]);
  if (size === 0) return checkedOr(input, [{ path: [], message: 'must not be empty' }]);
  // Text, bytes and files are held to the same rules as rows, before anything is sent (a file is
  // read twice). The CSV reader is in the page: a refusal needs nothing more to load (API.md).
  const csv = isBytes(input) ? new Blob([input as BlobPart], { type: 'text/csv' }) : (input as string | Blob);
  return checkCsvUpload(csv, checkRow, stop).then((issues) => checkedOr(csv, issues));
}

/** Rows checked at once, as the call is made; more are checked a slice at a time, letting the event loop turn between. */
const ROWS_AT_ONCE = 1_000;

/** Rows `from` to `to` checked into `values` and `issues`. An index loop, not map: a hole in a sparse array is a missing order, not nothing. */
function checkRows(rows: unknown[], from: number, to: number, values: unknown[], issues: ValidationIssue[]): Checked<unknown> {
  for (let i = from; i < to; i++) {
    const row = checkRow(rows[i], [i]);
    if (row.ok) values.push(row.value);
    else issues.push(...row.issues);
  }
  return checkedOr(values, issues);
}

/** A long array's rows, {@link ROWS_AT_ONCE} at a time: the call's signal and deadline hold while they are checked. */
async function checkRowsInSlices(rows: unknown[], stop: Stop | undefined): Promise<Checked<unknown>> {
  const turn = workSlices(stop);
  const values: unknown[] = [];
  const issues: ValidationIssue[] = [];
  for (let from = 0; from < rows.length; from += ROWS_AT_ONCE) {
    checkRows(rows, from, Math.min(from + ROWS_AT_ONCE, rows.length), values, issues);
    await turn();
  }
  return checkedOr(values, issues);
}

const isBytes = (input: unknown): input is Uint8Array | ArrayBuffer => input instanceof Uint8Array || input instanceof ArrayBuffer;

/** What the check passed: rows (written as CSV), or the text or `Blob` it read (bytes were made one). */
function csvOf(input: unknown): string | Blob {
  return Array.isArray(input) ? ordersToCsv(BULK_CSV_COLUMNS, input) : (input as string | Blob);
}

type UpdateInput = { order_id: unknown; patch: Record<string, unknown> };

/** What `inbound.update` takes: the id, the patch, and the order as listed (the rules see the merged state). */
export type UpdateCall = UpdateInput & { current?: CurrentOrder | undefined };

/**
 * `PUT /api/v1/inbound/{order_id}`, JSON with the update's member names. The update rules
 * are checked first, with the current order when the caller gave it.
 */
export const updateOrder: Operation<UpdateCall, UpdateResult> = {
  method: 'PUT',
  template: '/api/v1/inbound/{order_id}',
  write: true,
  subject: 'inbound order update',
  credential,
  check: ({ order_id, patch, current }) => checkUpdate(order_id, patch, current),
  request: ({ order_id, patch }) => ({ path: `/inbound/${order_id as string}`, json: patch }),
  parse: parseUpdated,
};

/** The id and the patch as checked (the schema's reading of it is what is sent), or every problem with the rules broken. */
export function checkUpdate(orderId: unknown, patch: unknown, current: CurrentOrder | undefined): Checked<UpdateInput> {
  const id = idIssues('order_id', orderId);
  const parsed = checkInboundOrderUpdate(patch);
  if (!parsed.ok) return { ok: false, issues: [...id, ...parsed.issues] };
  const rules = checkInboundUpdate(parsed.value as InboundOrderUpdate, current);
  const issues = [...id, ...rules.map(violationIssue)];
  // The date as it goes on the wire, fixed now: a Date the caller changes later changes nothing.
  const wire = parsed.value.date === undefined ? parsed.value : { ...parsed.value, date: formatOrderDate(parsed.value.date) };
  return checkedOr({ order_id: orderId, patch: wire }, issues);
}

/** One change of `updateMany` as checked: its id, its patch as the schema read it, and the members of `current` the rules read. */
export function checkUpdateItem(item: unknown, index: number): Checked<UpdateCall> {
  if (item === null || typeof item !== 'object')
    return { ok: false, issues: [{ path: [index], message: 'must be an object with order_id and patch' }] };
  const { order_id, patch, current } = item as UpdateCall;
  const kept = copyCurrentOrder(current);
  const at = (path: (string | number)[]) => (path[0] === 'order_id' ? [index, 'order_id'] : [index, 'patch', ...path]);
  const checked = checkUpdate(order_id, patch, kept);
  return checked.ok
    ? { ok: true, value: { order_id, patch: checked.value.patch, current: kept } }
    : { ok: false, issues: checked.issues.map((issue) => ({ ...issue, path: at(issue.path) })) };
}
