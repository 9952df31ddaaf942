/** The commands operations use on a job: ending a settlement review, ending a job that can no longer change, and finding jobs. */
import { AppError, RecordNotFoundError, ReturnChargeNotCoveredError } from '../../functions/core/errors.ts';
import type { Job, Settlement } from '../../functions/core/job.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { DeskRepository } from '../../functions/data/desk.repository.ts';
import { command, money, operatorOf, required, UsageError, type Output } from './command.ts';
import { JOB_FIND_COMMANDS } from './job-find.ts';

/** A review already ended: how, and when (the statement line's time; the job's last change when the ending moved no money). */
interface Resolved {
  settlement: Settlement;
  at: string;
}

// The statement notes resolve and resolve_return begin with (core/lifecycle/money.ts).
const DECIDED = { settlement: 'Review resolved', return: 'Return charge review resolved' } as const;

/** How the job's review (its settlement, or with `ofReturn` its return charge) was ended, or null while it is not. */
async function resolution(desk: DeskRepository, job: Job, ofReturn: boolean): Promise<Resolved | null> {
  const settlement = ofReturn ? job.returnTrip?.chargeSettlement : job.status === 'failed' ? job.settlement : undefined;
  if (settlement !== 'captured' && settlement !== 'released') return null;
  const at = await desk.resolvedAt(job.storeId, job.id, ofReturn ? DECIDED.return : DECIDED.settlement);
  // A capture or release with no review line was the job's own (a parcel returned, a failure before pickup), not a review ended;
  // only a waived return charge (released) writes no line.
  if (at === null && !(ofReturn && settlement === 'released')) return null;
  return { settlement, at: at ?? job.updatedAt };
}

/** The answer to a resolve of a review already ended: done (exit 0) when it ended as asked, refused (exit 1) when it ended the other way. */
function alreadyResolved(job: Job, done: Resolved, outcome: 'capture' | 'release', what: string): Output {
  const said = `already resolved (${done.settlement} at ${done.at})`;
  if ((outcome === 'capture') !== (done.settlement === 'captured')) throw new Error(`The ${what} of job ${job.id} was ${said}; nothing changed`);
  return {
    json: { jobId: job.id, storeId: job.storeId, status: job.status, settlement: done.settlement, alreadyResolved: true, resolvedAt: done.at },
    text: `Job ${job.id} of ${job.storeId}: ${what} ${said}; nothing changed.`,
  };
}

/**
 * Ends the review of a job's return charge (`resolve_return`): captured from the store's balance (it
 * was never reserved), or waived. A capture the available credit cannot cover is refused before the
 * move (the write's own condition would refuse it too, without words for operations).
 */
async function resolveReturnCharge(
  rt: Runtime,
  job: Job,
  outcome: 'capture' | 'release',
  recorded: { note: string | null; operator: string },
): Promise<Output> {
  const { storeId, id: jobId } = job;
  const chargeMinor = job.returnTrip?.chargeMinor ?? 0;
  if (outcome === 'capture' && job.returnTrip?.chargeSettlement === 'review') {
    const availableMinor = (await rt.stores.get(storeId))?.availableMinor ?? 0;
    if (availableMinor < chargeMinor) throw new ReturnChargeNotCoveredError(chargeMinor, availableMinor);
  }
  const { job: resolved } = await rt.jobs.move(job, { type: 'resolve_return', outcome, ...recorded }, 'admin');
  const trip = resolved.returnTrip!;
  return {
    json: {
      jobId,
      storeId,
      status: resolved.status,
      returnTrip: { status: trip.status, chargeMinor: trip.chargeMinor, chargeSettlement: trip.chargeSettlement },
      operator: recorded.operator,
    },
    text: `Job ${jobId} of ${storeId}: return charge ${trip.chargeSettlement} (${money(trip.chargeMinor)} ${outcome === 'capture' ? 'charged' : 'waived'}).`,
  };
}

// Ends a failed job's settlement review (`resolve`).
async function resolveSettlement(
  rt: Runtime,
  found: Job,
  outcome: 'capture' | 'release',
  recorded: { note: string | null; operator: string },
): Promise<Output> {
  const { job, money: moved } = await rt.jobs.move(found, { type: 'resolve', outcome, ...recorded }, 'admin');
  // What the resolve moved out of the reservation: the charge, less a collection fee already released (a COD job that failed unpaid).
  const settledMinor = -moved.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
  return {
    json: {
      jobId: job.id,
      storeId: job.storeId,
      status: job.status,
      settlement: job.settlement,
      chargeMinor: job.chargeMinor,
      settledMinor,
      operator: recorded.operator,
    },
    text: `Job ${job.id} of ${job.storeId}: settlement ${job.settlement} (${money(settledMinor)} ${outcome === 'capture' ? 'charged' : 'returned to available credit'}).`,
  };
}

const settlementResolve = command({
  name: 'settlement resolve',
  group: 'Settlement',
  flags: {
    job: { type: 'string' },
    capture: { type: 'boolean' },
    release: { type: 'boolean' },
    return: { type: 'boolean' },
    note: { type: 'string' },
    operator: { type: 'string' },
  },
  usage: [
    ['settlement resolve --job ID --capture|--release [--note TEXT] [--operator NAME]', 'end the review of a job that failed after pickup'],
    [
      'settlement resolve --job ID --return --capture|--release [--note TEXT] [--operator NAME]',
      "end the review of a return charge the store's credit did not",
      'cover when the return started: take it from the balance, or waive it',
      '(the note joins the statement line; operator default: your login',
      'name); a review already ended is reported, nothing written twice',
    ],
  ],
  async run(options, { rt, desk }) {
    const jobId = required(options, 'job');
    if (Boolean(options.capture) === Boolean(options.release))
      throw new UsageError('Say --capture (the store pays) or --release (the store gets its credit back)');
    const note = options.note === undefined ? null : options.note.trim();
    if (note === '') throw new UsageError('--note must not be blank');
    const recorded = { note, operator: operatorOf(options) };
    const storeId = await rt.jobs.storeOf(jobId);
    const job = storeId && (await rt.jobs.get(storeId, jobId));
    if (!job) throw new RecordNotFoundError('job', jobId);
    const outcome = options.capture ? 'capture' : 'release';
    const ofReturn = options.return === true;
    const what = ofReturn ? 'return charge review' : 'settlement review';
    const before = await resolution(desk, job, ofReturn);
    if (before) return alreadyResolved(job, before, outcome, what);
    try {
      return ofReturn ? await resolveReturnCharge(rt, job, outcome, recorded) : await resolveSettlement(rt, job, outcome, recorded);
    } catch (error) {
      // Another operator's resolve landed first (this one was decided again and refused): reported as a review already ended.
      const latest = error instanceof AppError && error.code === 'invalid_transition' ? await rt.jobs.get(job.storeId, jobId) : null;
      const done = latest && (await resolution(desk, latest, ofReturn));
      if (latest && done) return alreadyResolved(latest, done, outcome, what);
      throw error;
    }
  },
});

const jobEnd = command({
  name: 'job end',
  group: 'Jobs',
  flags: { job: { type: 'string' }, note: { type: 'string' } },
  usage: [
    ['job end --job ID --note TEXT', 'end a job that can no longer change (item too large):', 'failed, its credit released (a ledger entry), its history kept'],
  ],
  async run(options, { rt }) {
    const jobId = required(options, 'job');
    const note = options.note?.trim();
    if (!note) throw new UsageError('--note is required: why operations end the job (the merchant sees it)');
    const storeId = await rt.jobs.storeOf(jobId);
    const found = storeId && (await rt.jobs.get(storeId, jobId));
    if (!found) throw new RecordNotFoundError('job', jobId);
    const { job, money } = await rt.jobArchive.endAsOperations(found, note);
    const releasedMinor = -money.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
    return {
      json: { jobId: job.id, storeId: job.storeId, status: job.status, settlement: job.settlement, releasedMinor },
      text: `Job ${job.id} of ${job.storeId}: ${job.status}, settlement ${job.settlement}${releasedMinor > 0 ? ` (${releasedMinor} paise returned to available credit)` : ''}.`,
    };
  },
});

/** The job commands, in the order the usage lists them. */
export const JOB_COMMANDS = [settlementResolve, ...JOB_FIND_COMMANDS, jobEnd];
