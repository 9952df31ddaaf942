import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { jobLedger as ledgerOfJob } from '../helpers/job-ledger.ts';
import type { StoreCredit } from '../../functions/core/lifecycle.ts';
import type { JobRepository } from '../../functions/data/job.repository.ts';

/**
 * A return starting reserves its charge only when the store's available credit covers it, read just
 * before deciding. The credit can be spent between that read and the write (a booking of the same
 * store): the write is conditioned on the credit still being there, so the return is decided again
 * on the credit as it now is — never an overdrawn store, never a reservation the credit does not hold.
 */
const api = useLocalApi();

const CHARGE = 6900;
const RETURN_CHARGE = 3500;

type CreditReader = { creditOf(storeId: string): Promise<StoreCredit> };

/** The job's ledger entries as [type, balance delta, reserved delta], oldest first. */
const jobLedger = (storeId: string, jobId: string) => ledgerOfJob(api.table.rt, storeId, jobId);

describe('a return whose store spends its credit between the credit read and the write', () => {
  it('is decided again on the credit left: nothing reserved, the return charge in review, the invariant kept', async () => {
    // Prepare: after booking A and B, 3499 paise would be left: one short of A's return charge.
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 2 * CHARGE + RETURN_CHARGE - 1 });
    const rt = api.table.rt;
    const { id } = await m.bookJob();
    const picked = await driveJob(rt, m.storeId, id, 'delivery_arrived', `rider-${randomUUID().slice(0, 8)}`);
    const jobs = rt.jobs as unknown as CreditReader;
    const read = jobs.creditOf.bind(rt.jobs);
    const credit = vi.spyOn(jobs, 'creditOf').mockImplementationOnce(async (storeId) => {
      const stale = await read(storeId);
      await m.bookJob(); // the store's next booking takes the credit meanwhile
      return stale;
    });

    // Act
    let result: Awaited<ReturnType<JobRepository['move']>>;
    let reads: number;
    try {
      result = await rt.jobs.move(picked, { type: 'recall' }, 'merchant', { onLostRace: 'decide-again' });
    } finally {
      reads = credit.mock.calls.length;
      credit.mockRestore();
    }

    // Assess
    expect(reads).toBe(2);
    expect(result.job).toMatchObject({
      status: 'cancelled',
      settlement: 'captured',
      returnTrip: { reason: 'recalled', status: 'returning', chargeMinor: RETURN_CHARGE, chargeSettlement: 'review' },
    });
    expect(await jobLedger(m.storeId, id)).toEqual([
      ['reserve', 0, CHARGE],
      ['capture', -CHARGE, -CHARGE],
    ]);
    expect(await rt.stores.get(m.storeId)).toMatchObject({
      balanceMinor: CHARGE + RETURN_CHARGE - 1,
      reservedMinor: CHARGE,
      availableMinor: RETURN_CHARGE - 1,
    });
    await expectLedgerInvariant(rt, m.storeId);
  });

  it('reserves when the credit left still covers it, on the first try', async () => {
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 2 * CHARGE + RETURN_CHARGE });
    const rt = api.table.rt;
    const { id } = await m.bookJob();
    const picked = await driveJob(rt, m.storeId, id, 'delivery_arrived', `rider-${randomUUID().slice(0, 8)}`);
    await m.bookJob();
    const spy = vi.spyOn(rt.jobs as unknown as { tryMove(...args: unknown[]): Promise<unknown> }, 'tryMove');
    let tries: number;

    try {
      const { job } = await rt.jobs.move(picked, { type: 'recall' }, 'merchant', { onLostRace: 'decide-again' });
      expect(job.returnTrip).toMatchObject({ chargeSettlement: 'reserved' });
    } finally {
      tries = spy.mock.calls.length;
      spy.mockRestore();
    }

    expect(tries).toBe(1);
    expect(await jobLedger(m.storeId, id)).toEqual([
      ['reserve', 0, CHARGE],
      ['capture', -CHARGE, -CHARGE],
      ['reserve', 0, RETURN_CHARGE],
    ]);
    expect(await rt.stores.get(m.storeId)).toMatchObject({ availableMinor: 0 });
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('a return decided on the credit the caller read (a merchant’s request: its authentication read the store)', () => {
  it('reads no credit of its own when that credit still holds, and reads it afresh when it was spent meanwhile', async () => {
    // Prepare: two picked-up jobs; once A's return is reserved and a third job booked, 3499 paise are left: one short of B's return charge.
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 3 * CHARGE + 2 * RETURN_CHARGE - 1 });
    const rt = api.table.rt;
    const rider = `rider-${randomUUID().slice(0, 8)}`;
    const [a, b] = [(await m.bookJob()).id, (await m.bookJob()).id];
    const [pickedA, pickedB] = [await driveJob(rt, m.storeId, a, 'delivery_arrived', rider), await driveJob(rt, m.storeId, b, 'delivery_arrived', rider)];
    const jobs = rt.jobs as unknown as CreditReader;
    const credit = vi.spyOn(jobs, 'creditOf');

    // Act: A on the credit read just now (13899: covered); B on that same figure, spent since by A's return and a booking
    let reads: number[];
    try {
      const fresh = { availableMinor: (await rt.stores.get(m.storeId))!.availableMinor };
      const first = await rt.jobs.move(pickedA, { type: 'recall' }, 'merchant', { onLostRace: 'decide-again', credit: fresh });
      const afterA = credit.mock.calls.length;
      await m.bookJob();
      const second = await rt.jobs.move(pickedB, { type: 'recall' }, 'merchant', { onLostRace: 'decide-again', credit: fresh });
      reads = [afterA, credit.mock.calls.length];
      expect([first.job.returnTrip?.chargeSettlement, second.job.returnTrip?.chargeSettlement]).toEqual(['reserved', 'review']);
    } finally {
      credit.mockRestore();
    }

    // Assess: no read for A; one for B, after its first try lost to the spent credit
    expect(reads).toEqual([0, 1]);
    await expectLedgerInvariant(rt, m.storeId);
  });
});
