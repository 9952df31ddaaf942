import { logger } from '../log/logger.ts';
import { WORKER_ITEM_FAILED, type PassOptions, type PassResult } from '../workers/worklist.ts';
import type { Bell } from './bell.ts';
import { ENGINE_MESSAGES } from './messages.ts';
import type { WorkerName } from './rings.ts';

/** What one run of a worker did, over its passes (logged as ENGINE_MESSAGES.run). */
export interface WorkerRun {
  worker: WorkerName;
  passes: number;
  moved: number;
  finished: number;
  failed: number;
}

/** One pass of a worker over what is due (functions/workers/*: dispatchPass, relayPass …). */
export type Pass<R> = (rt: R, options: PassOptions) => Promise<PassResult>;

/** How long before the deadline no further pass starts (a pass checks the deadline itself as it goes). */
export const PASS_RESERVE_MS = 2_000;
/** The most passes one run makes: a pass that keeps saying `more` (a race it keeps losing) hands on to a fresh run. */
export const MAX_PASSES = 20;

/**
 * Runs a worker: passes until one says nothing more is due now or the deadline is near; then, if work
 * was left, sets an alarm due now (a fresh run goes on with it), and if the last pass named when its
 * next work falls due, sets an alarm for then. A pass that throws (its worklist cannot be read) is
 * logged as a failed item and ends the run: the next ring or the sweep tries again.
 */
export async function runWorker<R>(name: WorkerName, rt: R, pass: Pass<R>, options: { deadline: number; bell: Bell }): Promise<WorkerRun> {
  const run: WorkerRun = { worker: name, passes: 0, moved: 0, finished: 0, failed: 0 };
  const { deadline, bell } = options;
  try {
    let last: PassResult;
    do {
      last = await pass(rt, { now: new Date(), deadline, bell });
      run.passes += 1;
      run.moved += last.report.moved;
      run.finished += last.report.finished;
      run.failed += last.report.failed;
    } while (last.more && run.passes < MAX_PASSES && deadline - Date.now() > PASS_RESERVE_MS);
    // Work left: a fresh run goes on with it. An alarm due now, not a wake: on AWS a function cannot name
    // itself in its own environment (a circular reference), while the alarm queue wakes any worker.
    if (last.more) await bell.alarm(name, new Date());
    if (last.nextDueAt) await bell.alarm(name, last.nextDueAt);
  } catch (error) {
    run.failed += 1;
    logger.error(WORKER_ITEM_FAILED, { worker: name, error });
  }
  logger.info(ENGINE_MESSAGES.run, { ...run });
  return run;
}
