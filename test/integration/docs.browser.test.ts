import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { useLocalApi } from '../helpers/server.ts';
import { launchChromium } from '../../scripts/chromium.ts';
import { routesOf } from '../../functions/http/routes.ts';
import { EVENT_TYPES } from '../../functions/core/event.ts';

const MERCHANT_ROUTES = routesOf('merchant');

const api = useLocalApi();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the API reference page', () => {
  it('serves the API description at /openapi.json', async () => {
    const response = await fetch(`${api.server.url}/openapi.json`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
  });

  it('serves the fleet API’s description at /fleet/openapi.json', async () => {
    const response = await fetch(`${api.server.url}/fleet/openapi.json`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ openapi: '3.1.0', info: { title: 'Fleet API (riders and fleet operations)' } });
  });

  it('switches to the fleet API and lists its seventeen operations', async () => {
    const page = await browser.newPage();
    await page.goto(`${api.server.url}/docs`);
    await page
      .locator('.opblock')
      .nth(MERCHANT_ROUTES.length - 1)
      .waitFor({ timeout: 20_000 });

    await page.locator('.topbar select').selectOption({ label: 'Fleet API' });
    await page.locator('.opblock-summary-path[data-path="/fleet/v1/offers"]').waitFor({ timeout: 20_000 });
    const paths = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    await page.close();

    expect(paths).toHaveLength(17);
    expect(paths.every((path) => path?.startsWith('/fleet/v1/'))).toBe(true);
  });

  it('lists every merchant operation when opened in a real browser, with no request leaving the machine', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(api.server.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });

    await page.goto(`${api.server.url}/docs`);
    await page
      .locator('.opblock')
      .nth(MERCHANT_ROUTES.length - 1)
      .waitFor({ timeout: 20_000 });
    const operations = await page
      .locator('.opblock-summary')
      .evaluateAll((nodes) =>
        nodes.map(
          (node) => `${node.querySelector('.opblock-summary-method')?.textContent} ${node.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    const title = await page.locator('.info .title').textContent();
    await page.close();

    // The routes, then OpenAPI 3.1's webhooks (one per event type, shown by name).
    const [routeOps, webhookOps] = [
      operations.filter((op) => op.split(' ')[1]!.startsWith('/')),
      operations.filter((op) => !op.split(' ')[1]!.startsWith('/')),
    ];
    expect(routeOps.sort()).toEqual(MERCHANT_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
    expect(webhookOps.map((op) => op.split(' ')[1]).sort()).toEqual([...EVENT_TYPES].sort());
    // The spec's six are among them.
    expect(operations).toEqual(
      expect.arrayContaining(['GET /v1/balance', 'GET /v1/jobs', 'GET /v1/jobs/{id}', 'POST /v1/job-quotes', 'POST /v1/jobs', 'POST /v1/jobs/{id}/cancel']),
    );
    expect(title).toContain('Merchant Delivery Booking API');
    expect(outside).toEqual([]);
  });
});
