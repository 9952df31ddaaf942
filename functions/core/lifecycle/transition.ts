import type { Job } from '../job.ts';
import { accept, confirm, decline, dispatch, reportLocation, startConfirmation } from './assignment.ts';
import { attemptDelivery, decide, decisionTimeout } from './attempts.ts';
import { collect, remit } from './collection.ts';
import { edit } from './edit.ts';
import { cancel, dispatchTimeout, fail } from './endings.ts';
import type { LifecycleEvent, LifecycleEventType, StoreCredit, Transition } from './events.ts';
import { arrive, reissueCode, resetLock, submitCode } from './handoffs.ts';
import { resolve, resolveReturn } from './money.ts';
import { Move, type MoveDefinition, type RiderRef } from './move.ts';
import { recall } from './return-trip.ts';
import { markOverdue, resolveOverdue, settleOverdue } from './overdue.ts';

/** Every event type's definition, from the module of the sub-state it moves. A missing one does not compile. */
export const MOVES: { readonly [T in LifecycleEventType]: MoveDefinition<T> } = {
  dispatch,
  dispatch_timeout: dispatchTimeout,
  accept,
  start_confirmation: startConfirmation,
  confirm,
  decline,
  report_location: reportLocation,
  arrive,
  submit_code: submitCode,
  fail,
  cancel,
  edit,
  reset_lock: resetLock,
  reissue_code: reissueCode,
  resolve,
  attempt_delivery: attemptDelivery,
  decide,
  decision_timeout: decisionTimeout,
  recall,
  resolve_return: resolveReturn,
  collect,
  remit,
  mark_overdue: markOverdue,
  resolve_overdue: resolveOverdue,
};

// The definition of this event's type. The table pairs each type with its own definition; the
// compiler cannot follow that pairing through an index, hence the one cast.
const definitionOf = (event: LifecycleEvent) => MOVES[event.type] as unknown as MoveDefinition<LifecycleEventType>;

/**
 * The job after `event` by `actor` at `now`, with the money it moves; throws IllegalTransitionError
 * (or a more specific refusal) for a move the lifecycle does not allow. Status changes append an
 * event; every change bumps the version. A move that may start a return (`mayStartReturn`) needs the
 * store's credit.
 */
export function transition(job: Job, event: LifecycleEvent, actor: string, now: Date, credit?: StoreCredit): Transition {
  const moved = definitionOf(event).apply(new Move(job, event, actor, now, credit));
  // A move that ends an overdue wait (the rider arrived late, the parcel came back, the job ended) ends its review too.
  return moved.job === job ? moved : { ...moved, job: settleOverdue(moved.job) };
}

/**
 * Whether `event` may start a return on this job (then `transition` needs the store's credit, one
 * read of the store's item): a recall, the last failed attempt, and a decision or deadline default
 * of `return` while one is pending. A first attempt, a reattempt or a decision with none pending
 * never starts one, so it reads no credit.
 */
export function mayStartReturn(job: Job, event: LifecycleEvent): boolean {
  const starts = definitionOf(event).mayStartReturn;
  return job.status === 'pickup_completed' && starts !== false && starts(job, event);
}

/** Whether the job already shows `event` made by `rider` (see MoveDefinition.isRetry). */
export function isRiderRetry(job: Job, event: LifecycleEvent, rider: RiderRef): boolean {
  const isRetry = definitionOf(event).isRetry;
  return isRetry !== false && isRetry(job, event, rider);
}
