/**
 * Operations' review queue: which jobs wait for a person, why, since when and what the store would owe.
 * One pure function of the job decides it, so the queue's index item (data/review-queue.repository.ts),
 * written in each job save's own transaction, can never say something the job does not.
 */
import type { Job } from './job.ts';
import { chargeOwed } from './lifecycle/money.ts';

/** Why a job waits for operations. */
export type ReviewReason = 'settlement' | 'return_charge' | 'return_overdue' | 'rearrival_overdue';

/** A job's place in the queue: why, since when (ISO), and what the store would owe if operations captured. */
export interface ReviewEntry {
  reason: ReviewReason;
  since: string;
  owesMinor: number;
}

/**
 * The job's review, or null when it waits for nobody. One reason a job: an overdue parcel or rider
 * first (a parcel may be missing), then the job's settlement, then its return charge; resolving one
 * shows the next.
 */
export function reviewOf(job: Job): ReviewEntry | null {
  const trip = job.returnTrip ?? null;
  if (job.overdue) {
    const reason = job.overdue.kind === 'return_trip' ? 'return_overdue' : 'rearrival_overdue';
    // On the way back the store owes the return charge; waiting for re-arrival, the job's own.
    return { reason, since: job.overdue.since, owesMinor: reason === 'return_overdue' ? (trip?.chargeMinor ?? 0) : chargeOwed(job) };
  }
  if (job.settlement === 'review') return { reason: 'settlement', since: endedAt(job), owesMinor: chargeOwed(job) };
  if (trip?.chargeSettlement === 'review') {
    // In review from the start (the credit did not cover it), or since the trip failed (a reserved charge released into review).
    const since = trip.status === 'failed' ? failedAt(job, trip.startedAt) : trip.startedAt;
    return { reason: 'return_charge', since, owesMinor: trip.chargeMinor };
  }
  return null;
}

// When the job ended in its status (its first entry of that status): the moment a failed job went to review.
function endedAt(job: Job): string {
  return job.events.find((event) => event.status === job.status)?.createdAt ?? job.updatedAt;
}

// When the return trip failed: the first history entry after the return started (the failure adds one, with its note).
function failedAt(job: Job, startedAt: string): string {
  return job.events.find((event) => event.createdAt > startedAt)?.createdAt ?? job.updatedAt;
}
