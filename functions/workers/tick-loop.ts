import type { Context } from 'aws-lambda';
import { logger } from '../log/logger.ts';
import type { TickReport } from './worklist.ts';

/** Seconds between ticks, and the time kept back so the last tick ends before the invocation does. */
const TICK_MS = 2_000;
const RESERVE_MS = 15_000;

/** What a scheduled invocation did, over all its ticks. */
export interface RunTotals {
  ticks: number;
  moved: number;
  finished: number;
  failed: number;
}

/** What each scheduled function logs when its run ends: the heartbeat its alarm watches (lib/background-workers.ts). */
export const RUN_MESSAGES = { workers: 'workers ran', webhooks: 'webhooks ran' } as const;

/**
 * A scheduled function's minute: runs `tick` every two seconds while the invocation has time for one
 * more (at least once), adds up its reports and logs them as `message`. RESERVE_MS covers the longest
 * tick (a webhook attempt's 10 s and its bookkeeping), so the last tick ends before Lambda's timeout.
 */
export async function tickUntilTimeout(context: Context, message: string, tick: () => Promise<TickReport[]>): Promise<RunTotals> {
  const totals = { ticks: 0, moved: 0, finished: 0, failed: 0 };
  logger.addContext(context);
  while (context.getRemainingTimeInMillis() > RESERVE_MS + TICK_MS || totals.ticks === 0) {
    const started = Date.now();
    for (const report of await tick()) {
      totals.moved += report.moved;
      totals.finished += report.finished;
      totals.failed += report.failed;
    }
    totals.ticks += 1;
    if (context.getRemainingTimeInMillis() <= RESERVE_MS + TICK_MS) break;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, TICK_MS - (Date.now() - started))));
  }
  logger.info(message, totals);
  return totals;
}
