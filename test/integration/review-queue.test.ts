import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { partitionItems } from '../helpers/table.ts';
import { admin, adminJson } from '../helpers/admin.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { reviewItemOf } from '../../functions/data/review-queue.repository.ts';
import type { Runtime } from '../../functions/runtime.ts';

/**
 * Operations' review queue: one item per job in review, written in the job's own transaction, so the
 * queue and the jobs never disagree, whatever races.
 */
const api = useLocalApi();

type Listed = { storeId: string; jobId: string; reason: string; owesMinor: number; since: string; status: string; sandbox: boolean };

const queueOf = async (rt: Runtime, storeId: string) => (await partitionItems(rt, 'REVIEW')).filter((item) => item.storeId === storeId);
const reviewList = async (storeId: string) => (await adminJson<Listed[]>(api.table, ['review', 'list'])).filter((entry) => entry.storeId === storeId);

// The queue's items for the store are exactly those its jobs imply, now.
async function expectQueueAgrees(rt: Runtime, storeId: string, jobIds: readonly string[]): Promise<void> {
  const jobs = await Promise.all(jobIds.map(async (id) => (await rt.jobs.get(storeId, id))!));
  const implied = jobs.flatMap((job) => reviewItemOf(job) ?? []);
  const items = await queueOf(rt, storeId);
  expect(items.map((item) => item.SK).sort()).toEqual(implied.map((item) => item.SK).sort());
  expect(items.sort((a, b) => String(a.SK).localeCompare(String(b.SK)))).toEqual(implied.sort((a, b) => a.SK.localeCompare(b.SK)));
}

describe('the review queue', () => {
  it('lists a job that failed after pickup until operations resolve it, with what the store owes', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob();
    await driveJob(rt, m.storeId, id, 'pickup_completed');

    const { job } = (await rt.jobs.move({ storeId: m.storeId, jobId: id }, { type: 'fail', note: 'Parcel damaged' }, 'rider:rider-7'))!;

    const failedAt = job.events.at(-1)!.createdAt;
    expect(await reviewList(m.storeId)).toEqual([
      { storeId: m.storeId, jobId: id, reason: 'settlement', owesMinor: BENGALURU_CHARGE_MINOR, since: failedAt, status: 'failed', sandbox: false },
    ]);
    expect(await admin(api.table, ['settlement', 'resolve', '--job', id, '--release'])).toMatchObject({ code: 0 });
    expect(await reviewList(m.storeId)).toEqual([]);
    expect(await queueOf(rt, m.storeId)).toEqual([]);
  });

  it('lists a return charge the store’s credit did not cover, until it is resolved', async () => {
    const rt = api.table.rt;
    // Credit for the ride alone: the return charge finds nothing available.
    const m = await newMerchant(rt, api.server, { creditMinor: BENGALURU_CHARGE_MINOR });
    const { id } = await m.bookJob();
    const atDrop = await driveJob(rt, m.storeId, id, 'pickup_completed');

    const { job } = await rt.jobs.move(atDrop, { type: 'recall' }, 'merchant');

    expect(job.returnTrip).toMatchObject({ chargeSettlement: 'review' });
    expect(await reviewList(m.storeId)).toEqual([
      expect.objectContaining({
        jobId: id,
        reason: 'return_charge',
        owesMinor: job.returnTrip!.chargeMinor,
        since: job.returnTrip!.startedAt,
        status: 'cancelled',
      }),
    ]);
    expect(await admin(api.table, ['settlement', 'resolve', '--job', id, '--return', '--release'])).toMatchObject({ code: 0 });
    expect(await reviewList(m.storeId)).toEqual([]);
  });

  it('lists an overdue job, the deadline’s reason first, and lets it go when the overdue mark is cleared', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob();
    const atDrop = await driveJob(rt, m.storeId, id, 'pickup_completed');
    const since = new Date().toISOString();
    // What the deadlines' worker does (part D): the job marked overdue in a change of its own.
    const mark = async (overdue: { kind: 'rearrival'; since: string } | null) => {
      const before = (await rt.jobs.get(m.storeId, id))!;
      const after = { ...before, overdue, version: before.version + 1, updatedAt: new Date().toISOString() };
      await rt.jobs.write({ before, after, money: [], events: [] }, {});
    };

    await mark({ kind: 'rearrival', since });
    expect(await reviewList(m.storeId)).toEqual([expect.objectContaining({ jobId: id, reason: 'rearrival_overdue', since, owesMinor: atDrop.chargeMinor })]);
    await mark(null);
    expect(await reviewList(m.storeId)).toEqual([]);
  });

  it('never disagrees with its jobs when moves race: fails, recalls and locations at once, then captures and releases at once', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server, { creditMinor: 10 * BENGALURU_CHARGE_MINOR });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await m.bookJob();
      await driveJob(rt, m.storeId, id, 'pickup_completed', `rider-q${i}`);
      ids.push(id);
    }
    const ref = (jobId: string) => ({ storeId: m.storeId, jobId });

    await Promise.allSettled(
      ids.flatMap((id, i) => [
        rt.jobs.move(ref(id), { type: 'fail', note: 'Parcel damaged' }, `rider:rider-q${i}`, { onLostRace: 'decide-again' }),
        rt.jobs.move(ref(id), { type: 'recall' }, 'merchant', { onLostRace: 'decide-again' }),
        rt.jobs.move(ref(id), { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: 5 }, `rider:rider-q${i}`),
      ]),
    );
    await expectQueueAgrees(rt, m.storeId, ids);
    expect((await queueOf(rt, m.storeId)).length).toBeGreaterThan(0);

    await Promise.allSettled(
      ids.flatMap((id) => [
        rt.jobs.move(ref(id), { type: 'resolve', outcome: 'capture' }, 'admin'),
        rt.jobs.move(ref(id), { type: 'resolve', outcome: 'release' }, 'admin'),
      ]),
    );
    await expectQueueAgrees(rt, m.storeId, ids);
  });
});
