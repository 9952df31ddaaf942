import { cashDueOf, type Job } from '../job.ts';
import { CollectionAmountMismatchError, CollectionPendingError } from '../errors.ts';
import type { EventOf } from './events.ts';
import { release } from './money.ts';
import type { Move, MoveDefinition } from './move.ts';

/**
 * Cash on delivery (a job with `collection`): the rider at the drop records the payment (collect: the
 * amount due, once); the delivery code is refused while it is due; a customer who will not pay is a
 * failed attempt (payment_refused). A job that ends without the payment collects nothing
 * (`not_collected`) and its collection fee is released. Once paid, the parcel is the customer's.
 * remit: a collected payment joins a remittance to the store's credit (once; the job keeps its status).
 */

/** The collection fee of a payment that lapses when the job ends now without it (0: none is due). */
export function lapsedFeeMinor(job: Job): number {
  return job.collection?.status === 'due' ? job.collection.feeMinor : 0;
}

/** The job's change when it ends without the payment: a payment still due is not collected. */
export function lapsedCollection(job: Job): Partial<Job> {
  return job.collection?.status === 'due' ? { collection: { ...job.collection, status: 'not_collected' } } : {};
}

/** Releases the fee of a lapsing payment while the job's charge is still reserved (the fee is part of it). */
export function releaseLapsedFee(m: Move): void {
  const feeMinor = lapsedFeeMinor(m.job);
  if (m.job.settlement === 'reserved' && feeMinor > 0) m.addMoney(release(feeMinor, 'Collection fee: nothing was collected'));
}

/** Once paid, the parcel is the customer's: no more failed attempts, and no recall. */
export function refuseOncePaid(m: Move<EventOf<'attempt_delivery' | 'recall'>>): void {
  if (m.job.collection?.status !== 'collected') return;
  throw m.illegal(
    m.event.type === 'recall' ? 'The customer has paid for the parcel: it is being handed over' : 'The customer has paid: the parcel is theirs to take',
  );
}

/** A customer refuses a payment only when one is due. */
export function refuseUnduePaymentRefusal(m: Move<EventOf<'attempt_delivery'>>): void {
  if (m.event.reason === 'payment_refused' && cashDueOf(m.job) === 0) throw m.illegal('payment_refused is for a cash-on-delivery job whose payment is due');
}

/** Never handed over unpaid: the delivery code is refused before it is looked at, so no try is counted. */
export function refuseWhileCashDue(m: Move): void {
  if (cashDueOf(m.job) > 0) throw new CollectionPendingError(m.job.id, cashDueOf(m.job));
}

/** collect (the rider at the drop): the payment due, recorded once. */
export const collect: MoveDefinition<'collect'> = {
  apply: (m) => {
    const { job, event } = m;
    m.requireNotRecalled();
    m.requireStatus('pickup_completed');
    const collection = job.collection ?? null;
    if (collection === null) throw m.illegal('This job is prepaid: there is nothing to collect');
    if (collection.status === 'collected') throw m.illegal('The payment was already recorded');
    m.requireNoDecisionPending();
    m.requireAtTheDrop();
    if (event.amountMinor !== collection.amountMinor) throw new CollectionAmountMismatchError(collection.amountMinor, event.amountMinor);
    const { method, reference } = event;
    // Cash is on the rider's account from now, and a sandbox payment moves no money: both verified at once
    // (verifiedAt absent: when collected); a UPI payment waits for the platform's account (null; core/upi.ts).
    const unverified = method === 'upi' && !job.testMode && { verifiedAt: null };
    return m.done(
      m.next({ collection: { ...collection, status: 'collected', method, reference, collectedAt: m.at, collectedBy: job.agentId, ...unverified } }),
    );
  },
  mayStartReturn: false,
  // A retry is the same Idempotency-Key (use-cases/fleet-move.ts); anything else is a new move.
  isRetry: false,
};

/** remit (the remittance worker): a collected payment joins a remittance, once; the job keeps its status. */
export const remit: MoveDefinition<'remit'> = {
  apply: (m) => {
    const collection = m.job.collection ?? null;
    if (collection?.status !== 'collected') throw m.illegal('Only a collected payment is remitted');
    if (collection.remittanceId === m.event.remittanceId) return m.unchanged();
    if (collection.remittanceId !== null) throw m.illegal(`The payment was remitted already (${collection.remittanceId})`);
    return m.done(m.next({ collection: { ...collection, remittanceId: m.event.remittanceId } }));
  },
  mayStartReturn: false,
  isRetry: false, // the worker's move: it answers a repeat itself (the same remittance changes nothing)
};
