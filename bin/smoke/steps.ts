/**
 * The smoke test's steps, in the order they run: each checks one thing a deployed stage must do and
 * says what it saw, or throws StepFailedError saying why not. The booking steps leave nothing behind:
 * what a step makes (a webhook endpoint, a job) is undone at the end whatever happened (`cleanups`).
 */
import { randomUUID } from 'node:crypto';
import { randomBase62 } from '../../functions/core/api-key.ts';
import * as z from '../../functions/zod.ts';
import { BalanceResponse } from '../../functions/schemas/balance.schema.ts';
import { dataOf, describe, expectStatus, StepFailedError, type StageApi } from './http.ts';
import { rateLimiterHint, readRateLimit } from './rate-limit.ts';
import { quoteRequestExample } from '../../functions/schemas/docs/quote.docs.ts';

/** What the smoke test was told (bin/smoke.ts parses it from the command line). */
export interface SmokeOptions {
  url: string;
  key: string;
  fleetKey?: string;
  receiver?: string;
  skipRateLimit: boolean;
  allowLiveBooking: boolean;
  /** How long to wait for a webhook delivery answered 2xx. */
  webhookWaitSeconds: number;
}

/** What the steps learn and hand on. */
export interface SmokeContext {
  api: StageApi;
  options: SmokeOptions;
  balance?: BalanceResponse;
  endpointId?: string;
  quote?: { id: string; chargeMinor: number };
  job?: { id: string; cancelled: boolean };
  /** Undo what the run made, last made first, whether or not it passed. */
  cleanups: Array<{ what: string; run: () => Promise<string> }>;
}

/** A step passes saying what it saw, or is skipped saying why. */
export type StepOutcome = { saw: string } | { skipped: string };

/** One check of the smoke test. */
export interface Step {
  name: string;
  run(ctx: SmokeContext): Promise<StepOutcome>;
}

/** A quote inside the seed's Bengaluru zone (seed/zones.json): the API description's example. */
const SMOKE_QUOTE = { ...quoteRequestExample, packageDescription: 'Smoke test' };

const rupees = (minor: number) => `₹${(minor / 100).toFixed(2).replace(/\.00$/, '')}`;

/** Whether a key is a sandbox store's: keys say their store's kind (`mdk_test_…` sandbox, `mdk_live_…` live). */
export function isSandboxKey(key: string): boolean {
  return key.startsWith('mdk_test_');
}

// The store's balance, checked against the spec's shape, and what its RateLimit headers say of the reads left.
async function readBalance(ctx: SmokeContext, what: string): Promise<{ balance: BalanceResponse; reads: string }> {
  const answer = await ctx.api.send('GET', '/v1/balance', { key: ctx.options.key });
  if (answer.status === 500) throw new StepFailedError(`${what}: expected 200, got ${describe(answer)}${rateLimiterHint(answer)}`);
  expectStatus(answer, 200, what);
  const parsed = z.safeParse(z.strictObject({ data: BalanceResponse }), answer.json);
  if (!parsed.success)
    throw new StepFailedError(`${what}: 200 but not the spec's balance (${z.prettifyError(parsed.error).replace(/\n/g, '; ')}): ${answer.text}`);
  const rate = readRateLimit(answer);
  return { balance: parsed.data.data, reads: rate ? `reads: ${rate.remaining} of ${rate.limit} left this minute` : 'no RateLimit headers' };
}

const balance: Step = {
  name: 'balance',
  async run(ctx) {
    const { balance: b, reads } = await readBalance(ctx, 'GET /v1/balance');
    ctx.balance = b;
    return {
      saw: `200, available ${rupees(b.availableMinor)} of ${rupees(b.balanceMinor)} (reserved ${rupees(b.reservedMinor)}), API access ${b.apiEnabled ? 'on' : 'off'}; ${reads}`,
    };
  },
};

const unknownKey: Step = {
  name: 'unknown key',
  async run(ctx) {
    // Well-formed, so the authorizer looks it up rather than refusing its shape.
    const key = `mdk_test_${randomBase62(32)}`;
    const answer = await ctx.api.send('GET', '/v1/balance', { key });
    expectStatus(answer, 401, 'GET /v1/balance with a key never issued');
    const body = answer.json as Record<string, unknown> | null;
    if (!body || body.code !== 'unauthorized' || typeof body.error !== 'string' || Object.keys(body).some((k) => !['error', 'code', 'details'].includes(k))) {
      throw new StepFailedError(`401 without the spec's error body ({error, code: "unauthorized"}): ${answer.text}`);
    }
    return { saw: `401 ${body.code}: ${body.error}` };
  },
};

const registerEndpoint: Step = {
  name: 'webhook endpoint',
  async run(ctx) {
    const url = ctx.options.receiver;
    if (url === undefined) return { skipped: 'no --receiver given' };
    const answer = await ctx.api.send('POST', '/v1/webhook-endpoints', {
      key: ctx.options.key,
      body: { url, eventTypes: ['job.created', 'job.cancelled'], description: 'npm run smoke (deleted when it ends)' },
    });
    expectStatus(answer, 201, `POST /v1/webhook-endpoints ${url}`);
    const endpoint = dataOf<{ id: string; status: string }>(answer);
    ctx.endpointId = endpoint.id;
    ctx.cleanups.push({
      what: `delete webhook endpoint ${endpoint.id}`,
      run: async () => {
        const deleted = await ctx.api.send('DELETE', `/v1/webhook-endpoints/${endpoint.id}`, { key: ctx.options.key });
        expectStatus(deleted, 200, `DELETE /v1/webhook-endpoints/${endpoint.id}`);
        return 'deleted';
      },
    });
    return { saw: `201 ${endpoint.id} (${endpoint.status}) → ${url}` };
  },
};

const quote: Step = {
  name: 'quote',
  async run(ctx) {
    const answer = await ctx.api.send('POST', '/v1/job-quotes', { key: ctx.options.key, body: SMOKE_QUOTE });
    expectStatus(answer, 201, 'POST /v1/job-quotes (MG Road → Indiranagar, Bengaluru: the seed zone must be imported)');
    const data = dataOf<{ id: string; chargeMinor: number; distanceMeters: number }>(answer);
    ctx.quote = { id: data.id, chargeMinor: data.chargeMinor };
    return { saw: `201 ${data.id}: ${rupees(data.chargeMinor)} for ${data.distanceMeters} m` };
  },
};

const booking: Step = {
  name: 'booking',
  async run(ctx) {
    const { key, allowLiveBooking } = ctx.options;
    const sandbox = isSandboxKey(key);
    if (!sandbox && !allowLiveBooking) {
      throw new StepFailedError(
        `refused: the key is a live store's (${key.slice(0, 9)}…), and a booking would hold its credit and offer the job to riders. Use a sandbox store's key (mdk_test_…: npm run admin -- store create --sandbox), or pass --allow-live-booking to book on this live store and cancel at once`,
      );
    }
    const idempotencyKey = `smoke-${randomUUID()}`;
    const body = {
      quoteId: ctx.quote!.id,
      externalOrderId: `smoke-${new Date().toISOString()}`,
      pickupName: 'Smoke test pickup',
      pickupPhone: '+91 98765 43210',
      dropName: 'Smoke test drop',
      dropPhone: '+91 98450 12345',
    };
    const book = () => ctx.api.send('POST', '/v1/jobs', { key, body, headers: { 'Idempotency-Key': idempotencyKey } });
    const first = await book();
    expectStatus(first, 201, 'POST /v1/jobs');
    const job = dataOf<{ id: string; status: string; chargeMinor: number; verification: { testMode: boolean } }>(first);
    ctx.job = { id: job.id, cancelled: false };
    ctx.cleanups.push({
      what: `cancel job ${job.id}`,
      run: async () => {
        if (ctx.job!.cancelled) return 'already cancelled';
        const answer = await ctx.api.send('POST', `/v1/jobs/${job.id}/cancel`, { key });
        expectStatus(answer, 200, `POST /v1/jobs/${job.id}/cancel`);
        return 'cancelled';
      },
    });
    if (job.verification.testMode !== sandbox) {
      throw new StepFailedError(
        `job ${job.id} has verification.testMode ${job.verification.testMode}, but the key says a ${sandbox ? 'sandbox' : 'live'} store`,
      );
    }
    // The same Idempotency-Key and body: the same job, 200, nothing booked twice.
    const replay = await book();
    expectStatus(replay, 200, 'POST /v1/jobs again with the same Idempotency-Key');
    if (dataOf<{ id: string }>(replay).id !== job.id) throw new StepFailedError(`the replay answered job ${dataOf<{ id: string }>(replay).id}, not ${job.id}`);
    return { saw: `201 ${job.id} (${job.status}, ${sandbox ? 'sandbox' : 'LIVE'}, ${rupees(job.chargeMinor)} held); replay 200, same job` };
  },
};

const trackingPage: Step = {
  name: 'tracking page',
  async run(ctx) {
    const link = await ctx.api.send('POST', `/v1/jobs/${ctx.job!.id}/tracking-link`, { key: ctx.options.key });
    expectStatus(link, 201, `POST /v1/jobs/${ctx.job!.id}/tracking-link`);
    const { url } = dataOf<{ url: string }>(link);
    // The token is the page's only access: the output (often a CI log) shows its first characters.
    const shown = url.replace(/(\/track\/.{6}).*$/, '$1…');
    const page = await ctx.api.send('GET', url, { headers: { Accept: 'text/html' } });
    expectStatus(page, 200, `GET ${shown}`);
    const type = page.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html')) throw new StepFailedError(`GET ${shown}: 200 but Content-Type ${type || 'none'}, not text/html`);
    // The page renders whole on the server and refreshes itself from the same address (docs/tracking-page.md).
    if (!/<main[^>]*data-live=/.test(page.text))
      throw new StepFailedError(`GET ${shown}: 200 HTML without the page's <main data-live>: ${page.text.slice(0, 200)}`);
    if (!page.headers.get('content-security-policy')) throw new StepFailedError(`GET ${shown}: no Content-Security-Policy header`);
    return { saw: `201 link, page 200 ${type.split(';')[0]} (${page.text.length} bytes) at ${shown.replace(/^https?:\/\/[^/]+/, '')}` };
  },
};

const cancel: Step = {
  name: 'cancel',
  async run(ctx) {
    const { id } = ctx.job!;
    const answer = await ctx.api.send('POST', `/v1/jobs/${id}/cancel`, { key: ctx.options.key });
    expectStatus(answer, 200, `POST /v1/jobs/${id}/cancel`);
    ctx.job!.cancelled = true;
    const job = dataOf<{ status: string; settlement: string }>(answer);
    if (job.status !== 'cancelled' || job.settlement !== 'released') {
      throw new StepFailedError(`the cancel answered status ${job.status}, settlement ${job.settlement} (expected cancelled, released)`);
    }
    const { balance: after } = await readBalance(ctx, 'GET /v1/balance after the cancel');
    const before = ctx.balance!;
    if (after.availableMinor !== before.availableMinor || after.reservedMinor !== before.reservedMinor) {
      throw new StepFailedError(
        `credit not released: available ${rupees(after.availableMinor)} (before the booking ${rupees(before.availableMinor)}), reserved ${rupees(after.reservedMinor)} (before ${rupees(before.reservedMinor)}); was the store used meanwhile?`,
      );
    }
    return { saw: `200 cancelled, settlement released; available back to ${rupees(after.availableMinor)}` };
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const webhookDelivery: Step = {
  name: 'webhook delivery',
  async run(ctx) {
    if (ctx.endpointId === undefined) return { skipped: 'no --receiver given' };
    const deadline = Date.now() + ctx.options.webhookWaitSeconds * 1000;
    let last = 'no attempt yet';
    for (let wait = 500; ; wait = Math.min(wait * 1.5, 5_000)) {
      const answer = await ctx.api.send('GET', `/v1/webhook-endpoints/${ctx.endpointId}/deliveries?limit=10`, { key: ctx.options.key });
      if (answer.status === 429) {
        // The read limit is the store's: wait as told rather than fail the step on our own polling.
        await sleep(Number(answer.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      expectStatus(answer, 200, `GET /v1/webhook-endpoints/${ctx.endpointId}/deliveries`);
      const attempts = dataOf<Array<{ eventId: string; outcome: string; responseStatus: number | null; error: string | null; durationMs: number }>>(answer);
      const delivered = attempts.find((a) => a.outcome === 'succeeded' && a.responseStatus !== null && a.responseStatus >= 200 && a.responseStatus < 300);
      if (delivered)
        return { saw: `${delivered.eventId} answered ${delivered.responseStatus} in ${delivered.durationMs} ms (${attempts.length} attempt(s) logged)` };
      if (attempts[0]) last = `last attempt ${attempts[0].outcome}: ${attempts[0].responseStatus ?? '-'} ${attempts[0].error ?? ''}`.trim();
      if (Date.now() + wait > deadline) break;
      await sleep(wait);
    }
    throw new StepFailedError(`no delivery answered 2xx within ${ctx.options.webhookWaitSeconds} s (${last})`);
  },
};

const fleetRead: Step = {
  name: 'fleet read',
  async run(ctx) {
    const fleetKey = ctx.options.fleetKey;
    if (fleetKey === undefined) return { skipped: 'no --fleet-key given' };
    const answer = await ctx.api.send('GET', '/fleet/v1/offers?limit=5', { fleetKey });
    expectStatus(answer, 200, 'GET /fleet/v1/offers');
    const offers = dataOf<unknown[]>(answer);
    if (!Array.isArray(offers)) throw new StepFailedError(`GET /fleet/v1/offers: 200 without a data list: ${answer.text.slice(0, 200)}`);
    return { saw: `200, ${offers.length} open offer(s) shown (${fleetKey.slice(0, fleetKey.indexOf('_', 3) + 1)}… key)` };
  },
};

/** The steps before the rate limit's, which spends the store's read allowance and so runs last. */
export const STEPS: readonly Step[] = [balance, unknownKey, registerEndpoint, quote, booking, trackingPage, cancel, webhookDelivery, fleetRead];
