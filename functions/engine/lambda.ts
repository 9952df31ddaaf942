import type { Context } from 'aws-lambda';
import { readEngineConfig } from '../config.ts';
import { logger } from '../log/logger.ts';
import { awsBell, type Bell } from './bell.ts';
import type { WorkerName } from './rings.ts';
import { runWorker, type Pass, type WorkerRun } from './run.ts';

/** What is kept back of an invocation after the last pass (its bookkeeping, the alarm it sets). */
export const INVOCATION_MARGIN_MS = 1_000;

/**
 * A worker's Lambda handler: one run of its pass (runWorker) within the invocation, whatever woke it
 * (the doorbell's Invoke, the relay's, an alarm, the sweep). The runtime is built on first use, with
 * the parts the worker names only, so its bundle carries no other repository.
 */
export function workerHandler<R>(name: WorkerName, runtime: () => R, pass: Pass<R>): (event: unknown, context: Context) => Promise<WorkerRun> {
  let rt: R | undefined;
  let bell: Bell | undefined;
  return async (_event, context) => {
    logger.addContext(context);
    rt ??= runtime();
    bell ??= awsBell(readEngineConfig());
    return runWorker(name, rt, pass, { deadline: Date.now() + context.getRemainingTimeInMillis() - INVOCATION_MARGIN_MS, bell });
  };
}
