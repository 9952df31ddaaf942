import { expect } from 'vitest';
import { cashDueOf } from '../../functions/core/job.ts';
import { keys } from '../../functions/data/table.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { partitionItems } from './table.ts';

/**
 * The rider's cash invariant, checked after every test that moves a rider's cash: collected in cash =
 * deposited + in hand, each the sum of the rider's cash log (collections and UPI payments charged to
 * them, deposits); in hand never
 * below zero; the cash due is the cash still to collect on the live jobs they hold, and their exposure
 * (what the cash limit bounds) is in hand + due.
 */
export async function expectRiderCashInvariant(rt: Runtime, agentId: string): Promise<void> {
  const items = await partitionItems(rt, keys.riderCash(agentId).PK);
  const account = items.find((item) => item.SK === keys.riderCash(agentId).SK) ?? {};
  const log = items.filter((item) => (item.SK as string).startsWith(keys.riderCashEntryPrefix));
  const sumOf = (kind: string) => log.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + (entry.amountMinor as number), 0);
  const held = await rt.fleetJobs.assignedTo(agentId);
  const figure = (name: string) => (account[name] as number | undefined) ?? 0;
  // A UPI payment never confirmed, charged to the rider, is cash they owe: in hand like cash taken at a door.
  const collected = sumOf('collection') + sumOf('upi_unverified');
  const deposited = sumOf('deposit');
  const due = held.reduce((sum, job) => sum + cashDueOf(job), 0);

  expect({
    collectedCashMinor: figure('collectedCashMinor'),
    depositedMinor: figure('depositedMinor'),
    inHandMinor: figure('inHandMinor'),
    dueMinor: figure('dueMinor'),
    exposureMinor: figure('exposureMinor'),
  }).toEqual({
    collectedCashMinor: collected,
    depositedMinor: deposited,
    inHandMinor: collected - deposited,
    dueMinor: due,
    exposureMinor: collected - deposited + due,
  });
  expect(figure('inHandMinor')).toBeGreaterThanOrEqual(0);
}
