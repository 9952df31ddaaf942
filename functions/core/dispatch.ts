import { acceptedAt, firstQueuedAt, type Job, type JobStatus } from './job.ts';
import { overdueWait, overdueWaitStartedAt, type LifecycleEvent, type OverdueKind } from './lifecycle.ts';

// When the job was last confirmed by its rider.
const confirmedAt = (job: Job): string => job.events.findLast((event) => event.status === 'booked')?.createdAt ?? job.updatedAt;

/** Jobs dispatch still looks after: not yet offered, offered, or accepted but not yet confirmed (a decline puts them back on offer). */
export const DISPATCH_PHASE: ReadonlySet<JobStatus> = new Set(['created', 'queued', 'picked_by_agent', 'booking_in_progress']);

/**
 * Dispatch's clocks: how long a job may wait for a rider, how long a rider has to confirm an
 * acceptance, how long a rider who confirmed has to reach the pickup, and how long a parcel's way
 * back and a rider's re-arrival at the drop after a reattempt may take before operations review them.
 */
export interface DispatchClock {
  timeoutMs: number;
  confirmMs: number;
  arriveMs: number;
  returnTripMs: number;
  rearrivalMs: number;
}

/**
 * Whether dispatch still looks after the job (it has a dispatch worklist item): live, and in its
 * phase, confirmed but not yet at the pickup, or waiting for the merchant's decision after a failed
 * attempt (dispatch applies the default at the deadline), or in a wait with a deadline not yet passed
 * (a parcel's way back, a rider's re-arrival: dispatch marks the job overdue at it).
 */
export function dispatchLooksAfter(job: Job): boolean {
  return !job.testMode && (DISPATCH_PHASE.has(job.status) || awaitingArrival(job) || awaitingDecision(job) || awaitingOverdue(job) !== null);
}

// The wait whose deadline dispatch keeps, unless the job is already overdue (operations have it then).
const awaitingOverdue = (job: Job): OverdueKind | null => (job.overdue ? null : overdueWait(job));

// Confirmed, and the rider has not yet said they are at the pickup (its code is still pending).
const awaitingArrival = (job: Job) => job.status === 'booked' && job.verification.pickup.status === 'pending';

// Picked up, and the merchant has a decision to make after a failed delivery attempt.
const awaitingDecision = (job: Job) => job.status === 'pickup_completed' && job.pendingDecision != null;

/**
 * When dispatch next has something to do for a job, or null when it has nothing more to do (the job
 * left dispatch, or it is a sandbox job, which the simulator moves): a booked job at once; a queued
 * job when it has waited `timeoutMs` since first queued; an accepted job when its rider has had
 * `confirmMs` to confirm; a confirmed job when its rider has had `arriveMs` to reach the pickup; a
 * job waiting for the merchant's decision at the decision's deadline; a parcel on its way back
 * `returnTripMs` after the return started, a rider sent back to the drop `rearrivalMs` after the
 * reattempt was decided. The dispatch worklist is ordered by this, so a tick reads only what is due.
 */
export function dispatchDueAt(job: Job, clock: DispatchClock): string | null {
  if (!dispatchLooksAfter(job)) return null;
  if (awaitingDecision(job)) return job.pendingDecision!.deadlineAt;
  const overdue = awaitingOverdue(job);
  if (overdue !== null) return later(overdueWaitStartedAt(job, overdue), overdue === 'return_trip' ? clock.returnTripMs : clock.rearrivalMs);
  if (job.status === 'created') return job.createdAt;
  if (job.status === 'queued') return later(searchStartedAt(job), clock.timeoutMs);
  if (job.status === 'booked') return later(confirmedAt(job), clock.arriveMs);
  const accepted = acceptedAt(job);
  return accepted === null ? null : later(accepted, clock.confirmMs);
}

/**
 * What dispatch does to a job at `now`, or null if nothing is due: offer it; fail it once it has
 * waited too long since its search for a rider began; put it back on offer when its rider has not confirmed in time,
 * or has not reached the pickup in time (the rider may not take it back); apply the default of a
 * decision the merchant did not make by its deadline; mark a job overdue whose way back or re-arrival
 * passed its deadline.
 */
export function dispatchEvent(job: Job, now: Date, clock: DispatchClock): LifecycleEvent | null {
  const due = dispatchDueAt(job, clock);
  if (due === null || Date.parse(due) > now.getTime()) return null;
  if (awaitingDecision(job)) return { type: 'decision_timeout' };
  const overdue = awaitingOverdue(job);
  if (overdue !== null) return { type: 'mark_overdue', kind: overdue };
  if (job.status === 'created') return { type: 'dispatch' };
  if (job.status === 'queued') return { type: 'dispatch_timeout' };
  return { type: 'decline' };
}

/**
 * When the job's current search for a rider began: when it was first queued, or, once a rider who
 * confirmed never reached the pickup, when it went back on offer. A no-show starts a new search with
 * the whole timeout (each rider can no-show a job once), where a declined offer does not.
 */
function searchStartedAt(job: Job): string {
  const { events } = job;
  for (let i = events.length - 1; i > 0; i--) if (events[i]!.status === 'queued' && events[i - 1]!.status === 'booked') return events[i]!.createdAt;
  return firstQueuedAt(job);
}

const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
