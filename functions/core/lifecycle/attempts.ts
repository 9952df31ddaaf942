import { DecisionDeadlinePassedError, NoDecisionPendingError } from '../errors.ts';
import { newHandoff } from '../handoff.ts';
import type { DecisionAction } from '../job.ts';
import { refuseOncePaid, refuseUnduePaymentRefusal } from './collection.ts';
import type { Transition } from './events.ts';
import type { Move, MoveDefinition } from './move.ts';
import { undeliverable } from './return-trip.ts';

// Failed delivery attempts and the merchant's decision after one: the first asks the merchant
// (reattempt or return, the default at the deadline), the last starts the return at once.

/** A job has at most two failed delivery attempts: after the second, the parcel goes back at once. */
export const MAX_DELIVERY_ATTEMPTS = 2;
/** How long the merchant has to decide after a failed attempt (sandbox jobs: a minute, so a test sees both branches quickly). */
export const DECISION_WINDOW_MS = 10 * 60 * 1000;
export const SANDBOX_DECISION_WINDOW_MS = 60 * 1000;

/** attempt_delivery (the rider at the drop): the customer could not be served. */
export const attemptDelivery: MoveDefinition<'attempt_delivery'> = {
  apply: (m) => {
    const { job, event, now } = m;
    m.requireNotRecalled();
    m.requireStatus('pickup_completed');
    if (job.pendingDecision) throw m.illegal('The job already waits for the merchant’s decision after a failed attempt');
    refuseOncePaid(m);
    refuseUnduePaymentRefusal(m);
    m.requireAtTheDrop();
    const attempts = [
      ...(job.deliveryAttempts ?? []),
      { number: (job.deliveryAttempts ?? []).length + 1, reason: event.reason, note: event.note, createdAt: m.at },
    ];
    if (attempts.length >= MAX_DELIVERY_ATTEMPTS) return undeliverable(m, attempts.length, { deliveryAttempts: attempts });
    const window = job.testMode ? SANDBOX_DECISION_WINDOW_MS : DECISION_WINDOW_MS;
    return m.done(
      m.next({
        deliveryAttempts: attempts,
        pendingDecision: { options: ['reattempt', 'return'], deadlineAt: new Date(now.getTime() + window).toISOString(), defaultAction: 'return' },
        // No code can be used while the merchant decides; a reattempt brings a fresh one.
        verification: { ...job.verification, delivery: { ...job.verification.delivery, status: 'unavailable', expiresAt: null } },
      }),
    );
  },
  mayStartReturn: (job) => !job.pendingDecision && (job.deliveryAttempts ?? []).length + 1 >= MAX_DELIVERY_ATTEMPTS,
  // A retry is the same Idempotency-Key (use-cases/fleet-move.ts): a second attempt may say what the
  // first said, so the job cannot tell a retry from a new attempt (one that lost to a recall was taken for one).
  isRetry: false,
};

// The decision made: a reattempt brings a fresh delivery code; a return starts the return.
function decided(m: Move, action: DecisionAction): Transition {
  // The decision's time is kept on its attempt: a reattempt's re-arrival deadline runs from it.
  const attempts = m.job.deliveryAttempts ?? [];
  const deliveryAttempts = attempts.map((attempt, i) => (i === attempts.length - 1 ? { ...attempt, decidedAt: m.at } : attempt));
  if (action === 'return') return undeliverable(m, attempts.length, { deliveryAttempts });
  return m.done(m.next({ pendingDecision: null, deliveryAttempts, verification: { ...m.job.verification, delivery: newHandoff('active') } }));
}

/** decide (the merchant): one of the pending decision's options. */
export const decide: MoveDefinition<'decide'> = {
  apply: (m) => {
    const pending = m.job.pendingDecision;
    if (!pending || m.job.status !== 'pickup_completed') throw new NoDecisionPendingError(m.job.status);
    // The deadline is exact: a decision after it is refused even before a worker applied the default.
    if (m.now.getTime() > Date.parse(pending.deadlineAt)) throw new DecisionDeadlinePassedError(pending.defaultAction, pending.deadlineAt);
    if (!pending.options.includes(m.event.action)) throw m.illegal(`The decision is one of ${pending.options.join(', ')}`);
    return decided(m, m.event.action);
  },
  mayStartReturn: (job, event) => !!job.pendingDecision && event.action === 'return' && job.pendingDecision.options.includes('return'),
  isRetry: false, // the merchant's move
};

/** decision_timeout (the workers, past the deadline): the pending decision's default. */
export const decisionTimeout: MoveDefinition<'decision_timeout'> = {
  apply: (m) => {
    const pending = m.job.pendingDecision;
    if (!pending || m.job.status !== 'pickup_completed') throw m.illegal('The job waits for no decision');
    if (Date.parse(pending.deadlineAt) > m.now.getTime()) throw m.illegal('The decision’s deadline has not passed');
    return decided(m, pending.defaultAction);
  },
  mayStartReturn: (job) => job.pendingDecision?.defaultAction === 'return',
  isRetry: false, // the workers' move
};
