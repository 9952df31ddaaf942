import { describe, expect, it } from 'vitest';
import { dueCollection, newHandoff, type Job, type ReturnTrip } from '../../functions/core/job.ts';
import { reviewOf } from '../../functions/core/review.ts';
import { reviewItemOf, reviewQueue } from '../../functions/data/review-queue.repository.ts';
import { transition } from '../../functions/core/lifecycle.ts';
import { BENGALURU_CHARGE_MINOR, liveJob } from '../helpers/fixtures.ts';

const FAILED_AT = '2026-11-22T10:30:00.000Z';
const LATER = '2026-11-22T11:00:00.000Z';

const failedEvent = (createdAt: string, note: string | null = null) => ({ id: `e-${createdAt}`, status: 'failed' as const, actor: 'rider:r', note, createdAt });
const trip = (changes: Partial<ReturnTrip>): ReturnTrip => ({
  reason: 'undeliverable',
  status: 'returning',
  chargeMinor: 3450,
  chargeSettlement: 'reserved',
  startedAt: FAILED_AT,
  returnedAt: null,
  handoff: newHandoff(),
  ...changes,
});
const inReview = (): Job => {
  const job = liveJob('failed', { settlement: 'review' });
  return { ...job, events: [...job.events, failedEvent(FAILED_AT, 'Parcel damaged')] };
};

describe('reviewOf: which jobs wait for operations', () => {
  it('takes a failed job whose charge is in review, since it failed, owing its charge', () => {
    expect(reviewOf(inReview())).toEqual({ reason: 'settlement', since: FAILED_AT, owesMinor: BENGALURU_CHARGE_MINOR });
  });

  it('owes a cash-on-delivery job’s charge without the fee of a payment never taken', () => {
    const job = { ...inReview(), collection: { ...dueCollection(85_000, 2_000), status: 'not_collected' as const } };

    expect(reviewOf(job)?.owesMinor).toBe(BENGALURU_CHARGE_MINOR - 2_000);
  });

  it('takes a return charge in review: since the return started, or since the trip failed', () => {
    const started = liveJob('failed', { settlement: 'captured', returnTrip: trip({ chargeSettlement: 'review' }), events: [failedEvent(FAILED_AT)] });
    const failedTrip = {
      ...started,
      returnTrip: trip({ status: 'failed', chargeSettlement: 'review' }),
      events: [failedEvent(FAILED_AT), failedEvent(LATER, 'Lost')],
    };

    expect(reviewOf(started)).toEqual({ reason: 'return_charge', since: FAILED_AT, owesMinor: 3450 });
    expect(reviewOf(failedTrip)).toEqual({ reason: 'return_charge', since: LATER, owesMinor: 3450 });
  });

  it('takes an overdue return trip or re-arrival first, since the deadline passed', () => {
    const returning = liveJob('failed', {
      settlement: 'captured',
      returnTrip: trip({ chargeSettlement: 'review' }),
      overdue: { kind: 'return_trip', since: LATER },
    });
    const waiting = liveJob('pickup_completed', { overdue: { kind: 'rearrival', since: LATER } });

    expect(reviewOf(returning)).toEqual({ reason: 'return_overdue', since: LATER, owesMinor: 3450 });
    expect(reviewOf(waiting)).toEqual({ reason: 'rearrival_overdue', since: LATER, owesMinor: BENGALURU_CHARGE_MINOR });
  });

  it('leaves every other job out', () => {
    for (const job of [
      liveJob('queued'),
      liveJob('delivered', { settlement: 'captured' }),
      liveJob('failed', { settlement: 'released' }),
      liveJob('failed', { settlement: 'captured', returnTrip: trip({ chargeSettlement: 'reserved' }) }),
      liveJob('failed', { settlement: 'captured', returnTrip: trip({ status: 'returned', chargeSettlement: 'captured' }), overdue: null }),
    ]) {
      expect(reviewOf(job)).toBeNull();
    }
  });
});

describe('the review queue’s item, in each job change’s transaction', () => {
  const context = {
    tableName: 't',
    now: new Date(LATER),
    money: [],
    events: [],
    limits: { maxHeldJobs: 3, riderCashLimitMinor: 1, dispatch: { timeoutMs: 1, confirmMs: 1 } },
  } as never;
  const atDrop = liveJob('pickup_completed');

  it('puts the item when the job enters review, keyed oldest first across stores', () => {
    const items = reviewQueue(atDrop, inReview(), context);

    expect(items).toEqual([{ name: 'review', item: { Put: { TableName: 't', Item: reviewItemOf(inReview()) } } }]);
    expect(reviewItemOf(inReview())).toMatchObject({
      PK: 'REVIEW',
      SK: `${FAILED_AT}#store_1#${atDrop.id}`,
      status: 'failed',
      testMode: false,
      reason: 'settlement',
    });
  });

  it('deletes it when the job leaves review, and moves it when the reason’s time changes', () => {
    const resolved = { ...inReview(), settlement: 'captured' as const };
    const overdue = { ...inReview(), overdue: { kind: 'rearrival' as const, since: LATER } };
    const { SK } = reviewItemOf(inReview())!;

    expect(reviewQueue(inReview(), resolved, context)).toEqual([{ name: 'review:left', item: { Delete: { TableName: 't', Key: { PK: 'REVIEW', SK } } } }]);
    expect(reviewQueue(inReview(), overdue, context).map((entry) => entry.name)).toEqual(['review:left', 'review']);
    expect(reviewQueue(atDrop, { ...atDrop, version: 4 }, context)).toEqual([]);
  });
});

describe('resolving a review', () => {
  it('puts the operator’s note after the decision on the statement line, and names the operator', () => {
    const resolved = transition(inReview(), { type: 'resolve', outcome: 'release', note: 'Ticket 4411', operator: 'asha' }, 'admin', new Date(LATER));
    const plain = transition(inReview(), { type: 'resolve', outcome: 'capture' }, 'admin', new Date(LATER));

    expect(resolved.money).toEqual([expect.objectContaining({ type: 'release', note: 'Review resolved: release: Ticket 4411', operator: 'asha' })]);
    expect(plain.money).toEqual([
      { type: 'capture', balanceDeltaMinor: -BENGALURU_CHARGE_MINOR, reservedDeltaMinor: -BENGALURU_CHARGE_MINOR, note: 'Review resolved: capture' },
    ]);
    expect(reviewOf(resolved.job)).toBeNull();
  });
});
