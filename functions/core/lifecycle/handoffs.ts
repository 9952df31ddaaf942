import { CodeExpiredError, HandoffLockedError, WrongCodeError } from '../errors.ts';
import { effectiveHandoff, handoffOf, newHandoff, withHandoff, type Handoff, type HandoffName } from '../handoff.ts';
import { ENDED, isReturning } from '../job.ts';
import { refuseWhileCashDue } from './collection.ts';
import type { CodeOutcome, EventOf, Transition } from './events.ts';
import { capture } from './money.ts';
import type { Move, MoveDefinition } from './move.ts';
import { returned } from './return-trip.ts';

// The handoffs: the rider arrives at a door (the code's clock starts), gives the code (right: the
// parcel changes hands; wrong: counted, the fifth locks; late: expired), and operations reset a lock
// or re-issue an expired code.

/** How long a handoff code stays usable once the rider is at the door. */
export const CODE_TTL_MS = 30 * 60 * 1000;
/** The fifth wrong code locks the handoff until operations reset it. */
export const MAX_CODE_ATTEMPTS = 5;

const codeClock = (now: Date) => new Date(now.getTime() + CODE_TTL_MS).toISOString();

/** What each handoff needs of the job, and what its code verified does. */
const HANDOFFS: Record<HandoffName, { stage: (m: Move) => void; verified: (m: Move, verified: Handoff) => Transition }> = {
  pickup: {
    stage: (m) => m.requireStatus('booked'),
    verified: (m, pickup) => {
      const delivery: Handoff = { ...m.job.verification.delivery, status: 'active', expiresAt: null };
      return m.done(m.next({ status: 'pickup_completed', verification: { pickup, delivery } }), 'verified');
    },
  },
  delivery: {
    stage: (m) => m.requireStatus('pickup_completed'),
    verified: (m, delivery) => {
      m.addMoney(capture(m.job.chargeMinor, 'Delivered'));
      return m.done(
        m.next({ status: 'delivered', settlement: 'captured', riderLocation: null, verification: { ...m.job.verification, delivery } }),
        'verified',
      );
    },
  },
  return: { stage: (m) => m.requireReturning(), verified: returned },
};

/** arrive (a rider at the pickup, the drop, or back at the pickup): that handoff's code starts its 30 minutes. */
export const arrive: MoveDefinition<'arrive'> = {
  apply: (m) => {
    const which = m.event.handoff;
    HANDOFFS[which].stage(m);
    const handoff = handoffOf(m.job, which)!;
    if (which === 'delivery') {
      // The delivery code is active from pickup on; arriving starts its clock.
      m.requireNoDecisionPending();
      if (handoff.status !== 'active' || handoff.expiresAt !== null)
        throw m.illegal(`The delivery code is ${handoff.status === 'active' ? 'already running' : handoff.status}`);
    } else if (handoff.status !== 'pending') throw m.illegal(`The ${which} code is already ${handoff.status}`);
    return m.done(m.next(withHandoff(m.job, which, { ...handoff, status: 'active', expiresAt: codeClock(m.now) })));
  },
  mayStartReturn: false,
  isRetry: (job, event) => {
    const handoff = handoffOf(job, event.handoff);
    if (handoff?.status !== 'active') return false;
    if (event.handoff === 'pickup') return job.status === 'booked';
    if (event.handoff === 'delivery') return job.status === 'pickup_completed' && handoff.expiresAt !== null;
    return isReturning(job);
  },
};

/** submit_code (a rider at the door): the code the store (pickup, return) or the customer (delivery) gave. */
export const submitCode: MoveDefinition<'submit_code'> = {
  apply: (m) => {
    const which = m.event.handoff;
    HANDOFFS[which].stage(m);
    if (which === 'delivery') refuseWhileCashDue(m);
    const stored = handoffOf(m.job, which)!;
    const handoff = effectiveHandoff(stored, m.now);
    const withCode = (updated: Handoff, outcome: CodeOutcome) => m.done(m.next(withHandoff(m.job, which, updated)), outcome);
    // Already locked or recorded as expired: refused, with nothing to write.
    if (stored.status === 'locked' || stored.status === 'expired') throw handoffRefusal(which, stored.status, stored);
    // Lapsed since it was last written: recorded as expired, then refused at the edge.
    if (handoff.status === 'expired') return withCode(handoff, 'expired');
    if (handoff.status !== 'active') throw m.illegal(`The ${which} code is ${handoff.status}`);
    if (m.event.code !== handoff.code) {
      const failedAttempts = handoff.failedAttempts + 1;
      const locked = failedAttempts >= MAX_CODE_ATTEMPTS;
      return withCode({ ...handoff, failedAttempts, status: locked ? 'locked' : 'active' }, locked ? 'locked' : 'wrong_code');
    }
    return HANDOFFS[which].verified(m, { ...handoff, status: 'verified', verifiedAt: m.now.toISOString() });
  },
  mayStartReturn: false,
  // The right code again (a wrong one is never a retry: each try counts).
  isRetry: (job, event) => {
    const handoff = handoffOf(job, event.handoff);
    return handoff?.status === 'verified' && event.code === handoff.code;
  },
};

// Operations give a stuck handoff a fresh code, active for 30 minutes, while it can still happen.
function freshCode(m: Move<EventOf<'reset_lock' | 'reissue_code'>>, stuck: 'locked' | 'expired'): Transition {
  const which = m.event.handoff;
  const handoff = handoffOf(m.job, which);
  const live = which === 'return' ? isReturning(m.job) : !ENDED.has(m.job.status);
  if (handoff === null || effectiveHandoff(handoff, m.now).status !== stuck || !live) throw m.illegal(`The ${which} code is not ${stuck}`);
  return m.done(m.next(withHandoff(m.job, which, newHandoff('active', codeClock(m.now)))));
}

/** reset_lock (operations): a locked handoff gets a fresh code. */
export const resetLock: MoveDefinition<'reset_lock'> = { apply: (m) => freshCode(m, 'locked'), mayStartReturn: false, isRetry: false };
/** reissue_code (operations): an expired code is replaced. */
export const reissueCode: MoveDefinition<'reissue_code'> = { apply: (m) => freshCode(m, 'expired'), mayStartReturn: false, isRetry: false };

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
