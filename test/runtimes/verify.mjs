/**
 * Checks one run of the scenario from the mocks' side: what the server saw (`requests`, as
 * `METHOD /path`) and what the mocks stored, against the result the runtime printed. Used
 * by the driver for every runtime that talks to its server, and by the browser page for its
 * in-page MSW run. Returns the list of problems (empty when the run is right).
 *
 * @param {{ result: any, requests: string[], messaging: { state: any }, warehouse: { state: any } }} run
 * @returns {string[]}
 */
export function verifyRun({ result, requests, messaging, warehouse }) {
  const problems = [];
  const check = (condition, message) => {
    if (!condition) problems.push(message);
  };
  if (result?.ok !== true) return [`the scenario did not finish: ${result?.error ?? JSON.stringify(result)}`];

  const inPage = /^chromium/.test(result.runtime);
  check(
    result.browserGuard === (inPage ? 'refused' : 'allowed'),
    `a key is refused in a web page only (${result.runtime}: ${result.browserGuard})`,
  );

  const count = (pattern) => requests.filter((line) => pattern.test(line)).length;
  check(count(/^POST \/api\/bot\/messages$/) === 1, `one direct message request (saw ${count(/^POST \/api\/bot\/messages$/)})`);
  check(count(/^POST \/api\/automation\/webhooks\//) === 1, 'one webhook request');
  check(count(/^POST \/api\/v1\/inbound$/) === 1, 'one multipart create request');
  check(
    count(/^GET \/api\/v1\/inbound$/) === 5,
    `five list requests: 2 pages, then 3 pages for maxItems 7 (saw ${count(/^GET \/api\/v1\/inbound$/)})`,
  );
  check(count(/^POST \/api\/bot\/announcements$/) === 2, `the 429 and its one retry (saw ${count(/^POST \/api\/bot\/announcements$/)})`);
  check(count(/^PUT /) === 0, 'no update request: the pre-flight error sent nothing');
  check(requests.length === 10, `ten requests in all (saw ${requests.length}: ${requests.join(', ')})`);

  const title = `Stocktake (${result.runtime})`;
  const stored = messaging.state.announcements.filter((a) => a.title === title);
  check(stored.length === 1, `the announcement is stored once, not duplicated by the retry (${stored.length})`);
  check(result.rateLimit?.waitedMs >= 900, `the retry waited for Retry-After: 1 (${result.rateLimit?.waitedMs} ms)`);

  const message = messaging.state.channelMessages.find((m) => m.embeds?.[0]?.title === result.embed?.title);
  check(message?.via === 'webhook', 'the embed arrived through the webhook URL');

  const order = warehouse.state.inboundOrders.find((o) => o.order_id === result.create?.order_id);
  const label = order?.shipping_label_files?.[0];
  check(
    label?.size === result.create?.labelBytes && label?.type === 'application/pdf',
    `the Blob label arrived as a file part (${JSON.stringify(label)})`,
  );

  check(result.preflight?.requests === 0, 'the pre-flight errors sent no request');
  if (result.tracing?.channels === 'published') {
    const order = 'call:start call:end request:start request:end request:asyncStart request:asyncEnd call:asyncStart call:asyncEnd';
    check(result.tracing.events.join(' ') === order, `the tracing events in tracePromise's order (${result.tracing.events})`);
    const { operation, urlTemplate, attempt, status, authorization } = result.tracing.request;
    check(
      operation === 'sendDirectMessage' && urlTemplate === '/api/bot/messages' && attempt === 1 && status === 201,
      `the request context as API.md lists it (${JSON.stringify(result.tracing.request)})`,
    );
    check(authorization === '[redacted]', 'the published headers are masked');
  }
  check(
    result.preflight?.dmIssues?.includes('to.email') && result.preflight?.dmIssues?.includes('body'),
    `every DM problem at once (${result.preflight?.dmIssues})`,
  );
  check(result.preflight?.updateIssues?.length > 0, 'the broken update rule is named');
  return problems;
}
