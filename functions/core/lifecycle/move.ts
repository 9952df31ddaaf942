import { randomUUID } from 'node:crypto';
import { endHandoff } from '../handoff.ts';
import { isReturning, type Job, type JobStatus, type Settlement } from '../job.ts';
import { lapsedCollection } from './collection.ts';
import {
  IllegalTransitionError,
  type CodeOutcome,
  type EventOf,
  type LifecycleEvent,
  type LifecycleEventType,
  type Money,
  type StoreCredit,
  type Transition,
} from './events.ts';

/**
 * One move in the making: the job as it was, the event, who sends it and when, the money entries
 * being built, and the rules every sub-state shares (a refusal, the next version of the job, a job
 * that ends, the stages a move needs). Each sub-state module decides with it; `transition` makes one
 * per call.
 */
export class Move<E extends LifecycleEvent = LifecycleEvent> {
  readonly job: Job;
  readonly event: E;
  readonly actor: string;
  /** The clock decisions use (a code's expiry, a deadline). */
  readonly now: Date;
  /**
   * When the change is recorded: no earlier than the job's last one, so its history stays in time
   * order even when the writer's clock reads earlier (a worker tick reads its clock once, before its
   * worklist; another container's clock may lag a little).
   */
  readonly at: string;
  /** The store's credit, read before deciding a move that may start a return (`mayStartReturn`). */
  readonly credit: StoreCredit | undefined;
  /** The money the move moves, one ledger entry each, in order. */
  readonly money: Money[] = [];

  constructor(job: Job, event: E, actor: string, now: Date, credit?: StoreCredit) {
    this.job = job;
    this.event = event;
    this.actor = actor;
    this.now = now;
    this.at = new Date(Math.max(now.getTime(), Date.parse(job.updatedAt))).toISOString();
    this.credit = credit;
  }

  /** The refusal of this move (409 invalid_transition), with the reason or the general wording. */
  illegal(reason?: string): IllegalTransitionError {
    return new IllegalTransitionError(this.job, this.event, reason);
  }

  /** Refuses the move unless the job is in one of these statuses. */
  requireStatus(...allowed: JobStatus[]): void {
    if (!allowed.includes(this.job.status)) throw this.illegal();
  }

  /** Refuses the move unless the parcel is on its way back to the pickup. */
  requireReturning(): void {
    if (!isReturning(this.job)) throw this.illegal(this.job.returnTrip ? 'The parcel is already back at the pickup' : 'The job has no return trip');
  }

  /** Refuses a rider's move at the drop once the merchant recalled the parcel, saying so and where to take it instead. */
  requireNotRecalled(): void {
    if (this.job.returnTrip?.reason === 'recalled')
      throw this.illegal('The merchant recalled the parcel: take it back to the pickup (POST /fleet/v1/jobs/{id}/handoffs/return/arrive)');
  }

  /** Refuses the move while the merchant's decision after a failed attempt is pending. */
  requireNoDecisionPending(): void {
    if (this.job.pendingDecision) throw this.illegal('The job waits for the merchant’s decision after the failed attempt');
  }

  /** Refuses the move unless the rider is at the drop: the delivery code's clock runs there, or it expired or locked there. */
  requireAtTheDrop(): void {
    const delivery = this.job.verification.delivery;
    const there = delivery.status !== 'verified' && (delivery.expiresAt !== null || delivery.status === 'locked' || delivery.status === 'expired');
    if (!there) throw this.illegal('Arrive at the drop first (POST /fleet/v1/jobs/{id}/handoffs/delivery/arrive)');
  }

  /** Adds ledger entries to the move, in order. */
  addMoney(...entries: Money[]): void {
    this.money.push(...entries);
  }

  /**
   * The job with `changes`, its version bumped. A change that names a status appends a history entry
   * with it (every status change does; a return trip that fails names the job's own status, so its
   * note joins the history).
   */
  next(changes: Partial<Job>, note: string | null = null): Job {
    const { job, at, actor } = this;
    return {
      ...job,
      ...changes,
      version: job.version + 1,
      updatedAt: at,
      events: changes.status !== undefined ? [...job.events, { id: randomUUID(), status: changes.status, actor, note, createdAt: at }] : job.events,
    };
  }

  /**
   * The job ending undelivered in `status`: the rider lets go of it, its open handoffs can no longer
   * happen and a payment still due lapses (the caller releases the collection fee if it is still held).
   */
  ended(status: 'failed' | 'cancelled', settlement: Settlement | null, note: string | null, changes: Partial<Job> = {}): Job {
    const { verification } = this.job;
    const handoffs = { pickup: endHandoff(verification.pickup), delivery: endHandoff(verification.delivery) };
    return this.next({ status, settlement, riderLocation: null, verification: handoffs, ...lapsedCollection(this.job), ...changes }, note);
  }

  /** The move's result: the job after it, with the money built. */
  done(job: Job, codeOutcome?: CodeOutcome): Transition {
    return codeOutcome === undefined ? { job, money: this.money } : { job, money: this.money, codeOutcome };
  }

  /** The move that changes nothing: the very job given, so nothing is written. */
  unchanged(): Transition {
    return { job: this.job, money: [] };
  }
}

/**
 * Everything the lifecycle knows of one event type, declared in the module of the sub-state it
 * moves. Every member is required, so an event added to `LifecycleEvent` does not compile until it
 * says how it moves a job, whether it may start a return, and what a rider's retry of it looks like.
 */
export interface MoveDefinition<T extends LifecycleEventType> {
  /** The job after the event, with the money it moves; throws the refusal of a move not allowed. */
  apply: (move: Move<EventOf<T>>) => Transition;
  /**
   * Whether the event may start a return on this `pickup_completed` job (`transition` then needs the
   * store's credit: one read more); false: it never does.
   */
  mayStartReturn: false | ((job: Job, event: EventOf<T>) => boolean);
  /**
   * Whether the job already shows this event made by this rider (who holds the job): the app's retry
   * of a request whose answer was lost, answered 200 with the job instead of a 409. False: a retry is
   * refused like any move (no rider sends the event, or each one counts, as a wrong code or a decline).
   */
  isRetry: false | ((job: Job, event: EventOf<T>, rider: RiderRef) => boolean);
}

/** The rider a retry is checked for: their agent id and the actor their moves are recorded with. */
export interface RiderRef {
  agentId: string;
  actor: string;
}
