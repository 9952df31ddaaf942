import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { partitionItems } from '../helpers/table.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import { keys } from '../../functions/data/table.ts';
import type { Job } from '../../functions/core/job.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { JobRepository } from '../../functions/data/job.repository.ts';
import { dbOf } from '../helpers/table.ts';
import { admin } from '../helpers/admin.ts';

/**
 * Custody of a cash-on-delivery payment, as the job repository writes it in the move's own
 * transaction: the store's totals and its line awaiting remittance, the remittance worker's list, and
 * the rider's cash account (cash due on the jobs they hold, cash in hand) with its log.
 */
const api = useLocalApi();

const COLLECT = 85_000;
const FEE = 2000;
const CHARGE = 6900 + FEE;

const newRider = () => `rider-${randomUUID().slice(0, 8)}`;
const collect = (rt: Runtime, job: Job, method: 'cash' | 'upi' = 'cash', amountMinor = COLLECT) =>
  rt.jobs.move(job, { type: 'collect', method, amountMinor, reference: method === 'upi' ? 'UPI-20261125-7781' : null }, `rider:${job.agentId}`, {
    onLostRace: 'refuse',
  });
const cashOf = async (rt: Runtime, agentId: string) => (await partitionItems(rt, keys.riderCash(agentId).PK)).find((item) => item.SK === 'CASH') ?? null;

describe('a cash-on-delivery job', () => {
  it('is quoted with the fee in its charge and booked with the payment due', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const job = await m.bookJob({ quote: { collectMinor: COLLECT } });

    expect(job.chargeMinor).toBe(CHARGE);
    expect(job.collection).toEqual({
      amountMinor: COLLECT,
      feeMinor: FEE,
      status: 'due',
      method: null,
      reference: null,
      collectedAt: null,
      remittanceId: null,
      verifiedAt: null,
    });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('records a cash payment with the store’s totals, its line awaiting remittance, and the rider’s cash in hand, in one move', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const rider = newRider();
    const { id } = await m.bookJob({ quote: { collectMinor: COLLECT } });
    const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', rider);

    expect(await cashOf(rt, rider)).toMatchObject({ dueMinor: COLLECT, inHandMinor: 0, exposureMinor: COLLECT });
    const { job } = await collect(rt, atDrop);

    expect(job.collection).toMatchObject({ status: 'collected', method: 'cash', collectedBy: rider });
    expect(await rt.stores.get(m.storeId)).toMatchObject({ codCollectedMinor: COLLECT, codAwaitingMinor: COLLECT });
    expect(await partitionItems(rt, `STORE#${m.storeId}`, keys.codDuePrefix)).toEqual([
      expect.objectContaining({ jobId: id, amountMinor: COLLECT, method: 'cash', collectedAt: job.collection!.collectedAt }),
    ]);
    expect(await partitionItems(rt, keys.remittanceWork(m.storeId).PK)).toContainEqual(
      expect.objectContaining({ SK: m.storeId, storeId: m.storeId, sandbox: false, collections: 1 }),
    );
    expect(await cashOf(rt, rider)).toMatchObject({
      dueMinor: 0,
      inHandMinor: COLLECT,
      collectedCashMinor: COLLECT,
      depositedMinor: 0,
      exposureMinor: COLLECT,
    });
    expect(await partitionItems(rt, `AGENT#${rider}`, keys.riderCashEntryPrefix)).toEqual([
      expect.objectContaining({ kind: 'collection', amountMinor: COLLECT, jobId: id, storeId: m.storeId }),
    ]);
    await expectLedgerInvariant(rt, m.storeId);
    await expectRiderCashInvariant(rt, rider);
  });

  it('records a UPI payment for the store without putting cash in the rider’s hands', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const rider = newRider();
    const { id } = await m.bookJob({ quote: { collectMinor: COLLECT } });
    await collect(rt, await driveJob(rt, m.storeId, id, 'delivery_arrived', rider), 'upi');

    expect(await rt.stores.get(m.storeId)).toMatchObject({ codCollectedMinor: COLLECT, codAwaitingMinor: COLLECT });
    expect(await cashOf(rt, rider)).toMatchObject({ dueMinor: 0, inHandMinor: 0, exposureMinor: 0 });
    expect(await partitionItems(rt, `AGENT#${rider}`, keys.riderCashEntryPrefix)).toEqual([]);
    await expectLedgerInvariant(rt, m.storeId);
    await expectRiderCashInvariant(rt, rider);
  });

  it('is not taken by a rider whose cash in hand and cash due would pass the limit (409 cash_limit_exceeded, nothing written)', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server, { creditMinor: 1_000_000 });
    const rider = newRider();
    const limit = rt.jobs.riderCashLimitMinor;
    const near = limit - COLLECT + 1; // one paisa too many for another ₹850 job
    // The rider has ₹10,000 in hand from a delivered job and holds another with the rest of `near` to collect.
    const first = await m.bookJob({ quote: { collectMinor: 1_000_000 } });
    const paid = (await collect(rt, await driveJob(rt, m.storeId, first.id, 'delivery_arrived', rider), 'cash', 1_000_000)).job;
    await rt.jobs.move(paid, { type: 'submit_code', handoff: 'delivery', code: paid.verification.delivery.code }, `rider:${rider}`, { onLostRace: 'refuse' });
    const second = await m.bookJob({ quote: { collectMinor: near - 1_000_000 } });
    await driveJob(rt, m.storeId, second.id, 'picked_by_agent', rider);
    expect(await cashOf(rt, rider)).toMatchObject({ inHandMinor: 1_000_000, dueMinor: near - 1_000_000, exposureMinor: near });
    const third = await m.bookJob({ quote: { collectMinor: COLLECT } });
    const queued = await driveJob(rt, m.storeId, third.id, 'queued', rider);

    await expect(rt.jobs.move(queued, { type: 'accept', agentId: rider }, `rider:${rider}`, { onLostRace: 'refuse' })).rejects.toMatchObject({
      code: 'cash_limit_exceeded',
    });
    expect((await rt.jobs.get(m.storeId, third.id))!.status).toBe('queued');
    expect((await cashOf(rt, rider))!.exposureMinor).toBe(near);
    await expectLedgerInvariant(rt, m.storeId);
    await expectRiderCashInvariant(rt, rider);
  });

  it('is not taken, whatever the rider holds, when its cash alone is past a limit configured below it', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const rider = newRider(); // new to cash: no account yet
    const strict = new JobRepository(dbOf(rt), rt.config.TABLE_NAME, {
      maxHeldJobs: 2,
      dispatch: { timeoutMs: 1_200_000, confirmMs: 120_000, arriveMs: 1_800_000, returnTripMs: 10_800_000, rearrivalMs: 3_600_000 },
      riderCashLimitMinor: COLLECT - 1,
    });
    const { id } = await m.bookJob({ quote: { collectMinor: COLLECT } });
    const queued = await driveJob(rt, m.storeId, id, 'queued', rider);

    await expect(strict.move(queued, { type: 'accept', agentId: rider }, `rider:${rider}`, { onLostRace: 'refuse' })).rejects.toMatchObject({
      code: 'cash_limit_exceeded',
      details: { limitMinor: COLLECT - 1 },
    });
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('queued');
    expect(await cashOf(rt, rider)).toBeNull();
  });
});

describe('operations resolving the review of a cash-on-delivery job that failed unpaid', () => {
  it.each(['capture', 'release'] as const)(
    'say what `settlement resolve --%s` moved: the ride’s charge alone (the fee went back when the job failed)',
    async (outcome) => {
      const rt = api.table.rt;
      const m = await newMerchant(rt, api.server);
      const rider = newRider();
      const { id } = await m.bookJob({ quote: { collectMinor: COLLECT } });
      const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', rider);
      await rt.jobs.move(atDrop, { type: 'fail', note: 'Parcel damaged at the door' }, `rider:${rider}`, { onLostRace: 'refuse' });

      const run = await admin(api.table, ['settlement', 'resolve', '--job', id, `--${outcome}`]);

      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain(
        `settlement ${outcome === 'capture' ? 'captured' : 'released'} (${CHARGE - FEE} paise (₹${(CHARGE - FEE) / 100}.00) ${outcome === 'capture' ? 'charged' : 'returned to available credit'})`,
      );
      expect((await rt.stores.get(m.storeId))!.reservedMinor).toBe(0);
      await expectLedgerInvariant(rt, m.storeId);
      await expectRiderCashInvariant(rt, rider);
    },
  );
});
