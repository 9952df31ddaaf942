import {
  AccessRevokedError,
  CashLimitExceededError,
  ConcurrentModificationError,
  FleetKeyRevokedError,
  InternalError,
  MoveKeyConflictError,
  RiderAtCapacityError,
  UpiReferenceUsedError,
} from '../../core/errors.ts';
import type { Job } from '../../core/job.ts';
import { GUARD } from '../guard.ts';
import type { TransactionCancelled } from '../transaction.ts';
import { kindOf, type WriteContext } from './context.ts';

/** What the caller is told of an item whose condition failed; undefined: not this row's case, ask the next. */
type Meaning = (failed: { job: Job; old: Record<string, unknown> | undefined; context: WriteContext; cancelled: TransactionCancelled }) => Error | undefined;

// Never expected (the job's version orders every write of its items): not the client's to see in detail.
const neverExpected =
  (what: string): Meaning =>
  ({ job, cancelled }) =>
    new InternalError(`The ${what} of job ${job.id} was already written`, cancelled);

/**
 * What a job change's failed condition means, by the kind of the item whose condition failed (its
 * name, less `#<n>`). Asked in this order, the first answer wins: of two failed conditions, the one
 * higher here is the caller's answer. A conflict with another transaction (TransactionConflict, on any
 * item) is a race lost, as the job's version failing is, and answers at the `job` row.
 */
export const FAILED_CONDITIONS: ReadonlyArray<readonly [kind: string, means: Meaning]> = [
  [GUARD.key, () => new AccessRevokedError()],
  [GUARD.store, () => new AccessRevokedError()],
  // With a guard, the store's update carries the access condition in place of guard:store (money.ts).
  ['store', ({ old, context }) => (context.guard && old?.apiEnabled === false ? new AccessRevokedError() : undefined)],
  ['fleetKey', () => new FleetKeyRevokedError()],
  ['holding:gained', ({ context }) => new RiderAtCapacityError(context.limits.maxHeldJobs)],
  // The Idempotency-Key was used first (a retry racing its original, or another move): the use case tells which.
  ['moveKey', ({ old }) => new MoveKeyConflictError(String(old?.move), old?.fingerprint as string | undefined)],
  ['job', () => new ConcurrentModificationError()],
  ['upiReference', () => new UpiReferenceUsedError()],
  ['cash', ({ context }) => new CashLimitExceededError(context.limits.riderCashLimitMinor)],
  // A reservation decided on credit read a moment ago that has since been spent: decided again on the credit as it is now.
  ['store', ({ context }) => (context.money.some((entry) => entry.type === 'reserve') ? new ConcurrentModificationError() : undefined)],
  // Only a broken money invariant is left: never expected, so not the client's to see in detail.
  ['store', ({ job, cancelled }) => new InternalError(`Money movement for job ${job.id} would break the store's balance invariants`, cancelled)],
  ['codDue', neverExpected('payment line awaiting remittance')],
  ['ledger', neverExpected('ledger line')],
  ['event', neverExpected('event')],
  ['history', neverExpected('archived history')],
];

/** The domain error a cancelled job change means to its caller (FAILED_CONDITIONS), for the change to `job`. */
export function failureOf(cancelled: TransactionCancelled, job: Job, context: WriteContext): Error {
  const failedKinds = new Set([...cancelled.reasons].filter(([name]) => cancelled.failed(name)).map(([name]) => kindOf(name)));
  if (cancelled.conflicted) failedKinds.add('job');
  for (const [kind, means] of FAILED_CONDITIONS) {
    if (!failedKinds.has(kind)) continue;
    const name = [...cancelled.reasons.keys()].find((entry) => kindOf(entry) === kind)!;
    const error = means({ job, old: cancelled.oldItem(name), context, cancelled });
    if (error) return error;
  }
  return new InternalError(`The write of job ${job.id} was refused: ${cancelled.message}`, cancelled);
}
