/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, registerEndpoint, useReceivers } from '../helpers/receiver.ts';
import { axeCheck, expectClean, openConsole, type OpenConsole } from '../helpers/console-browser.ts';
import {
  apiCsv,
  BAD_REQUEST,
  downloaded,
  expectHeading,
  remittedJob,
  rowsAllContain,
  TOO_MANY_REQUESTS,
  verified,
  verifiesWith,
} from '../helpers/console-settings.ts';
import { en } from '../../console/src/messages/en.ts';
import { hi } from '../../console/src/messages/hi.ts';

/**
 * The console's money and settings pages in real Chromium against the local server: webhook endpoints
 * (the secret shown once, a test event, rotation, redelivery) checked at real receivers with the
 * Standard Webhooks verifier, API keys made and revoked in the page and used from Node, and the
 * statement's and a remittance's CSV byte for byte the API's. The sender and the other workers are
 * ticked by the test, as the engine would.
 */
allowLoopbackReceivers();
const api = useLocalApi();
const receiver = useReceivers();

/** Opens the console for the merchant's store at an app path, and waits for that page's h1. */
async function consoleAt(merchant: TestMerchant, path: string, title: string | RegExp): Promise<OpenConsole> {
  const opened = await openConsole(api, { storeId: merchant.storeId, path });
  await expectHeading(opened.page, title);
  return opened;
}

describe('webhooks in the console', () => {
  it('creates an endpoint whose secret is shown once with a working copy button (gone after a reload), and sends it a test event that a real receiver verifies with that secret', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const opened = await consoleAt(merchant, '/console/webhooks', 'Webhooks');
    const { page } = opened;
    await page.getByText('No endpoints yet. Add one below.').waitFor();
    await axeCheck(page);

    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(target.url);
    await page.getByLabel('Description (optional)').fill('Order sync');
    await page.getByLabel('job.delivered').check();
    await page.getByLabel('job.returned').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.locator('code[data-secret]').textContent())!;
    // The test reads the clipboard back: a person's browser would ask first.
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.server.url });
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const row = page.locator('tr', { hasText: target.url });
    await row.waitFor();
    const rowText = await row.textContent();

    await row.getByRole('link', { name: target.url }).click();
    await expectHeading(page, `Webhook endpoint ${target.url}`);
    await axeCheck(page);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const sent = await page
      .getByRole('status')
      .filter({ hasText: /Test event evt_/ })
      .textContent();
    const eventId = /(evt_\w+)/.exec(sent!)![1]!;
    await deliverTick(api.table.rt);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const tooSoon = await page.getByRole('alert').textContent();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator(`tr[data-event="${eventId}"][data-outcome="succeeded"]`).waitFor();

    await page.goto(`${api.server.url}/console/webhooks`);
    await expectHeading(page, 'Webhooks');
    await page.locator('tr', { hasText: target.url }).waitFor();
    const afterReload = { secrets: await page.locator('code[data-secret]').count(), html: await page.content() };
    await opened.context.close();

    expect(secret).toMatch(/^whsec_/);
    expect(copied).toBe(secret);
    expect(rowText).toContain('Order sync');
    // A test event reaches the endpoint whatever types it takes.
    expect(rowText).toContain('job.delivered, job.returned');
    expect(target.received).toHaveLength(1);
    expect(verified(secret, target.received[0]!)).toMatchObject({ id: eventId, type: 'webhook_endpoint.test' });
    expect(tooSoon).toMatch(/try again in \d+ s/);
    expect(afterReload.secrets).toBe(0);
    expect(afterReload.html).not.toContain(secret);
    // The 429 the test provoked is logged by the browser itself as a failed load: that one line, and nothing else.
    expect(opened.consoleErrors).toEqual([TOO_MANY_REQUESTS]);
    expectClean({ ...opened, consoleErrors: opened.consoleErrors.filter((text) => text !== TOO_MANY_REQUESTS) });
  });

  it('rotates the secret from the page: during the overlap a delivery carries two signatures, one verifying with the old secret and one with the new', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url });
    const opened = await consoleAt(merchant, `/console/webhooks/${endpoint.id}`, `Webhook endpoint ${target.url}`);
    const { page } = opened;

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Rotate now' }).click();
    const rotated = (await page.locator('code[data-secret]').textContent())!;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Test event evt_/ })
      .waitFor();
    await deliverTick(api.table.rt);
    await opened.context.close();

    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(endpoint.secret);
    expect(target.received).toHaveLength(1);
    const [delivery] = target.received;
    const signatures = String(delivery!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    // Each secret verifies the delivery alone: the receiver can switch over at any moment of the 24 h.
    expect(verified(endpoint.secret, delivery!).type).toBe('webhook_endpoint.test');
    expect(verified(rotated, delivery!).type).toBe('webhook_endpoint.test');
    const withOne = (signature: string) => ({ ...delivery!, headers: { ...delivery!.headers, 'webhook-signature': signature } });
    const verifiedBy = signatures.map((signature) => [endpoint.secret, rotated].filter((key) => verifiesWith(key, withOne(signature))));
    expect(verifiedBy.map((keys) => keys.length)).toEqual([1, 1]);
    expect(new Set(verifiedBy.flat())).toEqual(new Set([endpoint.secret, rotated]));
    expectClean(opened);
  });

  it('redelivers a failed delivery from the page, and the receiver gets it; then deletes the endpoint after a confirmation', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const flaky = await receiver((n) => ({ status: n === 0 ? 500 : 200 }));
    const endpoint = await registerEndpoint(merchant, { url: flaky.url });
    const test = await merchant.post(`/v1/webhook-endpoints/${endpoint.id}/test`);
    const eventId = (test.body as { data: { eventId: string } }).data.eventId;
    await deliverTick(api.table.rt);
    const opened = await consoleAt(merchant, `/console/webhooks/${endpoint.id}`, `Webhook endpoint ${flaky.url}`);
    const { page } = opened;

    await page.getByLabel('Failed deliveries only').check();
    const failedRow = page.locator(`tr[data-event="${eventId}"][data-outcome="failed"]`);
    await failedRow.waitFor();
    const failedText = await failedRow.textContent();
    const beforeRedelivery = flaky.received.length;
    await failedRow.getByRole('button', { name: `Redeliver ${eventId}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Event ${eventId} is being sent again now.` })
      .waitFor();
    await deliverTick(api.table.rt);
    await page.getByLabel('Failed deliveries only').uncheck();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.locator(`tr[data-event="${eventId}"][data-outcome="succeeded"]`).waitFor();
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectHeading(page, 'Webhooks');
    const deleted = await page.getByRole('status').filter({ hasText: 'deleted' }).textContent();
    await page.getByText('No endpoints yet. Add one below.').waitFor();
    const afterDelete = await merchant.get(`/v1/webhook-endpoints/${endpoint.id}`);
    await opened.context.close();

    expect(deleted).toContain(`Endpoint ${flaky.url} deleted.`);
    expect(afterDelete.status).toBe(404);
    expect(beforeRedelivery).toBe(1);
    expect(failedText).toContain('500');
    expect(flaky.received.length).toBeGreaterThanOrEqual(2);
    const last = flaky.received.at(-1)!;
    expect(verified(endpoint.secret, last)).toMatchObject({ id: eventId, type: 'webhook_endpoint.test' });
    expect(last.headers['webhook-id']).toBe(eventId);
    expectClean(opened);
  });
});

describe('API keys in the console', () => {
  it('makes a key that works from Node, rolls it, and revokes one by typing its prefix, after which it gets 401; an API key may not list keys (403 session_required)', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const balanceWith = (key: string) => fetch(`${api.server.url}/v1/balance`, { headers: { 'X-Api-Key': key } });
    const opened = await consoleAt(merchant, '/console/api-keys', 'API keys');
    const { page } = opened;
    await axeCheck(page);

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Shop sync');
    await page.getByRole('button', { name: 'Make key' }).click();
    const secret = (await page.locator('code[data-secret]').textContent())!;
    const prefix = secret.slice(0, 13);
    const row = page.locator('tr', { hasText: prefix });
    await row.waitFor();
    const made = { status: (await balanceWith(secret)).status, row: await row.textContent() };

    await row.getByRole('button', { name: `Roll Shop sync (${prefix})` }).click();
    await page.getByLabel('The old key stops working').selectOption({ label: 'In 1 day' });
    await page.getByRole('button', { name: 'Roll key' }).click();
    await page.getByRole('status').filter({ hasText: 'Key Shop sync rolled.' }).waitFor();
    const rolledSecret = (await page.locator('code[data-secret]').textContent())!;
    const rolledPrefix = rolledSecret.slice(0, 13);
    await page.locator('tr', { hasText: rolledPrefix }).waitFor();
    const afterRoll = { old: (await balanceWith(secret)).status, rolled: (await balanceWith(rolledSecret)).status, oldRow: await row.textContent() };

    const rolledRow = page.locator('tr', { hasText: rolledPrefix });
    await rolledRow.getByRole('button', { name: `Revoke Shop sync (${rolledPrefix})` }).click();
    await page.getByRole('textbox', { name: `Type ${rolledPrefix} to confirm` }).fill(prefix);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    const mismatch = await page.getByText('This is not the key’s beginning.').textContent();
    const stillWorks = (await balanceWith(rolledSecret)).status;
    await page.getByRole('textbox', { name: `Type ${rolledPrefix} to confirm` }).fill(rolledPrefix);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('status').filter({ hasText: 'Key Shop sync revoked.' }).waitFor();
    await page.locator('tr', { hasText: rolledPrefix }).filter({ hasText: 'Revoked' }).waitFor();
    const revokedRow = await page.locator('tr', { hasText: rolledPrefix }).textContent();
    const revoked = await balanceWith(rolledSecret);
    const listed = await fetch(`${api.server.url}/v1/api-keys`, { headers: { 'X-Api-Key': merchant.apiKey } });
    await opened.context.close();

    expect(secret).toMatch(/^mdk_live_/);
    expect(made).toEqual({ status: 200, row: expect.stringContaining('Active') });
    expect(afterRoll).toEqual({ old: 200, rolled: 200, oldRow: expect.stringContaining('Expiring') });
    expect(mismatch).toContain('This is not the key’s beginning.');
    expect(stillWorks).toBe(200);
    expect(revokedRow).toContain('Revoked');
    expect(revoked.status).toBe(401);
    expect(listed.status).toBe(403);
    expect(await listed.json()).toMatchObject({ code: 'session_required' });
    expectClean(opened);
  });
});

describe('money in the console', () => {
  it('downloads the statement as the API’s own CSV, byte for byte, for the page and for a job filter, and filters by type on the page', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const job = await merchant.bookJob();
    await merchant.bookJob();
    const opened = await consoleAt(merchant, '/console/statement', 'Statement');
    const { page } = opened;
    await page.locator('tr[data-entry]').first().waitFor();
    await axeCheck(page);
    const balance = (await merchant.get('/v1/balance')).body as { data: { availableMinor: number } };
    const available = await page.locator('dt', { hasText: 'Available to book' }).locator('xpath=following-sibling::dd').textContent();

    const whole = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    const wholeFromApi = await apiCsv(api, merchant, '/v1/ledger?limit=50');
    await page.getByLabel('Job id').fill(job.id);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`**/console/statement?jobId=${job.id}`);
    await rowsAllContain(page, 'tr[data-entry]', job.id);
    const jobRows = await page.locator('tr[data-entry]').count();
    const forJob = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    const forJobFromApi = await apiCsv(api, merchant, `/v1/ledger?limit=50&jobId=${job.id}`);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForFunction(() => location.search === '' && (document.getElementById('field-jobId') as HTMLInputElement).value === '');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Top-up' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/console/statement?type=top_up');
    await rowsAllContain(page, 'tr[data-entry]', 'Top-up');
    const topUps = await page.locator('tr[data-entry]').allTextContents();
    await opened.context.close();

    expect(available).toBe(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(balance.data.availableMinor / 100));
    expect(whole.equals(wholeFromApi)).toBe(true);
    expect([whole.fileName, forJob.fileName]).toEqual([
      expect.stringMatching(/^statement-\d{4}-\d{2}-\d{2}\.csv$/),
      expect.stringMatching(new RegExp(`^statement-\\d{4}-\\d{2}-\\d{2}-job-${job.id.slice(0, 8)}\\.csv$`)),
    ]);
    expect(whole.toString('utf8').split('\r\n')[0]).toBe(
      'id,type,amountMinor,amountRupees,balanceMinor,balanceRupees,reservedMinor,reservedRupees,jobId,note,createdAt',
    );
    // The whole page: the top-up and the two bookings' reservations, each a line under the header.
    expect(whole.toString('utf8').trim().split('\r\n')).toHaveLength(4);
    expect(forJob.equals(forJobFromApi)).toBe(true);
    expect(forJob.toString('utf8')).toContain(job.id);
    expect(jobRows).toBe(1);
    expect(topUps).toHaveLength(1);
    expect(topUps[0]).toContain('Top-up');
    expectClean(opened);
  });

  it('pages through the statement by cursor, the older page’s CSV the API’s for that cursor byte for byte (a note with a comma, quotes and Hindi), and a refused cursor leaves the first page a click away', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await api.table.rt.stores.credit(merchant.storeId, 2_500, 'UPI रसीद 42, "advance"');
    for (let n = 0; n < 50; n++) await api.table.rt.stores.credit(merchant.storeId, 100 + n, `Top-up ${n}`);
    const opened = await consoleAt(merchant, '/console/statement', 'Statement');
    const { page } = opened;
    await page.locator('tr[data-entry]').first().waitFor();
    const firstPage = await page.locator('tr[data-entry]').count();

    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/\/console\/statement\?cursor=/);
    await page.waitForFunction(() => document.querySelectorAll('tr[data-entry]').length === 2);
    const olderNotes = await page.locator('tr[data-entry] td:last-child').allTextContents();
    const cursor = new URL(page.url()).searchParams.get('cursor')!;
    const older = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    const olderFromApi = await apiCsv(api, merchant, `/v1/ledger?limit=50&after=${encodeURIComponent(cursor)}`);
    await page.getByRole('link', { name: 'First page' }).click();
    await page.waitForURL(/\/console\/statement$/);
    await page.waitForFunction(() => document.querySelectorAll('tr[data-entry]').length === 50);
    await page.goto(`${api.server.url}/console/statement?cursor=${encodeURIComponent(`${cursor.slice(0, -4)}AAAA`)}`);
    const refused = await page.getByRole('alert').textContent();
    await page.getByRole('link', { name: 'First page' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tr[data-entry]').length === 50);
    await opened.context.close();

    expect(firstPage).toBe(50);
    expect(olderNotes).toEqual(['UPI रसीद 42, "advance"', 'Opening credit']);
    expect(older.equals(olderFromApi)).toBe(true);
    expect(older.fileName).toMatch(/^statement-\d{4}-\d{2}-\d{2}-older\.csv$/);
    expect(older.toString('utf8')).toContain('"UPI रसीद 42, ""advance"""');
    // A cursor not signed by the service is refused, naming it; the first page stays a click away.
    expect(refused).toContain('after');
    expect(opened.consoleErrors).toEqual([BAD_REQUEST]);
    expectClean({ ...opened, consoleErrors: [] });
  });

  it('lists remittances, shows one with its payments linking to their jobs and its CSV as the API’s, and the events feed by type', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const { jobId, remittanceId } = await remittedJob(api, merchant);

    const opened = await consoleAt(merchant, '/console/remittances', 'Remittances');
    const { page } = opened;
    await page.getByRole('link', { name: remittanceId }).waitFor();
    await axeCheck(page);
    await page.getByRole('link', { name: remittanceId }).click();
    await expectHeading(page, `Remittance ${remittanceId}`);
    const jobLink = page.getByRole('link', { name: jobId });
    await jobLink.waitFor();
    await axeCheck(page);
    const jobHref = await jobLink.getAttribute('href');
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
    const csvFromApi = await apiCsv(api, merchant, `/v1/remittances/${remittanceId}`);

    await page.goto(`${api.server.url}/console/events`);
    await expectHeading(page, 'Events');
    await page.locator('tr[data-event]').first().waitFor();
    await axeCheck(page);
    await page.getByLabel('Type', { exact: true }).selectOption('job.collection_updated');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL('**/console/events?type=job.collection_updated');
    await rowsAllContain(page, 'tr[data-event]', 'job.collection_updated');
    const types = await page.locator('tr[data-event] td:nth-child(2)').allTextContents();
    await opened.context.close();

    expect(jobHref).toBe(`/console/jobs/${jobId}`);
    expect(csv.equals(csvFromApi)).toBe(true);
    expect(csv.fileName).toBe(`remittance-${remittanceId}.csv`);
    expect(csv.toString('utf8')).toContain(`${remittanceId},${jobId},85000,850.00,`);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['job.collection_updated']));
    expectClean(opened);
  });
});

describe('the money and settings pages in Hindi and English, on a small phone and a desktop', () => {
  it('shows each page with its h1 in the chosen language, reflowing at 320 px with their tables full (no sideways scroll of the page)', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();
    const { remittanceId } = await remittedJob(api, merchant);
    const target = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url });
    await merchant.post(`/v1/webhook-endpoints/${endpoint.id}/test`);
    await deliverTick(api.table.rt);
    const pages = (t: typeof en) => [
      { name: 'statement', path: '/console/statement', title: t.statement.title, shown: 'tr[data-entry]' },
      { name: 'remittances', path: '/console/remittances', title: t.remittances.title, shown: 'tbody tr' },
      { name: 'remittance', path: `/console/remittances/${remittanceId}`, title: t.remittances.detailTitle(remittanceId), shown: 'tbody tr' },
      { name: 'webhooks', path: '/console/webhooks', title: t.webhooks.title, shown: 'tr[data-endpoint]' },
      { name: 'webhook', path: `/console/webhooks/${endpoint.id}`, title: t.webhooks.endpointTitle(target.url), shown: 'tr[data-event]' },
      { name: 'events', path: '/console/events', title: t.events.title, shown: 'tr[data-event]' },
      { name: 'api-keys', path: '/console/api-keys', title: t.apiKeys.title, shown: 'tr[data-key]' },
    ];
    const views = [
      { lang: 'hi', locale: 'hi-IN', width: 320 },
      { lang: 'en', locale: 'en-IN', width: 320 },
      { lang: 'hi', locale: 'hi-IN', width: 1280 },
    ] as const;
    const seen: Array<{ view: string; page: string; lang: string | null; overflow: number }> = [];
    const opens: OpenConsole[] = [];

    for (const view of views) {
      const opened = await openConsole(api, { storeId: merchant.storeId, width: view.width, locale: view.locale });
      opens.push(opened);
      for (const shown of pages(view.lang === 'hi' ? hi : en)) {
        await opened.page.goto(`${api.server.url}${shown.path}`);
        await expectHeading(opened.page, shown.title);
        await opened.page.locator(shown.shown).first().waitFor();
        const overflow = await opened.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        seen.push({ view: `${view.lang}-${view.width}`, page: shown.name, lang: await opened.page.locator('html').getAttribute('lang'), overflow });
      }
      await opened.context.close();
    }

    expect(seen).toEqual(
      views.flatMap((view) => pages(en).map((shown) => ({ view: `${view.lang}-${view.width}`, page: shown.name, lang: view.lang, overflow: 0 }))),
    );
    for (const opened of opens) expectClean(opened);
  }, 180_000);
});
