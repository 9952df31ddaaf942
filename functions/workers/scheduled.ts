import type { Context, ScheduledEvent } from 'aws-lambda';
import { baseRuntime, withParts } from '../runtime.ts';
import { RUN_MESSAGES, tickUntilTimeout, type RunTotals } from './tick-loop.ts';
import { WORKER_PARTS } from './worklist.ts';
import { workerTicks } from './ticks.ts';

/**
 * The dispatcher, the sandbox rider, remittances and the event relay on AWS, with no server: EventBridge invokes
 * this every minute and it ticks every two seconds for most of that minute. Invocations may overlap
 * (no concurrency is reserved, so the stack deploys to new accounts); a tick is safe to repeat and to
 * run beside another, so an overlapping or retried invocation moves nothing twice.
 */
export async function handler(_event: ScheduledEvent, context: Context): Promise<RunTotals> {
  const rt = withParts(baseRuntime(), WORKER_PARTS);
  return tickUntilTimeout(context, RUN_MESSAGES.workers, async () => Object.values(await workerTicks(rt)));
}
