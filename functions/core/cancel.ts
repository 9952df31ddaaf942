import { randomUUID } from 'node:crypto';
import { ConflictError } from './errors.ts';
import { CANCELLABLE, type Handoff, type Job } from './job.ts';

/** A cancelled job and the reservation it gives back. */
export interface Cancellation {
  job: Job;
  releaseMinor: number;
}

// A handoff that did not happen can no longer happen; a verified one stays verified.
function endHandoff(handoff: Handoff): Handoff {
  return handoff.status === 'verified' ? handoff : { ...handoff, status: 'unavailable', expiresAt: null };
}

/**
 * The merchant's cancellation (DESIGN.md): allowed up to `booked`; after pickup the parcel must be
 * returned first (409 parcel_return_required); finished jobs are not cancellable (400).
 */
export function cancelByMerchant(job: Job, now: Date): Cancellation {
  if (job.status === 'pickup_completed') {
    throw new ConflictError('parcel_return_required', 'The parcel has been picked up; it must be returned before the job can end');
  }
  if (!CANCELLABLE.has(job.status)) {
    throw new ConflictError('not_cancellable', `A ${job.status} job cannot be cancelled`);
  }
  const at = now.toISOString();
  const releaseMinor = job.settlement === 'reserved' ? job.chargeMinor : 0;
  return {
    releaseMinor,
    job: {
      ...job,
      status: 'cancelled',
      settlement: job.settlement === 'reserved' ? 'released' : job.settlement,
      version: job.version + 1,
      updatedAt: at,
      events: [...job.events, { id: randomUUID(), status: 'cancelled', actor: 'merchant', note: null, createdAt: at }],
      verification: { pickup: endHandoff(job.verification.pickup), delivery: endHandoff(job.verification.delivery) },
    },
  };
}
