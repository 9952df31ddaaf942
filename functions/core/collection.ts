import { cashDueOf, heldBy, verifiedAtOf, type Collection, type Job } from './job.ts';

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

/** The UPI payment a move verified (confirmed, or charged to the collecting rider), or null. */
export function verifiedBy(before: Job, after: Job): Collection | null {
  const was = before.collection;
  const now = after.collection;
  return was?.status === 'collected' && now?.status === 'collected' && verifiedAtOf(was) === null && verifiedAtOf(now) !== null ? now : null;
}

/** The amount of a job's collected payment still awaiting verification (0: none). */
export function unverifiedMinor(job: Job): number {
  const collection = job.collection;
  return collection?.status === 'collected' && verifiedAtOf(collection) === null ? collection.amountMinor : 0;
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
  /** What the cash in hand is: cash taken at a door, or a UPI payment never confirmed, charged to the rider who recorded it (never held back by the cash limit: it is owed already). */
  kind: 'collection' | 'upi_unverified';
}

/** The riders' cash changes a move makes (none for a prepaid job or a sandbox one). */
export function riderCashChanges(before: Job, after: Job): RiderCashChange[] {
  const collected = collectedBy(before, after);
  const charged = verifiedBy(before, after);
  const debt = charged?.verifiedBy === 'rider_debt' && !after.testMode ? charged : null;
  const cashTaker = collected?.method === 'cash' && !after.testMode ? collected.collectedBy : (debt?.collectedBy ?? null);
  const taken = collected?.method === 'cash' ? collected : debt;
  const riders = new Set([cashHolderOf(before), cashHolderOf(after), cashTaker].filter((agent): agent is string => agent !== null));
  const due = (job: Job, agentId: string) => (cashHolderOf(job) === agentId ? cashDueOf(job) : 0);
  return [...riders]
    .map((agentId): RiderCashChange => ({
      agentId,
      dueDeltaMinor: due(after, agentId) - due(before, agentId),
      inHandDeltaMinor: agentId === cashTaker ? taken!.amountMinor : 0,
      kind: debt && agentId === cashTaker ? 'upi_unverified' : 'collection',
    }))
    .filter((change) => change.dueDeltaMinor !== 0 || change.inHandDeltaMinor !== 0);
}
