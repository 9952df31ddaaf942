import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant, type TestMerchant, simulateUntil, SANDBOX_STORY_MS } from '../helpers/merchant.ts';
import { authHeaders } from '../helpers/fixtures.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import type { JobDetail } from '../../functions/schemas/views/job.view.ts';

/**
 * Issue 25's "done means", told as a sandbox merchant lives it, through the API alone: book with
 * instructions, fix the drop phone, get a decision request when the simulated rider cannot reach the
 * customer, choose, and see the parcel back with its charge on the statement. Each branch of the
 * sandbox ends within three minutes of its booking; the simulator's clock is driven in 5-second steps.
 */
const api = useLocalApi();

type Reply = { status: number; body: unknown };

const until = (merchant: TestMerchant, jobId: string, start: number, done: (job: JobDetail) => boolean) =>
  simulateUntil(api.table.rt, merchant, jobId, start, done);

/** The store's statement lines of one job, oldest first, as [type, amount]. */
async function statementOf(merchant: TestMerchant, jobId: string) {
  const reply = await merchant.get('/v1/ledger?limit=100');
  expect(reply.status).toBe(200);
  const lines = (reply.body as { data: Array<{ type: string; amountMinor: number; jobId: string | null }> }).data;
  return lines
    .filter((line) => line.jobId === jobId)
    .map((line) => [line.type, line.amountMinor])
    .reverse();
}

/** The types of the job's events in the feed, in order. */
async function feedOf(merchant: TestMerchant, jobId: string): Promise<string[]> {
  await relayTick(api.table.rt);
  const reply = await merchant.get(`/v1/events?jobId=${jobId}&limit=100`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: Array<{ type: string }> }).data.map((event) => event.type).reverse();
}

async function patch(merchant: TestMerchant, jobId: string, body: unknown): Promise<Reply> {
  const response = await api.server.request(`/v1/jobs/${jobId}`, { method: 'PATCH', headers: authHeaders(merchant.apiKey), body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const waitingForDecision = (job: JobDetail) => job.pendingDecision !== null;
const back = (job: JobDetail) => job.returnTrip?.status === 'returned';

describe('a sandbox job the customer cannot be reached for (sim-undeliverable)', () => {
  it('asks the merchant, who chooses the return: the parcel comes back and both charges are on the statement', async () => {
    // Prepare: book with instructions, then fix the drop phone
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = Date.now();
    const job = await merchant.bookJob({
      body: { externalOrderId: 'order-sim-undeliverable-1', pickupInstructions: 'Ask at the counter', dropInstructions: 'Gate behind the temple, 3rd floor' },
    });
    expect(job).toMatchObject({ pickupInstructions: 'Ask at the counter', dropInstructions: 'Gate behind the temple, 3rd floor', returnTrip: null });
    const fixed = await patch(merchant, job.id, { dropPhone: '98450 54321' });
    expect(fixed).toMatchObject({ status: 200, body: { data: { dropPhone: '+919845054321' } } });

    // Act 1: the simulated rider fails the first attempt and the job asks for a decision
    const asked = await until(merchant, job.id, booked, waitingForDecision);
    expect(asked.job).toMatchObject({
      status: 'pickup_completed',
      deliveryAttempts: [{ number: 1, reason: 'customer_unreachable' }],
      pendingDecision: { options: ['reattempt', 'return'], defaultAction: 'return' },
    });

    // Act 2: the merchant chooses the return
    const decided = await merchant.post(`/v1/jobs/${job.id}/decision`, { action: 'return' });
    expect(decided.status).toBe(200);
    expect((decided.body as { data: JobDetail }).data).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      pendingDecision: null,
      returnTrip: { reason: 'undeliverable', status: 'returning', chargeMinor: 3500 },
    });
    const returned = await until(merchant, job.id, asked.at, back);

    // Assess
    expect(returned.at - booked).toBeLessThanOrEqual(SANDBOX_STORY_MS);
    expect(returned.job.returnTrip).toMatchObject({ status: 'returned', verification: { status: 'verified', code: null } });
    expect(await statementOf(merchant, job.id)).toEqual([
      ['reserve', job.chargeMinor],
      ['capture', job.chargeMinor],
      ['reserve', 3500],
      ['capture', 3500],
    ]);
    expect(await feedOf(merchant, job.id)).toEqual(
      expect.arrayContaining(['job.updated', 'job.delivery_attempted', 'job.failed', 'job.settlement_changed', 'job.return_started', 'job.returned']),
    );
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('delivers on a reattempt, with the delivery’s charge alone on the statement', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = Date.now();
    const job = await merchant.bookJob({ body: { externalOrderId: 'order-sim-undeliverable-2' } });
    const asked = await until(merchant, job.id, booked, waitingForDecision);

    const decided = await merchant.post(`/v1/jobs/${job.id}/decision`, { action: 'reattempt' });
    expect(decided.status).toBe(200);
    expect((decided.body as { data: JobDetail }).data).toMatchObject({ status: 'pickup_completed', pendingDecision: null, returnTrip: null });
    const delivered = await until(merchant, job.id, asked.at, (view) => view.status === 'delivered');

    expect(delivered.at - booked).toBeLessThanOrEqual(SANDBOX_STORY_MS);
    expect(delivered.job).toMatchObject({ settlement: 'captured', deliveryAttempts: [{ number: 1 }], returnTrip: null });
    expect(await statementOf(merchant, job.id)).toEqual([
      ['reserve', job.chargeMinor],
      ['capture', job.chargeMinor],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('returns the parcel by default when the merchant does not decide in time', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = Date.now();
    const job = await merchant.bookJob({ body: { externalOrderId: 'order-sim-undeliverable-3' } });
    await until(merchant, job.id, booked, waitingForDecision);

    const returned = await until(merchant, job.id, booked, back);

    expect(returned.at - booked).toBeLessThanOrEqual(SANDBOX_STORY_MS);
    expect(returned.job).toMatchObject({ status: 'failed', returnTrip: { reason: 'undeliverable', status: 'returned' } });
    expect(returned.job.events.find((event) => event.status === 'failed')?.actor).toBe('system');
    expect(await merchant.post(`/v1/jobs/${job.id}/decision`, { action: 'reattempt' })).toMatchObject({ status: 409, body: { code: 'no_decision_pending' } });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});

describe('a sandbox job the merchant recalls after pickup', () => {
  it('is cancelled and the simulated rider brings the parcel back by itself', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = Date.now();
    const job = await merchant.bookJob();
    expect(await merchant.post(`/v1/jobs/${job.id}/return`)).toMatchObject({ status: 409, body: { code: 'parcel_not_picked_up' } });
    const picked = await until(merchant, job.id, booked, (view) => view.status === 'pickup_completed');

    const recalled = await merchant.post(`/v1/jobs/${job.id}/return`);
    expect(recalled.status).toBe(200);
    const returned = await until(merchant, job.id, picked.at, back);

    expect(returned.at - booked).toBeLessThanOrEqual(SANDBOX_STORY_MS);
    expect(returned.job).toMatchObject({ status: 'cancelled', settlement: 'captured', returnTrip: { reason: 'recalled', status: 'returned' } });
    expect(await statementOf(merchant, job.id)).toEqual([
      ['reserve', job.chargeMinor],
      ['capture', job.chargeMinor],
      ['reserve', 3500],
      ['capture', 3500],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});
