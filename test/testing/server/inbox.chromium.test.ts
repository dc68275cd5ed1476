// biome-ignore-all lint/performance/useDomNodeTextContent: Playwright's innerText() is the text as rendered (line breaks), which these checks are about.
/**
 * The inbox page in real Chromium (the system browser through playwright-core), against
 * startMockServer from src: live embeds, text that stays text, a fault injected from the
 * page, reset, the keyboard, phone width; and it takes a screenshot of each view: into
 * .tmp/media/inbox/ (ignored by git, so a test run leaves the clone clean), or into the
 * committed media/inbox/ when OPSLINK_UPDATE_MEDIA=1 asks to refresh the images of docs/testing.md.
 * The built package's page is checked at the end (dist/, as published).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MessagingClient, WarehouseClient } from '../../../src/index.js';
import { createMessagingMock, createWarehouseMock, type MockServer, startMockServer } from '../../../src/testing/index.js';
import { launchChromium, openInbox, runChromiumTests, scrollsSideways, watchPage } from '../../support/chromium.js';

const MEDIA = new URL(process.env.OPSLINK_UPDATE_MEDIA === '1' ? '../../../media/inbox/' : '../../../.tmp/media/inbox/', import.meta.url);
const PROBE = `<img src=x onerror=alert(1)><script>alert(2)</script>"'&amp;`;
const VIEWS = ['messages', 'orders', 'shipments', 'requests', 'controls'];

const messaging = createMessagingMock({ now: () => new Date('2026-11-23T09:30:00Z') });
const warehouse = createWarehouseMock({ inboundOrders: 2500, shipments: 400 });
let server: MockServer;
let browser: Browser;
let page: Page;
let watch: { problems: string[] };

const bot = () =>
  new MessagingClient({ baseUrl: server.messagingBaseUrl, botKey: messaging.botKey, channelKey: messaging.channelKey, maxRetries: 2 });
const hook = () => MessagingClient.fromWebhookUrl(server.webhookUrl!);
const wh = () => new WarehouseClient({ baseUrl: server.warehouseBaseUrl, apiKey: warehouse.apiKey, warehouseId: warehouse.warehouseId });
const icon = (name: string) => `${server.url}/_inbox/icon.svg?${name}`;

function deployEmbed() {
  return {
    title: 'Deploy 42 finished',
    url: 'https://ci.example.test/deploys/42',
    description: 'All checks passed.\nRolled out to 3 regions.',
    color: 0x2ecc71,
    timestamp: '2026-11-23T09:31:00.000Z',
    author: { name: 'Release bot', url: 'https://ci.example.test', icon_url: icon('author') },
    fields: [
      { name: 'Build', value: '#4211', inline: true },
      { name: 'Duration', value: '3 min 12 s', inline: true },
      { name: 'Changes', value: 'Faster CSV import; fixed a typo' },
    ],
    image: { url: icon('image') },
    thumbnail: { url: icon('thumbnail') },
    footer: { text: 'opslink CI', icon_url: icon('footer') },
  };
}

/** One Chromium for the whole file (both suites below): starting it is the slowest step here. */
let launched: Promise<Browser> | undefined;
const sharedChromium = () => (launched ??= launchChromium());
afterAll(async () => {
  await (await launched)?.close();
});

describe.runIf(runChromiumTests)('the inbox page in Chromium', () => {
  beforeAll(async () => {
    server = await startMockServer({ messaging, warehouse });
    browser = await sharedChromium();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    messaging.reset();
    warehouse.reset();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    watch = watchPage(page);
  });
  afterEach(async () => {
    await page.close();
    expect(watch.problems).toEqual([]);
  });

  it('shows an embed sent through the SDK as it is sent (pushed to the open page), with its fields in place', async () => {
    await openInbox(page, server.url);
    // A mark on this page: still there once the embed shows, it proves the page was not reloaded.
    await page.evaluate(() => Object.assign(window, { openedOnce: true }));
    await hook().postChannelMessage({ username: 'Release bot', avatar_url: icon('avatar'), content: 'Shipped!', embeds: [deployEmbed()] });
    const embed = page.locator('article.embed').first();
    // The page never polls (src/testing/server/inbox/app.js): only the server's event can bring
    // the embed. Live is proven so, not by a wall-clock bound (1 s failed on a busy machine).
    await embed.waitFor();
    expect(await page.evaluate(() => (window as { openedOnce?: boolean }).openedOnce)).toBe(true);

    await expect.poll(() => embed.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(46, 204, 113)');
    expect(await embed.locator('.embed-author-name').getAttribute('href')).toBe('https://ci.example.test');
    expect(await embed.locator('.embed-author-icon').getAttribute('src')).toBe(icon('author'));
    expect(await embed.locator('a.embed-title').textContent()).toBe('Deploy 42 finished');
    expect(await embed.locator('a.embed-title').getAttribute('href')).toBe('https://ci.example.test/deploys/42');
    expect(await embed.locator('.embed-description').innerText()).toBe('All checks passed.\nRolled out to 3 regions.');
    expect(await embed.locator('.embed-footer-text').textContent()).toBe('opslink CI');
    expect(await embed.locator('time.embed-timestamp').getAttribute('datetime')).toBe('2026-11-23T09:31:00.000Z');
    expect(await page.locator('.chat-username').first().textContent()).toBe('Release bot');
    expect(await page.locator('.chat-content').first().textContent()).toBe('Shipped!');

    // Inline fields two per row, the other one on its own row below them.
    const boxes = await embed.locator('.embed-field').evaluateAll((fields) => fields.map((f) => f.getBoundingClientRect().toJSON()));
    const [build, duration, changes] = boxes as DOMRect[];
    expect(build!.top).toBe(duration!.top);
    expect(duration!.left).toBeGreaterThan(build!.right - 1);
    expect(changes!.top).toBeGreaterThanOrEqual(build!.bottom);
    expect(changes!.width).toBeGreaterThan(build!.width * 1.8);
    expect(await embed.locator('.embed-field-name').allTextContents()).toEqual(['Build', 'Duration', 'Changes']);
    // The image below the fields at full width, the thumbnail at the top right.
    const image = await embed.locator('.embed-image').boundingBox();
    const thumbnail = await embed.locator('.embed-thumbnail').boundingBox();
    const title = await embed.locator('.embed-title').boundingBox();
    expect(image!.y).toBeGreaterThan(changes!.bottom - 1);
    expect(thumbnail!.x).toBeGreaterThan(title!.x + title!.width);
    expect(thumbnail!.y).toBeLessThan(title!.y + title!.height);
  });

  it('renders an HTML/script probe in every text member as text, and runs nothing', async () => {
    await openInbox(page, server.url);
    const client = bot();
    await client.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: PROBE });
    await client.postAnnouncement({ title: PROBE, body: PROBE });
    await client.postChannelMessage({
      content: PROBE,
      username: PROBE,
      embeds: [
        {
          title: PROBE,
          url: new URL(`https://example.test/?q=${encodeURIComponent(PROBE)}`).href, // as a URL parser writes it
          description: PROBE,
          author: { name: PROBE, url: 'javascript:alert(3)', icon_url: icon('probe') },
          fields: [{ name: PROBE, value: PROBE, inline: true }],
          footer: { text: PROBE },
        },
      ],
    });
    const { order_id } = await wh().inbound.create({
      date: '11/02/2026',
      retailer: PROBE,
      order_number: 'PO-PROBE',
      item_name: PROBE,
      color: PROBE,
      brand_sku: 'SKU-1',
      quantity: 1,
      unit_cost: 1,
      list_price: 2,
      client_notes: PROBE,
      fulfillment_type: 'two-step',
      shipping_label_files: new File(['%PDF'], `${PROBE}.pdf`, { type: 'application/pdf' }),
    });
    await page.goto(`${server.url}/#controls`);
    await page.fill('#employee-name', PROBE);
    await page.fill('#employee-email', 'probe@example.test');
    await page.fill('#employee-phone', '+15550100077');
    await page.click('#employee-submit');
    await page.waitForSelector('#status-line:has-text("Added employee")');

    await page.click('#nav-messages');
    await expect.poll(() => page.locator('.chat-content').count()).toBe(1);
    const messagesText = await page.locator('#view-messages').innerText();
    // The DM thread, its preview, the employee's name, the announcement title and body, the
    // message, its username, and the embed's title, author, description, field and footer.
    expect(messagesText.split(PROBE).length - 1).toBeGreaterThanOrEqual(13);
    expect(await page.locator('.embed-author-name').evaluate((el) => el.tagName)).toBe('SPAN');

    await page.click('#nav-orders');
    await page.fill('#orders-q', 'PO-PROBE');
    await page.press('#orders-q', 'Enter');
    await page.locator(`#orders-table tr[data-id="${order_id}"] button`).click();
    await page.waitForSelector('#detail[open]');
    expect((await page.locator('#detail').innerText()).split(PROBE).length - 1).toBeGreaterThanOrEqual(5);
    await page.keyboard.press('Escape');

    await page.click('#nav-requests');
    await page.locator('#requests-rows tr', { hasText: '/api/bot/messages' }).locator('button').click();
    expect(await page.locator('#request-detail pre').first().innerText()).toContain(JSON.stringify(PROBE));

    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { alerted?: boolean }).alerted)).toBeUndefined();
  });

  it('injects a fault from the page; the next SDK call retries, and the log shows both', async () => {
    await openInbox(page, server.url, 'controls');
    await page.selectOption('#fault-service', 'messaging');
    await page.selectOption('#fault-route', 'POST /api/bot/messages');
    await page.selectOption('#fault-kind', '429');
    await page.fill('#fault-retry-after', '0');
    await page.click('#fault-submit');
    await page.waitForSelector('#fault-list li:has-text("POST /api/bot/messages: status 429, 1 left")');

    const sent = await bot().sendDirectMessage({ to: { email: messaging.employees.second.email }, body: 'After a 429' });
    expect(sent).toHaveProperty('id');
    await page.waitForSelector('#fault-list li:has-text("No pending faults")');

    await page.click('#nav-requests');
    const faulted = page.locator('#requests-rows tr', { hasText: 'fault 429' });
    const retried = page.locator('#requests-rows tr', { hasText: 'retry of #' });
    await retried.waitFor();
    const faultedId = await faulted.getAttribute('data-id');
    expect(await retried.locator('.badge.retry').textContent()).toBe(`retry of #${faultedId}`);
    expect(await faulted.locator('.badge.bad').textContent()).toBe('429');
    await retried.locator('button').click();
    const detail = await page.locator('#request-detail').innerText();
    expect(detail).toContain(`Looks like a retry of\n#${faultedId}`);
    expect(detail).toContain('Bearer ••••');
    expect(detail).not.toContain(messaging.botKey);
  });

  it('counts in words that agree with the number (1 channel message)', async () => {
    await bot().sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'one' });
    await hook().postChannelMessage({ embeds: [deployEmbed()] });
    await openInbox(page, server.url);
    await expect.poll(() => page.locator('#messages-counts').textContent()).toBe('1 direct message, 0 announcements, 1 channel message');
    expect(await page.locator('.thread-meta').first().textContent()).toBe('1 message');
  });

  it('opens a request with a click anywhere on its row', async () => {
    await bot().sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'open me' });
    await openInbox(page, server.url, 'requests');
    const row = page.locator('#requests-rows tr', { hasText: 'POST' }).first();
    await row.locator('td.path').click();
    await expect.poll(() => row.getAttribute('class')).toBe('selected');
    expect(await page.locator('#request-detail').innerText()).toContain('open me');
  });

  it('shows every fault kind and route whole in its select', async () => {
    await openInbox(page, server.url, 'controls');
    const clipped: string[] = [];
    for (const service of ['messaging', 'warehouse']) {
      await page.selectOption('#fault-service', service);
      for (const id of ['fault-route', 'fault-kind']) {
        clipped.push(
          ...(await page.evaluate((selectId) => {
            // A select is as wide as its longest option unless the layout squeezes it: a copy
            // left to its own width says how wide the whole text needs it to be.
            const select = document.getElementById(selectId) as HTMLSelectElement;
            const free = select.cloneNode(true) as HTMLSelectElement;
            free.removeAttribute('id');
            Object.assign(free.style, { position: 'absolute', width: 'auto', maxWidth: 'none', visibility: 'hidden' });
            select.after(free); // same font as the original
            const needed = free.offsetWidth;
            free.remove();
            return select.offsetWidth >= needed ? [] : [`${selectId}: ${select.offsetWidth} px of the ${needed} px its options need`];
          }, id)),
        );
      }
    }
    expect(clipped).toEqual([]);
  });

  it('empties the page on reset', async () => {
    await bot().sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'to be reset' });
    await hook().postChannelMessage({ embeds: [deployEmbed()] });
    await openInbox(page, server.url);
    await page.waitForSelector('article.embed');
    await page.click('#nav-controls');
    await page.click('#reset-all');
    await page.click('#nav-messages');
    await expect.poll(() => page.locator('#messages-counts').textContent()).toBe('0 direct messages, 0 announcements, 0 channel messages');
    expect(await page.locator('article.embed').count()).toBe(0);
    await page.click('#nav-requests');
    await expect.poll(() => page.locator('#requests-rows').innerText()).toBe('No requests yet.');
  });

  it('reaches every control with the keyboard alone, and works them', async () => {
    await openInbox(page, server.url);
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim() || '');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    const path: string[] = [];
    while (path.at(-1) !== 'nav-controls' && path.length < 20) {
      await page.keyboard.press('Tab');
      path.push(await focused());
    }
    expect(path.at(-1), path.join(' → ')).toBe('nav-controls');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#view-controls:not([hidden])');
    const reached = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      reached.add(await focused());
    }
    for (const id of ['fault-service', 'fault-route', 'fault-kind', 'fault-times', 'fault-submit', 'clear-faults', 'reset-all']) {
      expect(reached, id).toContain(id);
    }
    for (const id of ['revoke-target', 'revoke-submit', 'employee-email', 'employee-phone', 'employee-submit'])
      expect(reached, id).toContain(id);

    // A 5xx fault chosen and injected from the keyboard, then everything reset from it.
    await page.focus('#fault-kind');
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('#fault-status-field:not([hidden])');
    await page.focus('#fault-submit');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#fault-list li:has-text("status 503")');
    await page.focus('#reset-all');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#fault-list li:has-text("No pending faults")');

    // A table row opens its detail from the keyboard, and Escape closes it.
    await page.goto(`${server.url}/#orders`);
    await page.waitForSelector('#orders-table .open-row');
    await page.focus('#orders-table .open-row');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#detail[open]');
    expect(await focused()).toBe('detail-close');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !(document.getElementById('detail') as HTMLDialogElement).open);
  });

  it('pages and sorts thousands of orders and filters them by status and fulfillment type', async () => {
    await openInbox(page, server.url, 'orders');
    await page.selectOption('#orders-status', 'outbound');
    await page.selectOption('#orders-type', 'fbm');
    const expected = warehouse.state.inboundOrders.filter((o) => o.status === 'outbound' && o.fulfillment_type === 'fbm').length;
    await page.waitForSelector(`#orders-body .pager:has-text("${expected} inbound orders")`);
    await page.click('#orders-sort-quantity');
    await page.waitForSelector('th[aria-sort="ascending"] #orders-sort-quantity');
    const quantities = (await page.locator('#orders-table tbody td[data-label="Qty"]').allTextContents()).map(Number);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    await page.click('#orders-next');
    await page.waitForSelector(`#orders-body .pager:has-text("Page 2 of ${Math.ceil(expected / 50)}")`);
  });

  it('has no horizontal scroll at a phone width, in any view', async () => {
    await bot().postAnnouncement({ title: 'A rather long announcement title that has to wrap somewhere', body: 'x'.repeat(300) });
    await hook().postChannelMessage({ embeds: [deployEmbed()] });
    await page.setViewportSize({ width: 390, height: 844 });
    await openInbox(page, server.url);
    for (const view of VIEWS) {
      await page.click(`#nav-${view}`);
      await page.waitForTimeout(100);
      expect(await scrollsSideways(page), view).toBe(false);
    }
    await page.click('#nav-orders');
    await page.locator('#orders-table .open-row').first().click();
    await page.waitForSelector('#detail[open]');
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('forbids inline script through its Content-Security-Policy', async () => {
    page.removeAllListeners('console');
    watch.problems.length = 0;
    watch = watchPage(page, [/Content Security Policy/]);
    const response = await page.goto(`${server.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.waitForSelector('body[data-ready="true"]');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { inlineRan?: boolean }).inlineRan ?? false;
    });
    expect(ran).toBe(false);
  });

  it('writes a screenshot of each view (media/inbox/ with OPSLINK_UPDATE_MEDIA=1)', async () => {
    mkdirSync(MEDIA, { recursive: true });
    await fillForScreenshots();
    await openInbox(page, server.url);
    await page.waitForSelector('article.embed');
    const shot = (name: string) => page.screenshot({ path: new URL(`${name}.png`, MEDIA).pathname, fullPage: true });
    await shot('messages');
    for (const view of ['orders', 'shipments']) {
      await page.click(`#nav-${view}`);
      await page.waitForSelector(`#${view}-table`);
      await shot(view);
      await page.locator(`#${view}-table .open-row`).first().click();
      await page.waitForSelector('#detail[open]');
      await page.screenshot({ path: new URL(`${view}-detail.png`, MEDIA).pathname });
      await page.keyboard.press('Escape');
    }
    await page.click('#nav-requests');
    await page.locator('#requests-rows tr', { hasText: 'retry of' }).first().locator('button').click();
    await shot('requests');
    await page.click('#nav-controls');
    await shot('controls');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const view of ['messages', 'orders', 'requests']) {
      await page.click(`#nav-${view}`);
      await page.waitForTimeout(150);
      await page.screenshot({ path: new URL(`phone-${view}.png`, MEDIA).pathname });
    }
  }, 60_000);
});

/** A little of everything, so the screenshots show each view in use. */
async function fillForScreenshots(): Promise<void> {
  const client = bot();
  await client.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'Your shift starts at 9:00 tomorrow.' });
  await client.sendDirectMessage({ to: { email: messaging.employees.first.email }, body: 'Dock 3 is closed; use dock 4.' });
  await client.sendDirectMessage({ to: { email: messaging.employees.second.email }, body: 'Stocktake checklist is in your inbox.' });
  await client.postAnnouncement({ title: 'Stocktake Friday', body: 'Doors close at 4 pm. Scanners are charged in the back office.' });
  await hook().postChannelMessage({
    username: 'Release bot',
    avatar_url: icon('avatar'),
    content: 'Deploy finished.',
    embeds: [deployEmbed()],
  });
  messaging.faults.status('POST /api/automation/messages', 429, { retryAfter: 0 });
  await client.postChannelMessage({ content: 'Nightly export: 18,204 rows' });
  warehouse.faults.add({ route: 'GET /api/v1/shipments', fault: { status: 503 } });
  await wh().shipments.list({ limit: 10 });
  await wh().inbound.list({ limit: 25, fulfillment_types: ['fba'] });
  messaging.faults.status('POST /api/bot/messages', 503, { times: 2 });
}

const distFile = (path: string) => new URL(`../../../dist/${path}`, import.meta.url).href;

describe.runIf(runChromiumTests)('the inbox page of the built package (dist/)', () => {
  it('loads from dist with no error and shows what was sent', async () => {
    // The built files, typed as the sources they come from (dist/ is not there until a build).
    const dist = (await import(distFile('testing/index.js'))) as typeof import('../../../src/testing/index.js');
    const sdk = (await import(distFile('index.js'))) as typeof import('../../../src/index.js');
    const mock = dist.createMessagingMock();
    const built = await dist.startMockServer({ messaging: mock, warehouse: dist.createWarehouseMock() });
    const tab = await (await sharedChromium()).newPage();
    try {
      const seen = watchPage(tab);
      await openInbox(tab, built.url);
      await new sdk.MessagingClient({ baseUrl: built.messagingBaseUrl, botKey: mock.botKey }).postAnnouncement({
        title: 'From dist',
        body: 'ok',
      });
      await tab.waitForSelector('.announcement-title:has-text("From dist")');
      expect(seen.problems).toEqual([]);
    } finally {
      await tab.close();
      await built.close();
    }
  }, 60_000);
});
