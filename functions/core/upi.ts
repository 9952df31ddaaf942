import { verifiedAtOf, type Job } from './job.ts';

/**
 * UPI payments: a UPI transaction is named by its 12-digit transaction number (the RRN, which apps
 * show as the UTR). One transfer has one number, so the platform keys a payment by those 12 digits and
 * nothing else: any other spelling of the same number would be a second payment of one transfer.
 */

/** What a UPI reference must be, as refusals say it. */
export const UPI_REFERENCE_FORMAT =
  'Must be the 12-digit UPI transaction number (UTR/RRN), e.g. 433512345678; a single space or hyphen between digits is allowed';

// Twelve ASCII digits, with at most one space or hyphen between two digits: nothing before, after or around them.
const UPI_REFERENCE = /^[0-9](?:[ -]?[0-9]){11}$/;

/** The 12 digits a rider's spelling of a UPI reference names, or null when it is not one (any other character, 11 or 13 digits). */
export function canonicalUpiReference(input: string): string | null {
  return UPI_REFERENCE.test(input) ? input.replace(/[ -]/g, '') : null;
}

/** Who verified a UPI payment: the receiving account's statement, an operator, or no one in time (UPI_VERIFY_HOURS: charged to its rider). */
export type UpiVerifier = 'statement' | 'operator' | 'rider_debt';

/**
 * The job with its UPI payment verified at `now`, or null when it has no collected UPI
 * payment awaiting verification (verifying twice changes nothing). Not a lifecycle move: the job's
 * state is unchanged, only the platform's custody of the money (data/upi-verification-writes.ts).
 */
export function verifiedPayment(job: Job, now: Date): Job | null {
  const collection = job.collection;
  if (collection?.status !== 'collected' || collection.method !== 'upi' || verifiedAtOf(collection) !== null) return null;
  const at = new Date(Math.max(now.getTime(), Date.parse(job.updatedAt))).toISOString();
  return { ...job, collection: { ...collection, verifiedAt: at }, version: job.version + 1, updatedAt: at };
}
