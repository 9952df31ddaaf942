/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page, Request } from 'playwright-core';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { en } from '../../console/src/messages/en.ts';
import { hi } from '../../console/src/messages/hi.ts';
import { allowLoopbackReceivers, startReceiver, type Receiver } from '../helpers/receiver.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { useLocalApi } from '../helpers/server.ts';
import { axeCheck, expectClean, openConsole, type OpenConsole } from '../helpers/console-browser.ts';

// Access tokens live 10 s in this file (the app renews one 5 s before its end), so every test here also
// runs through the app's refreshes, and the mid-form expiry of the last test is a real one.
const TOKEN_SECONDS = 10;
allowLoopbackReceivers();
const api = useLocalApi({ env: { CONSOLE_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS) } });

/** The Job page re-reads a live job every 10 s (pages/job.tsx): a change shows within that and a margin. */
const JOB_REFRESH_WAIT = 20_000;

const runMs = () => api.table.rt.config.SIMULATION_SECONDS * 1000;
/** Moves the simulated rider to a point of the run (0 booked … 1 delivered) of a job booked at `createdAt`. */
const simulateTo = (createdAt: string, fraction: number) => simulateTick(api.table.rt, new Date(Date.parse(createdAt) + fraction * runMs() + 100));

async function sandboxMerchant(): Promise<TestMerchant> {
  return newMerchant(api.table.rt, api.server, { sandbox: true });
}

/** Waits until the (first) element's text is `want` (or matches it). */
async function textShown(locator: Locator, want: string | RegExp, timeout = 10_000): Promise<void> {
  const text = () => expect.poll(async () => ((await locator.count()) > 0 ? await locator.first().textContent() : null), { timeout, interval: 100 });
  if (typeof want === 'string') await text().toBe(want);
  else await text().toMatch(want);
}

/**
 * Chrome logs each 4xx a page's fetch receives as a console error ("Failed to load resource: … 401
 * (Unauthorized)"). A test that provokes some on purpose (a signed-out visit, an expired token, a stale
 * edit) records the statuses the page received, asserts them, and lets exactly those lines through; any
 * other console error still fails.
 */
function refusalsOf(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) statuses.push(response.status());
  });
  return statuses;
}
function expectCleanBesides(c: OpenConsole, statuses: number[]): void {
  const errors = [...c.consoleErrors];
  for (const status of statuses) {
    const at = errors.findIndex((error) => error.startsWith(`Failed to load resource: the server responded with a status of ${status} `));
    if (at >= 0) errors.splice(at, 1);
  }
  expectClean({ ...c, consoleErrors: errors });
}

const jobIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
const h1 = (page: Page) => page.locator('h1');

/** Types the booking form's route, checks and quotes it. */
async function quoteRoute(page: Page): Promise<void> {
  await page.getByLabel('Pickup address').fill('MG Road, Bengaluru');
  // The pickup as a DIGIPIN (MG Road's cell), the drop as coordinates (Indiranagar): the check decodes the first for the quote.
  await page.getByLabel('Pickup location').fill('4P3-J4C-FJMF');
  await page.getByLabel('Drop address').fill('100 Feet Road, Indiranagar, Bengaluru');
  await page.getByLabel('Drop location').fill('12.9784, 77.6408');
  await page.getByRole('button', { name: 'Check and quote' }).click();
  await page.getByText('We deliver this route').waitFor();
  await page.getByTestId('quote-charge').waitFor();
}

async function fillContacts(page: Page, orderId: string): Promise<void> {
  await page.getByLabel('Your order id').fill(orderId);
  await page.getByLabel('Pickup contact name').fill('Chai Point, MG Road');
  await page.getByLabel('Pickup phone').fill('98765 43210');
  await page.getByLabel('Customer name').fill('Asha Rao');
  await page.getByLabel('Customer phone').fill('+91 98450 12345');
}

describe('the console’s jobs pages in a real browser', () => {
  it('books a sandbox delivery from the form, and the Job page follows it to delivered', async () => {
    const merchant = await sandboxMerchant();
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/book' });
    const { page } = c;
    await textShown(h1(page), 'Book a delivery');
    await axeCheck(page);
    // A drop we do not serve (Mysuru) is checked, refused with its reason, and not quoted.
    await page.getByLabel('Pickup address').fill('MG Road, Bengaluru');
    await page.getByLabel('Pickup location').fill('12.9756, 77.6066');
    await page.getByLabel('Drop address').fill('Mysuru Palace');
    await page.getByLabel('Drop location').fill('12.2958, 76.6394');
    await page.getByRole('button', { name: 'Check and quote' }).click();
    const refusedCheck = await page.getByRole('alert').filter({ hasText: 'We do not deliver this route' }).textContent();
    const quotedRefused = await page.getByTestId('quote-charge').count();
    await quoteRoute(page);
    const checked = await page.locator('[role=status]', { hasText: 'We deliver this route' }).textContent();
    const charge = await page.getByTestId('quote-charge').textContent();
    await fillContacts(page, 'ORD-A-1');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await textShown(h1(page), 'Job ORD-A-1');
    const jobId = jobIdOf(page);
    await axeCheck(page);
    const booked = (await api.table.rt.jobs.get(merchant.storeId, jobId))!;

    await simulateTo(booked.createdAt, 1);
    await textShown(page.locator('[data-field=status]'), /Delivered/, JOB_REFRESH_WAIT);
    const timeline = await page.locator('.job-timeline').textContent();
    const map = await page.locator('svg.job-map title').textContent();
    const delivered = (await api.table.rt.jobs.get(merchant.storeId, jobId))!;
    await c.context.close();

    expect(refusedCheck).toContain('The drop is outside our service area');
    expect(quotedRefused).toBe(0);
    // The DIGIPIN was decoded to MG Road's cell centre, the drop kept as typed.
    expect(checked).toContain('12.97');
    expect(charge).toBe('₹69.00');
    expect(booked).toMatchObject({ externalOrderId: 'ORD-A-1', pickupName: 'Chai Point, MG Road', dropPhone: '+919845012345', chargeMinor: 6900 });
    expect(delivered.status).toBe('delivered');
    expect(timeline).toContain('Status: Created');
    expect(timeline).toContain('Status: Delivered');
    expect(map).toBe('Map of the pickup, the drop and the rider');
    expectClean(c);
  });

  it('shows a sim-undeliverable job on Needs attention with its countdown; Return sends the parcel back and the Job page shows the return trip', async () => {
    const merchant = await sandboxMerchant();
    const job = await merchant.bookJob({ body: { externalOrderId: 'ORD-sim-undeliverable-B' } });
    await simulateTo(job.createdAt as string, 0.95);
    const waiting = (await api.table.rt.jobs.get(merchant.storeId, job.id))!;
    expect(waiting.pendingDecision).not.toBeNull();

    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/attention' });
    const { page } = c;
    const row = page.locator(`tr[data-job="${job.id}"]`);
    await row.waitFor();
    await axeCheck(page);
    const countdown = row.locator('.countdown');
    const first = await countdown.locator('.countdown-clock').textContent();
    // It ticks: a second later it reads another time left.
    await expect.poll(() => countdown.locator('.countdown-clock').textContent(), { timeout: 5_000 }).not.toBe(first);
    const deadlineTime = await countdown.locator('time').getAttribute('datetime');
    const deadlineText = await countdown.locator('time').textContent();
    const cells = await row.locator('td').allTextContents();

    await row.getByRole('button', { name: 'Return', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'ORD-sim-undeliverable-B comes back to the pickup.' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const decided = (await api.table.rt.jobs.get(merchant.storeId, job.id))!;

    await page.goto(`${api.server.url}/console/jobs/${job.id}`);
    await textShown(h1(page), 'Job ORD-sim-undeliverable-B');
    const trip = page.locator('section[aria-labelledby=job-return]');
    await textShown(trip.locator('[data-field=return-status]'), /On its way back/);
    const returnCode = await page.locator('[data-code=return] .job-code').textContent();
    // The rider is back at the store 0.35 of the run after the return started, and gives the store's code 0.1 later.
    const started = Date.parse(decided.returnTrip!.startedAt);
    await simulateTick(api.table.rt, new Date(started + 0.35 * runMs() + 100));
    await simulateTick(api.table.rt, new Date(started + 0.45 * runMs() + 200));
    await textShown(trip.locator('[data-field=return-status]'), /Back at the pickup/, JOB_REFRESH_WAIT);
    const returned = (await api.table.rt.jobs.get(merchant.storeId, job.id))!;
    await c.context.close();

    expect(first).toMatch(/^\d\d:\d\d left$/);
    expect(deadlineTime).toBe(waiting.pendingDecision!.deadlineAt);
    expect(deadlineText).toMatch(/^\d\d:\d\d IST$/);
    expect(cells.slice(0, 3)).toEqual(['ORD-sim-undeliverable-B', 'Asha Rao', 'The customer could not be reached']);
    expect(decided).toMatchObject({ status: 'failed', returnTrip: { reason: 'undeliverable', status: 'returning' } });
    expect(decided.events.at(-1)).toMatchObject({ status: 'failed', actor: 'merchant' });
    expect(returnCode).toMatch(/^\d{4}$/);
    expect(returned.returnTrip).toMatchObject({ status: 'returned' });
    expectClean(c);
  });

  it('books a delivery with the keyboard alone: Tab to each field, type, Enter to submit', async () => {
    const merchant = await sandboxMerchant();
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/book' });
    const { page } = c;
    const clicks: string[] = [];
    await page.exposeFunction('reportClick', (detail: string) => clicks.push(detail));
    // A real mouse click has a pointer position; Enter on a focused control is reported as a click with none (detail 0).
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (event) => event.detail > 0 && (window as unknown as { reportClick(d: string): void }).reportClick(String(event.target)),
        true,
      ),
    );
    /** Presses Tab until the field named `name` has the focus (at most 40 presses), then types `text`. */
    const tabAndType = async (name: string, text: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((n) => (document.activeElement as HTMLInputElement | null)?.name === n, name)) {
          await page.keyboard.type(text);
          return;
        }
      }
      throw new Error(`Tab never reached the field ${name}`);
    };

    await tabAndType('pickupAddress', 'MG Road, Bengaluru');
    await tabAndType('pickupLocation', '12.9756, 77.6066');
    await tabAndType('dropAddress', 'Indiranagar, Bengaluru');
    await tabAndType('dropLocation', '4P3-J2L-T95K');
    await tabAndType('collectRupees', '850');
    await page.keyboard.press('Enter');
    await page.getByTestId('quote-charge').waitFor();
    await tabAndType('externalOrderId', 'ORD-C-1');
    await tabAndType('pickupName', 'Chai Point');
    await tabAndType('pickupPhone', '9876543210');
    await tabAndType('dropName', 'Ravi');
    await tabAndType('dropPhone', '9845012345');
    await page.keyboard.press('Enter');
    await textShown(h1(page), 'Job ORD-C-1');
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    const jobId = jobIdOf(page);
    const job = (await api.table.rt.jobs.get(merchant.storeId, jobId))!;
    await c.context.close();

    expect(clicks).toEqual([]);
    // After the move the new page's heading has the focus, so the keyboard starts from it.
    expect(focused).toBe('H1');
    expect(job).toMatchObject({ externalOrderId: 'ORD-C-1', dropName: 'Ravi', collection: { amountMinor: 85_000 } });
    expectClean(c);
  });

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
    await simulateTo(picked.createdAt as string, 0.6);
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
    await simulateTo(waiting.createdAt as string, 0.95);
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

  it('refreshes an access token that expired while the form was filled, and retries the booking with the same Idempotency-Key: one job', async () => {
    const merchant = await sandboxMerchant();
    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/book' });
    const { page } = c;
    const bookings: Array<{ key: string | null; token: string | null; status: number | null }> = [];
    const refreshes: string[] = [];
    let lastToken = '';
    const watch = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/console/v1/sessions/refresh') refreshes.push(request.url());
      if (path.startsWith('/v1/')) lastToken = request.headers()['x-api-key'] ?? lastToken;
      if (path === '/v1/jobs' && request.method() === 'POST') {
        const entry = { key: request.headers()['idempotency-key'] ?? null, token: request.headers()['x-api-key'] ?? null, status: null as number | null };
        bookings.push(entry);
        void request.response().then((response) => (entry.status = response?.status() ?? null));
      }
    };
    page.on('request', watch);
    const refused = refusalsOf(page);
    // The page's clock stops: the app believes its token is still fresh while the server's clock runs past its end.
    await page.clock.install();
    await page.reload();
    await textShown(h1(page), 'Book a delivery');
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await quoteRoute(page);
    await fillContacts(page, 'ORD-F-1');
    // The token the quote went with (the app keeps it in memory only), until the server refuses it. Asked
    // once a second: these reads spend the store's console budget, which the Job page needs next.
    const token = lastToken;
    await expect
      .poll(async () => (await fetch(`${api.server.url}/v1/balance`, { headers: { 'X-Api-Key': token } })).status, {
        timeout: (TOKEN_SECONDS + 5) * 1000,
        interval: 1000,
      })
      .toBe(401);
    const refreshesBefore = refreshes.length;
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    // The clock runs again: the Job page's effects (which Preact runs after a frame) need it.
    await page.clock.resume();
    await textShown(h1(page), 'Job ORD-F-1');
    const list = await merchant.get('/v1/jobs?externalOrderId=ORD-F-1');
    await c.context.close();

    expect(bookings).toHaveLength(2);
    expect(bookings[0]).toMatchObject({ token, status: 401 });
    expect(bookings[1]!.status).toBe(201);
    expect(bookings[1]!.token).not.toBe(token);
    expect(bookings[1]!.key).toBe(bookings[0]!.key);
    expect(bookings[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(refreshes.length).toBe(refreshesBefore + 1);
    expect((list.body as { data: unknown[] }).data).toHaveLength(1);
    expect(refused).toEqual([401]);
    expectCleanBesides(c, refused);
  });
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
    await simulateTo(waiting.createdAt as string, 0.95);
    await simulateTo(delivered.createdAt as string, 1);
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
      { name: 'attention', path: '/console/attention', title: t.attention.title, shown: 'tr[data-job]' },
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
