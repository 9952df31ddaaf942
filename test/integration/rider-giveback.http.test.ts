import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, dispatchOnce, expectFleetIndexes, newFleetMember } from '../helpers/fleet.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { REPEATED_DECLINES } from '../../functions/core/lifecycle.ts';
import { JOB_DECLINED_REPEATEDLY } from '../../functions/use-cases/repeated-declines.ts';

/** Riders who give jobs back: declines never end a job; operations hear of a job declined again and again. */
const api = useLocalApi();
useHandlerLogs();

const shop = useMerchant(api, { creditMinor: 10_000_000 });

describe('jobs riders give back', () => {
  // Review (issue 23 §4): five rider keys could end any live job within a second of its offer.
  it(`keeps a job on offer with its credit held after ${REPEATED_DECLINES + 1} riders declined it, and logs each decline from the ${REPEATED_DECLINES}th for operations`, async () => {
    const { merchant } = shop;
    const before = (await merchant.get('/v1/balance')).body as { data: { balanceMinor: number; reservedMinor: number } };
    const { id } = await merchant.bookJob();
    await dispatchOnce(api.table.rt);
    const riders: Awaited<ReturnType<typeof newFleetMember>>[] = [];
    for (let i = 0; i <= REPEATED_DECLINES; i++) riders.push(await newFleetMember(api.table.rt, api.server, 'rider'));

    const { records } = await captureLogs(async () => {
      for (const rider of riders) {
        expect((await rider.post(`/fleet/v1/jobs/${id}/accept`)).status).toBe(200);
        expect((await rider.post(`/fleet/v1/jobs/${id}/decline`)).status).toBe(200);
      }
    });
    const job = (await api.table.rt.jobs.get(merchant.storeId, id))!;

    expect(job).toMatchObject({ status: 'queued', settlement: 'reserved', agentId: null });
    await expectBalance(merchant, before.data.balanceMinor, before.data.reservedMinor + job.chargeMinor);
    expect(records.filter((r) => r.message === JOB_DECLINED_REPEATEDLY).map((r) => [r.level, r.jobId, r.storeId, r.declines])).toEqual([
      ['WARN', id, merchant.storeId, REPEATED_DECLINES],
      ['WARN', id, merchant.storeId, REPEATED_DECLINES + 1],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  // Review (issue 23 §4): once booked nothing timed out; two booked jobs were held 200 s past every deadline.
  it('gives a booked job back to the offers when its rider has not reached the pickup within PICKUP_ARRIVAL_SECONDS, credit still held; the rider may not take it back', async () => {
    const { rt } = api.table;
    const { merchant } = shop;
    const rider = await newFleetMember(rt, api.server, 'rider');
    const { id } = await bookJobAt(rt, merchant, 'booked', rider);
    const confirmedAt = Date.parse((await rt.jobs.get(merchant.storeId, id))!.updatedAt);
    const arriveMs = rt.config.PICKUP_ARRIVAL_SECONDS * 1000;

    await dispatchTick(rt, new Date(confirmedAt + arriveMs - 1));
    const early = (await rt.jobs.get(merchant.storeId, id))!;
    await dispatchTick(rt, new Date(confirmedAt + arriveMs));
    const job = (await rt.jobs.get(merchant.storeId, id))!;

    expect(early).toMatchObject({ status: 'booked', agentId: rider.agentId });
    expect(job).toMatchObject({ status: 'queued', agentId: null, settlement: 'reserved' });
    expect(job.events.at(-1)).toMatchObject({ status: 'queued', actor: 'system', note: `Not at the pickup in time: ${rider.agentId}` });
    expect(((await rider.get('/fleet/v1/assignments')).body as { data: unknown[] }).data).toEqual([]);
    expect((await rider.post(`/fleet/v1/jobs/${id}/accept`)).status).toBe(409);
    await expectFleetIndexes(rt, merchant.storeId);
    await expectLedgerInvariant(rt, merchant.storeId);
  });
});
