// @ts-check
/**
 * The Requests view: the live request log of both mocks, newest first (time, service,
 * method, path, status, duration, retry, injected fault), and the selected request's
 * headers and bodies, as the server masked them.
 */
import { badge, byId, count, definitionList, h, replace } from './dom.js';

/**
 * @typedef {import('../../kit/request-log.js').LoggedRequest} LoggedRequest
 * @typedef {import('../../kit/body-capture.js').LoggedBody} LoggedBody
 */

const KEEP = 1000;
/** @type {Map<number, LoggedRequest>} */
const entries = new Map();
/** @type {number | undefined} */
let selected;
let drawQueued = false;

/** Draws on the next frame, once however many events came in meanwhile. */
function scheduleDraw() {
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(() => {
    drawQueued = false;
    draw();
  });
}

/** @param {LoggedRequest} entry */
function statusText(entry) {
  if (entry.outcome === 'pending') return 'pending';
  if (entry.outcome === 'dropped') return 'dropped';
  if (entry.outcome === 'aborted') return 'gave up';
  return String(entry.status);
}

/** @param {LoggedRequest} entry */
function faultText(entry) {
  if (!entry.fault) return '';
  return entry.fault.kind === 'status' ? `fault ${entry.fault.status}` : `fault ${entry.fault.kind}`;
}

/** @param {LoggedRequest} entry */
function row(entry) {
  const time = new Date(entry.time).toLocaleTimeString();
  const status = statusText(entry);
  const tone = entry.outcome !== 'answered' || (entry.status ?? 0) >= 400 ? 'bad' : 'good';
  return h(
    'tr',
    {
      dataset: { id: String(entry.id) },
      class: entry.id === selected ? 'selected' : '',
      // A click anywhere on the row opens it; the button in the first cell is for the keyboard.
      on: { click: (/** @type {Event} */ e) => /** @type {Element} */ (e.target).closest('button') || select(entry.id) },
    },
    h(
      'td',
      { 'data-label': 'Time' },
      h(
        'button',
        {
          type: 'button',
          class: 'link open-request',
          'aria-pressed': String(entry.id === selected),
          on: { click: () => select(entry.id) },
        },
        time,
      ),
    ),
    h('td', { 'data-label': 'Service' }, entry.service),
    h('td', { 'data-label': 'Method' }, entry.method),
    h('td', { 'data-label': 'Path', class: 'path' }, entry.path),
    h('td', { 'data-label': 'Status' }, badge(status, tone)),
    h('td', { 'data-label': 'Duration' }, entry.durationMs === null ? '…' : `${entry.durationMs} ms`),
    h(
      'td',
      { 'data-label': 'Flags', class: 'flags' },
      entry.retry ? badge(`retry of #${entry.retryOf}`, 'retry') : null,
      entry.fault ? badge(faultText(entry), 'fault') : null,
    ),
  );
}

/** @param {Record<string, string>} headers */
function headerList(headers) {
  return definitionList(Object.entries(headers));
}

/** @param {LoggedBody} body */
function bodyView(body) {
  switch (body.kind) {
    case 'none':
      return h('p', { class: 'empty' }, 'No body.');
    case 'json':
      return h('pre', { class: 'code' }, JSON.stringify(body.value, null, 2));
    case 'text':
      return h('pre', { class: 'code' }, body.text, body.truncated ? `\n… (${body.bytes} bytes in all)` : '');
    case 'binary':
      return h('p', {}, `${body.bytes} bytes of ${body.contentType}`);
    case 'multipart':
      return h(
        'ul',
        { class: 'parts' },
        body.parts.map((part) =>
          h(
            'li',
            {},
            h('strong', {}, part.name),
            part.file ? ` — file ${part.file.name} (${part.file.type}, ${part.file.size} bytes)` : `: ${part.value ?? ''}`,
            part.file?.firstLines ? h('pre', { class: 'code' }, part.file.firstLines.join('\n')) : null,
          ),
        ),
        body.complete ? null : h('li', { class: 'meta' }, '(the body ended early)'),
      );
  }
}

/** @param {LoggedRequest} entry */
function detail(entry) {
  return [
    h('h3', { id: 'request-detail-heading' }, `#${entry.id} ${entry.method} ${entry.path}`),
    definitionList([
      ['Service', entry.service],
      ['Route', entry.route],
      ['Time', entry.time],
      ['Outcome', statusText(entry)],
      ['Duration', entry.durationMs === null ? null : `${entry.durationMs} ms`],
      ['Injected fault', faultText(entry) || null],
      ['Looks like a retry of', entry.retryOf === undefined ? null : `#${entry.retryOf}`],
    ]),
    h('h4', {}, 'Request headers'),
    headerList(entry.request.headers),
    h('h4', {}, 'Request body'),
    bodyView(entry.request.body),
    h('h4', {}, 'Response'),
    entry.response ? [headerList(entry.response.headers), bodyView(entry.response.body)] : h('p', { class: 'empty' }, 'No response.'),
  ];
}

/** @param {number} id */
function select(id) {
  selected = id;
  draw();
  /** @type {HTMLElement | null} */ (document.querySelector(`#requests-table tr[data-id="${id}"] button`))?.focus();
}

function draw() {
  const list = [...entries.values()].sort((a, b) => b.id - a.id);
  replace(byId('requests-count'), count(list.length, 'request'));
  replace(
    byId('requests-rows'),
    list.length === 0 ? h('tr', {}, h('td', { colspan: '7', class: 'empty' }, 'No requests yet.')) : list.map(row),
  );
  const chosen = selected === undefined ? undefined : entries.get(selected);
  replace(byId('request-detail'), chosen ? detail(chosen) : h('p', { class: 'empty' }, 'Choose a request to see its headers and bodies.'));
}

/** @param {LoggedRequest[]} list the log so far; an entry the live events already brought is kept unless it was pending */
export function mergeRequests(list) {
  for (const entry of list.slice(-KEEP)) if (entries.get(entry.id)?.outcome !== 'answered') entries.set(entry.id, entry);
  draw();
}

/** @param {LoggedRequest} entry a started or finished request */
export function upsertRequest(entry) {
  entries.set(entry.id, entry);
  while (entries.size > KEEP) entries.delete(Math.min(...entries.keys()));
  scheduleDraw();
}

/** @param {string[]} services whose entries go (a reset) */
export function dropRequests(services) {
  for (const [id, entry] of entries) if (services.includes(entry.service)) entries.delete(id);
  if (selected !== undefined && !entries.has(selected)) selected = undefined;
  draw();
}
