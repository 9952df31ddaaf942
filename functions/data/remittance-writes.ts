import { toJobSummary, type Job } from '../core/job.ts';
import { transition } from '../core/lifecycle.ts';
import { recordChange } from '../core/event.ts';
import { NO_LIMITS, type WriteContext } from './job-writes/context.ts';
import { jobPut } from './job-writes/job.ts';
import { eventPuts } from './job-writes/events.ts';
import type { TransactItem } from './transaction.ts';

/**
 * The writes of `remit` (a collected payment joins remittance `remittanceId`) for the remittance
 * worker's own transaction: the job's put, conditioned on the version read, and its events
 * (`job.collection_updated`), built as every job change's are (jobPut, eventPuts). The one transition
 * function decides; a move that changes nothing (already in this remittance) writes nothing. Its own
 * module, so only the worker's bundle carries the lifecycle (RemittanceRepository.claim takes it).
 */
export function remitWrites(tableName: string, job: Job, remittanceId: string, now: Date): { job: Job; items: TransactItem[] } {
  const moved = transition(job, { type: 'remit', remittanceId }, 'system', now);
  if (moved.job === job) return { job, items: [] };
  const { job: next, events } = recordChange(job, moved.job, toJobSummary);
  const context: WriteContext = { tableName, now, money: [], events, limits: NO_LIMITS };
  return { job: next, items: [jobPut, eventPuts].flatMap((build) => build(job, next, context)).map(({ item }) => item) };
}
