/** The rider's side: how many jobs a rider holds, and the codes at the handoffs. */
import { AppError } from './base.ts';

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
