/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { useLocalApi } from '../helpers/server.ts';
import { launchChromium } from '../../scripts/chromium.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import { trackingLinkOf } from '../helpers/tracking.ts';

/** Where the screenshots go (docs/screenshots/ holds the copies the docs link to). */
const OUTPUT = join(process.env.TEST_OUTPUT_DIR ?? 'test-output', 'tracking-page');
const REFRESH_MS = 15_000;

const api = useLocalApi();
let browser: Browser;

beforeAll(async () => {
  mkdirSync(OUTPUT, { recursive: true });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** A sandbox job with a tracking link, and a way to move its simulated rider to a point of the run (0 booked … 1 delivered). */
async function sandboxDelivery(merchant?: TestMerchant, externalOrderId?: string) {
  const m = merchant ?? (await newMerchant(api.table.rt, api.server, { sandbox: true }));
  const job = await m.bookJob(externalOrderId ? { body: { externalOrderId } } : undefined);
  const link = await trackingLinkOf(m, job.id);
  const runMs = api.table.rt.config.SIMULATION_SECONDS * 1000;
  return {
    merchant: m,
    job,
    link,
    url: `${api.server.url}${link.path}`,
    simulateTo: (fraction: number) => simulateTick(api.table.rt, new Date(Date.parse(job.createdAt as string) + fraction * runMs + 100)),
    /** Ticks the simulator `ms` after `since` (an ISO time): for the moves after the script, timed from the job's state. */
    simulateAfter: (since: string, ms: number) => simulateTick(api.table.rt, new Date(Date.parse(since) + ms)),
    runMs,
    current: async () => (await api.table.rt.jobs.get(m.storeId, job.id))!,
  };
}

/** A page in its own context (width, language), recording every request that leaves the local server and every console error. */
async function openContext(width: number, locale: 'en-IN' | 'hi-IN'): Promise<{ context: BrowserContext; page: Page; outside: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, locale, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const outside: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${api.server.url}/`)) outside.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.clock.install();
  return { context, page, outside, errors };
}

// Lets the page's 15 s timer fire and waits for its refresh to change the headline.
async function refreshUntil(page: Page, headline: string): Promise<void> {
  await page.clock.fastForward(REFRESH_MS);
  await page.waitForFunction((text) => document.querySelector('h1')?.textContent === text, headline, { timeout: 10_000 });
}

describe('the tracking page in a real browser', () => {
  it('follows a sandbox job from booking to delivery in place, with no reload, no request to another host and no console error', async () => {
    const delivery = await sandboxDelivery();
    const { context, page, outside, errors } = await openContext(360, 'en-IN');
    const loads: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(delivery.url)) loads.push(request.resourceType());
    });

    await page.goto(delivery.url);
    const headline = await page.locator('h1').elementHandle();
    const first = await page.locator('h1').textContent();
    await delivery.simulateTo(0.3);
    await refreshUntil(page, 'Your rider is on the way to the store');
    const toStore = await page.locator('[data-part=next]').textContent();
    const riderOnMapBeforePickup = await page.locator('svg circle[fill="#0b5cad"]').count();
    await delivery.simulateTo(0.7);
    await refreshUntil(page, 'Your parcel is on its way');
    const onTheWay = await page.locator('[data-part=next]').textContent();
    const code = await page.locator('.code').textContent();
    await page.screenshot({ path: join(OUTPUT, 'en-360-follow-on-the-way.png'), fullPage: true });
    await delivery.simulateTo(1);
    await refreshUntil(page, 'Your parcel has been delivered');
    const delivered = { next: await page.locator('[data-part=next]').textContent(), codes: await page.locator('.code').count() };
    const current = await page.locator('li[aria-current=step]').textContent();
    const sameHeadline = await headline!.evaluate((node) => node.isConnected && node.getAttribute('aria-live'));
    const job = await delivery.current();
    await context.close();

    expect(first).toBe('We’re finding a rider for your order');
    expect(toStore).toMatch(/^Your rider is \d+ m from the store$/);
    expect(riderOnMapBeforePickup).toBe(1);
    expect(onTheWay).toMatch(/^Your rider is (\d+ m|\d\.\d km) away$/);
    expect(code).toBe(job.verification.delivery.code);
    expect(delivered).toEqual({ next: expect.stringMatching(/^Delivered at .+\. Thank you!$/), codes: 0 });
    expect(current).toMatch(/^Delivered/);
    // The headline is the same live region throughout: screen readers announce each new status.
    expect(sameHeadline).toBe('polite');
    // One page load, then one fetch per refresh: the page never reloads itself.
    expect(loads).toEqual(['document', 'fetch', 'fetch', 'fetch']);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('stops asking once the delivery has ended, and asks nothing while its tab is hidden, catching up when shown', async () => {
    const hidden = await sandboxDelivery();
    const ended = await sandboxDelivery();
    const { context, page } = await openContext(360, 'en-IN');
    const fetches = (url: string) => {
      const seen: string[] = [];
      page.on('request', (request) => {
        if (request.url() === url && request.resourceType() === 'fetch') seen.push(request.url());
      });
      return seen;
    };
    const setHidden = (value: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { value: h, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, value);

    // A tab hidden for a minute asks nothing; shown again, it asks at once.
    const hiddenFetches = fetches(hidden.url);
    await page.goto(hidden.url);
    await setHidden(true);
    await hidden.simulateTo(0.3);
    await page.clock.fastForward(60_000);
    const whileHidden = hiddenFetches.length;
    await setHidden(false);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Your rider is on the way to the store', null, { timeout: 10_000 });
    // A delivered job's page asks nothing more.
    await ended.simulateTo(1);
    const endedFetches = fetches(ended.url);
    await page.goto(ended.url);
    await page.clock.fastForward(120_000);
    const live = await page.locator('main').getAttribute('data-live');
    await context.close();

    expect(whileHidden).toBe(0);
    expect(hiddenFetches.length).toBeGreaterThanOrEqual(1);
    expect([live, endedFetches.length]).toEqual(['false', 0]);
  });

  describe.each([
    ['en', 'en-IN', 'Your parcel is on its way', 'Delivery code'],
    ['hi', 'hi-IN', 'आपका पार्सल रास्ते में है', 'डिलीवरी कोड'],
  ] as const)('in %s', (lang, locale, headline, codeHeading) => {
    it.each([360, 1280])('is readable at %i px: its language, nothing to scroll sideways, text of 14 px or more, a screenshot', async (width) => {
      const delivery = await sandboxDelivery();
      await delivery.simulateTo(0.7);
      const { context, page, outside, errors } = await openContext(width, locale);

      const response = await page.goto(delivery.url);
      const layout = await page.evaluate(() => {
        const texts = [...document.querySelectorAll('body *')].filter(
          (el) => !el.closest('svg') && [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== ''),
        );
        return {
          lang: document.documentElement.lang,
          scrollWidth: document.documentElement.scrollWidth,
          smallestText: Math.min(...texts.filter((el) => el.getBoundingClientRect().width > 1).map((el) => parseFloat(getComputedStyle(el).fontSize))),
        };
      });
      const h1 = await page.locator('h1').textContent();
      const codeTitle = await page.locator('[data-part=code] h2').textContent();
      await page.screenshot({ path: join(OUTPUT, `${lang}-${width}.png`), fullPage: true });
      await context.close();

      expect(response?.status()).toBe(200);
      expect(layout).toEqual({ lang, scrollWidth: width, smallestText: expect.any(Number) });
      expect(layout.smallestText).toBeGreaterThanOrEqual(14);
      expect([h1, codeTitle]).toEqual([headline, codeHeading]);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('is accessible: landmarks, a labelled map, the current step marked, and text contrast of 4.5:1 or more', async () => {
    const delivery = await sandboxDelivery();
    await delivery.simulateTo(0.7);
    const { context, page } = await openContext(360, 'en-IN');

    await page.goto(delivery.url);
    const landmarks = {
      banner: await page.getByRole('banner').count(),
      navigation: await page.getByRole('navigation', { name: 'Language' }).count(),
      main: await page.getByRole('main').count(),
      contentinfo: await page.getByRole('contentinfo').count(),
      map: await page.getByRole('img', { name: 'Map of the store, your address and your rider' }).count(),
      currentStep: await page.locator('li[aria-current=step]').allTextContents(),
      live: await page.locator('h1').getAttribute('aria-live'),
    };
    const contrast = await page.evaluate(() => {
      const channels = (color: string) => color.match(/[\d.]+/g)!.map(Number);
      const luminance = (color: string) => {
        const [r, g, b] = channels(color)
          .slice(0, 3)
          .map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const background = (el: Element | null): string => {
        for (let node = el; node; node = node.parentElement) {
          const color = getComputedStyle(node).backgroundColor;
          const [, , , alpha] = channels(color);
          if (alpha === undefined || alpha > 0) return color;
        }
        return 'rgb(255, 255, 255)';
      };
      return [...document.querySelectorAll('body *')]
        .filter((el) => !el.closest('svg') && [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== ''))
        .map((el) => {
          const [a, b] = [luminance(getComputedStyle(el).color), luminance(background(el))];
          return { text: el.textContent!.trim().slice(0, 40), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
        });
    });
    await context.close();

    expect(landmarks).toEqual({
      banner: 1,
      navigation: 1,
      main: 1,
      contentinfo: 1,
      map: 1,
      currentStep: [expect.stringMatching(/^Picked up/)],
      live: 'polite',
    });
    expect(contrast.length).toBeGreaterThan(10);
    expect(contrast.filter((line) => line.ratio < 4.5)).toEqual([]);
  });

  it('switches language from the page, and its refreshes keep the language chosen', async () => {
    const delivery = await sandboxDelivery();
    const { context, page } = await openContext(360, 'en-IN');

    await page.goto(delivery.url);
    await page.getByRole('link', { name: 'हिन्दी' }).click();
    await page.waitForURL(/\?lang=hi$/);
    const switched = await page.locator('h1').textContent();
    await delivery.simulateTo(0.3);
    await refreshUntil(page, 'आपका राइडर स्टोर की ओर जा रहा है');
    const lang = await page.evaluate(() => document.documentElement.lang);
    await context.close();

    expect(switched).toBe('हम आपके ऑर्डर के लिए राइडर ढूँढ रहे हैं');
    expect(lang).toBe('hi');
  });

  it('shows a friendly 404 page for a link that is not one, in the browser’s language', async () => {
    const { context, page, outside, errors } = await openContext(360, 'hi-IN');

    const response = await page.goto(`${api.server.url}/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    const text = { h1: await page.locator('h1').textContent(), body: await page.locator('main p').textContent() };
    await page.screenshot({ path: join(OUTPUT, 'hi-360-not-found.png'), fullPage: true });
    await context.close();

    expect(response?.status()).toBe(404);
    expect(text).toEqual({ h1: 'ट्रैकिंग लिंक नहीं मिला', body: expect.stringContaining('24 घंटे') });
    expect(outside).toEqual([]);
    // Chromium notes any 404 document in the console; nothing else may be there (a CSP refusal would be).
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });

  it('says the delivery was cancelled when the merchant cancels while the customer watches', async () => {
    const delivery = await sandboxDelivery();
    const { context, page } = await openContext(1280, 'en-IN');

    await page.goto(delivery.url);
    expect((await delivery.merchant.post(`/v1/jobs/${delivery.job.id}/cancel`)).status).toBe(200);
    await refreshUntil(page, 'This delivery was cancelled');
    const steps = await page.locator('ol li').allTextContents();
    await page.screenshot({ path: join(OUTPUT, 'en-1280-cancelled.png'), fullPage: true });
    await context.close();

    expect(steps.map((step) => step.replace(/\d.*$/, '').trim())).toEqual(['Order booked', 'Cancelled']);
  });

  // A rider of its own, holding this job alone.
  const RIDER = 'rider-cod';
  it('shows a cash-on-delivery customer at the door what to pay, then that it was paid, in place (Hindi, 360 px)', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const job = await merchant.bookJob({ quote: { collectMinor: 85_000 } });
    const link = await trackingLinkOf(merchant, job.id);
    await driveJob(api.table.rt, merchant.storeId, job.id, 'delivery_arrived', RIDER);
    const { context, page, outside, errors } = await openContext(360, 'hi-IN');

    await page.goto(`${api.server.url}${link.path}`);
    const due = {
      pay: await page.locator('.pay').textContent(),
      next: await page.locator('[data-part=next]').textContent(),
      codes: await page.locator('.code').count(),
    };
    await page.screenshot({ path: join(OUTPUT, 'hi-360-cod-due.png'), fullPage: true });
    await api.table.rt.jobs.move(
      { storeId: merchant.storeId, jobId: job.id },
      { type: 'collect', method: 'cash', amountMinor: 85_000, reference: null },
      `rider:${RIDER}`,
    );
    await page.clock.fastForward(REFRESH_MS);
    await page.waitForFunction(() => document.querySelector('.pay')?.textContent === '₹850 का भुगतान हो गया', undefined, { timeout: 10_000 });
    const paidNext = await page.locator('[data-part=next]').textContent();
    await context.close();

    expect(due).toEqual({ pay: 'डिलीवरी पर ₹850 चुकाएँ (नकद या UPI)', next: 'पहले राइडर को भुगतान करें, फिर नीचे दिया गया डिलीवरी कोड बताएँ।', codes: 1 });
    expect(paidNext).toBe('नीचे दिया गया डिलीवरी कोड अपने राइडर को बताएँ।');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
    await expectRiderCashInvariant(api.table.rt, RIDER);
  });

  describe('when a sim-undeliverable sandbox delivery does not go to plan', () => {
    const riderOnMap = (page: Page) => page.locator('svg circle[fill="#0b5cad"]').count();

    it('shows the failed attempt, then the reattempt the store chose on its way, then the delivery, in place (English, 1280 px)', async () => {
      const delivery = await sandboxDelivery(undefined, 'ORD-25-sim-undeliverable');
      const { context, page, outside, errors } = await openContext(1280, 'en-IN');

      await page.goto(delivery.url);
      await delivery.simulateTo(0.9);
      await refreshUntil(page, 'We could not reach you');
      const waiting = { next: await page.locator('[data-part=next]').textContent(), codes: await page.locator('.code').count() };
      await page.screenshot({ path: join(OUTPUT, 'en-1280-attempt.png'), fullPage: true });
      const decided = (await api.table.rt.jobs.move(
        { storeId: delivery.merchant.storeId, jobId: delivery.job.id },
        { type: 'decide', action: 'reattempt' },
        'merchant',
        {
          onLostRace: 'decide-again',
        },
      ))!.job;
      await refreshUntil(page, 'Your rider is trying again');
      const tryingAgain = { code: await page.locator('.code').textContent(), current: await page.locator('li[aria-current=step]').textContent() };
      await delivery.simulateAfter(decided.updatedAt, 100); // back at the door
      await delivery.simulateAfter(decided.updatedAt, 0.1 * delivery.runMs + 1_000); // the code given
      await refreshUntil(page, 'Your parcel has been delivered');
      const steps = await page.locator('ol li span').allTextContents();
      await context.close();

      expect(waiting).toEqual({ next: 'We have told Test store; they will decide whether your rider tries again.', codes: 0 });
      expect(tryingAgain).toEqual({ code: decided.verification.delivery.code, current: 'Trying again' });
      expect(steps).toEqual(['Order booked', 'Finding a rider', 'Rider assigned', 'Picked up', 'We could not reach you', 'Delivered']);
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('says the parcel is going back to the store once the deadline passes, with no rider on the map, until it is back (Hindi, 360 px)', async () => {
      const delivery = await sandboxDelivery(undefined, 'ORD-25-sim-undeliverable');
      await delivery.simulateTo(0.9);
      const { context, page, outside, errors } = await openContext(360, 'hi-IN');

      await page.goto(delivery.url);
      const attempted = await page.locator('h1').textContent();
      const deadline = (await delivery.current()).pendingDecision!.deadlineAt;
      await delivery.simulateAfter(deadline, 100); // the default: the parcel goes back
      await refreshUntil(page, 'आपका पार्सल स्टोर को वापस जा रहा है');
      const started = (await delivery.current()).returnTrip!.startedAt;
      await delivery.simulateAfter(started, 0.2 * delivery.runMs); // on the way back: the merchant sees the rider, the customer does not
      const refreshed = page.waitForResponse((response) => response.request().resourceType() === 'fetch');
      await page.clock.fastForward(REFRESH_MS);
      const refreshedHtml = await (await refreshed).text();
      const goingBack = {
        riders: await riderOnMap(page),
        live: await page.locator('main').getAttribute('data-live'),
        codes: await page.locator('.code').count(),
      };
      const merchantSeesRider = (await delivery.current()).riderLocation !== null;
      await page.screenshot({ path: join(OUTPUT, 'hi-360-returning.png'), fullPage: true });
      await delivery.simulateAfter(started, 0.35 * delivery.runMs + 100); // at the store
      await delivery.simulateAfter(started, 0.45 * delivery.runMs + 200); // the return code given
      await refreshUntil(page, 'आपका पार्सल स्टोर पर वापस पहुँच गया है');
      const back = { live: await page.locator('main').getAttribute('data-live'), current: await page.locator('li[aria-current=step] span').textContent() };
      const job = await delivery.current();
      await context.close();

      expect(attempted).toBe('हम आपसे संपर्क नहीं कर सके');
      expect(goingBack).toEqual({ riders: 0, live: 'true', codes: 0 });
      expect(merchantSeesRider).toBe(true);
      expect(refreshedHtml).toContain('आपका पार्सल स्टोर को वापस जा रहा है');
      expect(refreshedHtml).not.toContain('fill="#0b5cad"');
      expect(back).toEqual({ live: 'false', current: 'स्टोर पर वापस पहुँचा' });
      expect(job.returnTrip).toMatchObject({ status: 'returned', reason: 'undeliverable' });
      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
