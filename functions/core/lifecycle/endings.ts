import { NotCancellableError, ParcelReturnRequiredError } from '../errors.ts';
import { BEFORE_PICKUP, isReturning } from '../job.ts';
import { releaseLapsedFee } from './collection.ts';
import type { Transition } from './events.ts';
import { releaseHeld } from './money.ts';
import type { Move, MoveDefinition } from './move.ts';
import { returnFailed } from './return-trip.ts';

// A job that ends undelivered without a return: no rider in time, a failure, a cancellation.

// Ending before pickup: `status`, and what is still held goes back (`ledgerNote` on its entry).
function endBeforePickup(m: Move, status: 'failed' | 'cancelled', ledgerNote: string, historyNote: string | null): Transition {
  const { settlement, money } = releaseHeld(m.job, ledgerNote);
  m.addMoney(...money);
  return m.done(m.ended(status, settlement, historyNote));
}

/** dispatch_timeout (the dispatcher): no rider accepted the job in time. */
export const dispatchTimeout: MoveDefinition<'dispatch_timeout'> = {
  apply: (m) => {
    m.requireStatus('queued');
    const note = 'No rider accepted the job in time';
    return endBeforePickup(m, 'failed', note, note);
  },
  mayStartReturn: false,
  isRetry: false, // the dispatcher's move
};

/**
 * fail (a rider or operations): before pickup the job fails and its charge is released; after pickup
 * (a damaged or lost parcel) it fails into operations' review; a returning parcel's trip fails.
 */
export const fail: MoveDefinition<'fail'> = {
  apply: (m) => {
    const { job, event } = m;
    if (isReturning(job)) return returnFailed(m, event.note);
    if (BEFORE_PICKUP.has(job.status)) return endBeforePickup(m, 'failed', event.note, event.note);
    if (job.status !== 'pickup_completed') throw m.illegal();
    // Operations review the ride's charge; a collection fee for a payment never taken is not theirs to decide.
    releaseLapsedFee(m);
    return m.done(m.ended('failed', 'review', event.note, { pendingDecision: null }));
  },
  mayStartReturn: false,
  // The job's last change is this very fail: the rider's, with its note (not their second attempt, nor
  // a fail with another note): the job failed, or its return trip did (a recalled parcel's job stays cancelled).
  isRetry: (job, event, rider) => {
    const last = job.events.at(-1);
    const failed = job.status === 'failed' || job.returnTrip?.status === 'failed';
    return failed && last?.status === job.status && last.actor === rider.actor && last.note === event.note;
  },
};

/** cancel (the merchant): before pickup only; after it, a return is the call. */
export const cancel: MoveDefinition<'cancel'> = {
  apply: (m) => {
    if (m.job.status === 'pickup_completed') throw new ParcelReturnRequiredError(m.job.id);
    if (!BEFORE_PICKUP.has(m.job.status)) throw new NotCancellableError(m.job.status);
    return endBeforePickup(m, 'cancelled', 'Cancelled by the merchant', null);
  },
  mayStartReturn: false,
  isRetry: false, // the merchant's move
};
