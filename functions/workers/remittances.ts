import { randomUUID } from 'node:crypto';
import { dueCycle, newRemittanceId, nextCutoff } from '../core/remittance.ts';
import type { AwaitingPayment, RemittanceWork } from '../data/remittance.repository.ts';
import { remitWrites } from '../data/remittance-writes.ts';
import { logger } from '../log/logger.ts';
import { runFair } from './fair.ts';
import { verifyJobPayment } from '../use-cases/upi-verification.ts';
import { STORES_AT_ONCE, WORKER_ITEM_FAILED, type PassOptions, type PassResult, type TickReport, type WorkerRuntime } from './worklist.ts';

/** The log line of UPI payments charged to their riders. */
export const UPI_CHARGED_TO_RIDER = 'UPI payments unverified past UPI_VERIFY_HOURS charged to their riders';

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
  return (await remittanceRun(rt, now)).report;
}

/**
 * One remittance pass, for the engine: the tick, within `deadline` (no store started that could not
 * be done by then: STORE_TASK_MS). Its own lease and release writes ring nothing (they would wake it
 * for ever), so it names when it is next due: the earliest `notBefore` or lease end it saw, and soon
 * (SOON_MS) for a store it kept with nothing holding it back (a sandbox store's payment that came
 * meanwhile, a claim that lost a race).
 */
export async function remittancePass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  return remittanceRun(rt, options.now ?? new Date(), options.deadline);
}

async function remittanceRun(rt: WorkerRuntime, now: Date, deadline?: number): Promise<PassResult> {
  const report = { moved: 0, finished: 0, failed: 0 };
  const at = now.toISOString();
  const waiting: string[] = [];
  const stores = (await rt.remittances.worklist()).filter((work) => {
    const leased = work.leaseUntil !== null && work.leaseUntil > at;
    const held = work.pendingRemittanceId === null && work.notBefore !== null && work.notBefore > at;
    if (leased) waiting.push(work.leaseUntil!);
    else if (held) waiting.push(work.notBefore!);
    return !leased && !held;
  });
  const { errors, left } = await runFair(
    stores,
    { total: STORES_AT_ONCE, caps: [{ key: (work) => work.storeId, max: 1 }], deadline, taskMs: STORE_TASK_MS },
    async (work) => {
      const kept = await remitStore(rt, work, now, report);
      if (kept) waiting.push(kept);
    },
  );
  for (const { task, error } of errors) {
    report.failed += 1;
    logger.error(WORKER_ITEM_FAILED, { worker: 'remittances', storeId: task.storeId, error });
  }
  const next = waiting.sort()[0];
  return { report, more: left.length > 0, nextDueAt: next === undefined ? null : new Date(next) };
}

/** How long one store's remittance may take (a few round trips, two more for each REMITTANCE_CHUNK payments). */
const STORE_TASK_MS = 5_000;
/** How soon a store kept on the list with nothing holding it back is looked at again. */
const SOON_MS = 2_000;

// One store's remittance work, under the worker's lease (released at the end; a stopped worker's runs
// out). Returns when the store is next due if it stays on the list (ISO; null: off it, or another worker's).
async function remitStore(rt: WorkerRuntime, work: RemittanceWork, now: Date, report: TickReport): Promise<string | null> {
  const leaseId = randomUUID();
  if (!(await rt.remittances.lease(work.storeId, leaseId, now))) return null; // another worker has it
  const livemode = !work.sandbox;
  if (work.pendingRemittanceId !== null && (await rt.remittances.credit(work.storeId, work.pendingRemittanceId, livemode, now))) report.moved += 1;
  let awaiting = await chargeOverdueUpi(rt, work.storeId, await rt.remittances.awaiting(work.storeId), now);
  const cycle = dueCycle(
    awaiting.filter((payment) => payment.verifiedAt !== null),
    now,
    { cutoffIst: rt.config.REMITTANCE_CUTOFF_IST, sandbox: work.sandbox },
  );
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
  // The payments left are due at the cut-off after the oldest (a sandbox store's, or any left by a race: next tick);
  // a UPI payment awaiting verification, at the next cut-off (it may be verified by then) or when it becomes its rider's debt.
  const cutoffAfter = (at: Date) => nextCutoff(at, rt.config.REMITTANCE_CUTOFF_IST).getTime();
  const dueTimes = awaiting.map((payment) =>
    payment.verifiedAt !== null ? cutoffAfter(new Date(payment.collectedAt)) : Math.min(cutoffAfter(now), upiDebtDue(rt, payment)),
  );
  const notBefore = work.sandbox || raced || dueTimes.length === 0 ? null : new Date(Math.min(...dueTimes)).toISOString();
  if ((await rt.remittances.release(work, leaseId, { done: awaiting.length === 0, notBefore })) === 'removed') {
    report.finished += 1;
    return null;
  }
  return notBefore ?? new Date(now.getTime() + SOON_MS).toISOString();
}

// When an unverified UPI payment becomes the collecting rider's debt (ms).
const upiDebtDue = (rt: WorkerRuntime, payment: AwaitingPayment) => Date.parse(payment.collectedAt) + rt.config.UPI_VERIFY_HOURS * 3_600_000;

// UPI payments still unverified UPI_VERIFY_HOURS after collection become the collecting rider's debt
// (verified by `rider_debt`: their cash in hand grows, as if they had taken cash), so the store is
// remitted what the platform now stands behind. Returns the payments with those now verified.
async function chargeOverdueUpi(rt: WorkerRuntime, storeId: string, awaiting: AwaitingPayment[], now: Date): Promise<AwaitingPayment[]> {
  const overdue = awaiting.filter((payment) => payment.verifiedAt === null && upiDebtDue(rt, payment) <= now.getTime());
  if (overdue.length === 0) return awaiting;
  const charged = new Set<string>();
  for (const payment of overdue) {
    if ((await verifyJobPayment(rt, storeId, payment.jobId, 'rider_debt', now))?.now) charged.add(payment.jobId);
  }
  logger.info(UPI_CHARGED_TO_RIDER, { storeId, payments: charged.size });
  return awaiting.map((payment) => (charged.has(payment.jobId) && payment.verifiedAt === null ? { ...payment, verifiedAt: now.toISOString() } : payment));
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
