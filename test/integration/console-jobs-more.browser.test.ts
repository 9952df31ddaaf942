/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { afterEach, describe, expect, it } from 'vitest';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { en } from '../../console/src/messages/en.ts';
import { hi } from '../../console/src/messages/hi.ts';
import { allowLoopbackReceivers, startReceiver, type Receiver } from '../helpers/receiver.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { useLocalApi } from '../helpers/server.ts';
import { axeCheck, expectClean, openConsole, type OpenConsole } from '../helpers/console-browser.ts';
import { expectCleanBesides, h1, refusalsOf, simulateTo, textShown } from '../helpers/console-jobs.ts';

/**
 * The jobs pages, part 2 (part 1, booking and deciding: console-jobs.browser.test.ts): the test/live
 * switch, deep links through sign-in, the Job page's actions, the Jobs list's filters and pages, and the
 * pages in Hindi and at 320 px; real Chromium against the local server, webhooks to real receivers.
 */
allowLoopbackReceivers();
const api = useLocalApi();

async function sandboxMerchant(): Promise<TestMerchant> {
  return newMerchant(api.table.rt, api.server, { sandbox: true });
}

describe('the jobs list, the Job page’s actions and the test/live switch, in a real browser', () => {
  it('never shows the sandbox twin’s jobs in the live store’s lists, before or after switching to test and back', async () => {
    const live = await newMerchant(api.table.rt, api.server);
    const twin = await sandboxMerchant();
    await api.table.rt.stores.linkSandbox(live.storeId, twin.storeId);
    await live.bookJob({ body: { externalOrderId: 'LIVE-D-1' } });
    await twin.bookJob({ body: { externalOrderId: 'TWIN-D-1' } });

    const c = await openConsole(api, { storeId: live.storeId, path: '/console/jobs' });
    const { page } = c;
    const orders = async () => {
      await page.locator('tr[data-job]').first().waitFor();
      return page.locator('tr[data-job] td:first-child').allTextContents();
    };
    const liveFirst = await orders();
    await axeCheck(page);
    const barBefore = await page.locator('.test-bar').count();
    await page.getByRole('radio', { name: 'Test' }).check();
    await page.locator('.test-bar').waitFor();
    const inTest = await orders();
    await page.getByRole('radio', { name: 'Live' }).check();
    await page.locator('.test-bar').waitFor({ state: 'detached' });
    const liveAgain = await orders();
    // Needs attention's today counts are the live store's too.
    await page.getByRole('link', { name: 'Needs attention' }).click();
    await textShown(h1(page), 'Needs attention');
    const today = page.locator('section[aria-labelledby=attention-today] tbody tr');
    await today.first().waitFor();
    const todayRows = await today.locator('td').allTextContents();
    await c.context.close();

    expect(liveFirst).toEqual(['LIVE-D-1']);
    expect(barBefore).toBe(0);
    expect(inTest).toEqual(['TWIN-D-1']);
    expect(liveAgain).toEqual(['LIVE-D-1']);
    // One row: the live job's status (created, or queued once dispatch took it), counted once.
    expect(todayRows).toHaveLength(2);
    expect(todayRows[1]).toBe('1');
    expectClean(c);
  });

  it('keeps a deep link to a job through sign-in: opened signed out, then the sign-in link lands on that job', async () => {
    const merchant = await sandboxMerchant();
    const job = await merchant.bookJob({ body: { externalOrderId: 'ORD-E-1' } });
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/attention' });
    const { page } = c;
    const refused = refusalsOf(page);
    // Signed out (the session ended here), the job's address shows the sign-in page…
    await page.getByRole('button', { name: 'Sign out' }).click();
    await textShown(h1(page), 'Sign in');
    await page.goto(`${api.server.url}/console/jobs/${job.id}`);
    await textShown(h1(page), 'Sign in');
    // The sign-in page is drawn while the app still tries the cookie; the hint comes once that refresh is refused.
    await page.getByText('After signing in you will go to the page you opened.').waitFor();
    const hint = await page.getByText('After signing in you will go to the page you opened.').count();
    // …and a new sign-in link opens the job itself.
    const { token } = await api.table.rt.sessions.createLoginLink(merchant.storeId);
    await page.goto(`${api.server.url}/console/login#t=${token}`);
    await textShown(h1(page), 'Job ORD-E-1');
    const landed = new URL(page.url());
    await c.context.close();

    expect(hint).toBe(1);
    expect(landed.pathname).toBe(`/console/jobs/${job.id}`);
    // The token left the address bar before anything else ran.
    expect(landed.hash).toBe('');
    // The one refusal: the signed-out visit's refresh, which has no session to renew.
    expect(refused).toEqual([401]);
    expectCleanBesides(c, refused);
  });

  it('edits contacts with If-Match (a stale edit refused and the job reloaded), makes a tracking link to share on WhatsApp, cancels one job and recalls another', async () => {
    const merchant = await sandboxMerchant();
    const picked = await merchant.bookJob({ body: { externalOrderId: 'ORD-H-2' } });
    await simulateTo(api.table.rt, picked.createdAt as string, 0.6);
    // Booked after the simulator's tick: still waiting for its rider, so it can be cancelled and all its contacts edited.
    const job = await merchant.bookJob({ body: { externalOrderId: 'ORD-H-1' } });
    const c = await openConsole(api, { storeId: merchant.storeId, path: `/console/jobs/${job.id}` });
    const { page } = c;
    const refused = refusalsOf(page);
    const patches: Array<{ ifMatch: string | null; status: number | null }> = [];
    page.on('request', (request) => {
      if (request.method() !== 'PATCH') return;
      const entry = { ifMatch: request.headers()['if-match'] ?? null, status: null as number | null };
      patches.push(entry);
      void request.response().then((response) => (entry.status = response?.status() ?? null));
    });
    await textShown(h1(page), 'Job ORD-H-1');
    const loadedTag = (await merchant.get(`/v1/jobs/${job.id}`)).headers.get('etag');

    // Someone else changes the job after the page loaded it: the page's edit names the old version and is refused.
    await page.getByText('Edit contacts and instructions').click();
    await page.getByLabel('Customer name').fill('Asha R.');
    const behind = await api.server.request(`/v1/jobs/${job.id}`, {
      method: 'PATCH',
      headers: { 'X-Api-Key': merchant.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ dropInstructions: 'Ring twice' }),
    });
    expect(behind.status).toBe(200);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The job changed since you opened it').waitFor();
    await page.getByText('Instructions: Ring twice').waitFor();
    // Loaded again, the same edit goes through.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    await page.locator('dd', { hasText: 'Asha R., +919845012345' }).waitFor();

    await page.getByRole('button', { name: 'Make a tracking link' }).click();
    const trackingUrl = (await page.locator('[data-field=tracking-url]').textContent())!;
    const whatsApp = await page.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href');

    await page.getByRole('button', { name: 'Cancel job' }).click();
    await page.getByRole('button', { name: 'Yes, cancel this job' }).click();
    await page.getByText('The job is cancelled and its charge released.').waitFor();
    await textShown(page.locator('[data-field=status]'), /Cancelled/);
    const cancelled = (await api.table.rt.jobs.get(merchant.storeId, job.id))!;

    await page.goto(`${api.server.url}/console/jobs/${picked.id}`);
    await textShown(h1(page), 'Job ORD-H-2');
    await page.getByRole('button', { name: 'Recall the parcel' }).click();
    await page.getByRole('button', { name: 'Yes, bring it back' }).click();
    await page.getByText('The parcel comes back to the pickup.').waitFor();
    await textShown(page.locator('[data-field=return-status]'), /On its way back/);
    const recalled = (await api.table.rt.jobs.get(merchant.storeId, picked.id))!;
    await c.context.close();

    expect(patches).toEqual([
      { ifMatch: loadedTag, status: 412 },
      { ifMatch: expect.not.stringMatching(`^${loadedTag}$`), status: 200 },
    ]);
    expect(cancelled).toMatchObject({ status: 'cancelled', settlement: 'released', dropName: 'Asha R.', dropInstructions: 'Ring twice' });
    expect(cancelled.events.at(-1)!.note).toContain('via console');
    expect(trackingUrl).toMatch(new RegExp(`^${api.server.url}/track/`));
    // A link the person follows (the page sends nothing to WhatsApp): the message names the store and carries the link.
    expect(whatsApp).toBe(`https://wa.me/?text=${encodeURIComponent(`Track your delivery from Test store: ${trackingUrl}`)}`);
    expect(recalled).toMatchObject({ status: 'cancelled', returnTrip: { reason: 'recalled', status: 'returning' } });
    expect(refused).toEqual([412]);
    expectCleanBesides(c, refused);
  });

  it('filters the jobs by order id, status, needs decision and IST dates, in the URL, and pages them 50 at a time', async () => {
    // Credit for 51 jobs of ₹69.
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: 1_000_000 });
    const waiting = await merchant.bookJob({ body: { externalOrderId: 'ORD-sim-undeliverable-P' } });
    await simulateTo(api.table.rt, waiting.createdAt as string, 0.95);
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(Array.from({ length: 5 }, (_, i) => merchant.bookJob({ body: { externalOrderId: `ORD-P-${batch * 5 + i + 1}` } })));
    }
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/jobs' });
    const { page } = c;
    const orders = () => page.locator('tr[data-job] td:first-child').allTextContents();
    /** Applies the form's filters; resolves once the URL holds them and the list shows `expected` (its order ids). */
    const apply = async (query: string, expected: string[]) => {
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.search === query);
      await expect.poll(orders).toEqual(expected);
    };

    await textShown(page.locator('caption'), 'Jobs 1–50, newest first');
    const firstPage = (await orders()).length;
    await page.getByRole('link', { name: /Next page/ }).click();
    await textShown(page.locator('caption'), 'Jobs 51–51, newest first');
    // Newest first: the second page holds the oldest job, the URL its offset.
    await expect.poll(orders).toEqual(['ORD-sim-undeliverable-P']);
    const secondUrl = new URL(page.url()).search;
    await page.getByRole('link', { name: 'First page' }).click();
    await textShown(page.locator('caption'), 'Jobs 1–50, newest first');

    await page.getByLabel('Order id').fill('ORD-P-7');
    await apply('?externalOrderId=ORD-P-7', ['ORD-P-7']);
    await page.getByLabel('Order id').fill('');
    await page.getByLabel('Only jobs waiting for my decision').check();
    await apply('?needsDecision=true', ['ORD-sim-undeliverable-P']);
    await page.getByLabel('Only jobs waiting for my decision').uncheck();
    await page.getByLabel('Status').selectOption('pickup_completed');
    await apply('?status=pickup_completed', ['ORD-sim-undeliverable-P']);
    // Dates are IST days: the day before today (IST) holds none of them, and the filter survives a reload.
    const yesterday = new Date(Date.now() + 5.5 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Booked from (IST date)').fill(yesterday);
    await page.getByLabel('Booked to (IST date, included)').fill(yesterday);
    await apply(`?createdFrom=${yesterday}&createdTo=${yesterday}`, []);
    await page.getByText('No job matches these filters.').waitFor();
    await page.reload();
    await page.getByText('No job matches these filters.').waitFor();
    const keptFrom = await page.getByLabel('Booked from (IST date)').inputValue();
    await c.context.close();

    expect(firstPage).toBe(50);
    expect(secondUrl).toBe('?offset=50');
    expect(keptFrom).toBe(yesterday);
    expectClean(c);
  }, 60_000);
});

// The docs' screenshots of these pages are taken with every other page's (console.browser.test.ts).
describe('the jobs pages in Hindi and English, on a phone and a desktop', () => {
  const receivers: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  });

  it('shows each page with its h1 in the chosen language, reflowing at 320 px, a failing endpoint on Needs attention and the job’s webhook deliveries', async () => {
    const merchant = await sandboxMerchant();
    const working = await startReceiver();
    const failing = await startReceiver(() => ({ status: 500 }));
    receivers.push(working, failing);
    for (const target of [working, failing]) expect((await merchant.post('/v1/webhook-endpoints', { url: target.url })).status).toBe(201);
    const waiting = await merchant.bookJob({ body: { externalOrderId: 'ORD-sim-undeliverable-G' }, quote: { collectMinor: 85_000 } });
    const delivered = await merchant.bookJob({ body: { externalOrderId: 'ORD-G-2' } });
    await simulateTo(api.table.rt, waiting.createdAt as string, 0.95);
    await simulateTo(api.table.rt, delivered.createdAt as string, 1);
    await relayTick(api.table.rt);
    // The sender takes a few of a store's deliveries a tick: ticks until each endpoint has had one.
    await expect
      .poll(
        async () => {
          await deliverTick(api.table.rt);
          return working.received.length > 0 && failing.received.length > 0;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    const pages = (t: typeof en) => [
      { name: 'attention', path: '/console/attention', title: t.attention.title, shown: 'li[data-job]' },
      { name: 'jobs', path: '/console/jobs', title: t.jobs.title, shown: 'tr[data-job]' },
      {
        name: 'job',
        path: `/console/jobs/${waiting.id}`,
        title: t.job.title('ORD-sim-undeliverable-G'),
        shown: 'section[aria-labelledby=job-deliveries] tbody tr',
      },
      { name: 'book', path: '/console/book', title: t.book.title, shown: 'form' },
    ];
    const views = [
      { lang: 'hi', locale: 'hi-IN', width: 320 },
      { lang: 'en', locale: 'en-IN', width: 320 },
      { lang: 'en', locale: 'en-IN', width: 1280 },
    ] as const;
    const seen: Array<{ view: string; page: string; lang: string | null; overflow: number }> = [];
    const opens: OpenConsole[] = [];
    let troubled: string[] = [];
    let deliveries: string[][] = [];
    for (const view of views) {
      const opened = await openConsole(api, { storeId: merchant.storeId, width: view.width, locale: view.locale });
      opens.push(opened);
      for (const shown of pages(view.lang === 'hi' ? hi : en)) {
        await opened.page.goto(`${api.server.url}${shown.path}`);
        await textShown(h1(opened.page), shown.title);
        await opened.page.locator(shown.shown).first().waitFor();
        await opened.page.waitForFunction(() => document.querySelectorAll('main p.muted[role=status]').length === 0);
        const overflow = await opened.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        seen.push({ view: `${view.lang}-${view.width}`, page: shown.name, lang: await opened.page.locator('html').getAttribute('lang'), overflow });
        if (view.lang === 'en' && view.width === 1280 && shown.name === 'attention') {
          troubled = await opened.page.locator('section[aria-labelledby=attention-webhooks] li').allTextContents();
        }
        if (view.lang === 'en' && view.width === 1280 && shown.name === 'job') {
          const rows = opened.page.locator('section[aria-labelledby=job-deliveries] tbody tr');
          deliveries = await Promise.all((await rows.all()).map((row) => row.locator('td').allTextContents()));
        }
      }
      await opened.context.close();
    }

    expect(seen).toEqual(
      views.flatMap((view) => pages(en).map((shown) => ({ view: `${view.lang}-${view.width}`, page: shown.name, lang: view.lang, overflow: 0 }))),
    );
    // Only the endpoint answering 500 needs attention.
    expect(troubled).toHaveLength(1);
    expect(troubled[0]).toContain(failing.url);
    expect(troubled[0]).toContain('Failing');
    // The job's deliveries: to each endpoint, the working one's succeeded, the failing one's failed.
    const byEndpoint = (url: string) => deliveries.filter((cells) => cells[1] === url).map((cells) => cells[3]!);
    expect(byEndpoint(working.url).length).toBeGreaterThan(0);
    expect(byEndpoint(working.url).every((outcome) => outcome.includes('Succeeded (200)'))).toBe(true);
    expect(byEndpoint(failing.url).some((outcome) => outcome.includes('Failed (500)'))).toBe(true);
    expect(deliveries.every((cells) => cells[0]!.startsWith('job.'))).toBe(true);
    for (const opened of opens) expectClean(opened);
  }, 240_000);
});
