import { describe, expect, it } from 'vitest';
import { dueCollection, toJobSummary, type Collection, type Job } from '../../functions/core/job.ts';
import { recordChange } from '../../functions/core/event.ts';
import { AccessRevokedError, CashLimitExceededError, ConcurrentModificationError, InternalError, RiderAtCapacityError } from '../../functions/core/errors.ts';
import { JOB_WRITES } from '../../functions/data/job.repository.ts';
import { historyPut } from '../../functions/data/job-archive.repository.ts';
import { remitWrites } from '../../functions/data/remittance-writes.ts';
import { kindOf, type JobWrite, type MoneyMovement, type WriteContext } from '../../functions/data/job-writes/context.ts';
import { FAILED_CONDITIONS, failureOf } from '../../functions/data/job-writes/failures.ts';
import { riderCash } from '../../functions/data/job-writes/rider-cash.ts';
import { Transaction, TransactionCancelled, type TransactItem } from '../../functions/data/transaction.ts';
import { BENGALURU_CHARGE_MINOR, FIXTURE_RIDER, liveJob } from '../helpers/fixtures.ts';

const LATER = '2026-11-22T10:05:00.000Z';
const RIDER = FIXTURE_RIDER;
const CASH_LIMIT = 500_000;

const jobWith = liveJob;

const moved = (job: Job, changes: Partial<Job>): Job => ({ ...job, version: job.version + 1, updatedAt: LATER, ...changes });
const paid = (method: 'cash' | 'upi'): Collection => ({
  ...dueCollection(85_000, 2_000),
  status: 'collected',
  method,
  reference: method === 'upi' ? 'UPI-20261125-7781' : null,
  collectedAt: LATER,
  collectedBy: RIDER,
});
const reserve: MoneyMovement = { type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: 3_500, note: 'Return charge' };
const release: MoneyMovement = { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -BENGALURU_CHARGE_MINOR, note: 'Cancelled' };

function contextOf(changes: Partial<WriteContext> = {}): WriteContext {
  return {
    tableName: 'jobs',
    now: new Date(LATER),
    money: [],
    events: [],
    limits: {
      maxHeldJobs: 3,
      riderCashLimitMinor: CASH_LIMIT,
      dispatch: { timeoutMs: 60_000, confirmMs: 30_000, arriveMs: 600_000, returnTripMs: 10_800_000, rearrivalMs: 3_600_000 },
    },
    ...changes,
  };
}

/** The named items every builder makes of a change, in the order they are sent (as JobRepository.write adds them). */
const transactionOf = (before: Job, after: Job, context: WriteContext, writes: readonly JobWrite[] = JOB_WRITES) =>
  new Transaction().addAll(writes.flatMap((build) => build(before, after, context))).items;

const conditionOf = (item: TransactItem) =>
  item.Put?.ConditionExpression ?? item.Update?.ConditionExpression ?? item.Delete?.ConditionExpression ?? item.ConditionCheck?.ConditionExpression;

const queuedCod = jobWith('queued', { collection: dueCollection(85_000, 2_000) });
const arrivedCod = jobWith('pickup_completed', { collection: dueCollection(85_000, 2_000) });

// Changes that between them make every kind of item a job change writes.
const CHANGES: Array<{ name: string; before: Job; after: Job; context: WriteContext; writes?: readonly JobWrite[] }> = [
  {
    name: 'a rider takes a cash-on-delivery job',
    before: queuedCod,
    after: moved(queuedCod, { status: 'picked_by_agent', agentId: RIDER }),
    context: contextOf({ fleetKeyHash: 'h1' }),
  },
  {
    name: 'a rider takes the cash at the door',
    before: arrivedCod,
    after: moved(arrivedCod, { collection: paid('cash') }),
    context: contextOf({ fleetKeyHash: 'h1' }),
  },
  {
    name: 'a rider takes a UPI transfer',
    before: arrivedCod,
    after: moved(arrivedCod, { collection: paid('upi') }),
    context: contextOf({ fleetKeyHash: 'h1' }),
  },
  {
    name: 'the merchant cancels, giving the reservation back',
    before: jobWith('picked_by_agent'),
    after: moved(jobWith('picked_by_agent'), { status: 'cancelled', settlement: 'released' }),
    context: contextOf({
      guard: { storeId: 'store_1', keyHash: 'k1' },
      money: [release],
      events: recordChange(jobWith('picked_by_agent'), moved(jobWith('picked_by_agent'), { status: 'cancelled' }), toJobSummary).events,
    }),
  },
  {
    name: 'the merchant edits the job (no money)',
    before: jobWith('queued'),
    after: moved(jobWith('queued'), { dropInstructions: 'Ring twice' }),
    context: contextOf({ guard: { storeId: 'store_1', keyHash: 'k1' } }),
  },
  {
    name: 'operations end a job, archiving its history',
    before: jobWith('picked_by_agent'),
    after: moved(jobWith('picked_by_agent'), { status: 'failed', settlement: 'released' }),
    context: contextOf({ money: [release] }),
    writes: [...JOB_WRITES, historyPut(jobWith('queued').events)],
  },
];

describe('a job change’s transaction, by concern', () => {
  it.each(CHANGES)('names each of its items once: $name', ({ before, after, context, writes }) => {
    const items = transactionOf(before, after, context, writes);

    expect(items.length).toBeGreaterThan(1);
    expect(new Set(items.map((entry) => entry.name)).size).toBe(items.length);
    expect(items.every((entry) => /^[a-z][A-Za-z:]*(#\d+)?$/.test(entry.name))).toBe(true);
  });

  it('has a row of FAILED_CONDITIONS for every kind of item that carries a condition', () => {
    const conditional = new Set(
      CHANGES.flatMap(({ before, after, context, writes }) => transactionOf(before, after, context, writes))
        .filter((entry) => conditionOf(entry.item) !== undefined)
        .map((entry) => kindOf(entry.name)),
    );
    const known = new Set(FAILED_CONDITIONS.map(([kind]) => kind));

    // Every kind of conditioned item is among the changes above (a new one must be added here, and to the table).
    expect([...conditional].sort()).toEqual(
      ['cash', 'codDue', 'event', 'fleetKey', 'guard:key', 'guard:store', 'history', 'holding:gained', 'job', 'ledger', 'store', 'upiReference'].sort(),
    );
    expect([...conditional].filter((kind) => !known.has(kind))).toEqual([]);
  });

  it('writes a UPI payment as the job, the store’s totals, its line, its reference, the worklist, its rider’s account', () => {
    const names = transactionOf(arrivedCod, moved(arrivedCod, { collection: paid('upi') }), contextOf({ fleetKeyHash: 'h1' })).map((entry) => entry.name);

    expect(names).toEqual(['fleetKey', 'job', 'store', 'codDue', 'upiReference', 'remittanceWork', 'cash#0']);
  });

  it('checks the store’s access in its own update when the change moves money, else with a check of its own', () => {
    const guard = { storeId: 'store_1', keyHash: 'k1' };
    const cancel = CHANGES[3]!;
    const edit = CHANGES[4]!;

    const withMoney = transactionOf(cancel.before, cancel.after, contextOf({ guard, money: [release] }));
    const without = transactionOf(edit.before, edit.after, contextOf({ guard }));

    expect(withMoney.map((entry) => entry.name)).toContain('store');
    expect(withMoney.map((entry) => entry.name)).not.toContain('guard:store');
    expect(conditionOf(withMoney.find((entry) => entry.name === 'store')!.item)).toContain('apiEnabled = :apiEnabled');
    expect(without.map((entry) => entry.name).slice(0, 3)).toEqual(['guard:key', 'guard:store', 'job']);
  });

  it('lists the ledger lines a millisecond apart, in the order the money was decided', () => {
    const items = transactionOf(jobWith('picked_by_agent'), moved(jobWith('picked_by_agent'), {}), contextOf({ money: [release, reserve] }));
    const lines = items.filter((entry) => kindOf(entry.name) === 'ledger').map((entry) => entry.item.Put!.Item as { entryType: string; createdAt: string });

    expect(lines.map((line) => [line.entryType, line.createdAt])).toEqual([
      ['release', '2026-11-22T10:05:00.000Z'],
      ['reserve', '2026-11-22T10:05:00.001Z'],
    ]);
  });

  it('refuses, before any write, a job whose cash alone is past the rider’s cash limit', () => {
    const big = jobWith('queued', { collection: dueCollection(CASH_LIMIT + 1, 2_000) });

    expect(() => riderCash(big, moved(big, { status: 'picked_by_agent', agentId: RIDER }), contextOf())).toThrow(CashLimitExceededError);
  });

  it('makes the remittance worker’s writes of the same builders: the job on its version and its event', () => {
    const delivered = jobWith('delivered', { agentId: RIDER, collection: paid('cash') });

    const { job, items } = remitWrites('jobs', delivered, 'rem_1', new Date(LATER));

    expect(job.collection?.remittanceId).toBe('rem_1');
    expect(items[0]!.Put).toMatchObject({ ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': delivered.version } });
    expect(items.slice(1).every((item) => (item.Put?.Item as { type: string }).type === 'outbox')).toBe(true);
  });
});

describe('what a failed condition means (FAILED_CONDITIONS)', () => {
  const job = jobWith('queued');
  const cancelled = (reasons: Record<string, { code: string; item?: Record<string, unknown> }>) =>
    new TransactionCancelled(new Map(Object.entries(reasons)), new Error('TransactionCanceledException'));
  const failed = { code: 'ConditionalCheckFailed' };
  const fine = { code: 'None' };

  it.each([
    ['the job’s version', { job: failed }, contextOf(), ConcurrentModificationError],
    ['another transaction’s conflict', { job: fine, store: { code: 'TransactionConflict' } }, contextOf(), ConcurrentModificationError],
    ['the rider’s holding, before the job’s version', { job: failed, 'holding:gained': failed }, contextOf(), RiderAtCapacityError],
    ['the rider’s cash account', { job: fine, 'cash#1': failed }, contextOf(), CashLimitExceededError],
    [
      'the store, its API access off',
      { job: failed, store: { ...failed, item: { apiEnabled: false } } },
      contextOf({ guard: { storeId: 's', keyHash: 'k' } }),
      AccessRevokedError,
    ],
    [
      'the store, its credit spent under a reservation',
      { store: { ...failed, item: { apiEnabled: true } } },
      contextOf({ money: [reserve] }),
      ConcurrentModificationError,
    ],
    ['the store, its balance broken', { store: { ...failed, item: { apiEnabled: true } } }, contextOf({ money: [release] }), InternalError],
    ['a line already written', { 'ledger#0': failed }, contextOf(), InternalError],
  ] as const)('tells the caller what %s means', (_what, reasons, context, expected) => {
    expect(failureOf(cancelled(reasons), job, context)).toBeInstanceOf(expected);
  });

  it('names the rider’s limits as configured', () => {
    expect(failureOf(cancelled({ 'holding:gained': failed }), job, contextOf())).toMatchObject({ code: 'rider_at_capacity' });
    expect(failureOf(cancelled({ 'cash#0': failed }), job, contextOf())).toMatchObject({ code: 'cash_limit_exceeded', details: { limitMinor: CASH_LIMIT } });
    expect(failureOf(cancelled({ upiReference: failed }), job, contextOf())).toMatchObject({ code: 'upi_reference_used' });
    expect(failureOf(cancelled({ fleetKey: failed, job: failed }), job, contextOf())).toMatchObject({ code: 'forbidden' });
  });
});
