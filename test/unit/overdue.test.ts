import { describe, expect, it } from 'vitest';
import { transition, type LifecycleEvent, type StoreCredit, type Transition } from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import { heldBy, type Job } from '../../functions/core/job.ts';
import { pricedBengaluruQuote, sampleBookingDetails, sampleStore, TO_PICKUP_AS_RIDER_7 } from '../helpers/fixtures.ts';

// Overdue waits (issue 33 §4 Low): a parcel on its way back, a rider sent back to the drop. The
// dispatcher marks the job overdue at the deadline (mark_overdue, filed by dispatchDueAt: see
// dispatch.test.ts); a late arrival ends the wait and the review; operations end it otherwise.

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const RIDER = 'rider:rider-7';
const CHARGE = 6900;
const RETURN_CHARGE = 3500;
const PLENTY: StoreCredit = { availableMinor: 1_000_000 };
const store = sampleStore({ reservedMinor: CHARGE, availableMinor: 10_000 - CHARGE, jobCount: 1 });
const move = (job: Job, event: LifecycleEvent, minutes: number, actor = RIDER): Transition => transition(job, event, actor, at(minutes), PLENTY);
const money = (result: Transition) => result.money.map(({ type, balanceDeltaMinor, reservedDeltaMinor }) => [type, balanceDeltaMinor, reservedDeltaMinor]);

/** A job whose rider's first attempt at the drop failed at minute 1. */
function attempted(): Job {
  let job: Job = newJob({
    store,
    quote: { ...pricedBengaluruQuote, returnChargeMinor: RETURN_CHARGE },
    details: sampleBookingDetails,
    idempotencyKey: 'k',
    seq: 1,
    now: at(0),
  });
  for (const step of TO_PICKUP_AS_RIDER_7) job = move(job, step, 0).job;
  job = move(job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, 0).job;
  job = move(job, { type: 'arrive', handoff: 'delivery' }, 0).job;
  return move(job, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, 1).job;
}
const reattempting = () => move(attempted(), { type: 'decide', action: 'reattempt' }, 5, 'merchant').job;
const returning = () => move(attempted(), { type: 'decide', action: 'return' }, 5, 'merchant').job;
const overdue = (job: Job, kind: 'return_trip' | 'rearrival', minutes: number) => move(job, { type: 'mark_overdue', kind }, minutes, 'system');

describe('mark_overdue', () => {
  it.each([
    ['a parcel on its way back', returning, 'return_trip'],
    ['a rider sent back to the drop', reattempting, 'rearrival'],
  ] as const)('marks %s overdue: nothing else changes, no money moves', (_case, job, kind) => {
    const before = job();

    const result = overdue(before, kind, 200);

    expect(result.money).toEqual([]);
    expect(result.job).toEqual({ ...before, overdue: { kind, since: at(200).toISOString() }, version: before.version + 1, updatedAt: at(200).toISOString() });
  });

  it('keeps the reattempt’s decision time on its attempt (the re-arrival deadline runs from it), and the detail’s attempts are unchanged', () => {
    expect(reattempting().deliveryAttempts).toEqual([expect.objectContaining({ number: 1, createdAt: at(1).toISOString(), decidedAt: at(5).toISOString() })]);
  });

  it('is refused for a job that does not wait for that (the rider arrived, or the other kind)', () => {
    const arrived = move(reattempting(), { type: 'arrive', handoff: 'delivery' }, 30).job;
    expect(() => overdue(arrived, 'rearrival', 70)).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
    expect(() => overdue(returning(), 'rearrival', 70)).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
  });
});

describe('a rider who arrives after the job went overdue', () => {
  it('is still welcome at the drop: the arrival clears overdue, and the parcel can be delivered', () => {
    const late = overdue(reattempting(), 'rearrival', 65).job;

    const arrived = move(late, { type: 'arrive', handoff: 'delivery' }, 90).job;
    const delivered = move(arrived, { type: 'submit_code', handoff: 'delivery', code: arrived.verification.delivery.code }, 91).job;

    expect(arrived.overdue).toBeNull();
    expect(delivered).toMatchObject({ status: 'delivered', settlement: 'captured', overdue: null });
  });

  it('is still welcome at the pickup with the parcel: the arrival clears overdue, and the return ends as always', () => {
    const late = overdue(returning(), 'return_trip', 185).job;

    const arrived = move(late, { type: 'arrive', handoff: 'return' }, 200).job;
    const back = move(arrived, { type: 'submit_code', handoff: 'return', code: arrived.returnTrip!.handoff.code }, 201);

    expect(arrived.overdue).toBeNull();
    expect(back.job.returnTrip).toMatchObject({ status: 'returned', chargeSettlement: 'captured' });
    expect(money(back)).toEqual([['capture', -RETURN_CHARGE, -RETURN_CHARGE]]);
  });

  it('leaves the review when the merchant recalls the parcel of a rider overdue at the drop: the way back has its own deadline', () => {
    const late = overdue(reattempting(), 'rearrival', 65).job;

    const recalled = move(late, { type: 'recall' }, 70, 'merchant').job;

    expect(recalled).toMatchObject({ status: 'cancelled', overdue: null, returnTrip: { status: 'returning', startedAt: at(70).toISOString() } });
  });
});

describe('resolve_overdue (operations)', () => {
  const resolve = (job: Job, outcome: 'returned' | 'lost') => move(job, { type: 'resolve_overdue', outcome, note: 'Checked with the store' }, 300, 'admin');

  it('returned, a parcel overdue on its way back: the trip ends as a return does, its charge captured, the note in the history', () => {
    const result = resolve(overdue(returning(), 'return_trip', 185).job, 'returned');

    expect(result.job).toMatchObject({
      status: 'failed',
      overdue: null,
      returnTrip: { status: 'returned', chargeSettlement: 'captured', returnedAt: at(300).toISOString() },
    });
    expect(result.job.returnTrip!.handoff).toMatchObject({ status: 'verified', verifiedAt: at(300).toISOString() });
    expect(result.job.events.at(-1)).toMatchObject({ status: 'failed', actor: 'admin', note: 'Checked with the store' });
    expect(money(result)).toEqual([['capture', -RETURN_CHARGE, -RETURN_CHARGE]]);
    expect(heldBy(result.job)).toBeNull();
  });

  it('lost, a parcel overdue on its way back: the return fails, its reserved charge released into review', () => {
    const result = resolve(overdue(returning(), 'return_trip', 185).job, 'lost');

    expect(result.job).toMatchObject({ status: 'failed', overdue: null, returnTrip: { status: 'failed', chargeSettlement: 'review' } });
    expect(money(result)).toEqual([['release', 0, -RETURN_CHARGE]]);
  });

  it('lost, a rider overdue at the drop: the job fails after pickup into settlement review (its charge stays reserved)', () => {
    const result = resolve(overdue(reattempting(), 'rearrival', 65).job, 'lost');

    expect(result.job).toMatchObject({ status: 'failed', settlement: 'review', overdue: null });
    expect(result.money).toEqual([]);
  });

  it('returned, a rider overdue at the drop: undeliverable, the return started and ended at once (the ride and the return charged)', () => {
    const result = resolve(overdue(reattempting(), 'rearrival', 65).job, 'returned');

    expect(result.job).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      overdue: null,
      returnTrip: { reason: 'undeliverable', status: 'returned', chargeSettlement: 'captured' },
    });
    expect(money(result)).toEqual([
      ['capture', -CHARGE, -CHARGE],
      ['reserve', 0, RETURN_CHARGE],
      ['capture', -RETURN_CHARGE, -RETURN_CHARGE],
    ]);
    expect(result.job.events.slice(-2).map((entry) => [entry.status, entry.note])).toEqual([
      ['failed', 'Undeliverable after 1 attempt: the parcel goes back to the pickup'],
      ['failed', 'Checked with the store'],
    ]);
  });

  it('is refused for a job that is not overdue', () => {
    expect(() => resolve(returning(), 'returned')).toThrow(
      expect.objectContaining({ code: 'invalid_transition', message: 'The job is not overdue: nothing to resolve' }),
    );
  });
});
