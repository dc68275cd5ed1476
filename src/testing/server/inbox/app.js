// @ts-check
/**
 * The inbox page: loads what the mocks hold, keeps it live through server-sent events
 * (`/_mock/events`), and switches between the views by the URL's fragment
 * (#messages, #orders, #shipments, #requests, #controls).
 */
import { getJson } from './api.js';
import { loadFaults, renderFaults, renderKeys, say, wireControls } from './controls-view.js';
import { byId, replace } from './dom.js';
import { renderMessaging } from './messaging-view.js';
import { dropRequests, mergeRequests, upsertRequest } from './requests-view.js';
import { createWarehouseViews } from './warehouse-view.js';

const VIEWS = ['messages', 'orders', 'shipments', 'requests', 'controls'];
const warehouse = createWarehouseViews();
/** @type {Record<string, number>} */
const pending = {};

/**
 * Runs `task` once after a burst of calls for the same `key` settles (16 ms).
 * @param {string} key
 * @param {() => Promise<unknown>} task
 */
function soon(key, task) {
  if (pending[key] !== undefined) return;
  pending[key] = window.setTimeout(() => {
    delete pending[key];
    task().catch((error) => say(`Could not refresh: ${error instanceof Error ? error.message : error}`, true));
  }, 16);
}

async function refreshMessaging() {
  const { messaging } = await getJson('/state?service=messaging');
  renderMessaging(messaging);
  renderKeys(messaging);
}

async function refreshFaults() {
  renderFaults(await loadFaults());
}

/** @param {string} view */
function refreshWarehouse(view) {
  if (view === 'orders' || view === 'all') soon('orders', warehouse.orders.refresh);
  if (view === 'shipments' || view === 'all') soon('shipments', warehouse.shipments.refresh);
}

function show() {
  const wanted = location.hash.slice(1);
  const view = VIEWS.includes(wanted) ? wanted : 'messages';
  for (const name of VIEWS) {
    byId(`view-${name}`).hidden = name !== view;
    const link = byId(`nav-${name}`);
    if (name === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${byId(`nav-${view}`).textContent} · opslink mock inbox`;
}

function connect() {
  const events = new EventSource('/_mock/events');
  const live = byId('live');
  events.addEventListener('open', () => replace(live, '● live'));
  events.addEventListener('error', () => replace(live, '○ reconnecting…'));
  events.addEventListener('request', (e) => upsertRequest(JSON.parse(/** @type {MessageEvent} */ (e).data)));
  events.addEventListener('state', (e) => {
    const { service } = JSON.parse(/** @type {MessageEvent} */ (e).data);
    if (service === 'messaging') soon('messaging', refreshMessaging);
    if (service === 'warehouse') refreshWarehouse('all');
  });
  events.addEventListener('faults', () => soon('faults', refreshFaults));
  events.addEventListener('reset', (e) => {
    const { services } = JSON.parse(/** @type {MessageEvent} */ (e).data);
    dropRequests(services);
    soon('messaging', refreshMessaging);
    soon('faults', refreshFaults);
    refreshWarehouse('all');
  });
}

async function start() {
  window.addEventListener('hashchange', show);
  show();
  byId('detail-close').addEventListener('click', () => /** @type {HTMLDialogElement} */ (byId('detail')).close());
  wireControls(refreshFaults);
  // Live first, then the log so far: nothing that happens in between is missed.
  connect();
  const [index, requests] = await Promise.all([getJson(''), getJson('/requests')]);
  replace(byId('services'), Object.keys(index.services).join(' + ') || 'no mocks');
  mergeRequests(requests.requests);
  const tables = index.services.warehouse ? [warehouse.orders.refresh(), warehouse.shipments.refresh()] : [];
  if (!index.services.warehouse)
    for (const id of ['orders-body', 'shipments-body']) replace(byId(id), 'This server serves no warehouse mock.');
  await Promise.all([refreshMessaging(), refreshFaults(), ...tables]);
  document.body.dataset.ready = 'true';
}

start().catch((error) => say(`The inbox could not start: ${error instanceof Error ? error.message : error}`, true));
