import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob, expectFleetIndexes } from '../helpers/fleet.ts';
import { raced } from '../helpers/races.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { hashApiKey } from '../../functions/core/api-key.ts';
import { DECISION_WINDOW_MS } from '../../functions/core/lifecycle.ts';
import { returnCharge } from '../../functions/core/pricing.ts';
import type { Merchant } from '../../functions/core/store.ts';
import { decideDelivery } from '../../functions/use-cases/delivery-outcome.ts';

/**
 * The decision's deadline is exact (issue 33, §4 Info: a decision 0.04 s after `deadlineAt` was
 * accepted because no worker had applied the default yet): a decision after the deadline is 409
 * decision_deadline_passed with `details.defaultAction`, and the default applies in that request's
 * write unless a worker applied it first; exactly one of them writes it.
 */
const api = useLocalApi();

const CREDIT = 100_000;
const CHARGE = BENGALURU_CHARGE_MINOR;
const RETURN_CHARGE = returnCharge(CHARGE);
let riders = 0;

/** A job of `merchant` whose rider's first attempt at the drop failed `at` that time: its decision's deadline is DECISION_WINDOW_MS later. */
async function attemptFailed(merchant: TestMerchant, at: Date): Promise<string> {
  const { id } = await merchant.bookJob();
  const agentId = `rider-dl${++riders}`;
  await driveJob(api.table.rt, merchant.storeId, id, 'delivery_arrived', agentId);
  await api.table.rt.jobs.move(
    { storeId: merchant.storeId, jobId: id },
    { type: 'attempt_delivery', reason: 'customer_unreachable', note: null },
    `rider:${agentId}`,
    {
      now: at,
    },
  );
  return id;
}

/** The merchant as an authenticated request sees it. */
async function asMerchant(merchant: TestMerchant): Promise<Merchant> {
  const store = (await api.table.rt.stores.get(merchant.storeId))!;
  return { storeId: merchant.storeId, keyId: merchant.keyId, keyHash: hashApiKey(merchant.apiKey), store, via: 'api_key', sessionId: null };
}

const job = (merchant: TestMerchant, id: string) => api.table.rt.jobs.get(merchant.storeId, id).then((found) => found!);

const DEADLINE_PASSED = (deadlineAt: string) => ({
  error: `The decision's deadline (${deadlineAt}) has passed: its default, return, applies`,
  code: 'decision_deadline_passed',
  details: expect.objectContaining({ defaultAction: 'return' }),
});

async function expectConsistent(merchant: TestMerchant) {
  await expectLedgerInvariant(api.table.rt, merchant.storeId);
  await expectFleetIndexes(api.table.rt, merchant.storeId);
}

describe('a decision at and after its deadline (controlled clock)', () => {
  it('is accepted at the deadline itself, and refused 40 ms after it, when this very request applies the default', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    // An hour ahead of the real clock, so the moves' times are the controlled ones (a job's history never goes back in time).
    const attemptAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
    const [onTime, late] = [await attemptFailed(merchant, attemptAt), await attemptFailed(merchant, attemptAt)];
    const deadline = attemptAt.getTime() + DECISION_WINDOW_MS;

    const accepted = await decideDelivery(api.table.rt, { merchant: await asMerchant(merchant), jobId: onTime, action: 'reattempt', now: new Date(deadline) });
    const refused = decideDelivery(api.table.rt, { merchant: await asMerchant(merchant), jobId: late, action: 'reattempt', now: new Date(deadline + 40) });

    expect(accepted).toMatchObject({ status: 'pickup_completed', pendingDecision: null });
    await expect(refused).rejects.toMatchObject({ code: 'decision_deadline_passed', details: { defaultAction: 'return' } });
    expect(await job(merchant, late)).toMatchObject({
      status: 'failed',
      pendingDecision: null,
      returnTrip: { reason: 'undeliverable', status: 'returning', startedAt: new Date(deadline + 40).toISOString() },
    });
    expect((await job(merchant, late)).events.at(-1)).toMatchObject({ status: 'failed', actor: 'system' });
    await expectBalance(merchant, CREDIT - CHARGE, CHARGE + RETURN_CHARGE);
    await expectConsistent(merchant);
  });
});

describe('POST /v1/jobs/{id}/decision after the deadline', () => {
  it('answers 409 decision_deadline_passed 40 ms after the deadline, before any worker ran, and the default applied', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const id = await attemptFailed(merchant, new Date(Date.now() - DECISION_WINDOW_MS - 40));
    const { deadlineAt } = (await job(merchant, id)).pendingDecision!;

    const reply = await merchant.post(`/v1/jobs/${id}/decision`, { action: 'reattempt' });

    expect({ status: reply.status, body: reply.body }).toEqual({ status: 409, body: DEADLINE_PASSED(deadlineAt) });
    expect(await job(merchant, id)).toMatchObject({ status: 'failed', settlement: 'captured', pendingDecision: null, returnTrip: { status: 'returning' } });
    await expectBalance(merchant, CREDIT - CHARGE, RETURN_CHARGE);
    await expectConsistent(merchant);
  });

  it('answers 409 decision_deadline_passed when a worker applies the default between its read and its write: the default applies once', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const id = await attemptFailed(merchant, new Date(Date.now() - DECISION_WINDOW_MS - 40));
    const { deadlineAt } = (await job(merchant, id)).pendingDecision!;
    const worker = () => api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'decision_timeout' }, 'system', { onLostRace: 'refuse' });

    const { reply, tries } = await raced(worker, () => merchant.post(`/v1/jobs/${id}/decision`, { action: 'return' }));

    expect(reply).toEqual({ status: 409, body: DEADLINE_PASSED(deadlineAt) });
    // the decision refused on the job as read; the default's write lost to the worker's; decided again: nothing left to apply
    expect(tries).toBe(3);
    const after = await job(merchant, id);
    expect(after.events.filter((event) => event.status === 'failed')).toHaveLength(1);
    expect(after.events.at(-1)).toMatchObject({ status: 'failed', actor: 'system' });
    await expectBalance(merchant, CREDIT - CHARGE, RETURN_CHARGE);
    await expectConsistent(merchant);
  });

  it('leaves a worker that read the job before the request applied the default nothing to write', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const id = await attemptFailed(merchant, new Date(Date.now() - DECISION_WINDOW_MS - 40));
    const readByWorker = await job(merchant, id);

    const reply = await merchant.post(`/v1/jobs/${id}/decision`, { action: 'reattempt' });
    const worker = api.table.rt.jobs.move(readByWorker, { type: 'decision_timeout' }, 'system', { onLostRace: 'refuse' });

    expect(reply.status).toBe(409);
    await expect(worker).rejects.toMatchObject({ code: 'concurrent_modification' });
    expect((await job(merchant, id)).events.filter((event) => event.status === 'failed')).toHaveLength(1);
    await expectBalance(merchant, CREDIT - CHARGE, RETURN_CHARGE);
    await expectConsistent(merchant);
  });
});
