import { randomUUID } from 'node:crypto';
import {
  AppError,
  CodeExpiredError,
  CollectionAmountMismatchError,
  CollectionPendingError,
  HandoffLockedError,
  JobNotEditableError,
  NoDecisionPendingError,
  NotCancellableError,
  ParcelNotPickedUpError,
  ParcelReturnRequiredError,
  WrongCodeError,
} from './errors.ts';
import {
  ASSIGNED,
  BEFORE_PICKUP,
  cashDueOf,
  changedFields,
  declinedBy,
  ENDED,
  isEditable,
  isReturning,
  newHandoff,
  type DecisionAction,
  type DeliveryAttemptReason,
  type EditableField,
  type Handoff,
  type HandoffName,
  type Job,
  type JobEdit,
  type PaymentMethod,
  type JobStatus,
  type ReturnReason,
  type ReturnTrip,
  type Settlement,
} from './job.ts';
import { returnCharge } from './pricing.ts';

/**
 * The delivery lifecycle as one pure function: (job, event) → the job's next state and the money it
 * moves. Every path that changes a job — merchant, rider, dispatcher, operations, simulator — goes
 * through `transition`, so no path can make a move this table does not allow.
 *
 *   created ─dispatch→ queued ─accept→ picked_by_agent ─start_confirmation→ booking_in_progress
 *     ─confirm→ booked ─(arrive_pickup, submit_pickup_code ✓)→ pickup_completed
 *     ─(arrive_drop, submit_delivery_code ✓)→ delivered
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
 *   arrive_return, submit_return_code ✓ (rider, back at the pickup) → the return trip is returned, its charge captured
 *   fail (rider, operations) of a returning parcel (lost or damaged on the way back) → the return trip failed:
 *     the rider is freed, a reserved return charge released to operations' review (resolve_return); the job keeps its status
 *   resolve_return (operations): a return charge in review → captured or released
 *
 * Cash on delivery (a job with `collection`): the rider at the drop records the payment (collect: the
 *   amount due, once); the delivery code is refused while it is due (collection_pending); a customer
 *   who will not pay is a failed attempt (payment_refused). A job that ends without the payment
 *   (cancelled, failed, returned) collects nothing (`not_collected`) and its collection fee is released.
 *   Once paid, the parcel is the customer's: no more failed attempts or recall.
 *   remit (the remittance worker): a collected payment joins a remittance to the store's credit (once;
 *   the job keeps its status, whatever it is).
 */
export type LifecycleEvent =
  | { type: 'dispatch' }
  | { type: 'dispatch_timeout' }
  | { type: 'accept'; agentId: string }
  | { type: 'start_confirmation' }
  | { type: 'confirm' }
  | { type: 'decline' }
  | { type: 'report_location'; latitude: number; longitude: number; accuracy: number | null }
  | { type: 'arrive_pickup' }
  | { type: 'submit_pickup_code'; code: string }
  | { type: 'arrive_drop' }
  | { type: 'submit_delivery_code'; code: string }
  | { type: 'fail'; note: string }
  | { type: 'cancel' }
  | { type: 'edit'; changes: JobEdit }
  | { type: 'reset_lock'; handoff: HandoffName }
  | { type: 'reissue_code'; handoff: HandoffName }
  | { type: 'resolve'; outcome: 'capture' | 'release' }
  | { type: 'attempt_delivery'; reason: DeliveryAttemptReason; note: string | null }
  | { type: 'decide'; action: DecisionAction }
  | { type: 'decision_timeout' }
  | { type: 'recall' }
  | { type: 'arrive_return' }
  | { type: 'submit_return_code'; code: string }
  | { type: 'resolve_return'; outcome: 'capture' | 'release' }
  | { type: 'collect'; method: PaymentMethod; amountMinor: number; reference: string | null }
  | { type: 'remit'; remittanceId: string };

export type LifecycleEventType = LifecycleEvent['type'];

/** How long a handoff code stays usable once the rider is at the door. */
export const CODE_TTL_MS = 30 * 60 * 1000;
/**
 * From this many declines on, each decline of the job is reported to operations (`job declined
 * repeatedly` in the logs). Declines never end a job: that would let a few rider keys end any job;
 * the dispatch timeout decides, and each rider declines a job at most once.
 */
export const REPEATED_DECLINES = 5;
/** The fifth wrong code locks the handoff until operations reset it. */
export const MAX_CODE_ATTEMPTS = 5;
/** A job has at most two failed delivery attempts: after the second, the parcel goes back at once. */
export const MAX_DELIVERY_ATTEMPTS = 2;
/** How long the merchant has to decide after a failed attempt (sandbox jobs: a minute, so a test sees both branches quickly). */
export const DECISION_WINDOW_MS = 10 * 60 * 1000;
export const SANDBOX_DECISION_WINDOW_MS = 60 * 1000;

/** A change of money a transition causes: one ledger entry, applied with the job in one transaction. */
export interface Money {
  type: 'reserve' | 'release' | 'capture';
  balanceDeltaMinor: number;
  reservedDeltaMinor: number;
  note: string;
}

/**
 * What a move that may start a return needs to know of the store: the credit it has available, read
 * before deciding. The return charge is reserved only when it is covered; the write is conditioned
 * on the credit still being there (JobRepository), so a stale read is decided again, never overdrawn.
 */
export interface StoreCredit {
  availableMinor: number;
}

/** What became of a code that was submitted (the new state is stored whatever the outcome). */
export type CodeOutcome = 'verified' | 'wrong_code' | 'locked' | 'expired';

export interface Transition {
  /** The job after the move; the very job given when the move changes nothing (then nothing is written). */
  job: Job;
  /** The money it moves, one ledger entry each, in order (none: an empty list). */
  money: Money[];
  codeOutcome?: CodeOutcome;
}

/**
 * Whether `event` may start a return on this job (then `transition` needs the store's credit, one
 * read of the store's item): a recall, the last failed attempt, and a decision or deadline default
 * of `return` while one is pending. A first attempt, a reattempt or a decision with none pending
 * never starts one, so it reads no credit.
 */
export function mayStartReturn(job: Job, event: LifecycleEvent): boolean {
  if (job.status !== 'pickup_completed') return false;
  const pending = job.pendingDecision ?? null;
  switch (event.type) {
    case 'recall':
      return true;
    case 'attempt_delivery':
      return pending === null && (job.deliveryAttempts ?? []).length + 1 >= MAX_DELIVERY_ATTEMPTS;
    case 'decide':
      return pending !== null && event.action === 'return' && pending.options.includes('return');
    case 'decision_timeout':
      return pending !== null && pending.defaultAction === 'return';
    default:
      return false;
  }
}

/** The charge of the job's return trip: agreed at the quote, or the default share for jobs booked before. */
export function returnChargeOf(job: Job): number {
  return job.returnChargeMinor ?? returnCharge(job.chargeMinor);
}

/** A move the lifecycle does not allow from the job's current state (409 at the edge). */
export class IllegalTransitionError extends AppError {
  constructor(job: Job, event: LifecycleEventType, reason?: string) {
    super('invalid_transition', reason ?? `A ${job.status} job cannot take "${event}"`);
    this.name = 'IllegalTransitionError';
  }
}

// Money of a settlement change: releasing or capturing a reservation, reserving, or capturing what was never reserved.
const release = (amountMinor: number, note: string): Money => ({ type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -amountMinor, note });
const capture = (amountMinor: number, note: string): Money => ({ type: 'capture', balanceDeltaMinor: -amountMinor, reservedDeltaMinor: -amountMinor, note });
const reserve = (amountMinor: number, note: string): Money => ({ type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: amountMinor, note });
const captureUnreserved = (amountMinor: number, note: string): Money => ({ type: 'capture', balanceDeltaMinor: -amountMinor, reservedDeltaMinor: 0, note });
// Ending before pickup gives back what is still held; a job holding nothing moves no money.
const releaseHeld = (job: Job, note: string): { settlement: Settlement | null; money: Money[] } =>
  job.settlement === 'reserved' ? { settlement: 'released', money: [release(job.chargeMinor, note)] } : { settlement: job.settlement, money: [] };

/**
 * The job's charge without a collection fee it no longer owes: a cash-on-delivery job that ends
 * without the payment is charged for the ride alone (its fee released when the collection lapsed).
 */
export function chargeOwed(job: Job): number {
  return job.chargeMinor - (job.collection?.status === 'not_collected' ? job.collection.feeMinor : 0);
}

// A payment still due when the job ends without it: collected nothing, and the fee (still reserved) goes back.
const lapseCollection = (job: Job): { changes: Partial<Job>; feeMinor: number } =>
  job.collection?.status === 'due'
    ? { changes: { collection: { ...job.collection, status: 'not_collected' } }, feeMinor: job.collection.feeMinor }
    : { changes: {}, feeMinor: 0 };
const feeRelease = (feeMinor: number): Money[] => (feeMinor > 0 ? [release(feeMinor, 'Collection fee: nothing was collected')] : []);

// At the drop: the rider arrived (the delivery code's clock runs, or it expired or locked there).
function atTheDrop(job: Job): boolean {
  const delivery = job.verification.delivery;
  return delivery.status !== 'verified' && (delivery.expiresAt !== null || delivery.status === 'locked' || delivery.status === 'expired');
}

/** A handoff of the job by name (the return one lives on the return trip; null when the job has none). */
export function handoffOf(job: Job, name: HandoffName): Handoff | null {
  return name === 'return' ? (job.returnTrip?.handoff ?? null) : job.verification[name];
}

// The job's fields that hold a handoff, with that handoff replaced.
const withHandoff = (job: Job, name: HandoffName, handoff: Handoff): Partial<Job> =>
  name === 'return' ? { returnTrip: { ...job.returnTrip!, handoff } } : { verification: { ...job.verification, [name]: handoff } };

// A handoff that can no longer happen; a verified one stays verified.
const endHandoff = (handoff: Handoff): Handoff => (handoff.status === 'verified' ? handoff : { ...handoff, status: 'unavailable', expiresAt: null });

/** The handoff's state as of `now`: an active code past its expiry is expired. */
export function effectiveHandoff(handoff: Handoff, now: Date): Handoff {
  const lapsed = handoff.status === 'active' && handoff.expiresAt !== null && Date.parse(handoff.expiresAt) <= now.getTime();
  return lapsed ? { ...handoff, status: 'expired' } : handoff;
}

/**
 * The job after `event` by `actor` at `now`, with the money it moves; throws IllegalTransitionError
 * for a move the lifecycle does not allow. Status changes append an event; every change bumps the
 * version. A move that may start a return (`mayStartReturn`) needs the store's credit.
 */
export function transition(job: Job, event: LifecycleEvent, actor: string, now: Date, credit?: StoreCredit): Transition {
  // A change is recorded no earlier than the job's last one, so its history stays in time order even
  // when the writer's clock reads earlier (a worker tick reads its clock once, before its worklist;
  // another container's clock may lag a little). Decisions (a code's expiry) still use `now`.
  const at = new Date(Math.max(now.getTime(), Date.parse(job.updatedAt))).toISOString();
  const illegal = (reason?: string) => new IllegalTransitionError(job, event.type, reason);
  // A change that names a status appends a history entry with it (every status change does; a return
  // trip that fails names the job's own status, so its note joins the history).
  const next = (changes: Partial<Job>, note: string | null = null): Job => ({
    ...job,
    ...changes,
    version: job.version + 1,
    updatedAt: at,
    events: changes.status !== undefined ? [...job.events, { id: randomUUID(), status: changes.status, actor, note, createdAt: at }] : job.events,
  });
  // A job ending undelivered lapses a payment still due (the caller releases its fee when the charge is still reserved).
  const ended = (status: 'failed' | 'cancelled', settlement: Settlement | null, note: string | null, changes: Partial<Job> = {}): Job =>
    next(
      {
        status,
        settlement,
        riderLocation: null,
        verification: { pickup: endHandoff(job.verification.pickup), delivery: endHandoff(job.verification.delivery) },
        ...lapseCollection(job).changes,
        ...changes,
      },
      note,
    );
  const requireStatus = (...allowed: JobStatus[]) => {
    if (!allowed.includes(job.status)) throw illegal();
  };
  const requireReturning = () => {
    if (!isReturning(job)) throw illegal(job.returnTrip ? 'The parcel is already back at the pickup' : 'The job has no return trip');
  };

  // The parcel goes back to the pickup: the job ends (the rider carried it, so the delivery's charge
  // is captured) and its rider keeps it until the store takes it back with the return code. The
  // return charge is reserved when the store's credit covers it, else left to operations (review).
  const startReturn = (reason: ReturnReason, note: string, changes: Partial<Job> = {}): Transition => {
    if (credit === undefined) throw new Error(`A return of job ${job.id} was decided without the store's credit`);
    const chargeMinor = returnChargeOf(job);
    const covered = credit.availableMinor >= chargeMinor;
    const returnTrip: ReturnTrip = {
      reason,
      status: 'returning',
      chargeMinor,
      chargeSettlement: covered ? 'reserved' : 'review',
      startedAt: at,
      returnedAt: null,
      handoff: newHandoff(),
    };
    // A payment still due lapses: the ride is captured, the collection fee released.
    const { feeMinor } = lapseCollection(job);
    const money = [
      ...(job.settlement === 'reserved'
        ? [capture(job.chargeMinor - feeMinor, reason === 'recalled' ? 'Recalled after pickup' : 'Undeliverable after pickup'), ...feeRelease(feeMinor)]
        : []),
      ...(covered && chargeMinor > 0 ? [reserve(chargeMinor, 'Return trip')] : []),
    ];
    const settlement = job.settlement === 'reserved' ? 'captured' : job.settlement;
    return {
      job: ended(reason === 'recalled' ? 'cancelled' : 'failed', settlement, note, { ...changes, pendingDecision: null, returnTrip }),
      money,
    };
  };
  const undeliverable = (attempts: number, changes: Partial<Job> = {}) =>
    startReturn('undeliverable', `Undeliverable after ${attempts} attempt${attempts === 1 ? '' : 's'}: the parcel goes back to the pickup`, changes);
  const decided = (action: DecisionAction): Transition =>
    action === 'return'
      ? undeliverable((job.deliveryAttempts ?? []).length)
      : { job: next({ pendingDecision: null, verification: { ...job.verification, delivery: newHandoff('active') } }), money: [] };

  switch (event.type) {
    case 'dispatch':
      requireStatus('created');
      return { job: next({ status: 'queued' }), money: [] };

    case 'dispatch_timeout': {
      requireStatus('queued');
      const note = 'No rider accepted the job in time';
      const { settlement, money } = releaseHeld(job, note);
      return { job: ended('failed', settlement, note), money };
    }

    case 'accept':
      requireStatus('queued');
      if (declinedBy(job).includes(event.agentId)) throw illegal('You declined this job; it is offered to other riders');
      return { job: next({ status: 'picked_by_agent', agentId: event.agentId }), money: [] };

    case 'start_confirmation':
      requireStatus('picked_by_agent');
      return { job: next({ status: 'booking_in_progress' }), money: [] };

    case 'confirm':
      requireStatus('booking_in_progress');
      return { job: next({ status: 'booked' }), money: [] };

    case 'decline': {
      // The dispatcher (`system`) declines for a rider whose acceptance went unconfirmed too long, or
      // who confirmed and has not reached the pickup in time; a rider who confirmed fails the job instead.
      const noShow = actor === 'system' && job.status === 'booked';
      if (noShow && job.verification.pickup.status !== 'pending') throw illegal('The rider is at the pickup');
      if (!noShow) requireStatus('picked_by_agent', 'booking_in_progress');
      const rider = job.agentId ?? 'the rider';
      const why = noShow ? `Not at the pickup in time: ${rider}` : actor === 'system' ? `Not confirmed in time by ${rider}` : `Declined by ${rider}`;
      return { job: next({ status: 'queued', agentId: null, riderLocation: null }, why), money: [] };
    }

    case 'report_location':
      if (!ASSIGNED.has(job.status) && !isReturning(job)) throw illegal('A rider location is taken only while a rider is assigned');
      return { job: next({ riderLocation: { latitude: event.latitude, longitude: event.longitude, accuracy: event.accuracy, recordedAt: at } }), money: [] };

    case 'arrive_pickup': {
      requireStatus('booked');
      const pickup = job.verification.pickup;
      if (pickup.status !== 'pending') throw illegal(`The pickup code is already ${pickup.status}`);
      return {
        job: next({
          verification: { ...job.verification, pickup: { ...pickup, status: 'active', expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString() } },
        }),
        money: [],
      };
    }

    case 'submit_pickup_code':
      requireStatus('booked');
      return submitCode(job, 'pickup', event.code, now, next, illegal);

    case 'arrive_drop': {
      requireStatus('pickup_completed');
      if (job.pendingDecision) throw illegal('The job waits for the merchant’s decision after the failed attempt');
      const delivery = job.verification.delivery;
      if (delivery.status !== 'active' || delivery.expiresAt !== null)
        throw illegal(`The delivery code is ${delivery.status === 'active' ? 'already running' : delivery.status}`);
      return {
        job: next({ verification: { ...job.verification, delivery: { ...delivery, expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString() } } }),
        money: [],
      };
    }

    case 'submit_delivery_code':
      requireStatus('pickup_completed');
      // Never handed over unpaid: refused before the code is looked at, so no try is counted.
      if (cashDueOf(job) > 0) throw new CollectionPendingError(job.id, cashDueOf(job));
      return submitCode(job, 'delivery', event.code, now, next, illegal);

    case 'collect': {
      requireStatus('pickup_completed');
      const collection = job.collection ?? null;
      if (collection === null) throw illegal('This job is prepaid: there is nothing to collect');
      // Recorded once: a rider's retry of the very payment is answered as done by the fleet (alreadyApplied), as every rider move's retry.
      if (collection.status === 'collected') throw illegal('The payment was already recorded');
      if (job.pendingDecision) throw illegal('The job waits for the merchant’s decision after the failed attempt');
      if (!atTheDrop(job)) throw illegal('Arrive at the drop first (POST /fleet/v1/jobs/{id}/handoffs/delivery/arrive)');
      if (event.amountMinor !== collection.amountMinor) throw new CollectionAmountMismatchError(collection.amountMinor, event.amountMinor);
      return {
        job: next({
          collection: { ...collection, status: 'collected', method: event.method, reference: event.reference, collectedAt: at, collectedBy: job.agentId },
        }),
        money: [],
      };
    }

    case 'remit': {
      const collection = job.collection ?? null;
      if (collection?.status !== 'collected') throw illegal('Only a collected payment is remitted');
      if (collection.remittanceId === event.remittanceId) return { job, money: [] };
      if (collection.remittanceId !== null) throw illegal(`The payment was remitted already (${collection.remittanceId})`);
      return { job: next({ collection: { ...collection, remittanceId: event.remittanceId } }), money: [] };
    }

    case 'attempt_delivery': {
      requireStatus('pickup_completed');
      if (job.pendingDecision) throw illegal('The job already waits for the merchant’s decision after a failed attempt');
      if (job.collection?.status === 'collected') throw illegal('The customer has paid: the parcel is theirs to take');
      if (event.reason === 'payment_refused' && cashDueOf(job) === 0) throw illegal('payment_refused is for a cash-on-delivery job whose payment is due');
      const delivery = job.verification.delivery;
      if (delivery.status === 'verified' || !atTheDrop(job)) throw illegal('Arrive at the drop first (POST /fleet/v1/jobs/{id}/handoffs/delivery/arrive)');
      const attempts = [
        ...(job.deliveryAttempts ?? []),
        { number: (job.deliveryAttempts ?? []).length + 1, reason: event.reason, note: event.note, createdAt: at },
      ];
      if (attempts.length >= MAX_DELIVERY_ATTEMPTS) return undeliverable(attempts.length, { deliveryAttempts: attempts });
      const window = job.testMode ? SANDBOX_DECISION_WINDOW_MS : DECISION_WINDOW_MS;
      return {
        job: next({
          deliveryAttempts: attempts,
          pendingDecision: { options: ['reattempt', 'return'], deadlineAt: new Date(now.getTime() + window).toISOString(), defaultAction: 'return' },
          // No code can be used while the merchant decides; a reattempt brings a fresh one.
          verification: { ...job.verification, delivery: { ...delivery, status: 'unavailable', expiresAt: null } },
        }),
        money: [],
      };
    }

    case 'decide': {
      const pending = job.pendingDecision;
      if (!pending || job.status !== 'pickup_completed') throw new NoDecisionPendingError(job.status);
      if (!pending.options.includes(event.action)) throw illegal(`The decision is one of ${pending.options.join(', ')}`);
      return decided(event.action);
    }

    case 'decision_timeout': {
      const pending = job.pendingDecision;
      if (!pending || job.status !== 'pickup_completed') throw illegal('The job waits for no decision');
      if (Date.parse(pending.deadlineAt) > now.getTime()) throw illegal('The decision’s deadline has not passed');
      return decided(pending.defaultAction);
    }

    case 'recall':
      if (BEFORE_PICKUP.has(job.status)) throw new ParcelNotPickedUpError(job.id, job.status);
      if (isReturning(job)) throw illegal('The parcel is already on its way back to the pickup');
      requireStatus('pickup_completed');
      if (job.collection?.status === 'collected') throw illegal('The customer has paid for the parcel: it is being handed over');
      return startReturn('recalled', 'Recalled by the merchant: the parcel goes back to the pickup');

    case 'arrive_return': {
      requireReturning();
      const handoff = job.returnTrip!.handoff;
      if (handoff.status !== 'pending') throw illegal(`The return code is already ${handoff.status}`);
      return {
        job: next(withHandoff(job, 'return', { ...handoff, status: 'active', expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString() })),
        money: [],
      };
    }

    case 'submit_return_code':
      requireReturning();
      return submitCode(job, 'return', event.code, now, next, illegal);

    case 'fail': {
      if (isReturning(job)) return returnFailed(job, event.note, next);
      if (BEFORE_PICKUP.has(job.status)) {
        const { settlement, money } = releaseHeld(job, event.note);
        return { job: ended('failed', settlement, event.note), money };
      }
      if (job.status === 'pickup_completed') {
        // Operations review the ride's charge; a collection fee for a payment never taken is not theirs to decide.
        const { feeMinor } = lapseCollection(job);
        return { job: ended('failed', 'review', event.note, { pendingDecision: null }), money: job.settlement === 'reserved' ? feeRelease(feeMinor) : [] };
      }
      throw illegal();
    }

    case 'cancel': {
      if (job.status === 'pickup_completed') throw new ParcelReturnRequiredError(job.id);
      if (!BEFORE_PICKUP.has(job.status)) throw new NotCancellableError(job.status);
      const { settlement, money } = releaseHeld(job, 'Cancelled by the merchant');
      return { job: ended('cancelled', settlement, null), money };
    }

    case 'edit': {
      const fields = Object.keys(event.changes) as EditableField[];
      const refused = fields.filter((field) => !isEditable(field, job.status));
      if (refused.length > 0) throw new JobNotEditableError(refused, job.status);
      // An edit that changes nothing is no change: nothing is written, the version (and ETag) stays.
      if (changedFields(job, { ...job, ...event.changes }).length === 0) return { job, money: [] };
      return { job: next(event.changes), money: [] };
    }

    case 'reset_lock':
    case 'reissue_code': {
      const handoff = handoffOf(job, event.handoff);
      const wanted = event.type === 'reset_lock' ? 'locked' : 'expired';
      const live = event.handoff === 'return' ? isReturning(job) : !ENDED.has(job.status);
      if (handoff === null || effectiveHandoff(handoff, now).status !== wanted || !live) throw illegal(`The ${event.handoff} code is not ${wanted}`);
      return { job: next(withHandoff(job, event.handoff, newHandoff('active', new Date(now.getTime() + CODE_TTL_MS).toISOString()))), money: [] };
    }

    case 'resolve': {
      requireStatus('failed');
      if (job.settlement !== 'review') throw illegal('Only a job in settlement review can be resolved');
      const note = `Review resolved: ${event.outcome}`;
      return event.outcome === 'capture'
        ? { job: next({ settlement: 'captured' }), money: [capture(chargeOwed(job), note)] }
        : { job: next({ settlement: 'released' }), money: [release(chargeOwed(job), note)] };
    }

    case 'resolve_return': {
      const trip = job.returnTrip;
      if (!trip || trip.chargeSettlement !== 'review') throw illegal('Only a return charge in review can be resolved');
      // A charge in review was never reserved (the credit did not cover it): captured from the balance, or waived.
      const note = `Return charge review resolved: ${event.outcome}`;
      return event.outcome === 'capture'
        ? { job: next({ returnTrip: { ...trip, chargeSettlement: 'captured' } }), money: [captureUnreserved(trip.chargeMinor, note)] }
        : { job: next({ returnTrip: { ...trip, chargeSettlement: 'released' } }), money: [] };
    }
  }
}

/**
 * A returning parcel that never makes it back (lost or damaged on the way: the rider's or operations'
 * `fail`, or operations' `job end`): the return trip fails, its code can no longer be used and the
 * rider no longer holds the job. What the return charge becomes is operations' to decide, like a
 * fail after pickup: a reserved charge is released into review (nothing stays reserved), one already
 * in review stays there, one operations settled while the parcel was on its way stays settled. The job keeps its status (it has ended); the note joins its history as an
 * entry of that status, so the merchant reads why.
 */
function returnFailed(job: Job, note: string, next: (changes: Partial<Job>, note?: string | null) => Job): Transition {
  const trip = job.returnTrip!;
  // Only a reservation goes to review: a charge in review stays there, one operations settled on the way stays settled.
  const reserved = trip.chargeSettlement === 'reserved';
  const chargeSettlement = reserved ? 'review' : trip.chargeSettlement;
  return {
    job: next(
      { status: job.status, riderLocation: null, returnTrip: { ...trip, status: 'failed', chargeSettlement, handoff: endHandoff(trip.handoff) } },
      note,
    ),
    money: reserved && trip.chargeMinor > 0 ? [release(trip.chargeMinor, `Return failed: ${note}`)] : [],
  };
}

/**
 * The refusal a code submission's outcome stands for (null when the code was right): a wrong code
 * (counted), a locked handoff (five wrong codes) or an expired code. One wording for every path.
 */
export function handoffRefusal(which: HandoffName, outcome: CodeOutcome, handoff: Handoff): WrongCodeError | HandoffLockedError | CodeExpiredError | null {
  switch (outcome) {
    case 'verified':
      return null;
    case 'wrong_code':
      return new WrongCodeError(which, MAX_CODE_ATTEMPTS - handoff.failedAttempts);
    case 'locked':
      return new HandoffLockedError(which, MAX_CODE_ATTEMPTS);
    case 'expired':
      return new CodeExpiredError(which);
  }
}

// A code at the door: right → verified and the job moves on; wrong → counted, the fifth locks; late → expired.
function submitCode(
  job: Job,
  which: HandoffName,
  code: string,
  now: Date,
  next: (changes: Partial<Job>, note?: string | null) => Job,
  illegal: (reason?: string) => Error,
): Transition {
  const stored = handoffOf(job, which)!;
  const handoff = effectiveHandoff(stored, now);
  const at = now.toISOString();
  const withCode = (updated: Handoff) => next(withHandoff(job, which, updated));
  // Already locked or recorded as expired: refused, with nothing to write.
  if (stored.status === 'locked' || stored.status === 'expired') throw handoffRefusal(which, stored.status, stored);
  // Lapsed since it was last written: recorded as expired, then refused at the edge.
  if (handoff.status === 'expired') return { job: withCode(handoff), money: [], codeOutcome: 'expired' };
  if (handoff.status !== 'active') throw illegal(`The ${which} code is ${handoff.status}`);
  if (code !== handoff.code) {
    const failedAttempts = handoff.failedAttempts + 1;
    const locked = failedAttempts >= MAX_CODE_ATTEMPTS;
    return { job: withCode({ ...handoff, failedAttempts, status: locked ? 'locked' : 'active' }), money: [], codeOutcome: locked ? 'locked' : 'wrong_code' };
  }
  const verified: Handoff = { ...handoff, status: 'verified', verifiedAt: at };
  switch (which) {
    case 'pickup': {
      const delivery: Handoff = { ...job.verification.delivery, status: 'active', expiresAt: null };
      return { job: next({ status: 'pickup_completed', verification: { pickup: verified, delivery } }), money: [], codeOutcome: 'verified' };
    }
    case 'delivery':
      return {
        job: next({ status: 'delivered', settlement: 'captured', riderLocation: null, verification: { ...job.verification, delivery: verified } }),
        money: [capture(job.chargeMinor, 'Delivered')],
        codeOutcome: 'verified',
      };
    case 'return': {
      // Back at the pickup: the trip ends, and its reserved charge is captured (one in review stays operations' to resolve).
      const trip = job.returnTrip!;
      const captured = trip.chargeSettlement === 'reserved';
      return {
        job: next({
          riderLocation: null,
          returnTrip: { ...trip, status: 'returned', returnedAt: at, handoff: verified, chargeSettlement: captured ? 'captured' : trip.chargeSettlement },
        }),
        money: captured && trip.chargeMinor > 0 ? [capture(trip.chargeMinor, 'Returned to the pickup')] : [],
        codeOutcome: 'verified',
      };
    }
  }
}
