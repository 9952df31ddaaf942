/** The commands operations use on a job: ending a settlement review, and ending a job that can no longer change. */
import { RecordNotFoundError, ReturnChargeNotCoveredError } from '../../functions/core/errors.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { command, money, required, UsageError, type Output } from './command.ts';

/**
 * Ends the review of a job's return charge (`resolve_return`): captured from the store's balance (it
 * was never reserved), or waived. A capture the available credit cannot cover is refused before the
 * move (the write's own condition would refuse it too, without words for operations).
 */
async function resolveReturnCharge(rt: Runtime, storeId: string, jobId: string, outcome: 'capture' | 'release'): Promise<Output> {
  const job = await rt.jobs.get(storeId, jobId);
  if (!job) throw new RecordNotFoundError('job', jobId);
  const chargeMinor = job.returnTrip?.chargeMinor ?? 0;
  if (outcome === 'capture' && job.returnTrip?.chargeSettlement === 'review') {
    const availableMinor = (await rt.stores.get(storeId))?.availableMinor ?? 0;
    if (availableMinor < chargeMinor) throw new ReturnChargeNotCoveredError(chargeMinor, availableMinor);
  }
  const { job: resolved } = await rt.jobs.move(job, { type: 'resolve_return', outcome }, 'admin');
  const trip = resolved.returnTrip!;
  return {
    json: {
      jobId,
      storeId,
      status: resolved.status,
      returnTrip: { status: trip.status, chargeMinor: trip.chargeMinor, chargeSettlement: trip.chargeSettlement },
    },
    text: `Job ${jobId} of ${storeId}: return charge ${trip.chargeSettlement} (${money(trip.chargeMinor)} ${outcome === 'capture' ? 'charged' : 'waived'}).`,
  };
}

const settlementResolve = command({
  name: 'settlement resolve',
  group: 'Settlement',
  flags: { job: { type: 'string' }, capture: { type: 'boolean' }, release: { type: 'boolean' }, return: { type: 'boolean' } },
  usage: [
    ['settlement resolve --job ID --capture|--release', 'end the review of a job that failed after pickup'],
    [
      'settlement resolve --job ID --return --capture|--release',
      "end the review of a return charge the store's credit did not",
      'cover when the return started: take it from the balance, or waive it',
    ],
  ],
  async run(options, { rt }) {
    const jobId = required(options, 'job');
    if (Boolean(options.capture) === Boolean(options.release))
      throw new UsageError('Say --capture (the store pays) or --release (the store gets its credit back)');
    const storeId = await rt.jobs.storeOf(jobId);
    if (!storeId) throw new RecordNotFoundError('job', jobId);
    const outcome = options.capture ? 'capture' : 'release';
    if (options.return) return resolveReturnCharge(rt, storeId, jobId, outcome);
    const result = (await rt.jobs.move({ storeId, jobId }, { type: 'resolve', outcome }, 'admin'))!;
    const { job } = result;
    // What the resolve moved out of the reservation: the charge, less a collection fee already released (a COD job that failed unpaid).
    const settledMinor = -result.money.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
    return {
      json: { jobId: job.id, storeId, status: job.status, settlement: job.settlement, chargeMinor: job.chargeMinor, settledMinor },
      text: `Job ${job.id} of ${storeId}: settlement ${job.settlement} (${money(settledMinor)} ${outcome === 'capture' ? 'charged' : 'returned to available credit'}).`,
    };
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
export const JOB_COMMANDS = [settlementResolve, jobEnd];
