/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { adminJson } from '../helpers/admin.ts';
import { consoleHeaders } from '../helpers/console.ts';
import { axeCheck, expectClean, openConsole, screenshot, type OpenConsole } from '../helpers/console-browser.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { useLocalApi } from '../helpers/server.ts';
import { remittedJob } from '../helpers/console-settings.ts';
import { en, type Messages } from '../../console/src/messages/en.ts';
import { hi } from '../../console/src/messages/hi.ts';

// Access tokens live 6 s here: the silent refresh is a real expiry, not a simulated one.
const TOKEN_SECONDS = 6;
const api = useLocalApi({ env: { CONSOLE_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS) } });

/** Every page of the console, by the path a person shares and the `<h1>` it shows in a language. */
function everyPage(shop: Shop): Array<{ name: string; path: string; h1: (t: Messages) => string }> {
  return [
    { name: 'attention', path: '/console/attention', h1: (t) => t.attention.title },
    { name: 'jobs', path: '/console/jobs', h1: (t) => t.jobs.title },
    { name: 'job', path: `/console/jobs/${shop.deliveredJobId}`, h1: (t) => t.job.title('ORD-shot-delivered') },
    { name: 'book', path: '/console/book', h1: (t) => t.book.title },
    { name: 'statement', path: '/console/statement', h1: (t) => t.statement.title },
    { name: 'remittances', path: '/console/remittances', h1: (t) => t.remittances.title },
    { name: 'remittance', path: `/console/remittances/${shop.remittanceId}`, h1: (t) => t.remittances.detailTitle(shop.remittanceId) },
    { name: 'webhooks', path: '/console/webhooks', h1: (t) => t.webhooks.title },
    { name: 'webhook', path: `/console/webhooks/${shop.endpointId}`, h1: (t) => t.webhooks.endpointTitle(ENDPOINT_URL) },
    { name: 'events', path: '/console/events', h1: (t) => t.events.title },
    { name: 'api-keys', path: '/console/api-keys', h1: (t) => t.apiKeys.title },
  ];
}

const ENDPOINT_URL = 'https://hooks.example.com/deliveries';
const CATALOGUES = { 'en-IN': en, 'hi-IN': hi } as const;

interface Shop {
  merchant: TestMerchant;
  deliveredJobId: string;
  decisionJobId: string;
  endpointId: string;
  remittanceId: string;
}

let shop: Shop;

/** A sandbox store with what each page shows: a delivered job, one waiting for the merchant's decision, one on its way, a webhook endpoint. */
beforeAll(async () => {
  const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
  const runMs = api.table.rt.config.SIMULATION_SECONDS * 1000;
  const delivered = await merchant.bookJob({ body: { externalOrderId: 'ORD-shot-delivered' } });
  const undeliverable = await merchant.bookJob({ body: { externalOrderId: 'ORD-shot-sim-undeliverable' } });
  await merchant.bookJob({ body: { externalOrderId: 'ORD-shot-on-its-way' } });
  await simulateTick(api.table.rt, new Date(Date.parse(undeliverable.createdAt as string) + 0.95 * runMs + 100));
  await simulateTick(api.table.rt, new Date(Date.parse(delivered.createdAt as string) + runMs + 100));
  expect((await api.table.rt.jobs.get(merchant.storeId, undeliverable.id))!.pendingDecision).not.toBeNull();
  const endpoint = await merchant.post('/v1/webhook-endpoints', { url: ENDPOINT_URL, eventTypes: ['job.delivered'] });
  expect(endpoint.status).toBe(201);
  const { remittanceId } = await remittedJob(api, merchant);
  shop = {
    merchant,
    deliveredJobId: delivered.id,
    decisionJobId: undeliverable.id,
    endpointId: (endpoint.body as { data: { id: string } }).data.id,
    remittanceId,
  };
}, 60_000);

/** Opens an app path with a full load (the app renews its token from the cookie) and waits for its `<h1>` in the page's language and its data. */
async function visit(c: OpenConsole, path: string, h1: string): Promise<void> {
  await c.page.goto(`${api.server.url}${path}`);
  await expect.poll(() => c.page.locator('h1').first().textContent(), { timeout: 15_000 }).toBe(h1);
  // The page's own data is drawn (no "Loading…" left in either language), so the screenshot and axe see the page as a person does.
  await expect.poll(() => c.page.getByText(new RegExp(`^(${en.common.loading}|${hi.common.loading})$`)).count(), { timeout: 15_000 }).toBe(0);
}

/** Chrome logs each 4xx a page's fetch receives as a console error; a test that provokes them on purpose lets exactly those through. */
function without4xx(c: OpenConsole): OpenConsole {
  return { ...c, consoleErrors: c.consoleErrors.filter((message) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message)) };
}

describe('the console in a real browser', () => {
  it('signs in with a link from the admin CLI, once: the same link opened again is refused', async () => {
    const { url } = await adminJson<{ url: string }>(api.table, ['console', 'link', '--store', shop.merchant.storeId, '--base-url', api.server.url, '--json']);
    const c = await openConsole(api, { storeId: shop.merchant.storeId });

    await c.page.goto(url);
    await expect.poll(() => c.page.locator('h1').textContent()).toBe('Needs attention');
    // The token left the address bar and the history at once.
    expect(c.page.url()).toBe(`${api.server.url}/console/attention`);
    const second = await c.context.browser()!.newContext();
    const again = await second.newPage();
    await again.goto(url);
    await expect.poll(() => again.locator('h1').textContent()).toBe('Sign in');
    await expect.poll(() => again.getByRole('alert').textContent()).toContain('This sign-in link is not valid any more');
    await second.close();
    expectClean(c);
  });

  it('renews an expired access token silently: a page opened after the token ended loads without signing in again', async () => {
    const c = await openConsole(api, { storeId: shop.merchant.storeId });
    const tokens: string[] = [];
    c.page.on('request', (request) => {
      const key = request.headers()['x-api-key'];
      if (key && !tokens.includes(key)) tokens.push(key);
    });
    await c.page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await expect.poll(() => c.page.locator('h1').textContent()).toBe('Jobs');
    const first = tokens[0]!;
    // The first token really ends at the server (a signal, not a sleep: the API itself says so).
    await expect
      .poll(async () => (await api.server.request('/v1/balance', { headers: { 'X-Api-Key': first } })).status, {
        timeout: (TOKEN_SECONDS + 5) * 1000,
        interval: 500,
      })
      .toBe(401);

    await c.page.getByRole('link', { name: 'Statement', exact: true }).click();

    await expect.poll(() => c.page.locator('h1').textContent()).toBe('Statement');
    await expect.poll(() => c.page.getByText('Loading…', { exact: true }).count()).toBe(0);
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.every((token) => token.startsWith('mdk_sess_'))).toBe(true);
    expect(await c.page.getByRole('alert').count()).toBe(0);
    expectClean(without4xx(c));
  });

  it('ends the session when a spent refresh token comes back (a stolen cookie replayed): the browser is signed out as well', async () => {
    const c = await openConsole(api, { storeId: shop.merchant.storeId });
    const refreshCookie = async () => (await c.context.cookies()).find((cookie) => cookie.name === 'console_refresh')!;
    const stolen = await refreshCookie();
    // Two reloads renew the token with the cookie twice; it rotates each time: the value read above is long spent.
    for (let i = 0; i < 2; i++) {
      const before = await refreshCookie();
      await c.page.reload();
      await expect.poll(() => c.page.locator('h1').textContent()).toBe('Needs attention');
      await expect.poll(async () => (await refreshCookie()).value).not.toBe(before.value);
    }

    const replay = await api.server.request('/console/v1/sessions/refresh', { method: 'POST', headers: consoleHeaders(`${stolen.name}=${stolen.value}`) });
    await c.page.reload();

    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'session_revoked' });
    await expect.poll(() => c.page.locator('h1').textContent()).toBe('Sign in');
    await expect.poll(() => c.page.getByRole('alert').textContent()).toContain('Your session was ended for safety');
    expectClean(without4xx(c));
  });

  it('shows a store whose API access is off one full-page notice, not a broken page', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const c = await openConsole(api, { storeId: merchant.storeId });
    await api.table.rt.stores.setApiAccess(merchant.storeId, false);

    await c.page.getByRole('link', { name: 'Jobs', exact: true }).click();

    await expect.poll(() => c.page.locator('h1').textContent()).toBe('API access is switched off');
    expect(await c.page.locator('nav').count()).toBe(0);
    expect(await c.page.locator('h1').count()).toBe(1);
    expectClean(without4xx(c));
  });

  it('shows a 429 with its Retry-After', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/events' });
    // The console's reads count in a group of their own: one a minute leaves nothing for the next page.
    await api.table.rt.stores.setRateLimits(merchant.storeId, { console: 1 });
    await c.page.getByRole('link', { name: 'Jobs', exact: true }).click();
    await c.page.getByRole('link', { name: 'Statement', exact: true }).click();

    await expect.poll(() => c.page.getByRole('alert').first().textContent(), { timeout: 10_000 }).toMatch(/Too many requests: try again in \d+ s\./);
    expectClean(without4xx(c));
  });

  it('shows the API’s fieldErrors on their fields (aria-invalid, the message tied by aria-describedby) and its summary at the top of the form', async () => {
    const c = await openConsole(api, { storeId: shop.merchant.storeId, path: '/console/webhooks' });
    // The field labelled URL (its label also carries the required mark).
    const url = c.page.locator('input[name="url"]');
    await url.fill('http://hooks.example.com/deliveries');

    await c.page.getByRole('button', { name: en.webhooks.add, exact: true }).click();

    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await url.getAttribute('aria-describedby'))!.split(' ');
    const messages = await Promise.all(describedBy.map((id) => c.page.locator(`[id="${id}"]`).textContent()));
    const alert = await c.page.getByRole('alert').first().textContent();
    // The API said why (its own words, on the field); the alert says to look at the fields.
    const refused = await shop.merchant.post('/v1/webhook-endpoints', { url: 'http://hooks.example.com/deliveries' });
    const apiWords = (refused.body as { details: { fieldErrors: { url: string[] } } }).details.fieldErrors.url;

    expect(refused.status).toBe(400);
    expect(messages.some((message) => apiWords.every((word) => message?.includes(word)))).toBe(true);
    expect(alert).toContain(en.common.errors.fields);
    expectClean(without4xx(c));
  });

  it('passes axe-core on every page with no serious or critical finding, in English and in Hindi', async () => {
    for (const locale of ['en-IN', 'hi-IN'] as const) {
      const c = await openConsole(api, { storeId: shop.merchant.storeId, locale });
      for (const page of everyPage(shop)) {
        await visit(c, page.path, page.h1(CATALOGUES[locale]));
        await axeCheck(c.page);
      }
      expect(await c.page.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2));
      expectClean(c);
      await c.context.close();
    }
  }, 180_000);

  it('reflows at 320 px: no page scrolls sideways (wide tables scroll inside their own box)', async () => {
    const c = await openConsole(api, { storeId: shop.merchant.storeId, width: 320 });
    const wide: string[] = [];
    for (const page of everyPage(shop)) {
      await visit(c, page.path, page.h1(en));
      const width = await c.page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${page.name}: ${width} px`);
    }

    expect(wide).toEqual([]);
    expectClean(c);
  }, 120_000);

  it('takes the docs’ screenshots of every page, in English and Hindi, at 360 px and on a desktop', async () => {
    const taken: string[] = [];
    for (const [lang, locale] of [
      ['en', 'en-IN'],
      ['hi', 'hi-IN'],
    ] as const) {
      for (const width of [360, 1280]) {
        const c = await openConsole(api, { storeId: shop.merchant.storeId, locale, width });
        for (const page of everyPage(shop)) {
          await visit(c, page.path, page.h1(CATALOGUES[locale]));
          await settle(c.page);
          taken.push(await screenshot(c.page, `${page.name}-${lang}-${width}`, { docs: true }));
        }
        expectClean(c);
        await c.context.close();
      }
    }

    expect(taken).toHaveLength(everyPage(shop).length * 4);
  }, 300_000);
});

/** Waits for the page's fonts, so a screenshot shows its words and not boxes. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
