/** Operations' end of an overdue job's review: its parcel's way back or its rider's re-arrival passed its deadline. */
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { command, money, required, UsageError } from './command.ts';

const overdueResolve = command({
  name: 'overdue resolve',
  group: 'Overdue jobs',
  flags: { job: { type: 'string' }, returned: { type: 'boolean' }, lost: { type: 'boolean' }, note: { type: 'string' }, operator: { type: 'string' } },
  usage: [
    [
      'overdue resolve --job ID --returned|--lost --note TEXT --operator NAME',
      'end the review of a job whose parcel did not come back, or whose',
      'rider did not return to the drop, in time: --returned (the store',
      'has the parcel: the return ends, its charge taken) or --lost (the',
      'job goes to settlement review); the note joins its history',
    ],
  ],
  async run(options, { rt }) {
    const jobId = required(options, 'job');
    if (Boolean(options.returned) === Boolean(options.lost))
      throw new UsageError('Say --returned (the store has the parcel back) or --lost (it never came back)');
    const note = options.note?.trim();
    const operator = options.operator?.trim();
    if (!note) throw new UsageError('--note is required: what operations found (the merchant sees it in the job’s history)');
    if (!operator) throw new UsageError('--operator is required: who resolves the review');
    const storeId = await rt.jobs.storeOf(jobId);
    const job = storeId && (await rt.jobs.get(storeId, jobId));
    if (!job) throw new RecordNotFoundError('job', jobId);
    const kind = job.overdue?.kind ?? null;
    const outcome = options.returned ? 'returned' : 'lost';
    const { job: resolved, money: moved } = await rt.jobs.move(job, { type: 'resolve_overdue', outcome, note: `${note} (operations: ${operator})` }, 'admin');
    const trip = resolved.returnTrip ?? null;
    const lines = moved.map((entry) => `${entry.type} ${money(Math.abs(entry.reservedDeltaMinor || entry.balanceDeltaMinor))}`);
    return {
      json: {
        jobId,
        storeId: resolved.storeId,
        overdue: kind,
        outcome,
        status: resolved.status,
        settlement: resolved.settlement,
        returnTrip: trip && { status: trip.status, chargeSettlement: trip.chargeSettlement },
        operator,
      },
      text: `Job ${jobId} of ${resolved.storeId} (overdue: ${kind}): ${outcome}; ${resolved.status}, settlement ${resolved.settlement}${trip ? `, return ${trip.status} (charge ${trip.chargeSettlement})` : ''}${lines.length > 0 ? `; ledger: ${lines.join(', ')}` : ''}.`,
    };
  },
});

/** The overdue commands, in the order the usage lists them. */
export const OVERDUE_COMMANDS = [overdueResolve];
