import { logger } from '../log/logger.ts';
import { WORKER_ITEM_FAILED, type PassOptions, type PassResult, type TickReport, type WorkerRuntime } from './worklist.ts';

/**
 * The event relay: places the events changes wrote in the outbox in their stores' feeds, with a
 * delivery for each webhook endpoint that takes them (see EventRepository). A store whose events could not be placed is logged as a failed item and tried again
 * on the next tick; the other stores' events go on.
 */
export async function relayTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  const { placed, failed } = await rt.events.relay((storeId) => rt.webhookEndpoints.list(storeId), now);
  for (const { storeId, error } of failed) logger.error(WORKER_ITEM_FAILED, { worker: 'events', storeId, error });
  return { moved: placed.length, finished: 0, failed: failed.length };
}

/** One relay pass, for the engine. */
export async function relayPass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  const report = await relayTick(rt, options.now);
  // The deliveries it placed are due now: the sender is rung here, not by their worklist writes (rings.ts).
  if (report.moved > 0) await options.bell?.wake('webhooks');
  return { report, more: false, nextDueAt: null };
}
