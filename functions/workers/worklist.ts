import { AppError, JobFullError } from '../core/errors.ts';
import type { Job } from '../core/job.ts';
import type { LifecycleEvent } from '../core/lifecycle.ts';
import type { WorkItem, WorkKind } from '../data/work.repository.ts';
import { eventsPart, jobsPart, remittancesPart, upiPaymentsPart, webhookEndpointsPart, workPart, type RuntimeWith } from '../runtime.ts';
import { logger } from '../log/logger.ts';
import { runFair } from './fair.ts';
import type { Bell } from '../engine/bell.ts';

/** What the scheduled workers use beside the base (so their bundle carries no other repository). */
export const WORKER_PARTS = {
  jobs: jobsPart,
  work: workPart,
  remittances: remittancesPart,
  events: eventsPart,
  webhookEndpoints: webhookEndpointsPart,
  upiPayments: upiPaymentsPart,
};

/** The workers' runtime: the base and WORKER_PARTS (the whole runtime is one too). */
export type WorkerRuntime = RuntimeWith<typeof WORKER_PARTS>;

/**
 * The background workers, each one pass over its worklist per tick: dispatch, the sandbox rider,
 * cash-on-delivery remittances, and the event relay. A tick is safe to repeat and
 * to run beside another: every move goes through the transition function and is written on the
 * condition of the version read, so a repeated move is refused, never written twice (no duplicate
 * event, no duplicate ledger entry).
 */

/** What a tick did, for logs and tests: moves made, items let go of, items that failed (logged). */
export interface TickReport {
  moved: number;
  finished: number;
  failed: number;
}

/**
 * One pass of a worker: its report, whether work was left due (the deadline came, or a race left a
 * move for the next pass), and when its next work falls due (null: nothing it knows of), so the
 * engine can wake it then.
 */
export interface PassResult {
  report: TickReport;
  more: boolean;
  nextDueAt: Date | null;
}

/** When a pass must be over (epoch ms; none: no limit), the clock it works by, and the engine's bell (to wake another worker). */
export interface PassOptions {
  now?: Date;
  deadline?: number;
  bell?: Bell;
}

/**
 * One move: `moved` with the new job; `refused` when the move no longer applies (already made, or the
 * job went elsewhere); `raced` when someone else changed the job between our read and our write,
 * so the same move is due again on the next tick.
 */
type Attempt = { kind: 'moved'; job: Job } | { kind: 'refused' } | { kind: 'raced' };

export async function attempt(rt: WorkerRuntime, job: Job, event: LifecycleEvent, actor: string, now: Date): Promise<Attempt> {
  try {
    return { kind: 'moved', job: (await rt.jobs.move(job, event, actor, { now, onLostRace: 'refuse' })).job };
  } catch (error) {
    if (error instanceof JobFullError) throw error; // a failure of the worker (counted, alarmed), not a move that no longer applies
    if (error instanceof AppError && error.code === 'concurrent_modification') return { kind: 'raced' };
    if (error instanceof AppError && ['invalid_transition', 'not_cancellable', 'parcel_return_required'].includes(error.code)) return { kind: 'refused' };
    throw error;
  }
}

/**
 * Runs `step` on every job of a worklist, with its items there (one, or more while an upgrade's
 * unsharded list still holds a copy). Stores take turns, STORES_AT_ONCE jobs at a time (runFair) and each store's jobs
 * one after another, in the list's order: moves of different stores touch different items, while a
 * store's moves that move money share its totals and would only cancel each other. A job that throws
 * (one DynamoDB refuses to write, a bug) is logged as `worker item failed` (the stack counts these in
 * a metric with an alarm) and counted; the others go on, so one bad job never stops the work of
 * every store. With a `deadline`, no job starts that could not be done by then (JOB_TASK_MS);
 * `more` says jobs were left for that, or the list holds more than was read.
 */
export async function eachJob(
  rt: WorkerRuntime,
  list: { kind: WorkKind; dueBy?: Date; deadline?: number },
  report: TickReport,
  step: (items: WorkItem[], job: Job | null) => Promise<void>,
): Promise<{ more: boolean }> {
  const { kind } = list;
  const { jobs, more } = await listWithJobs(rt, list);
  const { errors, left } = await runFair(
    jobs,
    { total: STORES_AT_ONCE, caps: [{ key: ({ items }) => items[0]!.storeId, max: 1 }], deadline: list.deadline, taskMs: JOB_TASK_MS },
    ({ items, job }) => step(items, job),
  );
  for (const { task, error } of errors) {
    report.failed += 1;
    logger.error(WORKER_ITEM_FAILED, { worker: kind, jobId: task.items[0]!.jobId, storeId: task.items[0]!.storeId, error });
  }
  return { more: more || left.length > 0 };
}

/** How long one job's step may take (a few moves, each a transaction): none starts with less left before a pass's deadline. */
export const JOB_TASK_MS = 2_000;

/** How many stores' jobs a worker moves at once (each move is a transaction of its own). */
export const STORES_AT_ONCE = 8;

/** The log message of a failed worklist item (the stack's metric filter matches it). */
export const WORKER_ITEM_FAILED = 'worker item failed';

// A worklist's jobs in the order of their first item, each with its items and the job itself, read in
// one BatchGet per 100 (null for a job that no longer exists), and whether the list holds more. A job
// that changes after this read is caught by the version condition of the move (a race, tried next tick).
async function listWithJobs(
  rt: WorkerRuntime,
  list: { kind: WorkKind; dueBy?: Date },
): Promise<{ jobs: Array<{ items: WorkItem[]; job: Job | null }>; more: boolean }> {
  const { items, more } = await rt.work.page(list.kind, { dueBy: list.dueBy });
  const jobs = new Map((await rt.jobs.getMany(items)).map((job) => [job.id, job]));
  const byJob = new Map<string, WorkItem[]>();
  for (const item of items) {
    const held = byJob.get(item.jobId);
    if (held) held.push(item);
    else byJob.set(item.jobId, [item]);
  }
  return { jobs: [...byJob].map(([jobId, held]) => ({ items: held, job: jobs.get(jobId) ?? null })), more };
}
