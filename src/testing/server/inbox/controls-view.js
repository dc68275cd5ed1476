// @ts-check
/**
 * The Controls view: inject a fault on a route (a 429 with Retry-After, a 5xx, a hang, a
 * dropped connection), see and remove pending faults, reset everything, revoke a bot's or a
 * channel's key, add an employee.
 */
import { getJson, sendJson } from './api.js';
import { badge, byId, h, replace } from './dom.js';

/**
 * @typedef {{ service: string; id: number; route?: string; left: number; fault: Record<string, unknown> }} PendingFault
 * @typedef {{ faults: PendingFault[]; routes: Record<string, string[]> }} FaultState
 */

/**
 * Shows the outcome of an action in the status line (announced to screen readers).
 * @param {string} text
 * @param {boolean} [failed]
 */
export function say(text, failed = false) {
  const status = byId('status-line');
  status.classList.toggle('error', failed);
  replace(status, text);
}

/**
 * Runs an action from a form, reporting success or the server's problems.
 * @param {() => Promise<string>} action
 */
async function run(action) {
  try {
    say(await action());
  } catch (error) {
    say(error instanceof Error ? error.message : String(error), true);
  }
}

/**
 * @param {HTMLFormElement} form
 * @param {string} name
 */
const value = (form, name) => /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name)).value;

/** @param {PendingFault} fault */
function describeFault(fault) {
  const f = fault.fault;
  const what = 'drop' in f ? 'dropped connection' : 'hang' in f ? `hang ${f.hang} ms` : `status ${f.status}`;
  return `${fault.route ?? `every ${fault.service} route`}: ${what}, ${fault.left} left`;
}

/** @param {FaultState} state */
export function renderFaults(state) {
  const services = Object.keys(state.routes);
  const serviceSelect = /** @type {HTMLSelectElement} */ (byId('fault-service'));
  if (serviceSelect.options.length === 0)
    replace(
      serviceSelect,
      services.map((s) => h('option', { value: s }, s)),
    );
  const routeSelect = /** @type {HTMLSelectElement} */ (byId('fault-route'));
  const chosen = routeSelect.value;
  replace(
    routeSelect,
    h('option', { value: '*' }, 'every route'),
    (state.routes[serviceSelect.value] ?? []).map((route) => h('option', { value: route, selected: route === chosen }, route)),
  );
  replace(
    byId('fault-list'),
    state.faults.length === 0
      ? h('li', { class: 'empty' }, 'No pending faults.')
      : state.faults.map((fault) =>
          h(
            'li',
            {},
            badge(fault.service, 'muted'),
            ' ',
            describeFault(fault),
            ' ',
            h(
              'button',
              {
                type: 'button',
                class: 'small',
                'aria-label': `Remove fault: ${describeFault(fault)}`,
                on: {
                  click: () =>
                    run(async () => {
                      await sendJson('DELETE', `/faults/${fault.service}/${fault.id}`);
                      return 'Fault removed.';
                    }),
                },
              },
              'Remove',
            ),
          ),
        ),
  );
}

/**
 * @param {import('./messaging-view.js').MessagingState | undefined} state
 */
export function renderKeys(state) {
  const select = /** @type {HTMLSelectElement} */ (byId('revoke-target'));
  const chosen = select.value;
  if (!state) return replace(select, h('option', { value: '' }, 'no messaging mock'));
  replace(
    select,
    h(
      'optgroup',
      { label: 'Bots' },
      state.bots.map((b) =>
        h('option', { value: `bot:${b.id}`, selected: chosen === `bot:${b.id}` }, `${b.name}${b.revoked ? ' (revoked)' : ''}`),
      ),
    ),
    h(
      'optgroup',
      { label: 'Channels' },
      state.channels.map((c) =>
        h('option', { value: `channel:${c.id}`, selected: chosen === `channel:${c.id}` }, `# ${c.name}${c.revoked ? ' (revoked)' : ''}`),
      ),
    ),
  );
}

/** @param {() => Promise<void>} refreshFaults */
export function wireControls(refreshFaults) {
  byId('fault-service').addEventListener('change', () => void refreshFaults());
  byId('fault-kind').addEventListener('change', () => {
    const kind = value(/** @type {HTMLFormElement} */ (byId('fault-form')), 'kind');
    for (const [id, kinds] of [
      ['fault-retry-after-field', ['429']],
      ['fault-status-field', ['5xx']],
      ['fault-ms-field', ['hang']],
    ]) {
      byId(/** @type {string} */ (id)).hidden = !kinds.includes(kind);
    }
  });
  byId('fault-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = /** @type {HTMLFormElement} */ (event.target);
    const kind = value(form, 'kind');
    /** @type {Record<string, unknown>} */
    const body = { service: value(form, 'service'), route: value(form, 'route'), kind, times: Number(value(form, 'times')) };
    if (kind === '429') body.retryAfter = Number(value(form, 'retryAfter'));
    if (kind === '5xx') body.status = Number(value(form, 'status'));
    if (kind === 'hang') body.ms = Number(value(form, 'ms'));
    void run(async () => {
      const { fault } = await sendJson('POST', '/faults', body);
      return `Fault added: ${describeFault(fault)}.`;
    });
  });
  byId('clear-faults').addEventListener('click', () => run(async () => `${(await sendJson('DELETE', '/faults')).cleared} faults cleared.`));
  byId('reset-all').addEventListener('click', () =>
    run(async () => `Reset: ${(await sendJson('POST', '/reset', {})).reset.join(' and ')} back to the seed.`),
  );
  byId('revoke-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const [kind, id] = value(/** @type {HTMLFormElement} */ (event.target), 'target').split(':');
    void run(async () => {
      const { revoked } = await sendJson('POST', '/messaging/revoke', { [kind ?? 'bot']: id });
      return `Revoked the key of ${revoked.kind} ${revoked.name}.`;
    });
  });
  byId('employee-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = /** @type {HTMLFormElement} */ (event.target);
    const active = /** @type {HTMLInputElement} */ (form.elements.namedItem('active')).checked;
    const body = {
      email: value(form, 'email'),
      phoneNumber: value(form, 'phoneNumber'),
      active,
      ...(value(form, 'name') ? { name: value(form, 'name') } : {}),
    };
    void run(async () => {
      const { employee } = await sendJson('POST', '/messaging/employees', body);
      form.reset();
      return `Added employee ${employee.name}.`;
    });
  });
}

/** @returns {Promise<FaultState>} */
export function loadFaults() {
  return getJson('/faults');
}
