import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_MS,
  DECISION_WINDOW_MS,
  MAX_CODE_ATTEMPTS,
  SANDBOX_DECISION_WINDOW_MS,
  handoffOf,
  transition,
  type StoreCredit,
  type Transition,
} from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import { heldBy, type Job } from '../../functions/core/job.ts';
import { priceQuote } from '../../functions/core/quote.ts';
import { DEFAULT_RETURN_CHARGE_PERCENT, returnCharge } from '../../functions/core/pricing.ts';
import {
  BENGALURU_CHARGE_MINOR,
  BENGALURU_RATE_CARD,
  bengaluruQuote,
  pricedBengaluruQuote,
  sampleBookingDetails,
  sampleStore,
  bengaluruZoneLike,
  TO_PICKUP_AS_RIDER_7,
} from '../helpers/fixtures.ts';

// The failed-delivery paths of the one transition function: attempts, the merchant's decision, the
// return trip and the money each moves. (The (status, event) table is in lifecycle.test.ts.)

const now = new Date('2026-11-25T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const RIDER = 'rider:rider-7';
const PLENTY: StoreCredit = { availableMinor: 1_000_000 };
const charge = BENGALURU_CHARGE_MINOR; // 6900
const RETURN_CHARGE = 3500; // 50 % of ₹69 is ₹34.50, rounded up to ₹35

const quote = { ...pricedBengaluruQuote, returnChargeMinor: RETURN_CHARGE };
const store = sampleStore({ reservedMinor: charge, availableMinor: 10_000 - charge, jobCount: 1 });

/** A job driven through the real transitions up to the rider standing at the drop with the parcel. */
function atTheDrop(changes: Partial<Job> = {}): Job {
  let job: Job = { ...newJob({ store, quote, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now }), ...changes };
  for (const step of TO_PICKUP_AS_RIDER_7) job = transition(job, step, RIDER, now).job;
  job = transition(job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, RIDER, now).job;
  return transition(job, { type: 'arrive', handoff: 'delivery' }, RIDER, now).job;
}

const attempt = (job: Job, at = now, credit: StoreCredit = PLENTY): Transition =>
  transition(job, { type: 'attempt_delivery', reason: 'customer_unreachable', note: 'Called twice' }, RIDER, at, credit);
const money = (result: Transition) => result.money.map(({ type, balanceDeltaMinor, reservedDeltaMinor }) => ({ type, balanceDeltaMinor, reservedDeltaMinor }));

describe('the return charge', () => {
  it('is the zone’s share of the charge, rounded up to a whole rupee (50 % by default)', () => {
    expect(DEFAULT_RETURN_CHARGE_PERCENT).toBe(50);
    expect(returnCharge(6900)).toBe(3500);
    expect(returnCharge(7000)).toBe(3500);
    expect(returnCharge(6900, { returnChargePercent: 100 })).toBe(6900);
    expect(returnCharge(6900, { returnChargePercent: 0 })).toBe(0);
    expect(returnCharge(101, { returnChargePercent: 1 })).toBe(100);
  });

  it('is priced with the quote from the zone’s rate card and carried to the job at booking', () => {
    const zone = { ...bengaluruZoneLike(), rateCard: { ...BENGALURU_RATE_CARD, returnChargePercent: 80 } };
    const priced = priceQuote('store_1', bengaluruQuote, [zone], now);
    const job = newJob({ store, quote: priced, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now });

    expect(priced.returnChargeMinor).toBe(Math.ceil((priced.chargeMinor * 0.8) / 100) * 100);
    expect(job.returnChargeMinor).toBe(priced.returnChargeMinor);
  });

  it('takes the default share for a job booked from a quote made before returns existed', () => {
    const job = newJob({ store, quote: pricedBengaluruQuote, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now });

    expect(job.returnChargeMinor).toBe(RETURN_CHARGE);
  });
});

describe('a failed delivery attempt', () => {
  it('keeps the job picked up and asks the merchant to decide within 10 minutes, return by default; no code works meanwhile', () => {
    const job = atTheDrop();

    const result = attempt(job);

    expect(result.money).toEqual([]);
    expect(result.job).toMatchObject({
      status: 'pickup_completed',
      settlement: 'reserved',
      deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'Called twice', createdAt: now.toISOString() }],
      pendingDecision: { options: ['reattempt', 'return'], deadlineAt: later(DECISION_WINDOW_MS).toISOString(), defaultAction: 'return' },
    });
    expect(result.job.returnTrip ?? null).toBeNull();
    expect(result.job.verification.delivery).toMatchObject({ status: 'unavailable', expiresAt: null });
    expect(result.job.events).toHaveLength(job.events.length);
    for (const event of [
      { type: 'submit_code', handoff: 'delivery', code: job.verification.delivery.code },
      { type: 'arrive', handoff: 'delivery' },
      { type: 'attempt_delivery', reason: 'customer_refused', note: null },
    ] as const) {
      expect(() => transition(result.job, event, RIDER, now, PLENTY)).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
    }
  });

  it('gives a sandbox merchant one minute to decide', () => {
    expect(attempt(atTheDrop({ testMode: true })).job.pendingDecision?.deadlineAt).toBe(later(SANDBOX_DECISION_WINDOW_MS).toISOString());
  });

  it('is refused before the rider arrives at the drop, and after the parcel was delivered', () => {
    let job = atTheDrop();
    const beforeArrival = { ...job, verification: { ...job.verification, delivery: { ...job.verification.delivery, expiresAt: null } } };
    expect(() => attempt(beforeArrival)).toThrow(
      expect.objectContaining({ code: 'invalid_transition', message: expect.stringContaining('Arrive at the drop') }),
    );

    job = transition(job, { type: 'submit_code', handoff: 'delivery', code: job.verification.delivery.code }, RIDER, now).job;
    expect(() => attempt(job)).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
  });

  it('may follow an expired or locked delivery code at the door', () => {
    const job = atTheDrop();
    expect(attempt(job, later(CODE_TTL_MS + 1)).job.pendingDecision).not.toBeNull();
    let locked = job;
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) locked = transition(locked, { type: 'submit_code', handoff: 'delivery', code: 'xxxx' }, RIDER, now).job;
    expect(locked.verification.delivery.status).toBe('locked');
    expect(attempt(locked).job.pendingDecision).not.toBeNull();
  });
});

describe('the merchant’s decision', () => {
  it('reattempt: a fresh delivery code that runs from the rider’s next arrival, and the parcel can be delivered', () => {
    const waiting = attempt(atTheDrop()).job;

    const result = transition(waiting, { type: 'decide', action: 'reattempt' }, 'merchant', later(1000), PLENTY);

    expect(result.money).toEqual([]);
    expect(result.job).toMatchObject({ status: 'pickup_completed', pendingDecision: null, deliveryAttempts: waiting.deliveryAttempts });
    expect(result.job.verification.delivery).toMatchObject({ status: 'active', expiresAt: null, failedAttempts: 0, verifiedAt: null });
    const arrived = transition(result.job, { type: 'arrive', handoff: 'delivery' }, RIDER, later(2000)).job;
    const delivered = transition(arrived, { type: 'submit_code', handoff: 'delivery', code: arrived.verification.delivery.code }, RIDER, later(3000));
    expect(delivered.job).toMatchObject({ status: 'delivered', settlement: 'captured' });
    expect(delivered.job.returnTrip ?? null).toBeNull();
    expect(money(delivered)).toEqual([{ type: 'capture', balanceDeltaMinor: -charge, reservedDeltaMinor: -charge }]);
  });

  it('return: the job fails as undeliverable, its charge is captured and the return charge reserved', () => {
    const waiting = attempt(atTheDrop()).job;

    const result = transition(waiting, { type: 'decide', action: 'return' }, 'merchant', later(1000), PLENTY);

    expect(money(result)).toEqual([
      { type: 'capture', balanceDeltaMinor: -charge, reservedDeltaMinor: -charge },
      { type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: RETURN_CHARGE },
    ]);
    expect(result.job).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      pendingDecision: null,
      riderLocation: null,
      returnTrip: {
        reason: 'undeliverable',
        status: 'returning',
        chargeMinor: RETURN_CHARGE,
        chargeSettlement: 'reserved',
        startedAt: later(1000).toISOString(),
        returnedAt: null,
        handoff: { status: 'pending', expiresAt: null, verifiedAt: null, failedAttempts: 0 },
      },
    });
    expect(result.job.events.at(-1)).toMatchObject({
      status: 'failed',
      actor: 'merchant',
      note: 'Undeliverable after 1 attempt: the parcel goes back to the pickup',
    });
    expect(heldBy(result.job)).toBe('rider-7');
  });

  it('is answered 409 no_decision_pending when none is asked for', () => {
    expect(() => transition(atTheDrop(), { type: 'decide', action: 'return' }, 'merchant', now, PLENTY)).toThrow(
      expect.objectContaining({ code: 'no_decision_pending', details: { formErrors: [], fieldErrors: {}, status: 'pickup_completed' } }),
    );
  });

  it('defaults to a return at the deadline (system), and not a moment before', () => {
    const waiting = attempt(atTheDrop()).job;

    expect(() => transition(waiting, { type: 'decision_timeout' }, 'system', later(DECISION_WINDOW_MS - 1), PLENTY)).toThrow(
      expect.objectContaining({ code: 'invalid_transition' }),
    );
    const result = transition(waiting, { type: 'decision_timeout' }, 'system', later(DECISION_WINDOW_MS), PLENTY);
    expect(result.job).toMatchObject({ status: 'failed', returnTrip: { reason: 'undeliverable', status: 'returning' } });
    expect(result.job.events.at(-1)?.actor).toBe('system');
    expect(() => transition(result.job, { type: 'decide', action: 'reattempt' }, 'merchant', later(DECISION_WINDOW_MS), PLENTY)).toThrow(
      expect.objectContaining({ code: 'no_decision_pending' }),
    );
  });
});

describe('a second failed attempt', () => {
  it('starts the return at once, with both attempts on record', () => {
    let job = attempt(atTheDrop()).job;
    job = transition(job, { type: 'decide', action: 'reattempt' }, 'merchant', now, PLENTY).job;
    job = transition(job, { type: 'arrive', handoff: 'delivery' }, RIDER, now).job;

    const result = transition(job, { type: 'attempt_delivery', reason: 'address_not_found', note: null }, RIDER, later(5000), PLENTY);

    expect(result.job.deliveryAttempts?.map(({ number, reason }) => [number, reason])).toEqual([
      [1, 'customer_unreachable'],
      [2, 'address_not_found'],
    ]);
    expect(result.job).toMatchObject({ status: 'failed', settlement: 'captured', pendingDecision: null, returnTrip: { reason: 'undeliverable' } });
    expect(result.job.events.at(-1)).toMatchObject({ actor: RIDER, note: 'Undeliverable after 2 attempts: the parcel goes back to the pickup' });
    expect(money(result).map(({ type }) => type)).toEqual(['capture', 'reserve']);
  });
});

describe('a recall by the merchant', () => {
  it('cancels a picked-up job and brings the parcel back: charge captured, return reserved', () => {
    const result = transition(atTheDrop(), { type: 'recall' }, 'merchant', now, PLENTY);

    expect(result.job).toMatchObject({ status: 'cancelled', settlement: 'captured', returnTrip: { reason: 'recalled', status: 'returning' } });
    expect(result.job.events.at(-1)?.note).toBe('Recalled by the merchant: the parcel goes back to the pickup');
    expect(money(result).map(({ type }) => type)).toEqual(['capture', 'reserve']);
    expect(() => transition(result.job, { type: 'recall' }, 'merchant', now, PLENTY)).toThrow(
      expect.objectContaining({ code: 'invalid_transition', message: expect.stringContaining('already on its way back') }),
    );
  });

  it('is refused before pickup, naming cancel as the call', () => {
    const queued = transition(
      newJob({ store, quote, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now }),
      { type: 'dispatch' },
      'system',
      now,
    ).job;

    expect(() => transition(queued, { type: 'recall' }, 'merchant', now, PLENTY)).toThrow(
      expect.objectContaining({
        code: 'parcel_not_picked_up',
        details: { formErrors: [], fieldErrors: {}, status: 'queued', cancelPath: `/v1/jobs/${queued.id}/cancel` },
      }),
    );
  });

  it('is what a cancel after pickup points to', () => {
    const job = atTheDrop();

    expect(() => transition(job, { type: 'cancel' }, 'merchant', now)).toThrow(
      expect.objectContaining({ code: 'parcel_return_required', details: { formErrors: [], fieldErrors: {}, returnPath: `/v1/jobs/${job.id}/return` } }),
    );
  });

  it('cannot be decided without the store’s credit (a caller that forgot to read it is a bug, not a free return)', () => {
    expect(() => transition(atTheDrop(), { type: 'recall' }, 'merchant', now)).toThrow(/without the store's credit/);
  });
});

describe('the way back', () => {
  const returning = (credit: StoreCredit = PLENTY) => transition(atTheDrop(), { type: 'recall' }, 'merchant', now, credit).job;

  it('ends when the store gives the rider the return code: the reserved return charge is captured and the rider lets go', () => {
    const arrived = transition(returning(), { type: 'arrive', handoff: 'return' }, RIDER, later(1000)).job;
    expect(handoffOf(arrived, 'return')).toMatchObject({ status: 'active', expiresAt: later(1000 + CODE_TTL_MS).toISOString() });

    const result = transition(arrived, { type: 'submit_code', handoff: 'return', code: arrived.returnTrip!.handoff.code }, RIDER, later(2000));

    expect(result.codeOutcome).toBe('verified');
    expect(money(result)).toEqual([{ type: 'capture', balanceDeltaMinor: -RETURN_CHARGE, reservedDeltaMinor: -RETURN_CHARGE }]);
    expect(result.job).toMatchObject({
      status: 'cancelled',
      returnTrip: { status: 'returned', returnedAt: later(2000).toISOString(), chargeSettlement: 'captured', handoff: { status: 'verified' } },
    });
    expect(heldBy(result.job)).toBeNull();
    expect(() => transition(result.job, { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: null }, RIDER, later(3000))).toThrow(
      expect.objectContaining({ code: 'invalid_transition' }),
    );
  });

  it('takes the rider’s location while the parcel is on its way back', () => {
    const result = transition(returning(), { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: 5 }, RIDER, later(1000));

    expect(result.job.riderLocation).toMatchObject({ latitude: 12.97, longitude: 77.6 });
  });

  it('counts wrong return codes and locks after five; operations reset the lock with a fresh code, and re-issue an expired one', () => {
    let job = transition(returning(), { type: 'arrive', handoff: 'return' }, RIDER, now).job;
    const outcomes = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const result = transition(job, { type: 'submit_code', handoff: 'return', code: 'xxxx' }, RIDER, now);
      outcomes.push(result.codeOutcome);
      job = result.job;
    }
    expect(outcomes).toEqual(['wrong_code', 'wrong_code', 'wrong_code', 'wrong_code', 'locked']);
    expect(() => transition(job, { type: 'submit_code', handoff: 'return', code: job.returnTrip!.handoff.code }, RIDER, now)).toThrow(
      expect.objectContaining({ code: 'handoff_locked', message: expect.stringContaining('return handoff') }),
    );
    const reset = transition(job, { type: 'reset_lock', handoff: 'return' }, 'admin', now).job;
    expect(reset.returnTrip?.handoff).toMatchObject({ status: 'active', failedAttempts: 0 });

    const lapsed = transition(reset, { type: 'submit_code', handoff: 'return', code: 'xxxx' }, RIDER, later(CODE_TTL_MS + 1));
    expect(lapsed.codeOutcome).toBe('expired');
    const reissued = transition(lapsed.job, { type: 'reissue_code', handoff: 'return' }, 'admin', later(CODE_TTL_MS + 2)).job;
    expect(reissued.returnTrip?.handoff).toMatchObject({ status: 'active', failedAttempts: 0 });
    expect(
      transition(reissued, { type: 'submit_code', handoff: 'return', code: reissued.returnTrip!.handoff.code }, RIDER, later(CODE_TTL_MS + 3)).job.returnTrip
        ?.status,
    ).toBe('returned');
  });

  it('has no return handoff to reset on a job without a return trip', () => {
    expect(() => transition(atTheDrop(), { type: 'reset_lock', handoff: 'return' }, 'admin', now)).toThrow(
      expect.objectContaining({ code: 'invalid_transition' }),
    );
  });
});

describe('a return the store’s credit cannot cover', () => {
  const short = { availableMinor: RETURN_CHARGE - 1 };

  it('still happens: the delivery’s charge is captured, nothing is reserved and the return charge goes to operations’ review', () => {
    const result = transition(atTheDrop(), { type: 'recall' }, 'merchant', now, short);

    expect(money(result)).toEqual([{ type: 'capture', balanceDeltaMinor: -charge, reservedDeltaMinor: -charge }]);
    expect(result.job.returnTrip).toMatchObject({ status: 'returning', chargeMinor: RETURN_CHARGE, chargeSettlement: 'review' });
  });

  it('moves no money when the parcel is back, and operations capture it from the balance or release it', () => {
    let job = transition(atTheDrop(), { type: 'recall' }, 'merchant', now, short).job;
    job = transition(job, { type: 'arrive', handoff: 'return' }, RIDER, now).job;
    const back = transition(job, { type: 'submit_code', handoff: 'return', code: job.returnTrip!.handoff.code }, RIDER, now);
    expect(back.money).toEqual([]);
    expect(back.job.returnTrip).toMatchObject({ status: 'returned', chargeSettlement: 'review' });

    const captured = transition(back.job, { type: 'resolve_return', outcome: 'capture' }, 'admin', now);
    expect(money(captured)).toEqual([{ type: 'capture', balanceDeltaMinor: -RETURN_CHARGE, reservedDeltaMinor: 0 }]);
    expect(captured.job.returnTrip?.chargeSettlement).toBe('captured');
    const released = transition(back.job, { type: 'resolve_return', outcome: 'release' }, 'admin', now);
    expect(released.money).toEqual([]);
    expect(released.job.returnTrip?.chargeSettlement).toBe('released');
    expect(() => transition(captured.job, { type: 'resolve_return', outcome: 'release' }, 'admin', now)).toThrow(
      expect.objectContaining({ code: 'invalid_transition' }),
    );
  });

  it('is covered at exactly the charge', () => {
    expect(transition(atTheDrop(), { type: 'recall' }, 'merchant', now, { availableMinor: RETURN_CHARGE }).job.returnTrip?.chargeSettlement).toBe('reserved');
  });
});

describe('a failure after pickup that is not a failed attempt (a damaged or lost parcel)', () => {
  it('keeps its meaning: failed, settlement review, no return trip, and no decision left waiting', () => {
    const waiting = attempt(atTheDrop()).job;

    const result = transition(waiting, { type: 'fail', note: 'Parcel damaged' }, RIDER, now);

    expect(result.money).toEqual([]);
    expect(result.job).toMatchObject({ status: 'failed', settlement: 'review', pendingDecision: null });
    expect(result.job.returnTrip ?? null).toBeNull();
  });
});
