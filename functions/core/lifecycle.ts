/**
 * The delivery lifecycle as one pure function: (job, event) → the job's next state and the money it
 * moves. Every path that changes a job — merchant, rider, dispatcher, operations, simulator — goes
 * through `transition`, so no path can make a move this table does not allow. `transition` only
 * dispatches: each event is defined (MoveDefinition) in the module of the sub-state it moves, in
 * core/lifecycle/: assignment.ts (the offer, the rider), handoffs.ts (arrivals, codes, locks),
 * attempts.ts (failed attempts, the merchant's decision), return-trip.ts, collection.ts (cash on
 * delivery), money.ts (ledger entries, reviews), endings.ts (fail, cancel), edit.ts; move.ts holds
 * the rules they share.
 *
 *   created ─dispatch→ queued ─accept→ picked_by_agent ─start_confirmation→ booking_in_progress
 *     ─confirm→ booked ─(arrive pickup, submit_code pickup ✓)→ pickup_completed
 *     ─(arrive delivery, submit_code delivery ✓)→ delivered
 *   decline: picked_by_agent | booking_in_progress → queued (the offer goes to another rider);
 *     booked → queued by dispatch alone, when the rider has not reached the pickup in time
 *   fail / dispatch_timeout before pickup → failed (released); fail after pickup → failed (review)
 *   cancel (merchant): created … booked → cancelled (released); pickup_completed → 409 (return is the call); ended → 400
 *   edit (merchant): keeps the status; pickup fields until pickup, drop fields until the job ends, else 409
 *
 * When the delivery does not go to plan (the job stays pickup_completed until a return starts):
 *   attempt_delivery (rider, at the drop): 1st → the merchant's decision is pending (deadline, default return);
 *     2nd → the return starts at once
 *   decide (merchant): reattempt → a fresh delivery code; return → the return starts;
 *     decision_timeout (system, past the deadline) → the default
 *   recall (merchant): pickup_completed → the return starts (recalled); before pickup → 409 (cancel is the call)
 *   a return starting: failed (undeliverable) or cancelled (recalled), the delivery's charge captured,
 *     the return charge reserved (or left to operations' review when the credit cannot cover it)
 *   arrive return, submit_code return ✓ (rider, back at the pickup) → the return trip is returned, its charge captured
 *   fail (rider, operations) of a returning parcel (lost or damaged on the way back) → the return trip failed:
 *     the rider is freed, a reserved return charge released to operations' review (resolve_return); the job keeps its status
 *   resolve_return (operations): a return charge in review → captured or released
 *
 * Cash on delivery (a job with `collection`): see core/lifecycle/collection.ts.
 * Overdue waits (a parcel's way back, a rider's re-arrival) and operations' end of them: core/lifecycle/overdue.ts.
 */
export { effectiveHandoff, handoffOf } from './handoff.ts';
export {
  IllegalTransitionError,
  moveName,
  publicCall,
  type CodeOutcome,
  type EventOf,
  type LifecycleEvent,
  type LifecycleEventType,
  type Money,
  type MoveName,
  type StoreCredit,
  type Transition,
} from './lifecycle/events.ts';
export { REPEATED_DECLINES } from './lifecycle/assignment.ts';
export { DECISION_WINDOW_MS, MAX_DELIVERY_ATTEMPTS, SANDBOX_DECISION_WINDOW_MS } from './lifecycle/attempts.ts';
export { CODE_TTL_MS, MAX_CODE_ATTEMPTS, handoffRefusal } from './lifecycle/handoffs.ts';
export { chargeOwed, returnChargeOf } from './lifecycle/money.ts';
export { overdueWait, overdueWaitStartedAt, type OverdueKind } from './lifecycle/overdue.ts';
export { isRiderRetry, mayStartReturn, MOVES, transition } from './lifecycle/transition.ts';
export type { MoveDefinition, RiderRef } from './lifecycle/move.ts';
