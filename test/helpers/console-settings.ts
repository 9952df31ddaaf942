/// <reference lib="dom" />
// rowsAllContain's check runs in the browser: it is typed with the DOM's names.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { relayTick } from '../../functions/workers/relay.ts';
import { remittanceTick } from '../../functions/workers/remittances.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import { driveJob } from './fleet.ts';
import type { TestMerchant } from './merchant.ts';
import type { Receiver } from './receiver.ts';
import type { TestServer } from './server.ts';
import type { TestTable } from './table.ts';

/** What the console's money and settings tests work against: the file's table and local server. */
type Api = { readonly table: TestTable; readonly server: TestServer };

/** Chromium's own console lines for responses answered 400 and 429: the page handles them, and the browser logs every failed load. */
export const BAD_REQUEST = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
export const TOO_MANY_REQUESTS = 'Failed to load resource: the server responded with a status of 429 (Too Many Requests)';

/** Waits for the page's one h1 to read `title`. */
export async function expectHeading(page: Page, title: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** A delivery a receiver got, verified with `secret` by the Standard Webhooks library (throws unless it verifies). */
export function verified(secret: string, received: Receiver['received'][number]): { id: string; type: string } {
  return new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as { id: string; type: string };
}

/** Whether a delivery verifies with `secret`. */
export function verifiesWith(secret: string, received: Receiver['received'][number]): boolean {
  try {
    verified(secret, received);
    return true;
  } catch {
    return false;
  }
}

const HOUR = 60 * 60 * 1000;

/**
 * A cash-on-delivery job whose rider collected ₹850 an hour before a cut-off a day ahead, remitted by
 * the worker after that cut-off (a live store's cycle), and the relay run so the feed holds its events.
 */
export async function remittedJob(api: Api, merchant: TestMerchant): Promise<{ jobId: string; remittanceId: string }> {
  const rt = api.table.rt;
  const cutoff = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 24 * HOUR);
  const { id: jobId } = await merchant.bookJob({ quote: { collectMinor: 85_000 } });
  const atDrop = await driveJob(rt, merchant.storeId, jobId, 'delivery_arrived', `rider-${randomUUID().slice(0, 8)}`);
  await rt.jobs.move(atDrop, { type: 'collect', method: 'cash', amountMinor: 85_000, reference: null }, `rider:${atDrop.agentId}`, {
    now: new Date(cutoff.getTime() - HOUR),
    onLostRace: 'refuse',
  });
  await remittanceTick(rt, new Date(cutoff.getTime() + 2 * HOUR));
  await relayTick(rt);
  const remittances = (await merchant.get('/v1/remittances')).body as { data: Array<{ id: string }> };
  return { jobId, remittanceId: remittances.data[0]!.id };
}

/** The file a download saved, as bytes, and the name the page gave it. */
export async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer & { fileName: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return Object.assign(await readFile((await download.path())!), { fileName: download.suggestedFilename() });
}

/** What the API answers with Accept: text/csv for a path, as bytes, asked with the merchant's own key. */
export async function apiCsv(api: Api, merchant: TestMerchant, path: string): Promise<Buffer> {
  const response = await fetch(`${api.server.url}${path}`, { headers: { 'X-Api-Key': merchant.apiKey, Accept: 'text/csv' } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Waits until the page shows rows and every one holds `text`: the filtered list is drawn, not the one before it. */
export async function rowsAllContain(page: Page, rowSelector: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => {
      const rows = [...document.querySelectorAll(selector!)];
      return rows.length > 0 && rows.every((row) => row.textContent!.includes(wanted!));
    },
    [rowSelector, text],
  );
}
