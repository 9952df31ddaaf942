/// <reference lib="dom" />
// The page's own code runs in the browser (page.evaluate): it is typed with the DOM's names.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { simulateTick } from '../../functions/workers/simulation.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { expectClean, type OpenConsole } from './console-browser.ts';

/** The jobs pages' browser tests (console-jobs*.browser.test.ts): what they share. */

/** The Job page re-reads a live job every 10 s (pages/job.tsx): a change shows within that and a margin. */
export const JOB_REFRESH_WAIT = 20_000;

/** Moves the simulated rider to a point of the run (0 booked … 1 delivered) of a job booked at `createdAt`. */
export function simulateTo(rt: Runtime, createdAt: string, fraction: number) {
  return simulateTick(rt, new Date(Date.parse(createdAt) + fraction * rt.config.SIMULATION_SECONDS * 1000 + 100));
}

/** Waits until the (first) element's text is `want` (or matches it). */
export async function textShown(locator: Locator, want: string | RegExp, timeout = 10_000): Promise<void> {
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
export function refusalsOf(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) statuses.push(response.status());
  });
  return statuses;
}

/** expectClean, but for the browser's own line about each refusal in `statuses`. */
export function expectCleanBesides(c: OpenConsole, statuses: number[]): void {
  const errors = [...c.consoleErrors];
  for (const status of statuses) {
    const at = errors.findIndex((error) => error.startsWith(`Failed to load resource: the server responded with a status of ${status} `));
    if (at >= 0) errors.splice(at, 1);
  }
  expectClean({ ...c, consoleErrors: errors });
}

/** The job id in the Job page's address. */
export const jobIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
export const h1 = (page: Page) => page.locator('h1');

/** Types the booking form's route, checks and quotes it. */
export async function quoteRoute(page: Page): Promise<void> {
  await page.getByLabel('Pickup address').fill('MG Road, Bengaluru');
  // The pickup as a DIGIPIN (MG Road's cell), the drop as coordinates (Indiranagar): the check decodes the first for the quote.
  await page.getByLabel('Pickup location').fill('4P3-J4C-FJMF');
  await page.getByLabel('Drop address').fill('100 Feet Road, Indiranagar, Bengaluru');
  await page.getByLabel('Drop location').fill('12.9784, 77.6408');
  await page.getByRole('button', { name: 'Check and quote' }).click();
  await page.getByText('We deliver this route').waitFor();
  await page.getByTestId('quote-charge').waitFor();
}

/** Types the booking form's contacts. */
export async function fillContacts(page: Page, orderId: string): Promise<void> {
  await page.getByLabel('Your order id').fill(orderId);
  await page.getByLabel('Pickup contact name').fill('Chai Point, MG Road');
  await page.getByLabel('Pickup phone').fill('98765 43210');
  await page.getByLabel('Customer name').fill('Asha Rao');
  await page.getByLabel('Customer phone').fill('+91 98450 12345');
}
