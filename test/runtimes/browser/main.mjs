/**
 * The browser page, bundled by Vite from the installed package. `?mode=http&config=...`
 * runs the scenario against the driver's mock server on another origin (real HTTP, CORS);
 * `?mode=msw` serves both mocks from MSW's service worker inside the page and checks the
 * run with the same verifyRun the driver uses.
 */
import * as opslink from 'opslink';
import { runScenario } from './scenario.mjs';
import { verifyRun } from './verify.mjs';

async function inPageMsw() {
  const [{ setupWorker }, testing] = await Promise.all([import('msw/browser'), import('opslink/testing')]);
  const messaging = testing.createMessagingMock();
  const warehouse = testing.createWarehouseMock({ inboundOrders: 12, shipments: 2 });
  const worker = setupWorker(...messaging.handlers, ...warehouse.handlers);
  const requests = [];
  worker.events.on('request:start', (event) => {
    const url = new URL(event.request.url);
    if (url.origin !== location.origin) requests.push(`${event.request.method} ${url.pathname}`);
  });
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
  try {
    // The page scripts the 429 on its own mock, as the driver does on its server.
    messaging.faults.status('POST /api/bot/announcements', 429, { retryAfter: 1 });
    const result = await runScenario(opslink, {
      runtime: 'chromium-msw',
      messagingBaseUrl: messaging.baseUrl,
      botKey: messaging.botKey,
      webhookUrl: messaging.webhookUrl,
      employeeEmail: messaging.state.employees[0].email,
      warehouseBaseUrl: warehouse.baseUrl,
      apiKey: warehouse.apiKey,
      warehouseId: warehouse.warehouseId,
    });
    const problems = verifyRun({ result, requests, messaging, warehouse });
    return {
      ...result,
      ok: problems.length === 0,
      problems,
      requests: requests.length,
      serviceWorker: Boolean(navigator.serviceWorker.controller),
    };
  } finally {
    worker.stop();
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  if (params.get('mode') === 'msw') return inPageMsw();
  return runScenario(opslink, JSON.parse(params.get('config')));
}

main().then(
  (result) => {
    window.__opslinkResult = { ...result, userAgent: navigator.userAgent };
    document.getElementById('result').textContent = JSON.stringify(result, null, 2);
  },
  (error) => {
    window.__opslinkResult = { ok: false, error: `${error?.name}: ${error?.message}`, stack: String(error?.stack) };
  },
);
