import { AppError } from '../errors.ts';
import type { DecisionAction, DeliveryAttemptReason, HandoffName, Job, JobEdit, PaymentMethod } from '../job.ts';

/** Every move a job can be asked to make, by whoever asks (docs/lifecycle.md: who sends which). */
export type LifecycleEvent =
  | { type: 'dispatch' }
  | { type: 'dispatch_timeout' }
  | { type: 'accept'; agentId: string }
  | { type: 'start_confirmation' }
  | { type: 'confirm' }
  | { type: 'decline' }
  | { type: 'report_location'; latitude: number; longitude: number; accuracy: number | null }
  | { type: 'arrive'; handoff: HandoffName }
  | { type: 'submit_code'; handoff: HandoffName; code: string }
  | { type: 'fail'; note: string }
  | { type: 'cancel' }
  | { type: 'edit'; changes: JobEdit }
  | { type: 'reset_lock'; handoff: HandoffName }
  | { type: 'reissue_code'; handoff: HandoffName }
  | { type: 'resolve'; outcome: 'capture' | 'release'; note?: string | null; operator?: string | null }
  | { type: 'attempt_delivery'; reason: DeliveryAttemptReason; note: string | null }
  | { type: 'decide'; action: DecisionAction }
  | { type: 'decision_timeout' }
  | { type: 'recall' }
  | { type: 'resolve_return'; outcome: 'capture' | 'release'; note?: string | null; operator?: string | null }
  | { type: 'collect'; method: PaymentMethod; amountMinor: number; reference: string | null }
  | { type: 'remit'; remittanceId: string }
  | { type: 'mark_overdue'; kind: 'return_trip' | 'rearrival' }
  | { type: 'resolve_overdue'; outcome: 'returned' | 'lost'; note: string };

export type LifecycleEventType = LifecycleEvent['type'];
/** The event of one type, e.g. `EventOf<'collect'>`. */
export type EventOf<T extends LifecycleEventType> = Extract<LifecycleEvent, { type: T }>;

const ARRIVALS = { pickup: 'arrive_pickup', delivery: 'arrive_drop', return: 'arrive_return' } as const;
const SUBMISSIONS = { pickup: 'submit_pickup_code', delivery: 'submit_delivery_code', return: 'submit_return_code' } as const;

/**
 * A move's public name, as refusals (409 "A booked job cannot take …") and docs/lifecycle.md show
 * it: the event's type, except that a handoff's arrival and code are named by their handoff, as they
 * were before one event served the three handoffs.
 */
export type MoveName = Exclude<LifecycleEventType, 'arrive' | 'submit_code'> | (typeof ARRIVALS)[HandoffName] | (typeof SUBMISSIONS)[HandoffName];

/** The public name of the move `event` asks for. */
export function moveName(event: LifecycleEvent): MoveName {
  if (event.type === 'arrive') return ARRIVALS[event.handoff];
  if (event.type === 'submit_code') return SUBMISSIONS[event.handoff];
  return event.type;
}

// The moves the platform makes (dispatch, timeouts, remittances, overdue marks) and operations' CLI (which has its own words): no API client is refused one.
const PLATFORM_MOVES = new Set<LifecycleEventType>([
  'dispatch',
  'dispatch_timeout',
  'decision_timeout',
  'remit',
  'resolve',
  'resolve_return',
  'mark_overdue',
  'resolve_overdue',
]);
// The merchant's moves; every other move a client sends is the fleet's.
const MERCHANT_MOVES = new Set<LifecycleEventType>(['cancel', 'decide', 'recall']);
// A move's path after …/jobs/{id}/ where it is not the move's own name (with hyphens).
const CALL_NAMES: Partial<Record<LifecycleEventType, string>> = {
  decide: 'decision',
  recall: 'return',
  report_location: 'location',
  attempt_delivery: 'delivery-attempts',
  collect: 'collection',
  arrive: 'arrive',
  submit_code: 'code',
};

/**
 * The public call of the move `event` asks for, as a refusal names it: a client sends calls, not moves, so a
 * 409 names the call it refused (`POST /v1/jobs/{id}/return`, never the internal "recall"). Null for a move
 * no API client sends.
 */
export function publicCall(event: LifecycleEvent): string | null {
  const { type } = event;
  if (PLATFORM_MOVES.has(type)) return null;
  if (type === 'edit') return 'PATCH /v1/jobs/{id}';
  const name = CALL_NAMES[type] ?? type.replace('_', '-');
  const path = 'handoff' in event ? `handoffs/${event.handoff}/${name}` : name;
  return `POST ${MERCHANT_MOVES.has(type) ? '' : '/fleet'}/v1/jobs/{id}/${path}`;
}

/** A change of money a transition causes: one ledger entry, applied with the job in one transaction. */
export interface Money {
  type: 'reserve' | 'release' | 'capture';
  balanceDeltaMinor: number;
  reservedDeltaMinor: number;
  note: string;
  /** Who decided it, when operations did (kept on the statement line, not shown to the merchant). */
  operator?: string | null;
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

/** A move the lifecycle does not allow from the job's current state (409 at the edge). */
export class IllegalTransitionError extends AppError {
  constructor(job: Pick<Job, 'status'>, event: LifecycleEvent | MoveName, reason?: string) {
    const asked = typeof event === 'string' ? ({ type: event } as LifecycleEvent) : event;
    super('invalid_transition', reason ?? `A ${job.status} job cannot take ${publicCall(asked) ?? `"${moveName(asked)}"`}`);
    this.name = 'IllegalTransitionError';
  }
}
