import type { Job } from '../core/job.ts';
import type { LifecycleEvent } from '../core/lifecycle.ts';
import { logger } from '../log/logger.ts';

/** The log message of a job marked overdue (a metric filter counts it: the OverdueJobs alarm). */
export const JOB_OVERDUE = 'job overdue';

/**
 * Tells operations of a job that just went overdue (its parcel's way back or its rider's re-arrival
 * passed its deadline): one warning each, which the stack counts as a metric with an alarm on it.
 * The job is in the review queue from then until the wait or operations end it.
 */
export function reportOverdue(event: LifecycleEvent, job: Job): void {
  if (event.type !== 'mark_overdue' || !job.overdue) return;
  logger.warn(JOB_OVERDUE, { jobId: job.id, storeId: job.storeId, kind: job.overdue.kind, since: job.overdue.since, status: job.status });
}
