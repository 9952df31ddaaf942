import type { Runtime } from '../../functions/runtime.ts';

/** How a test reads a job's ledger lines: with each line's note, and newest first (the statement's order), when it says so. */
export interface JobLedgerShape {
  notes?: boolean;
  newestFirst?: boolean;
}

/**
 * The ledger entries of one job as [type, balance delta, reserved delta] (and the note, with `notes`),
 * oldest first unless `newestFirst`: the one reading every test of a job's money compares against.
 */
export async function jobLedger(rt: Runtime, storeId: string, jobId: string, { notes = false, newestFirst = false }: JobLedgerShape = {}) {
  const lines = (await rt.stores.ledger(storeId))
    .filter((entry) => entry.jobId === jobId)
    .map((entry) => [entry.type, entry.balanceDeltaMinor, entry.reservedDeltaMinor, ...(notes ? [entry.note] : [])]);
  // The statement is newest first.
  return newestFirst ? lines : lines.reverse();
}
