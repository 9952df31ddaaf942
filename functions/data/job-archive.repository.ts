import { toJobSummary, type Job } from '../core/job.ts';
import { transition, type Transition } from '../core/lifecycle.ts';
import { recordChange } from '../core/event.ts';
import type { JobRepository } from './job.repository.ts';
import type { JobWrite } from './job-writes/context.ts';
import { keys } from './table.ts';

/** How many of its latest events a job ended by operations keeps on its item (endAsOperations). */
const KEPT_EVENTS = 20;

/** The put of a job's archived events (`job_history`, beside the job's pointer), written with the change that archives them. */
export const historyPut =
  (archived: Job['events']): JobWrite =>
  (before, after, { tableName }) =>
    archived.length === 0
      ? []
      : [
          {
            name: 'history',
            item: {
              Put: {
                TableName: tableName,
                Item: { ...keys.jobHistory(before.id, after.version), type: 'job_history', storeId: before.storeId, jobId: before.id, events: archived },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          },
        ];

/** What only operations do to a job, through the admin CLI: end it, archiving the history that no longer fits its item. */
export class JobArchiveRepository {
  private readonly jobs: JobRepository;

  constructor(jobs: JobRepository) {
    this.jobs = jobs;
  }

  /**
   * Ends a job as operations (`admin`) with `note`: fails it, releasing its credit if it is still held
   * (after pickup its settlement goes to review), in one transaction with its ledger entry. Meant for a
   * job DynamoDB will not let grow (JobFullError): its history but the first and the last
   * KEPT_EVENTS events moves to an item of its own (`job_history`, beside the job's pointer) in the same
   * transaction, so the ended job fits and no event is lost.
   */
  async endAsOperations(job: Job, note: string, now = new Date()): Promise<Transition> {
    const moved = transition(job, { type: 'fail', note }, 'admin', now);
    const { job: recorded, events } = recordChange(job, moved.job, toJobSummary);
    const archived = recorded.events.slice(1, -KEPT_EVENTS);
    const next = archived.length === 0 ? recorded : { ...recorded, events: [recorded.events[0]!, ...recorded.events.slice(-KEPT_EVENTS)] };
    await this.jobs.write({ before: job, after: next, money: moved.money, events }, {}, [historyPut(archived)]);
    return { ...moved, job: next };
  }
}
