import type { DispatchClock } from '../../core/dispatch.ts';
import type { Job } from '../../core/job.ts';
import type { DeliveryEvent } from '../../core/event.ts';
import type { LedgerEntryType } from '../../core/store.ts';
import type { WriteGuard } from '../guard.ts';
import type { NamedItem, TransactItem } from '../transaction.ts';

export type { NamedItem };

/** A change of money that goes with a job change: one ledger entry and the store's totals. */
export interface MoneyMovement {
  type: LedgerEntryType;
  balanceDeltaMinor: number;
  reservedDeltaMinor: number;
  note: string | null;
  /** Who decided it, when operations did (kept on the statement line). */
  operator?: string | null;
}

/** The platform's limits a job's writes are conditioned on, and dispatch's clocks (which place a job on the dispatch worklist). */
export interface JobLimits {
  /** How many live jobs one rider may hold at once. */
  maxHeldJobs: number;
  /** The most cash a rider may have in hand with the cash due on the jobs they hold (core/collection.ts). */
  riderCashLimitMinor: number;
  dispatch: DispatchClock;
}

/** The limits of a write that moves no credit, files no index item and holds nothing (a remittance, a payment's verification): none applies. */
export const NO_LIMITS: JobLimits = {
  maxHeldJobs: 0,
  riderCashLimitMinor: 0,
  dispatch: { timeoutMs: 0, confirmMs: 0, arriveMs: 0, returnTripMs: 0, rearrivalMs: 0 },
};

/** What a job change's writes are built from beside the job before and after it. */
export interface WriteContext {
  tableName: string;
  /** When the change is written: the ledger lines' and the accounts' time. */
  now: Date;
  /** The change's money, one ledger line each, in the order decided. */
  money: readonly MoneyMovement[];
  /** The change's events: written with it, or not at all. */
  events: readonly DeliveryEvent[];
  /** A merchant's write: their key and store must still be allowed to write. */
  guard?: WriteGuard;
  /** A fleet key's write: the key must still be active. */
  fleetKeyHash?: string;
  limits: JobLimits;
}

/**
 * One concern's items of a job change's transaction: a pure function of the job before and after the
 * change (no read, no write). A builder may refuse the change by throwing the domain error it means.
 */
export type JobWrite = (before: Job, after: Job, context: WriteContext) => readonly NamedItem[];

/** Several items of one kind, named `<kind>#0`, `<kind>#1`, … (the kind is what FAILED_CONDITIONS knows them by). */
export function each(kind: string, items: readonly TransactItem[]): NamedItem[] {
  return items.map((item, index) => ({ name: `${kind}#${index}`, item }));
}

/** The kind of a named item: its name without the `#<n>` of `each`. */
export function kindOf(name: string): string {
  const hash = name.indexOf('#');
  return hash === -1 ? name : name.slice(0, hash);
}
