import { randomUUID } from 'node:crypto';
import {
  AppError,
  CodeExpiredError,
  HandoffLockedError,
  JobNotEditableError,
  NotCancellableError,
  ParcelReturnRequiredError,
  WrongCodeError,
} from './errors.ts';
import {
  ASSIGNED,
  BEFORE_PICKUP,
  changedFields,
  declinedBy,
  ENDED,
  isEditable,
  verificationCode,
  type EditableField,
  type Handoff,
  type Job,
  type JobEdit,
  type JobStatus,
  type Settlement,
} from './job.ts';

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
 *   cancel (merchant): created … booked → cancelled (released); pickup_completed → 409; ended → 400
 *   edit (merchant): keeps the status; pickup fields until pickup, drop fields until the job ends, else 409
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
  | { type: 'reset_lock'; handoff: 'pickup' | 'delivery' }
  | { type: 'reissue_code'; handoff: 'pickup' | 'delivery' }
  | { type: 'resolve'; outcome: 'capture' | 'release' };

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

/** A change of money a transition causes: one ledger entry, applied with the job in one transaction. */
export interface Money {
  type: 'release' | 'capture';
  balanceDeltaMinor: number;
  reservedDeltaMinor: number;
  note: string;
}

/** What became of a code that was submitted (the new state is stored whatever the outcome). */
export type CodeOutcome = 'verified' | 'wrong_code' | 'locked' | 'expired';

export interface Transition {
  /** The job after the move; the very job given when the move changes nothing (then nothing is written). */
  job: Job;
  money?: Money;
  codeOutcome?: CodeOutcome;
}

/** A move the lifecycle does not allow from the job's current state (409 at the edge). */
export class IllegalTransitionError extends AppError {
  constructor(job: Job, event: LifecycleEventType, reason?: string) {
    super('invalid_transition', reason ?? `A ${job.status} job cannot take "${event}"`);
    this.name = 'IllegalTransitionError';
  }
}

// Money of a settlement change: releasing or capturing the job's reservation.
const release = (job: Job, note: string): Money => ({ type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -job.chargeMinor, note });
// Ending before pickup gives back what is still held; a job holding nothing moves no money.
const releaseHeld = (job: Job, note: string): { settlement: Settlement | null; money?: Money } =>
  job.settlement === 'reserved' ? { settlement: 'released', money: release(job, note) } : { settlement: job.settlement };
const capture = (job: Job, note: string): Money => ({ type: 'capture', balanceDeltaMinor: -job.chargeMinor, reservedDeltaMinor: -job.chargeMinor, note });

// A handoff that can no longer happen; a verified one stays verified.
const endHandoff = (handoff: Handoff): Handoff => (handoff.status === 'verified' ? handoff : { ...handoff, status: 'unavailable', expiresAt: null });

/** The handoff's state as of `now`: an active code past its expiry is expired. */
export function effectiveHandoff(handoff: Handoff, now: Date): Handoff {
  const lapsed = handoff.status === 'active' && handoff.expiresAt !== null && Date.parse(handoff.expiresAt) <= now.getTime();
  return lapsed ? { ...handoff, status: 'expired' } : handoff;
}

/**
 * The job after `event` by `actor` at `now`, with the money it moves; throws IllegalTransitionError
 * for a move the lifecycle does not allow. Status changes append an event; every change bumps the version.
 */
export function transition(job: Job, event: LifecycleEvent, actor: string, now: Date): Transition {
  // A change is recorded no earlier than the job's last one, so its history stays in time order even
  // when the writer's clock reads earlier (a worker tick reads its clock once, before its worklist;
  // another container's clock may lag a little). Decisions (a code's expiry) still use `now`.
  const at = new Date(Math.max(now.getTime(), Date.parse(job.updatedAt))).toISOString();
  const illegal = (reason?: string) => new IllegalTransitionError(job, event.type, reason);
  const next = (changes: Partial<Job>, note: string | null = null): Job => {
    const moved = changes.status !== undefined && changes.status !== job.status;
    return {
      ...job,
      ...changes,
      version: job.version + 1,
      updatedAt: at,
      events: moved ? [...job.events, { id: randomUUID(), status: changes.status!, actor, note, createdAt: at }] : job.events,
    };
  };
  const ended = (status: 'failed' | 'cancelled' | 'delivered', settlement: Settlement | null, note: string | null): Job =>
    next(
      {
        status,
        settlement,
        riderLocation: null,
        verification:
          status === 'delivered' ? job.verification : { pickup: endHandoff(job.verification.pickup), delivery: endHandoff(job.verification.delivery) },
      },
      note,
    );
  const requireStatus = (...allowed: JobStatus[]) => {
    if (!allowed.includes(job.status)) throw illegal();
  };

  switch (event.type) {
    case 'dispatch':
      requireStatus('created');
      return { job: next({ status: 'queued' }) };

    case 'dispatch_timeout': {
      requireStatus('queued');
      const note = 'No rider accepted the job in time';
      const { settlement, money } = releaseHeld(job, note);
      return { job: ended('failed', settlement, note), money };
    }

    case 'accept':
      requireStatus('queued');
      if (declinedBy(job).includes(event.agentId)) throw illegal('You declined this job; it is offered to other riders');
      return { job: next({ status: 'picked_by_agent', agentId: event.agentId }) };

    case 'start_confirmation':
      requireStatus('picked_by_agent');
      return { job: next({ status: 'booking_in_progress' }) };

    case 'confirm':
      requireStatus('booking_in_progress');
      return { job: next({ status: 'booked' }) };

    case 'decline': {
      // The dispatcher (`system`) declines for a rider whose acceptance went unconfirmed too long, or
      // who confirmed and has not reached the pickup in time; a rider who confirmed fails the job instead.
      const noShow = actor === 'system' && job.status === 'booked';
      if (noShow && job.verification.pickup.status !== 'pending') throw illegal('The rider is at the pickup');
      if (!noShow) requireStatus('picked_by_agent', 'booking_in_progress');
      const rider = job.agentId ?? 'the rider';
      const why = noShow ? `Not at the pickup in time: ${rider}` : actor === 'system' ? `Not confirmed in time by ${rider}` : `Declined by ${rider}`;
      return { job: next({ status: 'queued', agentId: null, riderLocation: null }, why) };
    }

    case 'report_location':
      if (!ASSIGNED.has(job.status)) throw illegal('A rider location is taken only while a rider is assigned');
      return { job: next({ riderLocation: { latitude: event.latitude, longitude: event.longitude, accuracy: event.accuracy, recordedAt: at } }) };

    case 'arrive_pickup': {
      requireStatus('booked');
      const pickup = job.verification.pickup;
      if (pickup.status !== 'pending') throw illegal(`The pickup code is already ${pickup.status}`);
      return {
        job: next({
          verification: { ...job.verification, pickup: { ...pickup, status: 'active', expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString() } },
        }),
      };
    }

    case 'submit_pickup_code':
      requireStatus('booked');
      return submitCode(job, 'pickup', event.code, now, next, illegal);

    case 'arrive_drop': {
      requireStatus('pickup_completed');
      const delivery = job.verification.delivery;
      if (delivery.status !== 'active' || delivery.expiresAt !== null)
        throw illegal(`The delivery code is ${delivery.status === 'active' ? 'already running' : delivery.status}`);
      return {
        job: next({ verification: { ...job.verification, delivery: { ...delivery, expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString() } } }),
      };
    }

    case 'submit_delivery_code':
      requireStatus('pickup_completed');
      return submitCode(job, 'delivery', event.code, now, next, illegal);

    case 'fail': {
      if (BEFORE_PICKUP.has(job.status)) {
        const { settlement, money } = releaseHeld(job, event.note);
        return { job: ended('failed', settlement, event.note), money };
      }
      if (job.status === 'pickup_completed') return { job: ended('failed', 'review', event.note) };
      throw illegal();
    }

    case 'cancel': {
      if (job.status === 'pickup_completed') throw new ParcelReturnRequiredError();
      if (!BEFORE_PICKUP.has(job.status)) throw new NotCancellableError(job.status);
      const { settlement, money } = releaseHeld(job, 'Cancelled by the merchant');
      return { job: ended('cancelled', settlement, null), money };
    }

    case 'edit': {
      const fields = Object.keys(event.changes) as EditableField[];
      const refused = fields.filter((field) => !isEditable(field, job.status));
      if (refused.length > 0) throw new JobNotEditableError(refused, job.status);
      // An edit that changes nothing is no change: nothing is written, the version (and ETag) stays.
      if (changedFields(job, { ...job, ...event.changes }).length === 0) return { job };
      return { job: next(event.changes) };
    }

    case 'reset_lock':
    case 'reissue_code': {
      const handoff = job.verification[event.handoff];
      const wanted = event.type === 'reset_lock' ? 'locked' : 'expired';
      if (effectiveHandoff(handoff, now).status !== wanted || ENDED.has(job.status)) throw illegal(`The ${event.handoff} code is not ${wanted}`);
      const fresh: Handoff = {
        code: verificationCode(),
        status: 'active',
        expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        verifiedAt: null,
        failedAttempts: 0,
      };
      return { job: next({ verification: { ...job.verification, [event.handoff]: fresh } }) };
    }

    case 'resolve': {
      requireStatus('failed');
      if (job.settlement !== 'review') throw illegal('Only a job in settlement review can be resolved');
      const note = `Review resolved: ${event.outcome}`;
      return event.outcome === 'capture'
        ? { job: next({ settlement: 'captured' }), money: capture(job, note) }
        : { job: next({ settlement: 'released' }), money: release(job, note) };
    }
  }
}

/**
 * The refusal a code submission's outcome stands for (null when the code was right): a wrong code
 * (counted), a locked handoff (five wrong codes) or an expired code. One wording for every path.
 */
export function handoffRefusal(
  which: 'pickup' | 'delivery',
  outcome: CodeOutcome,
  handoff: Handoff,
): WrongCodeError | HandoffLockedError | CodeExpiredError | null {
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
  which: 'pickup' | 'delivery',
  code: string,
  now: Date,
  next: (changes: Partial<Job>, note?: string | null) => Job,
  illegal: (reason?: string) => Error,
): Transition {
  const stored = job.verification[which];
  const handoff = effectiveHandoff(stored, now);
  const at = now.toISOString();
  const withHandoff = (updated: Handoff) => next({ verification: { ...job.verification, [which]: updated } });
  // Already locked or recorded as expired: refused, with nothing to write.
  if (stored.status === 'locked' || stored.status === 'expired') throw handoffRefusal(which, stored.status, stored);
  // Lapsed since it was last written: recorded as expired, then refused at the edge.
  if (handoff.status === 'expired') return { job: withHandoff(handoff), codeOutcome: 'expired' };
  if (handoff.status !== 'active') throw illegal(`The ${which} code is ${handoff.status}`);
  if (code !== handoff.code) {
    const failedAttempts = handoff.failedAttempts + 1;
    const locked = failedAttempts >= MAX_CODE_ATTEMPTS;
    return { job: withHandoff({ ...handoff, failedAttempts, status: locked ? 'locked' : 'active' }), codeOutcome: locked ? 'locked' : 'wrong_code' };
  }
  const verified: Handoff = { ...handoff, status: 'verified', verifiedAt: at };
  if (which === 'pickup') {
    const delivery: Handoff = { ...job.verification.delivery, status: 'active', expiresAt: null };
    return { job: next({ status: 'pickup_completed', verification: { pickup: verified, delivery } }), codeOutcome: 'verified' };
  }
  return {
    job: next({ status: 'delivered', settlement: 'captured', riderLocation: null, verification: { ...job.verification, delivery: verified } }),
    money: capture(job, 'Delivered'),
    codeOutcome: 'verified',
  };
}
