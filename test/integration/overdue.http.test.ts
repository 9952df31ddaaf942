import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob, expectFleetIndexes } from '../helpers/fleet.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { admin, adminJson } from '../helpers/admin.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { keys } from '../../functions/data/table.ts';
import { returnCharge } from '../../functions/core/pricing.ts';
import type { Job } from '../../functions/core/job.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { JOB_OVERDUE } from '../../functions/use-cases/overdue-jobs.ts';

/**
 * Issue 33 §4 Low: nothing timed out a parcel on its way back, nor a rider who never came back to the
 * drop after a reattempt (60 live jobs `returning`, the oldest 55 minutes, on no worklist). Both now
 * have a deadline on the dispatch worklist (RETURN_TRIP_DEADLINE_MINUTES, REARRIVAL_DEADLINE_MINUTES);
 * past it the dispatch pass marks the job overdue (operations' review queue), logs the warning the
 * OverdueJobs alarm counts, and holds the money as it is; `overdue resolve` ends the review.
 */
const api = useLocalApi();
useHandlerLogs();
const rt = () => api.table.rt;

const CREDIT = 100_000;
const CHARGE = BENGALURU_CHARGE_MINOR;
const RETURN_CHARGE = returnCharge(CHARGE);
let riders = 0;

/** A job of `merchant` whose rider's first attempt failed, then decided by the merchant (`action`), through the repository. */
async function decided(merchant: TestMerchant, action: 'reattempt' | 'return'): Promise<Job> {
  const { id } = await merchant.bookJob();
  const agentId = `rider-od${++riders}`;
  await driveJob(rt(), merchant.storeId, id, 'delivery_arrived', agentId);
  const ref = { storeId: merchant.storeId, jobId: id };
  await rt().jobs.move(ref, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, `rider:${agentId}`);
  return (await rt().jobs.move(ref, { type: 'decide', action }, 'merchant'))!.job;
}

const jobOf = (job: Job) =>
  rt()
    .jobs.get(job.storeId, job.id)
    .then((found) => found!);
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

async function expectConsistent(merchant: TestMerchant) {
  await expectLedgerInvariant(rt(), merchant.storeId);
  await expectFleetIndexes(rt(), merchant.storeId);
}

describe('a parcel on its way back past RETURN_TRIP_DEADLINE_MINUTES (180)', () => {
  it('is on the dispatch worklist at its deadline, marked overdue by the pass then (not a millisecond before), with a warning; the money is held as it is', async () => {
    const merchant = await newMerchant(rt(), api.server, { creditMinor: CREDIT });
    const job = await decided(merchant, 'return');
    const deadline = minutesAfter(job.returnTrip!.startedAt, 180);

    expect(rt().jobs.dispatchKeyOf(job)).toEqual(keys.work('dispatch', job.id, deadline.toISOString()));
    await dispatchTick(rt(), new Date(deadline.getTime() - 1));
    expect((await jobOf(job)).overdue ?? null).toBeNull();
    const { records } = await captureLogs(() => dispatchTick(rt(), deadline));

    const after = await jobOf(job);
    expect(after).toMatchObject({
      status: 'failed',
      overdue: { kind: 'return_trip', since: deadline.toISOString() },
      returnTrip: { status: 'returning', chargeSettlement: 'reserved' },
    });
    expect(records.filter((record) => record.message === JOB_OVERDUE)).toEqual([
      expect.objectContaining({ level: 'WARN', jobId: job.id, storeId: merchant.storeId, kind: 'return_trip', since: deadline.toISOString() }),
    ]);
    // off the worklist (operations have it now): a later pass changes nothing
    expect(rt().jobs.dispatchKeyOf(after)).toBeNull();
    await dispatchTick(rt(), minutesAfter(deadline.toISOString(), 60));
    expect((await jobOf(job)).version).toBe(after.version);
    await expectBalance(merchant, CREDIT - CHARGE, RETURN_CHARGE);
    await expectConsistent(merchant);
  });

  it('ends its review when the rider arrives late with the parcel (still allowed), and the return ends as always', async () => {
    const merchant = await newMerchant(rt(), api.server, { creditMinor: CREDIT });
    const job = await decided(merchant, 'return');
    await dispatchTick(rt(), minutesAfter(job.returnTrip!.startedAt, 181));
    const rider = `rider:${job.agentId}`;

    const arrived = (await rt().jobs.move({ storeId: job.storeId, jobId: job.id }, { type: 'arrive', handoff: 'return' }, rider))!.job;
    await rt().jobs.move(arrived, { type: 'submit_code', handoff: 'return', code: arrived.returnTrip!.handoff.code }, rider);

    expect(arrived.overdue).toBeNull();
    expect(await jobOf(job)).toMatchObject({ overdue: null, returnTrip: { status: 'returned', chargeSettlement: 'captured' } });
    await expectBalance(merchant, CREDIT - CHARGE - RETURN_CHARGE, 0);
    await expectConsistent(merchant);
  });

  it('is ended by operations: overdue resolve --returned captures the return charge and clears overdue; a repeat is refused', async () => {
    const merchant = await newMerchant(rt(), api.server, { creditMinor: CREDIT });
    const job = await decided(merchant, 'return');
    await dispatchTick(rt(), minutesAfter(job.returnTrip!.startedAt, 181));
    const args = ['overdue', 'resolve', '--job', job.id, '--returned', '--note', 'The store has it back', '--operator', 'asha'];

    const resolved = await adminJson<Record<string, unknown>>(api.table, args);
    const again = await admin(api.table, args);

    expect(resolved).toEqual({
      jobId: job.id,
      storeId: merchant.storeId,
      overdue: 'return_trip',
      outcome: 'returned',
      status: 'failed',
      settlement: 'captured',
      returnTrip: { status: 'returned', chargeSettlement: 'captured' },
      operator: 'asha',
    });
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('The job is not overdue: nothing to resolve') });
    const after = await jobOf(job);
    expect(after.overdue).toBeNull();
    expect(after.events.at(-1)).toMatchObject({ status: 'failed', actor: 'admin', note: 'The store has it back (operations: asha)' });
    await expectBalance(merchant, CREDIT - CHARGE - RETURN_CHARGE, 0);
    await expectConsistent(merchant);
  });
});

describe('a rider sent back to the drop past REARRIVAL_DEADLINE_MINUTES (60)', () => {
  it('is marked overdue by the pass 60 minutes after the reattempt was decided; overdue resolve --lost fails the job into settlement review', async () => {
    const merchant = await newMerchant(rt(), api.server, { creditMinor: CREDIT });
    const job = await decided(merchant, 'reattempt');
    const deadline = minutesAfter(job.deliveryAttempts![0]!.decidedAt!, 60);

    await dispatchTick(rt(), deadline);
    const overdue = await jobOf(job);
    const resolved = await adminJson<Record<string, unknown>>(api.table, [
      'overdue',
      'resolve',
      '--job',
      job.id,
      '--lost',
      '--note',
      'Rider unreachable',
      '--operator',
      'ravi',
    ]);

    expect(overdue).toMatchObject({ status: 'pickup_completed', settlement: 'reserved', overdue: { kind: 'rearrival', since: deadline.toISOString() } });
    expect(resolved).toMatchObject({ overdue: 'rearrival', outcome: 'lost', status: 'failed', settlement: 'review', returnTrip: null });
    expect((await jobOf(job)).overdue).toBeNull();
    await expectBalance(merchant, CREDIT, CHARGE);
    await expectConsistent(merchant);
  });

  it('refuses a resolve without its words: --returned or --lost, a note, an operator (exit 2)', async () => {
    expect(await admin(api.table, ['overdue', 'resolve', '--job', 'x', '--note', 'n', '--operator', 'o'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Say --returned (the store has the parcel back) or --lost (it never came back)'),
    });
    expect(await admin(api.table, ['overdue', 'resolve', '--job', 'x', '--lost', '--operator', 'o'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--note is required'),
    });
    expect(await admin(api.table, ['overdue', 'resolve', '--job', 'x', '--lost', '--note', 'n'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--operator is required'),
    });
  });
});
