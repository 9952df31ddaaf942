/** A cash-on-delivery job's payment: its statuses and methods, what it holds, and how the merchant sees it. */
import type { Job } from './job.ts';

/** What became of a cash-on-delivery payment: `due` until the rider records it (`collected`), or the job ends without it (`not_collected`). */
export const COLLECTION_STATUSES = ['due', 'collected', 'not_collected'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];
/** How the customer paid the rider: cash in hand, or UPI to the platform's account (with its transaction reference). */
export const PAYMENT_METHODS = ['cash', 'upi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A cash-on-delivery job's payment: the amount the rider collects at the door (the store's money),
 * the fee for collecting it (part of the job's charge), and what became of it. `remittanceId` names
 * the remittance that credited the amount to the store. `collectedBy` (internal) is the rider who
 * took the payment: their cash account holds a cash payment until operations record a deposit.
 */
export interface Collection {
  amountMinor: number;
  feeMinor: number;
  status: CollectionStatus;
  method: PaymentMethod | null;
  reference: string | null;
  collectedAt: string | null;
  remittanceId: string | null;
  collectedBy: string | null;
  /**
   * When the platform came to stand behind the payment, so it may be remitted: a cash payment when
   * collected (it is on the rider's cash account); a UPI payment when the platform's receiving account
   * confirmed it (a statement import, `upi verify`) or, unconfirmed UPI_VERIFY_HOURS after, when it
   * became the collecting rider's debt (core/upi.ts; how: its reference's item, UPIREF, says). Null until then.
   * Absent: verified when collected (cash, a sandbox payment, a payment recorded before verification existed; see verifiedAtOf).
   */
  verifiedAt?: string | null;
}

/** When a payment was verified (null: not yet, or not collected); a payment collected before verification existed counts as verified when collected, as it was then remitted. */
export function verifiedAtOf(collection: Collection): string | null {
  // Due or not collected, `verifiedAt` is absent and `collectedAt` null.
  return collection.verifiedAt === undefined ? collection.collectedAt : collection.verifiedAt;
}

/** A payment to collect at the door, due until the rider records it. */
export function dueCollection(amountMinor: number, feeMinor: number): Collection {
  return { amountMinor, feeMinor, status: 'due', method: null, reference: null, collectedAt: null, remittanceId: null, collectedBy: null };
}

/** A collection as the merchant sees it (the job detail, `job.collection_updated`). */
export type CollectionData = Omit<Collection, 'collectedBy' | 'verifiedAt'> & { verifiedAt: string | null };

export function toCollectionData(collection: Collection): CollectionData {
  const { collectedBy: _internal, ...data } = collection;
  // verifiedAtOf, inlined: every job function's bundle carries this one.
  return { ...data, verifiedAt: data.verifiedAt === undefined ? data.collectedAt : data.verifiedAt };
}

/** The cash a live job asks its rider to collect and still waits for (0 for a prepaid job or a payment already taken). */
export function cashDueOf(job: Job): number {
  return job.collection?.status === 'due' ? job.collection.amountMinor : 0;
}
