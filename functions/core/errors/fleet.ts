/** The rider's side: how many jobs a rider holds, and the codes at the handoffs. */
import { AppError } from './base.ts';

const MOVE_WORDS: Record<string, string> = { attempt_delivery: 'a delivery attempt', collect: 'a payment' };

/**
 * An Idempotency-Key a rider's move already used on this job with another body (409
 * idempotency_conflict). `recordedFingerprint`, when known, is what the key recorded: the write that
 * met the key tells the use case, which answers a retry of the very same move instead.
 */
export class MoveKeyConflictError extends AppError {
  readonly recordedFingerprint: string | undefined;

  constructor(move: string, recordedFingerprint?: string) {
    super(
      'idempotency_conflict',
      `This Idempotency-Key already recorded another move on this job (${MOVE_WORDS[move] ?? move}); use a new key for a new move`,
      {
        details: { move },
      },
    );
    this.name = 'MoveKeyConflictError';
    this.recordedFingerprint = recordedFingerprint;
  }
}

/** A rider who already holds as many live jobs as a rider may hold tried to accept another. */
export class RiderAtCapacityError extends AppError {
  constructor(maxHeldJobs: number) {
    super('rider_at_capacity', `You already hold ${maxHeldJobs} jobs; deliver or decline one before accepting another`);
    this.name = 'RiderAtCapacityError';
  }
}

type Handoff = 'pickup' | 'delivery' | 'return';

/** A wrong code at the door (the attempt is counted). */
export class WrongCodeError extends AppError {
  constructor(which: Handoff, triesLeft: number) {
    super('wrong_code', `Wrong ${which} code; ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before the handoff locks`);
    this.name = 'WrongCodeError';
  }
}

export class HandoffLockedError extends AppError {
  constructor(which: Handoff, maxAttempts: number) {
    super('handoff_locked', `The ${which} handoff is locked after ${maxAttempts} wrong codes; fleet operations must reset it`);
    this.name = 'HandoffLockedError';
  }
}

export class CodeExpiredError extends AppError {
  constructor(which: Handoff) {
    super('code_expired', `The ${which} code has expired; fleet operations can re-issue it`);
    this.name = 'CodeExpiredError';
  }
}
