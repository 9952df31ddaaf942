import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../http/logger.ts';
import { runtime } from '../runtime.ts';
import { dispatchTick, relayTick, simulateTick } from './ticks.ts';

/** Seconds between ticks, and the time kept back so the last tick ends before the invocation does. */
const TICK_MS = 2_000;
const RESERVE_MS = 5_000;

/**
 * The dispatcher, the sandbox rider and the event relay on AWS, with no server: EventBridge invokes
 * this every minute and it ticks every two seconds for most of that minute. Invocations may overlap
 * (no concurrency is reserved, so the stack deploys to new accounts); a tick is safe to repeat and to
 * run beside another, so an overlapping or retried invocation moves nothing twice.
 */
export async function handler(_event: ScheduledEvent, context: Context): Promise<{ ticks: number; moved: number; finished: number; failed: number }> {
  const rt = runtime();
  const totals = { ticks: 0, moved: 0, finished: 0, failed: 0 };
  logger.addContext(context);
  while (context.getRemainingTimeInMillis() > RESERVE_MS + TICK_MS || totals.ticks === 0) {
    const started = Date.now();
    for (const report of [await dispatchTick(rt), await simulateTick(rt), await relayTick(rt)]) {
      totals.moved += report.moved;
      totals.finished += report.finished;
      totals.failed += report.failed;
    }
    totals.ticks += 1;
    if (context.getRemainingTimeInMillis() <= RESERVE_MS + TICK_MS) break;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, TICK_MS - (Date.now() - started))));
  }
  logger.info('workers ran', totals);
  return totals;
}
