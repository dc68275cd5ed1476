// @ts-check
/**
 * A warehouse table: sortable column headers, filters (status, fulfillment type, search),
 * paging through thousands of rows, and rows that open their detail. Data comes one page at
 * a time from `/_mock/warehouse/...`.
 */
import { getJson } from './api.js';
import { h, replace } from './dom.js';

/**
 * @typedef {{ key: string; label: string; format?: (row: any) => string }} Column
 * @typedef {{
 *   id: string; title: string; endpoint: string; idKey: string; columns: Column[];
 *   statuses: readonly string[]; types: readonly string[]; onOpen: (id: string) => void;
 * }} TableSpec
 * @typedef {{ offset: number; limit: number; sort: string; order: 'asc' | 'desc'; status: string; type: string; q: string }} TableQuery
 * @typedef {{ spec: TableSpec; query: TableQuery; update: (change: Partial<TableQuery>) => void }} Table
 */

/**
 * @param {string} id
 * @param {string} label
 * @param {readonly (string | [string, string])[]} options values, or value and label
 * @param {string} value
 * @param {(value: string) => void} onChange
 * @param {boolean} [any] whether the first option is "any" (no filter)
 */
function select(id, label, options, value, onChange, any = true) {
  return h(
    'label',
    { for: id, class: 'field' },
    h('span', {}, label),
    h(
      'select',
      { id, on: { change: (/** @type {Event} */ e) => onChange(/** @type {HTMLSelectElement} */ (e.target).value) } },
      any ? h('option', { value: '' }, 'any') : null,
      options.map((o) => {
        const [optionValue, optionLabel] = typeof o === 'string' ? [o, o] : o;
        return h('option', { value: optionValue, selected: optionValue === value }, optionLabel);
      }),
    ),
  );
}

/** @param {Table} table */
function toolbar({ spec, query, update }) {
  return h(
    'div',
    { class: 'toolbar', role: 'search', 'aria-label': `Filter ${spec.title}` },
    select(`${spec.id}-status`, 'Status', spec.statuses, query.status, (status) => update({ status, offset: 0 })),
    select(`${spec.id}-type`, 'Fulfillment type', spec.types, query.type, (type) => update({ type, offset: 0 })),
    // The column headers sort on a wide screen; on a phone they are hidden, so these do.
    h(
      'div',
      { class: 'phone-only sort-pickers' },
      select(
        `${spec.id}-sort`,
        'Sort by',
        spec.columns.map((c) => /** @type {[string, string]} */ ([c.key, c.label])),
        query.sort,
        (sort) => update({ sort, offset: 0 }),
        false,
      ),
      select(
        `${spec.id}-order`,
        'Order',
        [
          ['desc', 'descending'],
          ['asc', 'ascending'],
        ],
        query.order,
        (order) => update({ order: order === 'asc' ? 'asc' : 'desc', offset: 0 }),
        false,
      ),
    ),
    h(
      'label',
      { for: `${spec.id}-q`, class: 'field grow' },
      h('span', {}, 'Search'),
      h('input', {
        id: `${spec.id}-q`,
        type: 'search',
        value: query.q,
        placeholder: 'id, name, number…',
        on: { change: (/** @type {Event} */ e) => update({ q: /** @type {HTMLInputElement} */ (e.target).value.trim(), offset: 0 }) },
      }),
    ),
  );
}

/**
 * A sortable column header: a button, its state in `aria-sort`.
 * @param {Table} table
 * @param {Column} column
 */
function header({ spec, query, update }, column) {
  const active = query.sort === column.key;
  const sort = active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const next = active && query.order === 'asc' ? 'desc' : 'asc';
  return h(
    'th',
    { scope: 'col', 'aria-sort': sort },
    h(
      'button',
      {
        type: 'button',
        class: 'sort',
        id: `${spec.id}-sort-${column.key}`,
        on: { click: () => update({ sort: column.key, order: next, offset: 0 }) },
      },
      column.label,
      h('span', { 'aria-hidden': 'true' }, active ? (query.order === 'asc' ? ' ▲' : ' ▼') : ''),
    ),
  );
}

/**
 * One row: its first cell a button that opens the record (so the keyboard reaches it).
 * @param {TableSpec} spec
 * @param {any} row
 */
function bodyRow(spec, row) {
  const id = String(row[spec.idKey]);
  const cell = (/** @type {Column} */ c) => (c.format ? c.format(row) : row[c.key] === null ? '—' : String(row[c.key]));
  const [first, ...rest] = spec.columns;
  return h(
    'tr',
    { dataset: { id }, on: { click: (/** @type {Event} */ e) => /** @type {Element} */ (e.target).closest('button') || spec.onOpen(id) } },
    first &&
      h(
        'td',
        { 'data-label': first.label },
        h('button', { type: 'button', class: 'link open-row', on: { click: () => spec.onOpen(id) } }, cell(first)),
      ),
    rest.map((c) => h('td', { 'data-label': c.label }, cell(c))),
  );
}

/**
 * @param {Table} table
 * @param {any[]} items
 */
function grid(table, items) {
  const { spec } = table;
  if (items.length === 0) return h('p', { class: 'empty' }, `No ${spec.title.toLowerCase()} match.`);
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'data', id: `${spec.id}-table` },
      h('caption', { class: 'visually-hidden' }, `${spec.title}; choose a row's first cell to open it`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          spec.columns.map((c) => header(table, c)),
        ),
      ),
      h(
        'tbody',
        {},
        items.map((row) => bodyRow(spec, row)),
      ),
    ),
  );
}

/**
 * @param {Table} table
 * @param {{ total: number; offset: number; limit: number }} page
 */
function pager({ spec, query, update }, page) {
  const last = Math.max(0, Math.ceil(page.total / page.limit) - 1);
  const current = Math.floor(page.offset / page.limit);
  return h(
    'nav',
    { class: 'pager', 'aria-label': `${spec.title} pages` },
    h(
      'button',
      {
        type: 'button',
        id: `${spec.id}-prev`,
        disabled: current === 0,
        on: { click: () => update({ offset: Math.max(0, page.offset - page.limit) }) },
      },
      '‹ Previous',
    ),
    h('span', { class: 'meta', 'aria-live': 'polite' }, `Page ${current + 1} of ${last + 1} · ${page.total} ${spec.title.toLowerCase()}`),
    h(
      'button',
      {
        type: 'button',
        id: `${spec.id}-next`,
        disabled: current >= last,
        on: { click: () => update({ offset: page.offset + page.limit }) },
      },
      'Next ›',
    ),
    select(
      `${spec.id}-limit`,
      'Rows',
      ['25', '50', '100', '200'],
      String(query.limit),
      (limit) => update({ limit: Number(limit) || 50, offset: 0 }),
      false,
    ),
  );
}

/**
 * A table bound to one endpoint. `refresh()` reloads the current page (after a change).
 * @param {TableSpec} spec
 * @param {HTMLElement} root
 */
export function createTable(spec, root) {
  /** @type {Table} */
  const table = {
    spec,
    query: { offset: 0, limit: 50, sort: 'created_at', order: 'desc', status: '', type: '', q: '' },
    update(change) {
      Object.assign(table.query, change);
      void refresh();
    },
  };
  let loading = 0;

  async function refresh() {
    const { query } = table;
    const ticket = ++loading;
    const params = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit), sort: query.sort, order: query.order });
    if (query.status) params.set('status', query.status);
    if (query.type) params.set('fulfillment_type', query.type);
    if (query.q) params.set('q', query.q);
    const page = await getJson(`${spec.endpoint}?${params}`);
    if (ticket !== loading) return;
    const focused = document.activeElement?.id;
    replace(root, toolbar(table), grid(table, page.items), pager(table, page));
    if (focused) document.getElementById(focused)?.focus();
  }

  return { refresh };
}
