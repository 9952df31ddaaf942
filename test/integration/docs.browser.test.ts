import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { useLocalApi } from '../helpers/server.ts';

const api = useLocalApi();
// Debian's chromium (`.ci/run` installs it); CHROMIUM_PATH points elsewhere if needed.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`);
  browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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

  it('switches to the fleet API and lists its thirteen operations', async () => {
    const page = await browser.newPage();
    await page.goto(`${api.server.url}/docs`);
    await page.locator('.opblock').nth(5).waitFor({ timeout: 20_000 });

    await page.locator('.topbar select').selectOption({ label: 'Fleet API' });
    await page.locator('.opblock-summary-path[data-path="/fleet/v1/offers"]').waitFor({ timeout: 20_000 });
    const paths = await page.locator('.opblock-summary-path').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path')));
    await page.close();

    expect(paths).toHaveLength(13);
    expect(paths.every((path) => path?.startsWith('/fleet/v1/'))).toBe(true);
  });

  it('lists all six merchant operations when opened in a real browser, with no request leaving the machine', async () => {
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(api.server.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });

    await page.goto(`${api.server.url}/docs`);
    await page.locator('.opblock').nth(5).waitFor({ timeout: 20_000 });
    const operations = await page
      .locator('.opblock-summary')
      .evaluateAll((nodes) =>
        nodes.map(
          (node) => `${node.querySelector('.opblock-summary-method')?.textContent} ${node.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    const title = await page.locator('.info .title').textContent();
    await page.close();

    expect(operations.sort()).toEqual([
      'GET /v1/balance',
      'GET /v1/jobs',
      'GET /v1/jobs/{id}',
      'POST /v1/job-quotes',
      'POST /v1/jobs',
      'POST /v1/jobs/{id}/cancel',
    ]);
    expect(title).toContain('Merchant Delivery Booking API');
    expect(outside).toEqual([]);
  });
});
