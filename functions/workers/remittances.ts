import { randomUUID } from 'node:crypto';
import { dueCycle, newRemittanceId, nextCutoff } from '../core/remittance.ts';
import type { AwaitingPayment, RemittanceWork } from '../data/remittance.repository.ts';
import { remitWrites } from '../data/remittance-writes.ts';
import { logger } from '../log/logger.ts';
import { runFair } from './fair.ts';
import { STORES_AT_ONCE, WORKER_ITEM_FAILED, type PassOptions, type PassResult, type TickReport, type WorkerRuntime } from './worklist.ts';

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
  const { errors } = await runFair(stores, { total: STORES_AT_ONCE, caps: [{ key: (work) => work.storeId, max: 1 }] }, (work) =>
    remitStore(rt, work, now, report),
  );
  for (const { task, error } of errors) {
    report.failed += 1;
    logger.error(WORKER_ITEM_FAILED, { worker: 'remittances', storeId: task.storeId, error });
  }
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

/** One remittance pass, for the engine. */
export async function remittancePass(rt: WorkerRuntime, options: PassOptions = {}): Promise<PassResult> {
  return { report: await remittanceTick(rt, options.now), more: false, nextDueAt: null };
}
