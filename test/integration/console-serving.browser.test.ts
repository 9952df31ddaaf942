/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../functions/core/console-assets.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { useLocalApi } from '../helpers/server.ts';
import { axeCheck, expectClean, openConsole } from '../helpers/console-browser.ts';

/**
 * The served app in real Chromium, under its own CSP: it signs in from a link and draws its landing
 * page with nothing refused; and the browser helpers the pages' tests rely on see what they claim to.
 */
const api = useLocalApi();

describe('the console served to a real browser', () => {
  it('signs in from a link and lands on a drawn page under the CSP, with nothing refused, nothing sent elsewhere, no error', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const c = await openConsole(api, { storeId: merchant.storeId });
    const { page } = c;
    const document = await page.goto(page.url());

    expect(document?.headers()['content-security-policy']).toBe(CONSOLE_CSP);
    await page.locator('h1').first().waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/console/login');
    expect(await page.locator('h1').count()).toBe(1);
    await axeCheck(page);
    expectClean(c);
    await c.context.close();
  });

  it('opens a deep link after sign-in (a full load, renewed from the refresh cookie)', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/jobs' });

    expect(new URL(c.page.url()).pathname).toBe('/console/jobs');
    await expect.poll(() => c.page.locator('h1').textContent()).toBe('Jobs');
    expectClean(c);
    await c.context.close();
  });

  it('records what the CSP refuses (an inline script, an image from another host), and expectClean fails on it', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const c = await openConsole(api, { storeId: merchant.storeId });

    await c.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      const image = document.createElement('img');
      image.src = 'https://images.example.com/pixel.png';
      document.body.append(image);
    });
    await expect.poll(() => c.cspViolations.length).toBe(2);

    expect(c.cspViolations).toEqual(expect.arrayContaining(['script-src-elem inline', 'img-src https://images.example.com/pixel.png']));
    expect(await c.page.evaluate(() => 'injected' in window)).toBe(false);
    expect(() => expectClean(c)).toThrow();
    await c.context.close();
  });
});
