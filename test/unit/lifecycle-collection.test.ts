import { verifiedPayment } from '../../functions/core/upi.ts';
import { verificationWrites } from '../../functions/data/upi-verification-writes.ts';
import { keys } from '../../functions/data/table.ts';
import type { TransactItem } from '../../functions/data/transaction.ts';
import { describe, expect, it } from 'vitest';
import { chargeOwed, transition, type LifecycleEvent, type StoreCredit, type Transition } from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import { DELIVERY_ATTEMPT_REASONS, dueCollection, toCollectionData, verifiedAtOf, type Job } from '../../functions/core/job.ts';
import { priceQuote } from '../../functions/core/quote.ts';
import { collectionFee } from '../../functions/core/pricing.ts';
import { collectedBy, riderCashChanges } from '../../functions/core/collection.ts';
import { AppError } from '../../functions/core/errors.ts';
import { alreadyApplied } from '../../functions/core/fleet-access.ts';
import { collectionEdges } from '../../scripts/lifecycle-diagram.ts';
import {
  BENGALURU_CHARGE_MINOR,
  BENGALURU_RATE_CARD,
  bengaluruQuote,
  bengaluruZoneLike,
  sampleBookingDetails,
  sampleStore,
  TO_PICKUP_AS_RIDER_7,
} from '../helpers/fixtures.ts';

// Cash on delivery in the one transition function: the fee at the quote, the payment at the door,
// the delivery code held back while it is due, and what each ending does with the payment and the fee.

const now = new Date('2026-11-25T10:00:00.000Z');
const RIDER = 'rider:rider-7';
const PLENTY: StoreCredit = { availableMinor: 1_000_000 };
const COLLECT = 85_000; // ₹850 to collect
const FEE = 2000; // 2 % of ₹850 is ₹17, below the ₹20 minimum
const ROUTE = BENGALURU_CHARGE_MINOR; // ₹69
const terms = BENGALURU_RATE_CARD.collection!;
const zone = bengaluruZoneLike();
const store = sampleStore({ reservedMinor: ROUTE + FEE, availableMinor: 100_000, jobCount: 1 });

const booked = (collectMinor: number | null = COLLECT, changes: Partial<Job> = {}): Job => {
  const quote = priceQuote('store_1', bengaluruQuote, [zone], now, collectMinor ?? undefined);
  return { ...newJob({ store, quote, details: sampleBookingDetails, idempotencyKey: 'k', seq: 1, now }), ...changes };
};

/** A job driven through the real transitions up to the rider standing at the drop with the parcel. */
function atTheDrop(job: Job = booked()): Job {
  for (const step of TO_PICKUP_AS_RIDER_7) job = transition(job, step, RIDER, now).job;
  job = transition(job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, RIDER, now).job;
  return transition(job, { type: 'arrive', handoff: 'delivery' }, RIDER, now).job;
}

const collect = (job: Job, changes: Partial<Extract<LifecycleEvent, { type: 'collect' }>> = {}): Transition =>
  transition(job, { type: 'collect', method: 'cash', amountMinor: COLLECT, reference: null, ...changes }, RIDER, now);
const money = (result: Transition) => result.money.map(({ type, balanceDeltaMinor, reservedDeltaMinor }) => ({ type, balanceDeltaMinor, reservedDeltaMinor }));
const refusal = (move: () => unknown): { code: string; details: unknown } => {
  try {
    move();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('the move was allowed');
};

describe('the collection fee', () => {
  it('is the zone’s basis points of the amount, at least its minimum, rounded up to a rupee', () => {
    expect(collectionFee(85_000, terms)).toBe(2000); // ₹17 → the ₹20 minimum
    expect(collectionFee(500_000, terms)).toBe(10_000); // 2 % of ₹5,000
    expect(collectionFee(123_456, terms)).toBe(2500); // 2 % of ₹1,234.56 = ₹24.69 → ₹25
    expect(collectionFee(1_000_000, { ...terms, feeBasisPoints: 0, minFeeMinor: 0 })).toBe(0);
  });

  it('is added to the quote’s charge; the return charge stays a share of the ride alone', () => {
    const prepaid = priceQuote('store_1', bengaluruQuote, [zone], now);
    const cod = priceQuote('store_1', bengaluruQuote, [zone], now, COLLECT);

    expect(cod.chargeMinor).toBe(prepaid.chargeMinor + FEE);
    expect(cod).toMatchObject({ collectMinor: COLLECT, collectionFeeMinor: FEE, returnChargeMinor: prepaid.returnChargeMinor });
    expect(prepaid).not.toHaveProperty('collectMinor');
  });

  it('is refused where the zone collects nothing, and past the zone’s limit (naming it)', () => {
    const { collection: _none, ...card } = BENGALURU_RATE_CARD;
    expect(refusal(() => priceQuote('s', bengaluruQuote, [{ ...zone, rateCard: card }], now, COLLECT)).code).toBe('collection_not_available');
    expect(refusal(() => priceQuote('s', bengaluruQuote, [zone], now, terms.maxCollectMinor + 1))).toEqual({
      code: 'collection_limit_exceeded',
      details: { formErrors: [], fieldErrors: {}, maxCollectMinor: terms.maxCollectMinor },
    });
    expect(priceQuote('s', bengaluruQuote, [zone], now, terms.maxCollectMinor).collectMinor).toBe(terms.maxCollectMinor);
  });

  it('puts the collection on the job at booking, due; a prepaid job has none', () => {
    expect(booked().collection).toEqual(dueCollection(COLLECT, FEE));
    expect(dueCollection(COLLECT, FEE)).toMatchObject({ status: 'due', method: null, collectedAt: null, remittanceId: null, collectedBy: null });
    expect(booked(null).collection).toBeNull();
  });
});

describe('the payment at the door', () => {
  it('is recorded once, by the rider at the drop, for exactly the amount due', () => {
    const job = atTheDrop();
    const paid = collect(job, { method: 'upi', reference: 'UPI-4471' });

    expect(paid.money).toEqual([]);
    expect(paid.job.status).toBe('pickup_completed');
    expect(paid.job.collection).toMatchObject({
      status: 'collected',
      method: 'upi',
      reference: 'UPI-4471',
      collectedAt: now.toISOString(),
      collectedBy: 'rider-7',
    });
    expect(refusal(() => collect(job, { amountMinor: COLLECT - 100 }))).toEqual({
      code: 'collection_amount_mismatch',
      details: { formErrors: [], fieldErrors: {}, dueMinor: COLLECT },
    });
  });

  // Issue 33: a retry of a payment is its Idempotency-Key (use-cases/fleet-move.ts); the job alone no longer takes one for a retry.
  it('is recorded once: any payment after it is refused, the same one too, and without its Idempotency-Key not even the same rider’s is taken for a retry', () => {
    const paid = collect(atTheDrop()).job;
    const rider = { role: 'rider' as const, keyId: 'k', keyHash: 'h', agentId: 'rider-7' };
    const same = { type: 'collect' as const, method: 'cash' as const, amountMinor: COLLECT, reference: null };

    expect(refusal(() => collect(paid)).code).toBe('invalid_transition');
    expect(refusal(() => collect(paid, { method: 'upi', reference: 'UPI-1' })).code).toBe('invalid_transition');
    expect(alreadyApplied(paid, same, rider)).toBe(false);
    expect(alreadyApplied(paid, { ...same, method: 'upi', reference: 'UPI-1' }, rider)).toBe(false);
    expect(alreadyApplied(paid, same, { ...rider, agentId: 'rider-9' })).toBe(false);
  });

  it('is refused before the drop, on a prepaid job, and while the merchant decides', () => {
    let beforeDrop = booked();
    for (const step of [{ type: 'dispatch' }, { type: 'accept', agentId: 'rider-7' }] as LifecycleEvent[])
      beforeDrop = transition(beforeDrop, step, RIDER, now).job;
    const prepaid = atTheDrop(booked(null));
    const deciding = transition(atTheDrop(), { type: 'attempt_delivery', reason: 'payment_refused', note: null }, RIDER, now, PLENTY).job;

    expect(refusal(() => collect(beforeDrop)).code).toBe('invalid_transition');
    expect(refusal(() => collect(prepaid)).code).toBe('invalid_transition');
    expect(deciding.pendingDecision).not.toBeNull();
    expect(refusal(() => collect(deciding)).code).toBe('invalid_transition');
  });
});

describe('the delivery of a cash-on-delivery job', () => {
  it('refuses the delivery code while the payment is due, without counting a try', () => {
    const job = atTheDrop();
    const code = job.verification.delivery.code;

    expect(refusal(() => transition(job, { type: 'submit_code', handoff: 'delivery', code }, RIDER, now))).toEqual({
      code: 'collection_pending',
      details: { formErrors: [], fieldErrors: {}, dueMinor: COLLECT, collectionPath: `/fleet/v1/jobs/${job.id}/collection` },
    });
    expect(refusal(() => transition(job, { type: 'submit_code', handoff: 'delivery', code: 'nope' }, RIDER, now)).code).toBe('collection_pending');
  });

  it('delivers once paid, capturing the whole charge with the fee', () => {
    const paid = collect(atTheDrop()).job;
    const delivered = transition(paid, { type: 'submit_code', handoff: 'delivery', code: paid.verification.delivery.code }, RIDER, now);

    expect(delivered.job.status).toBe('delivered');
    expect(money(delivered)).toEqual([{ type: 'capture', balanceDeltaMinor: -(ROUTE + FEE), reservedDeltaMinor: -(ROUTE + FEE) }]);
  });

  it('takes payment_refused only as a cash-on-delivery job’s attempt while payment is due, and no attempt once paid', () => {
    const prepaid = atTheDrop(booked(null));
    const paid = collect(atTheDrop()).job;
    const refused = transition(
      atTheDrop(),
      { type: 'attempt_delivery', reason: 'payment_refused', note: 'Asked to come back with change' },
      RIDER,
      now,
      PLENTY,
    );

    expect(DELIVERY_ATTEMPT_REASONS).toContain('payment_refused');
    expect(refused.job.deliveryAttempts?.[0]?.reason).toBe('payment_refused');
    expect(refused.job.collection?.status).toBe('due');
    expect(refusal(() => transition(prepaid, { type: 'attempt_delivery', reason: 'payment_refused', note: null }, RIDER, now, PLENTY)).code).toBe(
      'invalid_transition',
    );
    expect(refusal(() => transition(paid, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, RIDER, now, PLENTY)).code).toBe(
      'invalid_transition',
    );
  });

  it('cannot be recalled once paid: the parcel is the customer’s', () => {
    const paid = collect(atTheDrop()).job;

    expect(refusal(() => transition(paid, { type: 'recall' }, 'merchant', now, PLENTY)).code).toBe('invalid_transition');
  });
});

describe('a cash-on-delivery job that ends without the payment', () => {
  const notCollected = (job: Job) => expect(job.collection).toMatchObject({ status: 'not_collected', method: null, collectedAt: null });

  it('before pickup (cancel, dispatch timeout, fail): nothing collected, the whole charge with the fee released', () => {
    const cancelled = transition(booked(), { type: 'cancel' }, 'merchant', now);
    let queued = transition(booked(), { type: 'dispatch' }, 'system', now).job;
    const timedOut = transition(queued, { type: 'dispatch_timeout' }, 'system', now);
    queued = transition(queued, { type: 'accept', agentId: 'rider-7' }, RIDER, now).job;
    const failed = transition(queued, { type: 'fail', note: 'Flat tyre' }, RIDER, now);

    for (const ended of [cancelled, timedOut, failed]) {
      notCollected(ended.job);
      expect(money(ended)).toEqual([{ type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -(ROUTE + FEE) }]);
    }
  });

  it('on its way back (refused payment, then return): the ride captured, the fee released, the return charged on the ride', () => {
    const deciding = transition(atTheDrop(), { type: 'attempt_delivery', reason: 'payment_refused', note: null }, RIDER, now, PLENTY).job;
    const returning = transition(deciding, { type: 'decide', action: 'return' }, 'merchant', now, PLENTY);

    notCollected(returning.job);
    expect(returning.job.returnTrip?.chargeMinor).toBe(3500); // half of ₹69, rounded up: not of ₹89
    expect(money(returning)).toEqual([
      { type: 'capture', balanceDeltaMinor: -ROUTE, reservedDeltaMinor: -ROUTE },
      { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -FEE },
      { type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: 3500 },
    ]);
  });

  it('recalled after pickup: the same, as a cancel', () => {
    const recalled = transition(atTheDrop(), { type: 'recall' }, 'merchant', now, PLENTY);

    notCollected(recalled.job);
    expect(money(recalled).slice(0, 2)).toEqual([
      { type: 'capture', balanceDeltaMinor: -ROUTE, reservedDeltaMinor: -ROUTE },
      { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -FEE },
    ]);
  });

  it('failed after pickup: the fee released at once, the review settles the ride alone', () => {
    const failed = transition(atTheDrop(), { type: 'fail', note: 'Parcel damaged' }, RIDER, now);
    const captured = transition(failed.job, { type: 'resolve', outcome: 'capture' }, 'admin', now);
    const released = transition(failed.job, { type: 'resolve', outcome: 'release' }, 'admin', now);

    notCollected(failed.job);
    expect(chargeOwed(failed.job)).toBe(ROUTE);
    expect(money(failed)).toEqual([{ type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -FEE }]);
    expect(money(captured)).toEqual([{ type: 'capture', balanceDeltaMinor: -ROUTE, reservedDeltaMinor: -ROUTE }]);
    expect(money(released)).toEqual([{ type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -ROUTE }]);
  });

  it('failed after the payment was taken: the payment stays collected (it is the store’s), the whole charge to review', () => {
    const failed = transition(collect(atTheDrop()).job, { type: 'fail', note: 'Code locked, customer left' }, 'admin', now);

    expect(failed.job.collection?.status).toBe('collected');
    expect(failed.money).toEqual([]);
    expect(chargeOwed(failed.job)).toBe(ROUTE + FEE);
  });

  it('keeps every path’s money whole: what was reserved at booking is captured or released, never both, never less', () => {
    const reservedAtBooking = ROUTE + FEE;
    const deciding = transition(atTheDrop(), { type: 'attempt_delivery', reason: 'payment_refused', note: null }, RIDER, now, PLENTY).job;
    const paths: Transition[] = [
      transition(booked(), { type: 'cancel' }, 'merchant', now),
      transition(deciding, { type: 'decision_timeout' }, 'system', new Date(now.getTime() + 3_600_000), PLENTY),
      transition(atTheDrop(), { type: 'recall' }, 'merchant', now, PLENTY),
    ];
    for (const path of paths) {
      const settledOfBooking = path.money.filter((entry) => entry.type !== 'reserve').reduce((sum, entry) => sum - entry.reservedDeltaMinor, 0);
      expect(settledOfBooking).toBe(reservedAtBooking);
    }
  });
});

describe('the riders’ cash accounts a move changes', () => {
  const accepted = () => {
    let job = transition(booked(), { type: 'dispatch' }, 'system', now).job;
    const before = job;
    job = transition(job, { type: 'accept', agentId: 'rider-7' }, RIDER, now).job;
    return { before, job };
  };

  it('counts the cash due against the rider who takes the job, and frees it when they give it back', () => {
    const { before, job } = accepted();
    const declined = transition(job, { type: 'decline' }, RIDER, now).job;

    expect(riderCashChanges(before, job)).toEqual([{ agentId: 'rider-7', dueDeltaMinor: COLLECT, inHandDeltaMinor: 0 }]);
    expect(riderCashChanges(job, declined)).toEqual([{ agentId: 'rider-7', dueDeltaMinor: -COLLECT, inHandDeltaMinor: 0 }]);
  });

  it('moves a cash payment from due to in hand; a UPI payment leaves the rider’s hands empty', () => {
    const job = atTheDrop();
    const cash = collect(job).job;
    const upi = collect(job, { method: 'upi', reference: 'UPI-9' }).job;

    expect(collectedBy(job, cash)?.amountMinor).toBe(COLLECT);
    expect(riderCashChanges(job, cash)).toEqual([{ agentId: 'rider-7', dueDeltaMinor: -COLLECT, inHandDeltaMinor: COLLECT }]);
    expect(riderCashChanges(job, upi)).toEqual([{ agentId: 'rider-7', dueDeltaMinor: -COLLECT, inHandDeltaMinor: 0 }]);
    expect(
      riderCashChanges(cash, transition(cash, { type: 'submit_code', handoff: 'delivery', code: cash.verification.delivery.code }, RIDER, now).job),
    ).toEqual([]);
  });

  it('leaves a UPI payment unverified at collection (cash and sandbox payments are verified when collected); verifying it once marks its line and reference, charged to its rider puts it in their hands', () => {
    const job = atTheDrop();
    const cash = collect(job).job;
    const upi = collect(job, { method: 'upi', reference: '433512345678' }).job;
    const sandboxUpi = collect(atTheDrop(booked(COLLECT, { testMode: true })), { method: 'upi', reference: '433512345679' }).job;
    const later = new Date(now.getTime() + 60_000);

    expect([verifiedAtOf(cash.collection!), verifiedAtOf(upi.collection!), verifiedAtOf(sandboxUpi.collection!)]).toEqual([
      cash.collection!.collectedAt,
      null,
      sandboxUpi.collection!.collectedAt,
    ]);
    expect(toCollectionData(upi.collection!).verifiedAt).toBeNull();
    expect([verifiedPayment(cash, later), verifiedPayment(sandboxUpi, later)]).toEqual([null, null]);
    const verified = verifiedPayment(upi, later)!;
    expect(verified).toMatchObject({ version: upi.version + 1, updatedAt: later.toISOString(), collection: { verifiedAt: later.toISOString() } });
    expect(verifiedPayment(verified, later)).toBeNull();

    const confirmed = verificationWrites('t', upi, 'statement', later)!;
    const charged = verificationWrites('t', upi, 'rider_debt', later)!;
    const updates = (built: { items: TransactItem[] }) =>
      built.items.flatMap((item) => (item.Update ? [[item.Update.Key, item.Update.ExpressionAttributeValues]] : []));
    expect(updates(confirmed)).toEqual([
      [keys.codDue(upi.storeId, upi.collection!.collectedAt!, upi.id), { ':at': later.toISOString(), ':by': 'statement' }],
      [keys.upiReference('433512345678'), { ':at': later.toISOString(), ':by': 'statement' }],
    ]);
    expect(charged.items.filter((item) => item.Put?.Item?.type === 'rider_cash_entry').map((item) => item.Put!.Item)).toEqual([
      expect.objectContaining({ agentId: 'rider-7', kind: 'upi_unverified', amountMinor: COLLECT, jobId: upi.id, createdAt: later.toISOString() }),
    ]);
    expect(updates(charged)).toContainEqual([keys.riderCash('rider-7'), { ':agent': 'rider-7', ':at': later.toISOString(), ':amount': COLLECT, ':zero': 0 }]);
    // The job's put, on the version read, and its one event: job.collection_updated carrying the verified collection.
    const events = confirmed.items.filter((item) => JSON.stringify(item).includes('"job.collection_updated"'));
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0])).toContain(`"verifiedAt":"${later.toISOString()}"`);
    expect(confirmed.job).toMatchObject({ version: upi.version + 1, eventSequence: (upi.eventSequence ?? 0) + 1 });
    expect(verificationWrites('t', cash, 'operator', later)).toBeNull();
  });

  it('frees the cash due when the return starts (the rider keeps the parcel, not a payment)', () => {
    const job = atTheDrop();
    const recalled = transition(job, { type: 'recall' }, 'merchant', now, PLENTY).job;

    expect(riderCashChanges(job, recalled)).toEqual([{ agentId: 'rider-7', dueDeltaMinor: -COLLECT, inHandDeltaMinor: 0 }]);
  });

  it('changes nothing for a prepaid job or a sandbox job (the simulator’s riders keep no cash account)', () => {
    const prepaid = atTheDrop(booked(null));
    const sandbox = atTheDrop(booked(COLLECT, { testMode: true }));

    expect(riderCashChanges(prepaid, transition(prepaid, { type: 'recall' }, 'merchant', now, PLENTY).job)).toEqual([]);
    expect(riderCashChanges(sandbox, collect(sandbox).job)).toEqual([]);
    expect(collectedBy(sandbox, collect(sandbox).job)?.amountMinor).toBe(COLLECT);
  });
});

describe('a remittance of the payment', () => {
  it('names the remittance on the job once; the same again changes nothing; another is refused; an unpaid job has none', () => {
    const paid = collect(atTheDrop()).job;
    const remitted = transition(paid, { type: 'remit', remittanceId: 'rem_1' }, 'system', now);

    expect(remitted.job.collection?.remittanceId).toBe('rem_1');
    expect(remitted.money).toEqual([]);
    expect(transition(remitted.job, { type: 'remit', remittanceId: 'rem_1' }, 'system', now).job).toBe(remitted.job);
    expect(refusal(() => transition(remitted.job, { type: 'remit', remittanceId: 'rem_2' }, 'system', now)).code).toBe('invalid_transition');
    expect(refusal(() => transition(atTheDrop(), { type: 'remit', remittanceId: 'rem_1' }, 'system', now)).code).toBe('invalid_transition');
  });
});

describe('the collection sub-state (docs/lifecycle.md draws it from these moves)', () => {
  it('goes from due to collected by the rider’s payment alone, to remitted by the worker, and lapses on every ending without it', () => {
    const edges = Object.fromEntries(collectionEdges().map(({ from, to, events }) => [`${from} → ${to}`, [...events].sort()]));

    expect(edges).toEqual({
      'due → collected': ['collect'],
      'collected → remitted': ['remit'],
      'due → not_collected': ['attempt_delivery', 'cancel', 'decide return', 'decision_timeout', 'dispatch_timeout', 'fail', 'recall'],
    });
  });
});
