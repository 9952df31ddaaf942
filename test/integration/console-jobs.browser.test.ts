/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { useLocalApi } from '../helpers/server.ts';
import { axeCheck, expectClean, openConsole } from '../helpers/console-browser.ts';
import { expectCleanBesides, fillContacts, h1, JOB_REFRESH_WAIT, jobIdOf, quoteRoute, refusalsOf, simulateTo, textShown } from '../helpers/console-jobs.ts';

/**
 * Booking and deciding in the console (the jobs pages, part 1; console-jobs-more.browser.test.ts has the
 * rest): real Chromium against the local server. Access tokens live 10 s in this file (the app renews one
 * 5 s before its end), so every test here also runs through the app's refreshes, and the mid-form expiry
 * of the last test is a real one.
 */
const TOKEN_SECONDS = 10;
const api = useLocalApi({ env: { CONSOLE_ACCESS_TOKEN_SECONDS: String(TOKEN_SECONDS) } });

async function sandboxMerchant(): Promise<TestMerchant> {
  return newMerchant(api.table.rt, api.server, { sandbox: true });
}

describe('booking and deciding in the console, in a real browser', () => {
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

    await simulateTo(api.table.rt, booked.createdAt, 1);
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
    await simulateTo(api.table.rt, job.createdAt as string, 0.95);
    const waiting = (await api.table.rt.jobs.get(merchant.storeId, job.id))!;
    expect(waiting.pendingDecision).not.toBeNull();

    const c = await openConsole(api, { storeId: merchant.storeId, path: '/console/attention' });
    const { page } = c;
    const row = page.locator(`li[data-job="${job.id}"]`);
    await row.waitFor();
    await axeCheck(page);
    const countdown = row.locator('.countdown');
    const first = await countdown.locator('.countdown-clock').textContent();
    // It ticks: a second later it reads another time left.
    await expect.poll(() => countdown.locator('.countdown-clock').textContent(), { timeout: 5_000 }).not.toBe(first);
    const deadlineTime = await countdown.locator('time').getAttribute('datetime');
    const deadlineText = await countdown.locator('time').textContent();
    const card = [
      await row.locator('h3').textContent(),
      await row.locator('[data-field=customer]').textContent(),
      await row.locator('[data-field=attempt]').textContent(),
    ];

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
    await simulateTick(api.table.rt, new Date(started + 0.35 * api.table.rt.config.SIMULATION_SECONDS * 1000 + 100));
    await simulateTick(api.table.rt, new Date(started + 0.45 * api.table.rt.config.SIMULATION_SECONDS * 1000 + 200));
    await textShown(trip.locator('[data-field=return-status]'), /Back at the pickup/, JOB_REFRESH_WAIT);
    const returned = (await api.table.rt.jobs.get(merchant.storeId, job.id))!;
    await c.context.close();

    expect(first).toMatch(/^\d\d:\d\d left$/);
    expect(deadlineTime).toBe(waiting.pendingDecision!.deadlineAt);
    expect(deadlineText).toMatch(/^\d\d:\d\d IST$/);
    expect(card).toEqual(['ORD-sim-undeliverable-B', 'Customer: Asha Rao', 'What happened: The customer could not be reached']);
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
