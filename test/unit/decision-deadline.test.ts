import { describe, expect, it } from 'vitest';
import { DECISION_WINDOW_MS, transition, type StoreCredit } from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import type { Job } from '../../functions/core/job.ts';
import { pricedBengaluruQuote, sampleBookingDetails, sampleStore, TO_PICKUP_AS_RIDER_7 } from '../helpers/fixtures.ts';

// The decision's deadline is exact: the transition function refuses a decision one millisecond after
// `pendingDecision.deadlineAt`, whether or not the default has been applied yet.

const now = new Date('2026-11-25T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const RIDER = 'rider:rider-7';
const PLENTY: StoreCredit = { availableMinor: 1_000_000 };
const store = sampleStore({ reservedMinor: 6900, availableMinor: 3100, jobCount: 1 });

/** A job whose rider's first attempt at the drop failed at `now`: it waits for the merchant's decision. */
function waitingForDecision(): Job {
  let job: Job = newJob({
    store,
    quote: { ...pricedBengaluruQuote, returnChargeMinor: 3500 },
    details: sampleBookingDetails,
    idempotencyKey: 'k',
    seq: 1,
    now,
  });
  for (const step of TO_PICKUP_AS_RIDER_7) job = transition(job, step, RIDER, now).job;
  job = transition(job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, RIDER, now).job;
  job = transition(job, { type: 'arrive', handoff: 'delivery' }, RIDER, now).job;
  return transition(job, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, RIDER, now, PLENTY).job;
}

describe('the decision’s deadline', () => {
  it.each(['reattempt', 'return'] as const)('accepts a %s made at the deadline itself', (action) => {
    const waiting = waitingForDecision();

    const result = transition(waiting, { type: 'decide', action }, 'merchant', later(DECISION_WINDOW_MS), PLENTY);

    expect(result.job.pendingDecision).toBeNull();
    expect(result.job.version).toBe(waiting.version + 1);
  });

  it.each([1, 40, 60_000])('refuses a decision %i ms after the deadline with 409 decision_deadline_passed naming the default', (late) => {
    const waiting = waitingForDecision();
    const deadlineAt = waiting.pendingDecision!.deadlineAt;

    const decide = () => transition(waiting, { type: 'decide', action: 'reattempt' }, 'merchant', later(DECISION_WINDOW_MS + late), PLENTY);

    expect(deadlineAt).toBe(later(DECISION_WINDOW_MS).toISOString());
    expect(decide).toThrow(
      expect.objectContaining({
        name: 'DecisionDeadlinePassedError',
        code: 'decision_deadline_passed',
        message: `The decision's deadline (${deadlineAt}) has passed: its default, return, applies`,
        details: expect.objectContaining({ defaultAction: 'return' }),
      }),
    );
  });
});
