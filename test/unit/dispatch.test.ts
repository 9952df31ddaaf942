import { describe, expect, it } from 'vitest';
import { dispatchDueAt, dispatchEvent, dispatchLooksAfter } from '../../functions/core/dispatch.ts';
import { transition, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import type { Job } from '../../functions/core/job.ts';
import { newJob } from '../../functions/core/booking.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails as details, sampleStore } from '../helpers/fixtures.ts';

const clock = { timeoutMs: 20 * 60_000, confirmMs: 2 * 60_000, arriveMs: 30 * 60_000, returnTripMs: 180 * 60_000, rearrivalMs: 60 * 60_000 };
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const move = (job: Job, event: LifecycleEvent, minutes: number, actor = 'system') => transition(job, event, actor, at(minutes)).job;

describe('dispatchDueAt and dispatchEvent', () => {
  const store = sampleStore({ reservedMinor: BENGALURU_CHARGE_MINOR, availableMinor: 10_000 - BENGALURU_CHARGE_MINOR, jobCount: 1 });
  const created = newJob({ store, quote, details, idempotencyKey: 'k', seq: 1, now: at(0) });
  const queued = move(created, { type: 'dispatch' }, 1);
  const accepted = move(queued, { type: 'accept', agentId: 'r1' }, 5, 'rider:r1');
  const confirming = move(accepted, { type: 'start_confirmation' }, 6, 'rider:r1');
  const requeued = move(accepted, { type: 'decline' }, 6, 'rider:r1');
  const confirmed = move(confirming, { type: 'confirm' }, 6.5, 'rider:r1');
  const noShow = move(confirmed, { type: 'decline' }, 36.5);
  const arrived = move(confirmed, { type: 'arrive', handoff: 'pickup' }, 7, 'rider:r1');
  const pickedUp = move(arrived, { type: 'submit_code', handoff: 'pickup', code: arrived.verification.pickup.code }, 8, 'rider:r1');
  const atDrop = move(pickedUp, { type: 'arrive', handoff: 'delivery' }, 20, 'rider:r1');
  const attempted = move(atDrop, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, 21, 'rider:r1');
  const reattempting = move(attempted, { type: 'decide', action: 'reattempt' }, 22, 'merchant');
  const returning = transition(attempted, { type: 'decide', action: 'return' }, 'merchant', at(23), { availableMinor: 10_000 }).job;

  it.each([
    ['a booked job: at once', created, at(0), { type: 'dispatch' }],
    ['a queued job: when it has waited the timeout since first queued', queued, at(21), { type: 'dispatch_timeout' }],
    ['an accepted job: when its rider has had the time to confirm', accepted, at(7), { type: 'decline' }],
    ['a job being confirmed: on the same clock', confirming, at(7), { type: 'decline' }],
    ['a job given back: on its first queueing’s clock, not the re-offer’s', requeued, at(21), { type: 'dispatch_timeout' }],
    // Review (issue 23 §4): once booked nothing timed out; two booked jobs were held 200 s past every deadline.
    ['a confirmed job whose rider has not reached the pickup: when the arrival time has passed since confirming', confirmed, at(36.5), { type: 'decline' }],
    // Review: with the default clocks (arrival 30 min > timeout 20 min) a no-show's job was failed at the
    // next tick, never offered again: its new search for a rider has the whole timeout from the re-offer.
    ['a job back on offer after its confirmed rider never came: the timeout from the re-offer', noShow, at(56.5), { type: 'dispatch_timeout' }],
    // Issue 25: a decision the merchant does not make by its deadline (10 minutes) gets its default from dispatch.
    ['a job waiting for the merchant’s decision after a failed attempt: at the decision’s deadline', attempted, at(31), { type: 'decision_timeout' }],
    // Issue 33 §4: nothing timed out a rider who never came back to the drop, nor a parcel on its way back.
    [
      'a reattempt whose rider has not arrived at the drop again: the re-arrival deadline from the decision',
      reattempting,
      at(82),
      { type: 'mark_overdue', kind: 'rearrival' },
    ],
    [
      'a parcel on its way back whose rider has not reached the pickup: the return trip’s deadline from its start',
      returning,
      at(203),
      { type: 'mark_overdue', kind: 'return_trip' },
    ],
  ] as const)('%s', (_case, job, due, event) => {
    expect(dispatchDueAt(job, clock)).toBe(due.toISOString());
    expect(dispatchEvent(job, new Date(due.getTime() - 1), clock)).toBeNull();
    expect(dispatchEvent(job, due, clock)).toEqual(event);
  });

  it('is null for every job dispatch does not look after (a rider at the pickup or on the way to the drop, a rider back at the drop or the pickup, an overdue job, an ended job), and for sandbox jobs', () => {
    const cancelled = move(queued, { type: 'cancel' }, 2, 'merchant');
    const backAtTheDrop = move(reattempting, { type: 'arrive', handoff: 'delivery' }, 90, 'rider:r1');
    const backAtThePickup = move(returning, { type: 'arrive', handoff: 'return' }, 300, 'rider:r1');
    const overdue = move(returning, { type: 'mark_overdue', kind: 'return_trip' }, 203);
    for (const job of [arrived, pickedUp, atDrop, backAtTheDrop, backAtThePickup, overdue, cancelled]) {
      expect(dispatchLooksAfter(job)).toBe(false);
      expect(dispatchDueAt(job, clock)).toBeNull();
      expect(dispatchEvent(job, at(1_000), clock)).toBeNull();
    }
    expect(dispatchDueAt({ ...queued, testMode: true }, clock)).toBeNull();
    // A sandbox job's decision deadline is the simulator's.
    expect(dispatchDueAt({ ...attempted, testMode: true }, clock)).toBeNull();
    // The simulator always brings a sandbox parcel back: no overdue deadline.
    expect(dispatchDueAt({ ...returning, testMode: true }, clock)).toBeNull();
  });
});
