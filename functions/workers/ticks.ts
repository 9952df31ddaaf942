import { AppError, JobFullError } from '../core/errors.ts';
import { ASSIGNED, ENDED, isReturning, type Job } from '../core/job.ts';
import { dispatchEvent } from '../core/dispatch.ts';
import type { WorkItem, WorkKind } from '../data/work.repository.ts';
import { remitWrites } from '../data/remittance-writes.ts';
import type { LifecycleEvent } from '../core/lifecycle.ts';
import { followUpMove, SIMULATOR_ACTOR, simulatedPosition, simulatedReturnPosition, simulationSteps } from '../core/simulation.ts';
import { eventsPart, jobsPart, remittancesPart, webhookEndpointsPart, workPart, type RuntimeWith } from '../runtime.ts';
import { logger } from '../http/logger.ts';
import { reportRepeatedDeclines } from '../use-cases/repeated-declines.ts';
import { dueCycle, newRemittanceId, nextCutoff } from '../core/remittance.ts';
import type { AwaitingPayment, RemittanceWork } from '../data/remittance.repository.ts';
import { randomUUID } from 'node:crypto';

/** What the scheduled workers use beside the base (so their bundle carries no other repository). */
export const WORKER_PARTS = { jobs: jobsPart, work: workPart, remittances: remittancesPart, events: eventsPart, webhookEndpoints: webhookEndpointsPart };

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
 * One move: `moved` with the new job; `refused` when the move no longer applies (already made, or the
 * job went elsewhere); `raced` when someone else changed the job between our read and our write,
 * so the same move is due again on the next tick.
 */
type Attempt = { kind: 'moved'; job: Job } | { kind: 'refused' } | { kind: 'raced' };

async function attempt(rt: WorkerRuntime, job: Job, event: LifecycleEvent, actor: string, now: Date): Promise<Attempt> {
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
 * unsharded list still holds a copy). Stores are worked STORES_AT_ONCE at a time and each store's jobs
 * one after another, in the list's order: moves of different stores touch different items, while a
 * store's moves that move money share its totals and would only cancel each other. A job that throws
 * (one DynamoDB refuses to write, a bug) is logged as `worker item failed` (the stack counts these in
 * a metric with an alarm) and counted; the others go on, so one bad job never stops the work of
 * every store.
 */
async function eachJob(
  rt: WorkerRuntime,
  list: { kind: WorkKind; dueBy?: Date },
  report: TickReport,
  step: (items: WorkItem[], job: Job | null) => Promise<void>,
): Promise<TickReport> {
  const { kind } = list;
  const byStore = new Map<string, Array<{ items: WorkItem[]; job: Job | null }>>();
  for (const entry of await listWithJobs(rt, list)) {
    const storeId = entry.items[0]!.storeId;
    const jobs = byStore.get(storeId);
    if (jobs) jobs.push(entry);
    else byStore.set(storeId, [entry]);
  }
  const stores = [...byStore.values()];
  const lane = async () => {
    for (let jobs = stores.shift(); jobs; jobs = stores.shift()) {
      for (const { items, job } of jobs) {
        try {
          await step(items, job);
        } catch (error) {
          report.failed += 1;
          logger.error(WORKER_ITEM_FAILED, { worker: kind, jobId: items[0]!.jobId, storeId: items[0]!.storeId, error });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: STORES_AT_ONCE }, lane));
  return report;
}

/** How many stores' jobs a worker moves at once (each move is a transaction of its own). */
export const STORES_AT_ONCE = 8;

/** The log message of a failed worklist item (the stack's metric filter matches it). */
export const WORKER_ITEM_FAILED = 'worker item failed';

// A worklist's jobs in the order of their first item, each with its items and the job itself, read in
// one BatchGet per 100 (null for a job that no longer exists). A job that changes after this read is
// caught by the version condition of the move (a race, tried next tick).
async function listWithJobs(rt: WorkerRuntime, list: { kind: WorkKind; dueBy?: Date }): Promise<Array<{ items: WorkItem[]; job: Job | null }>> {
  const items = await rt.work.list(list.kind, { dueBy: list.dueBy });
  const jobs = new Map((await rt.jobs.getMany(items)).map((job) => [job.id, job]));
  const byJob = new Map<string, WorkItem[]>();
  for (const item of items) {
    const held = byJob.get(item.jobId);
    if (held) held.push(item);
    else byJob.set(item.jobId, [item]);
  }
  return [...byJob].map(([jobId, held]) => ({ items: held, job: jobs.get(jobId) ?? null }));
}

/**
 * Dispatch for live stores: a booked job is handed to dispatch (`queued`, offered to riders through
 * the fleet API); if it is still waiting for a rider DISPATCH_TIMEOUT_SECONDS after it was first
 * queued, it fails and its reservation is released. A job stays on the list until a rider has
 * confirmed it, so one a rider declines is offered again, on the same clock; an acceptance left
 * unconfirmed for ACCEPT_CONFIRM_SECONDS is declined for the rider (they may not take it back).
 *
 * The worklist is ordered by when each job is next due and every move re-files the job in its own
 * transaction, so a tick reads only the items due by its clock: one Query per shard when nothing is
 * due, however many jobs wait. An item found where its job no longer belongs (an upgrade's unsharded
 * list, a changed clock) is re-filed, or let go of when dispatch is done with the job.
 */
export async function dispatchTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  const clock = {
    timeoutMs: rt.config.DISPATCH_TIMEOUT_SECONDS * 1000,
    confirmMs: rt.config.ACCEPT_CONFIRM_SECONDS * 1000,
    arriveMs: rt.config.PICKUP_ARRIVAL_SECONDS * 1000,
  };
  const report = { moved: 0, finished: 0, failed: 0 };
  // Clocks shortened since the worklist was filed make jobs due sooner than their items say: read
  // that much further ahead until every such item is re-filed.
  const { aheadMs, settled } = await rt.work.clockChange(clock);
  let refiles = 0;
  let unfinished = false;
  await eachJob(rt, { kind: 'dispatch', dueBy: new Date(now.getTime() + aheadMs) }, report, async (items, read) => {
    if (!read) {
      for (const item of items) await rt.work.remove(item); // its job is gone
      report.finished += 1;
      return;
    }
    const filed = rt.jobs.dispatchKeyOf(read);
    const stale = items.filter(({ key }) => filed === null || key.PK !== filed.PK || key.SK !== filed.SK);
    if (stale.length > 0) {
      if (refiles >= MAX_REFILES_PER_TICK) {
        unfinished = true; // left for the next tick, so one tick never outlasts its invocation
        return;
      }
      refiles += 1;
    }
    let job = read;
    const event = dispatchEvent(job, now, clock);
    if (event) {
      const result = await attempt(rt, job, event, 'system', now);
      if (result.kind === 'raced') {
        unfinished ||= stale.length > 0;
        return; // due again on the next tick
      }
      if (result.kind === 'moved') {
        report.moved += 1;
        job = result.job;
        reportRepeatedDeclines(event, job);
      }
    }
    // Stale copies (an upgrade's unsharded list, a changed clock, a job dispatch is done with): the
    // job's items go where its state says, and these go. Lost to a move meanwhile: next tick.
    const staleKeys = stale.map((item) => item.key);
    if (stale.length > 0 && !(await rt.jobs.refile(job, staleKeys, read))) {
      unfinished = true;
      return;
    }
    if (rt.jobs.dispatchKeyOf(job) === null) report.finished += 1;
  });
  if (!settled && !unfinished && report.failed === 0) await rt.work.settleClock(clock);
  return report;
}

/** How many stale items one dispatch tick re-files at most (each a transaction); the rest wait a tick. */
export const MAX_REFILES_PER_TICK = 200;

/**
 * The sandbox rider: moves each sandbox job along its scripted steps as the compressed clock
 * (SIMULATION_SECONDS for a whole delivery) passes, then does what the job's state still asks (a
 * decision's default at its deadline, a reattempt, the way back: `followUpMove`), and reports a moving
 * location while assigned or bringing the parcel back. A job's item stays on the worklist until the
 * simulator has nothing more to do for it.
 */
export async function simulateTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  const report = { moved: 0, finished: 0, failed: 0 };
  const runMs = rt.config.SIMULATION_SECONDS * 1000;
  return eachJob(rt, { kind: 'simulation' }, report, async (items, read) => {
    const item = items[0]!; // a sandbox job has one item, written at its booking
    let job = read;
    const fraction = (now.getTime() - Date.parse(item.createdAt)) / runMs;
    const steps = simulationSteps(item.outcome ?? 'delivered', read?.collection != null);
    let step = item.step;
    let raced = false;
    while (job && !ENDED.has(job.status) && step < steps.length && steps[step]!.at <= fraction) {
      const result = await attempt(rt, job, steps[step]!.event(job), SIMULATOR_ACTOR, now);
      if (result.kind === 'raced') {
        // Someone changed the job under us: this step is due again next tick.
        raced = true;
        break;
      }
      // Moved, or refused because it was made already (a crash after the move) or the job went elsewhere.
      await rt.work.advance({ ...item, step }, step);
      step += 1;
      if (result.kind === 'moved') {
        job = result.job;
        report.moved += 1;
      } else {
        job = await rt.jobs.get(item.storeId, item.jobId);
      }
    }
    // Past the script, or ended on the way (a recall): what the job's state asks. Not in a tick that made
    // script steps, so one tick's changes of a job stay within the script's longest run (MAX_DECIDE_TRIES).
    const pastScript = (current: Job) => ENDED.has(current.status) || step >= steps.length;
    const scripted = step > item.step;
    for (let moves = 0; !raced && !scripted && job && pastScript(job) && moves < MAX_FOLLOW_UPS_PER_TICK; moves++) {
      const move = followUpMove(job, runMs);
      if (!move || move.dueAt > now.getTime()) break;
      const result = await attempt(rt, job, move.event, move.actor, now);
      if (result.kind === 'raced') raced = true;
      else if (result.kind === 'moved') {
        job = result.job;
        report.moved += 1;
        continue;
      } else job = await rt.jobs.get(item.storeId, item.jobId); // made by someone else, or no longer asked: next tick decides
      break;
    }
    // About twenty reports a run: enough to watch the rider move, few enough that a merchant's
    // cancel seldom meets a version just bumped by a location. None while the rider waits at the drop
    // for the merchant's decision (standing still).
    const lastReport = job?.riderLocation ? Date.parse(job.riderLocation.recordedAt) : 0;
    const reportDue = now.getTime() - lastReport >= runMs / 20;
    if (!raced && reportDue && job && (ASSIGNED.has(job.status) || isReturning(job)) && !job.pendingDecision) {
      const at = riderPosition(job, now, runMs);
      await attempt(rt, job, { type: 'report_location', latitude: round(at.latitude), longitude: round(at.longitude), accuracy: 10 }, SIMULATOR_ACTOR, now);
    }
    const done = !job || (pastScript(job) && !isReturning(job) && followUpMove(job, runMs) === null);
    if (!raced && done) {
      await rt.work.remove(item);
      report.finished += 1;
    }
  });
}

/** How many moves past its script one tick makes for a job at most: a reattempt's arrival, payment and code, or the return's, and one spare. */
const MAX_FOLLOW_UPS_PER_TICK = 4;

// Where the simulated rider is: along the scripted run, or on the way back once a return started.
function riderPosition(job: Job, now: Date, runMs: number) {
  const { route } = job;
  const pickup = { latitude: route.pickupLatitude, longitude: route.pickupLongitude };
  const drop = { latitude: route.dropLatitude, longitude: route.dropLongitude };
  const sinceBooking = (iso: string) => (Date.parse(iso) - Date.parse(job.createdAt)) / runMs;
  const trip = job.returnTrip;
  if (trip && isReturning(job)) return simulatedReturnPosition(pickup, drop, sinceBooking(trip.startedAt), now.getTime() - Date.parse(trip.startedAt), runMs);
  return simulatedPosition(pickup, drop, sinceBooking(now.toISOString()));
}

const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** What one tick of the scheduled workers did, worker by worker. */
export interface WorkerReports {
  dispatch: TickReport;
  simulation: TickReport;
  remittances: TickReport;
  events: TickReport;
}

/**
 * One tick of the scheduled workers, dispatch, the simulator, remittances and the relay (last, so the
 * events the others wrote are placed in the same tick), each on its own: a worker
 * whose whole tick throws (its worklist or the zone catalogue cannot be read) is logged as a failed
 * item (the stack's alarm counts these) and counted, and the others still tick.
 */
export async function workerTicks(rt: WorkerRuntime, now = new Date()): Promise<WorkerReports> {
  const run = async (worker: string, tick: () => Promise<TickReport>): Promise<TickReport> => {
    try {
      return await tick();
    } catch (error) {
      logger.error(WORKER_ITEM_FAILED, { worker, error });
      return { moved: 0, finished: 0, failed: 1 };
    }
  };
  return {
    dispatch: await run('dispatch', () => dispatchTick(rt, now)),
    simulation: await run('simulation', () => simulateTick(rt, now)),
    remittances: await run('remittances', () => remittanceTick(rt, now)),
    events: await run('events', () => relayTick(rt, now)),
  };
}

/** How many payments one claim transaction carries: 4 items each (line, awaiting line, job, its event) and 2 more, within DynamoDB's 100. */
export const REMITTANCE_CHUNK = 20;

/**
 * The remittance worker: for each store on its list that nothing holds back (`notBefore`, another
 * worker's lease), takes the store (a lease, so of two workers one works it), credits a remittance a
 * stopped worker left pending, then remits the cycle that is due (core/remittance.ts dueCycle): claims
 * its payments REMITTANCE_CHUNK at a time (each job's `remit` through the transition function, in the
 * claim's transaction) and credits the remittance. The store leaves the list when none of its payments
 * wait and none came since the list was read; else it stays, not looked at again before the next
 * cut-off after its oldest payment (sandbox stores: the next tick). `moved` counts the remittances
 * credited, `finished` the stores let go of.
 */
export async function remittanceTick(rt: WorkerRuntime, now = new Date()): Promise<TickReport> {
  const report = { moved: 0, finished: 0, failed: 0 };
  const stores = (await rt.remittances.worklist()).filter(
    (work) =>
      (work.leaseUntil === null || work.leaseUntil <= now.toISOString()) &&
      (work.pendingRemittanceId !== null || work.notBefore === null || work.notBefore <= now.toISOString()),
  );
  const lane = async () => {
    for (let work = stores.shift(); work; work = stores.shift()) {
      try {
        await remitStore(rt, work, now, report);
      } catch (error) {
        report.failed += 1;
        logger.error(WORKER_ITEM_FAILED, { worker: 'remittances', storeId: work.storeId, error });
      }
    }
  };
  await Promise.all(Array.from({ length: STORES_AT_ONCE }, lane));
  return report;
}

// One store's remittance work, under the worker's lease (released at the end; a stopped worker's runs out).
async function remitStore(rt: WorkerRuntime, work: RemittanceWork, now: Date, report: TickReport): Promise<void> {
  const leaseId = randomUUID();
  if (!(await rt.remittances.lease(work.storeId, leaseId, now))) return; // another worker has it
  const livemode = !work.sandbox;
  if (work.pendingRemittanceId !== null && (await rt.remittances.credit(work.storeId, work.pendingRemittanceId, livemode, now))) report.moved += 1;
  let awaiting = await rt.remittances.awaiting(work.storeId);
  const cycle = dueCycle(awaiting, now, { cutoffIst: rt.config.REMITTANCE_CUTOFF_IST, sandbox: work.sandbox });
  let raced = false;
  if (cycle) {
    const claimed = await claimCycle(rt, work.storeId, leaseId, cycle, now);
    raced = claimed.length < cycle.lines.length;
    if (claimed.length > 0) {
      const remittanceId = claimed[0]!.remittanceId;
      if (await rt.remittances.credit(work.storeId, remittanceId, livemode, now)) report.moved += 1;
    }
    const gone = new Set(claimed.map((payment) => payment.jobId));
    awaiting = awaiting.filter((payment) => !gone.has(payment.jobId));
  }
  // The payments left are due at the cut-off after the oldest (a sandbox store's, or any left by a race: next tick).
  const oldest = awaiting[0];
  const notBefore = work.sandbox || raced || !oldest ? null : nextCutoff(new Date(oldest.collectedAt), rt.config.REMITTANCE_CUTOFF_IST).toISOString();
  if ((await rt.remittances.release(work, leaseId, { done: awaiting.length === 0, notBefore })) === 'removed') report.finished += 1;
}

// Phase 1: claims the cycle's payments into a new pending remittance, a chunk at a time; a chunk that
// loses a race (a job changed, the lease ran out) stops the claim, and its payments wait for the next tick.
async function claimCycle(
  rt: WorkerRuntime,
  storeId: string,
  leaseId: string,
  cycle: { periodStart: string; periodEnd: string; lines: AwaitingPayment[] },
  now: Date,
): Promise<Array<AwaitingPayment & { remittanceId: string }>> {
  const remittance = { id: newRemittanceId(now), periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, createdAt: now.toISOString() };
  const claimed: Array<AwaitingPayment & { remittanceId: string }> = [];
  for (let i = 0; i < cycle.lines.length; i += REMITTANCE_CHUNK) {
    const payments = cycle.lines.slice(i, i + REMITTANCE_CHUNK);
    const read = new Map((await rt.jobs.getMany(payments.map((payment) => ({ storeId, jobId: payment.jobId })))).map((job) => [job.id, job]));
    const jobs = payments.map((payment) => {
      const job = read.get(payment.jobId);
      if (!job) throw new Error(`Job ${payment.jobId} of a payment awaiting remittance is missing`);
      return job;
    });
    if (!(await rt.remittances.claim({ storeId, leaseId, remittance, payments, jobs, remit: remitWrites, now }))) break;
    claimed.push(...payments.map((payment) => ({ ...payment, remittanceId: remittance.id })));
  }
  return claimed;
}

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
