import { declinedBy, type Job } from '../core/job.ts';
import { REPEATED_DECLINES, type LifecycleEvent } from '../core/lifecycle.ts';
import { logger } from '../log/logger.ts';

/** The log message of a job declined again and again (a metric filter on it can raise an alarm). */
export const JOB_DECLINED_REPEATEDLY = 'job declined repeatedly';

/**
 * Tells operations of a job given back again and again: after a decline (a rider's, or dispatch's for
 * an acceptance left unconfirmed), from the REPEATED_DECLINES-th on, one warning each. Declines never
 * end a job (the dispatch timeout does), so this is how operations learn of one nobody keeps.
 */
export function reportRepeatedDeclines(event: LifecycleEvent, job: Job): void {
  if (event.type !== 'decline') return;
  const declines = declinedBy(job).length;
  if (declines >= REPEATED_DECLINES) logger.warn(JOB_DECLINED_REPEATEDLY, { jobId: job.id, storeId: job.storeId, declines });
}
