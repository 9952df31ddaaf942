import { acceptedAt, firstQueuedAt, type Job, type JobStatus } from './job.ts';
import type { LifecycleEvent } from './lifecycle.ts';

/** Jobs dispatch still looks after: not yet offered, offered, or accepted but not yet confirmed (a decline puts them back on offer). */
export const DISPATCH_PHASE: ReadonlySet<JobStatus> = new Set(['created', 'queued', 'picked_by_agent', 'booking_in_progress']);

/** Dispatch's clocks: how long a job may wait for a rider, and how long a rider has to confirm an acceptance. */
export interface DispatchClock {
  timeoutMs: number;
  confirmMs: number;
}

/**
 * When dispatch next has something to do for a job, or null when it has nothing more to do (the job
 * left dispatch, or it is a sandbox job, which the simulator moves): a booked job at once; a queued
 * job when it has waited `timeoutMs` since first queued; an accepted job when its rider has had
 * `confirmMs` to confirm. The dispatch worklist is ordered by this, so a tick reads only what is due.
 */
export function dispatchDueAt(job: Job, clock: DispatchClock): string | null {
  if (job.testMode || !DISPATCH_PHASE.has(job.status)) return null;
  if (job.status === 'created') return job.createdAt;
  if (job.status === 'queued') return later(firstQueuedAt(job), clock.timeoutMs);
  const accepted = acceptedAt(job);
  return accepted === null ? null : later(accepted, clock.confirmMs);
}

/**
 * What dispatch does to a job at `now`, or null if nothing is due: offer it; fail it once it has
 * waited too long since first queued; put it back on offer when its rider has not confirmed in time.
 */
export function dispatchEvent(job: Job, now: Date, clock: DispatchClock): LifecycleEvent | null {
  const due = dispatchDueAt(job, clock);
  if (due === null || Date.parse(due) > now.getTime()) return null;
  if (job.status === 'created') return { type: 'dispatch' };
  if (job.status === 'queued') return { type: 'dispatch_timeout' };
  return { type: 'decline' };
}

const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
