import { describe, expect, it } from 'vitest';
import { mayStartReturn, transition, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import type { Job } from '../../functions/core/job.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails as details, sampleStore } from '../helpers/fixtures.ts';

/**
 * Which moves read the store's credit first (JobRepository.move: one GetItem more): exactly those
 * that can start a return on the job as it is, so a first attempt or a reattempt costs no extra read,
 * and no move that starts a return is decided without the credit.
 */
const store = sampleStore({ reservedMinor: BENGALURU_CHARGE_MINOR, availableMinor: 10_000 - BENGALURU_CHARGE_MINOR, jobCount: 1 });
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const move = (job: Job, event: LifecycleEvent, minutes: number, actor = 'rider:r1') =>
  transition(job, event, actor, at(minutes), { availableMinor: store.availableMinor }).job;

const created = newJob({ store, quote, details, idempotencyKey: 'k', seq: 1, now: at(0) });
let job = move(created, { type: 'dispatch' }, 0, 'system');
job = move(job, { type: 'accept', agentId: 'r1' }, 1);
job = move(job, { type: 'start_confirmation' }, 1);
job = move(job, { type: 'confirm' }, 1);
job = move(job, { type: 'arrive', handoff: 'pickup' }, 2);
const pickedUp = move(job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, 3);
const atDrop = move(pickedUp, { type: 'arrive', handoff: 'delivery' }, 10);
const attempted = move(atDrop, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, 11);
const reattempting = move(attempted, { type: 'decide', action: 'reattempt' }, 12, 'merchant');
const atDropAgain = move(reattempting, { type: 'arrive', handoff: 'delivery' }, 13);

const first: LifecycleEvent = { type: 'attempt_delivery', reason: 'customer_unreachable', note: null };

describe('mayStartReturn', () => {
  it.each([
    ['a first attempt', atDrop, first, false],
    ['a second attempt', atDropAgain, first, true],
    ['an attempt while the merchant decides (refused)', attempted, first, false],
    ['a decision to reattempt', attempted, { type: 'decide', action: 'reattempt' }, false],
    ['a decision to return', attempted, { type: 'decide', action: 'return' }, true],
    ['the deadline (default: return)', attempted, { type: 'decision_timeout' }, true],
    ['a recall', pickedUp, { type: 'recall' }, true],
    ['a recall before pickup', job, { type: 'recall' }, false],
    ['the delivery code', atDrop, { type: 'submit_code', handoff: 'delivery', code: '0000' }, false],
  ] as const)('is right for %s', (_case, state, event, expected) => {
    expect(mayStartReturn(state, event)).toBe(expected);
  });

  it('holds for every move that does start a return (the transition needs the credit then)', () => {
    const starts = [
      [atDropAgain, first],
      [attempted, { type: 'decide', action: 'return' }],
      [attempted, { type: 'decision_timeout' }],
      [pickedUp, { type: 'recall' }],
    ] as const;
    // At the decision's deadline (the attempt at 11 min + 10): a decision is still on time, and the default may apply.
    for (const [state, event] of starts) {
      expect(transition(state, event, 'system', at(21), { availableMinor: 10_000 }).job.returnTrip?.status).toBe('returning');
      expect(mayStartReturn(state, event)).toBe(true);
    }
    // Without the credit, a first attempt and a reattempt are decided all the same.
    expect(transition(atDrop, first, 'rider:r1', at(11)).job.pendingDecision).not.toBeNull();
    expect(transition(attempted, { type: 'decide', action: 'reattempt' }, 'merchant', at(12)).job.pendingDecision).toBeNull();
  });
});
