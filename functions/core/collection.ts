import { cashDueOf, heldBy, type Collection, type Job } from './job.ts';

/**
 * The rider whose cash account a live job's payment counts against: the rider who holds it. Sandbox
 * jobs are the simulator's, whose riders keep no cash account.
 */
export function cashHolderOf(job: Job): string | null {
  return job.testMode ? null : heldBy(job);
}

/** The payment a move recorded (the collection as it now is), or null when the move recorded none. */
export function collectedBy(before: Job, after: Job): Collection | null {
  return before.collection?.status === 'due' && after.collection?.status === 'collected' ? after.collection : null;
}

/**
 * How a move changes one rider's cash account: `dueDeltaMinor` is the cash due on the jobs they hold
 * (what they will collect), `inHandDeltaMinor` the cash they took at a door. Their exposure (cash in
 * hand plus cash due) is what the cash limit bounds: taking a job raises it, a UPI payment or a job
 * ending unpaid lowers it, a cash payment moves it from due to in hand.
 */
export interface RiderCashChange {
  agentId: string;
  dueDeltaMinor: number;
  inHandDeltaMinor: number;
}

/** The riders' cash changes a move makes (none for a prepaid job or a sandbox one). */
export function riderCashChanges(before: Job, after: Job): RiderCashChange[] {
  const collected = collectedBy(before, after);
  const cashTaker = collected?.method === 'cash' && !after.testMode ? collected.collectedBy : null;
  const riders = new Set([cashHolderOf(before), cashHolderOf(after), cashTaker].filter((agent): agent is string => agent !== null));
  const due = (job: Job, agentId: string) => (cashHolderOf(job) === agentId ? cashDueOf(job) : 0);
  return [...riders]
    .map((agentId) => ({
      agentId,
      dueDeltaMinor: due(after, agentId) - due(before, agentId),
      inHandDeltaMinor: agentId === cashTaker ? collected!.amountMinor : 0,
    }))
    .filter((change) => change.dueDeltaMinor !== 0 || change.inHandDeltaMinor !== 0);
}
