import { DELIVERY_TIMEOUT_MS } from '../core/webhook.ts';
import { BEFORE } from '../data/webhook-due.repository.ts';
import { isOrdered, orderPairOf } from '../data/webhook-delivery.ts';
import type { DeliveryWork } from '../data/webhook.repository.ts';
import { logger } from '../log/logger.ts';
import { runFair } from '../workers/fair.ts';
import { WORKER_ITEM_FAILED, type PassOptions, type PassResult, type TickReport } from '../workers/worklist.ts';
import { attemptDelivery, type SenderRuntime } from './attempt.ts';
import type { Resolve } from './send.ts';

export { SECRET_UNREADABLE, WEBHOOK_SECRET_UNREADABLE, type SenderRuntime } from './attempt.ts';

/**
 * What one pass reads: up to 20 of a store's deliveries (oldest due first) for up to 50 stores, and
 * up to 200 of the list of before the lists by store; and how many it sends at once in all.
 */
const DUE_READ = { perStore: 20, stores: 50, unsharded: 200 };
const PARALLEL = 10;
/**
 * Fairness: at most this many of one store's deliveries, and of one endpoint's, are in flight at once
 * in a pass, and the stores take turns (runFair) for the free places, so a store whose receivers are
 * slow delays its own deliveries only. A job's deliveries to one endpoint go one at a time.
 */
export const IN_FLIGHT_PER_STORE = 4;
export const IN_FLIGHT_PER_ENDPOINT = 2;
/** The time an attempt's bookkeeping may take after its answer (recording it, in one transaction). */
const RECORD_MARGIN_MS = 3_000;
/** A taken delivery is the taker's for this long: the longest attempt and the time to record it. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;

/** What a pass of the sender may be told: when it must be done (no attempt starts that cannot finish by then). */
export interface DeliverOptions {
  resolve?: Resolve;
  /** Epoch ms by which the pass must be over: the invocation's end on AWS. */
  deadline?: number;
  /** One attempt's limit (DELIVERY_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

/**
 * The webhook sender: one pass over the deliveries due now (attemptDelivery sends and records each).
 * A delivery that throws is logged as a failed worker item and comes due again when its lease runs out.
 *
 * Fair to every store (runFair): stores take turns, with at most IN_FLIGHT_PER_STORE of a store's and
 * IN_FLIGHT_PER_ENDPOINT of an endpoint's in flight; an endpoint whose attempt goes unanswered is
 * backed off at once (its other deliveries are filed for later, not attempted); and no attempt starts
 * unless it can end, recorded, before `deadline`.
 *
 * In order: a job's events reach each endpoint in `sequence` order at their first attempt. The pass
 * reads the pending first attempts of each (store, endpoint, job) it has deliveries for, and holds a
 * delivery while an earlier one of its job is pending, until that one's attempt is over (in this pass,
 * or in another sender's, which then runs another pass). Retries are not held: they may overtake.
 */
export async function deliverTick(rt: SenderRuntime, now = new Date(), options: DeliverOptions = {}): Promise<TickReport> {
  const report: TickReport = { moved: 0, finished: 0, failed: 0 };
  // Passes while one leaves work due and gets somewhere (each takes a few of a store's deliveries).
  for (let pass = 0; pass < TICK_PASSES; pass++) {
    const result = await sendDue(rt, now, options);
    report.moved += result.report.moved;
    report.finished += result.report.finished;
    report.failed += result.report.failed;
    if (!result.more || !result.progressed) break;
  }
  return report;
}

/** The most passes one tick makes. */
const TICK_PASSES = 100;

/**
 * One pass of the webhook sender, for the engine: `more` when deliveries were left due (the deadline
 * came, the read was full, or a job's next first attempt may go now that its earlier one is over);
 * `nextDueAt` null (a delivery filed for later rings the doorbell's alarm when it is written).
 */
export async function deliverPass(rt: SenderRuntime, options: PassOptions & Omit<DeliverOptions, 'deadline'> = {}): Promise<PassResult> {
  const { now = new Date(), ...rest } = options;
  const { report, more, nextDueAt } = await sendDue(rt, now, rest);
  return { report, more, nextDueAt };
}

/**
 * A pass's deliveries: of each store's (and endpoint's) due ones, in order, as many as its cap leaves
 * room for beside those other senders hold now; the rest wait for the next pass. So a pass lasts about
 * one attempt, and a store with slow receivers holds at most its cap of every sender's places.
 */
function share(work: readonly DeliveryWork[], busy: ReadonlyMap<string, number>): { taken: DeliveryWork[]; waiting: Set<string> } {
  const taken: DeliveryWork[] = [];
  const waiting = new Set<string>();
  const count = new Map(busy);
  const room = (key: string, cap: number) => (count.get(key) ?? 0) < cap;
  for (const delivery of work) {
    const endpoint = `${delivery.storeId}/${delivery.endpointId}`;
    if (!room(delivery.storeId, IN_FLIGHT_PER_STORE) || !room(endpoint, IN_FLIGHT_PER_ENDPOINT)) {
      waiting.add(delivery.key.PK.startsWith('WORK#webhook#store#') ? delivery.storeId : BEFORE);
      continue;
    }
    taken.push(delivery);
    for (const key of [delivery.storeId, endpoint]) count.set(key, (count.get(key) ?? 0) + 1);
  }
  return { taken, waiting };
}

type OrderedWork = DeliveryWork & { jobId: string; sequence: number };
const pairOf = (work: OrderedWork) => orderPairOf(work);
const firstOf = (work: OrderedWork) => `${pairOf(work)}#${work.sequence}`;

async function sendDue(rt: SenderRuntime, now: Date, options: DeliverOptions): Promise<PassResult & { progressed: boolean }> {
  const report: TickReport = { moved: 0, finished: 0, failed: 0 };
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const due = await rt.webhooks.due(now, DUE_READ);
  // Due time, then a job's events in their sequence: a lane takes its tasks in this order.
  const sorted = due.work.toSorted((a, b) => a.dueAt.localeCompare(b.dueAt) || (a.sequence ?? 0) - (b.sequence ?? 0));
  const { taken: tasks, waiting } = share(sorted, due.busy);
  const firsts = tasks.filter(isOrdered);
  const pending = firsts.length > 0 ? await rt.webhooks.pendingFirsts(firsts) : new Map<string, number[]>();
  // First attempts over in this pass (recorded or dropped), and those filed for later with their endpoint's backoff.
  const over = new Set<string>();
  const postponed = new Map<string, Date>();
  const recorded = new Map<string, OrderedWork>();
  // The earlier first attempts of the delivery's job at its endpoint that are still pending and not over in this pass.
  const blockers = (work: DeliveryWork): string[] =>
    isOrdered(work)
      ? (pending.get(pairOf(work)) ?? [])
          .filter((sequence) => sequence < work.sequence)
          .map((sequence) => `${pairOf(work)}#${sequence}`)
          .filter((first) => !over.has(first))
      : [];
  // A job's first attempt may start when every earlier one is over, or filed for later (then it is filed for later too).
  const ready = (work: DeliveryWork) => blockers(work).every((first) => postponed.has(first));
  // Endpoints found unanswering in this pass, and until when they are left alone.
  const backedOff = new Map<string, Date>();
  const endpointKey = (work: DeliveryWork) => `${work.storeId}/${work.endpointId}`;

  // The stores (and the list of before) this pass did something for: a full read of theirs means more may be due.
  const served = new Set<string>();
  const serve = (work: DeliveryWork) => served.add(work.key.PK.startsWith('WORK#webhook#store#') ? work.storeId : BEFORE);
  const handle = async (work: DeliveryWork) => {
    const behind = blockers(work).map((first) => postponed.get(first)!);
    const until = behind.length > 0 ? new Date(Math.max(...behind.map((at) => at.getTime()))) : work.manual ? undefined : backedOff.get(endpointKey(work));
    if (until) {
      if (!(await rt.webhooks.postpone(work, until, now))) return;
      serve(work);
      if (isOrdered(work)) postponed.set(firstOf(work), until);
      return;
    }
    const outcome = await attemptDelivery(rt, work, now, { resolve: options.resolve, timeoutMs, leaseMs: LEASE_MS });
    if (outcome !== 'skipped') serve(work);
    if (outcome === 'sent') report.moved += 1;
    if (outcome === 'dropped') report.finished += 1;
    if (typeof outcome === 'object' && 'backoffUntil' in outcome) {
      backedOff.set(endpointKey(work), outcome.backoffUntil);
    }
    if (!isOrdered(work)) return;
    if (typeof outcome === 'object' && 'postponedUntil' in outcome) {
      postponed.set(firstOf(work), outcome.postponedUntil);
    } else if (outcome !== 'skipped') {
      over.add(firstOf(work));
      recorded.set(pairOf(work), work);
    }
  };

  const { left, errors } = await runFair(
    tasks,
    {
      total: PARALLEL,
      caps: [
        { key: (work) => work.storeId, max: IN_FLIGHT_PER_STORE },
        { key: endpointKey, max: IN_FLIGHT_PER_ENDPOINT },
        { key: (work) => (work.jobId === null ? work.deliveryId : `${endpointKey(work)}/${work.jobId}`), max: 1 },
      ],
      deadline: options.deadline,
      taskMs: timeoutMs + RECORD_MARGIN_MS,
      ready,
    },
    handle,
  );
  for (const { task: work, error } of errors) {
    report.failed += 1;
    logger.error(WORKER_ITEM_FAILED, { worker: 'webhooks', storeId: work.storeId, endpointId: work.endpointId, eventId: work.eventId, error });
  }
  // Left ready: the deadline came. A first attempt recorded while others of its job were pending (some
  // perhaps placed after this pass read, or held behind one another sender had): another pass sends them.
  let more = due.storesLeft || [...due.full, ...waiting].some((store) => served.has(store)) || left.some(ready);
  if (!more && recorded.size > 0) more = (await rt.webhooks.pendingFirsts([...recorded.values()])).size > 0;
  return { report, more, nextDueAt: due.nextDueAt, progressed: served.size > 0 };
}
