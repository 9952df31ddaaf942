import type { PlacedEvent } from '../data/event.repository.ts';
import { logger } from '../log/logger.ts';
import { runFair } from './fair.ts';
import { STORES_AT_ONCE, WORKER_ITEM_FAILED, type PassOptions, type PassResult, type TickReport, type WorkerRuntime } from './worklist.ts';

/**
 * The event relay: places the events changes wrote in the outbox in their stores' feeds, with a
 * delivery for each webhook endpoint that takes them (see EventRepository). A store whose events could not be placed is logged as a failed item and tried again
 * on the next tick; the other stores' events go on.
 */
export async function relayTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  return (await relayRun(rt, now)).pass.report;
}

/**
 * One relay pass, for the engine: the tick, within `deadline`. `more` when events were left waiting
 * (the deadline, a full batch, a placement that lost a race); no `nextDueAt`: every event it places is
 * an outbox write, which the doorbell rings for.
 */
export async function relayPass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  const { pass, deliveries } = await relayRun(rt, options.now ?? new Date(), options.deadline);
  // The deliveries it placed are due now: the sender is rung here, not by their worklist writes (rings.ts).
  // Events of stores without endpoints place none, and wake nothing.
  if (deliveries > 0) await options.bell?.wake('webhooks');
  return pass;
}

/** How long one placement (a transaction, and the feed head read before it) may take: none starts with less left before the deadline. */
const PLACEMENT_MS = 1_000;

// Stores take turns, STORES_AT_ONCE placed at once (each placement a transaction of its own), a store's
// events one chunk after another in order (a store's feed positions are given in one order).
async function relayRun(rt: WorkerRuntime, now: Date, deadline?: number): Promise<{ pass: PassResult; deliveries: number }> {
  const { stores, more: full } = await rt.events.waiting();
  const placed: PlacedEvent[] = [];
  let deliveries = 0;
  let cut = false;
  const timeLeft = () => deadline === undefined || deadline - Date.now() >= PLACEMENT_MS;
  const { errors, left } = await runFair(
    stores,
    { total: STORES_AT_ONCE, caps: [{ key: ({ storeId }) => storeId, max: 1 }], deadline, taskMs: PLACEMENT_MS },
    async ({ storeId, waiting }) => {
      const result = await rt.events.placeStore(storeId, waiting, (id) => rt.webhookEndpoints.list(id), now, timeLeft);
      placed.push(...result.placed);
      deliveries += result.deliveries;
      cut ||= !result.done;
    },
  );
  for (const { task, error } of errors) logger.error(WORKER_ITEM_FAILED, { worker: 'events', storeId: task.storeId, error });
  const report = { moved: placed.length, finished: 0, failed: errors.length };
  return { pass: { report, more: full || cut || left.length > 0, nextDueAt: null }, deliveries };
}
