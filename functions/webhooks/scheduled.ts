import type { Context, ScheduledEvent } from 'aws-lambda';
import { baseRuntime, eventsPart, webhooksPart, withParts } from '../runtime.ts';
import { RUN_MESSAGES, tickUntilTimeout, type RunTotals } from '../workers/tick-loop.ts';
import { deliverTick } from './deliver.ts';

/**
 * The webhook sender on AWS: EventBridge invokes it every minute and it sends the deliveries due every
 * two seconds for most of that minute (up to 10 at once, each within 10 s). Its own function, so a slow
 * receiver never holds up dispatch. Overlapping invocations are safe: each delivery is taken with a
 * lease before it is sent, and recorded once. Each tick is told when the invocation ends (less a
 * second), so no attempt starts that could not finish and be recorded before it.
 */
export async function handler(_event: ScheduledEvent, context: Context): Promise<RunTotals> {
  const rt = withParts(baseRuntime(), { webhooks: webhooksPart, events: eventsPart });
  return tickUntilTimeout(context, RUN_MESSAGES.webhooks, async () => [
    await deliverTick(rt, new Date(), { deadline: Date.now() + context.getRemainingTimeInMillis() - INVOCATION_MARGIN_MS }),
  ]);
}

/** What is kept back of the invocation after the last attempt's bookkeeping. */
const INVOCATION_MARGIN_MS = 1_000;
