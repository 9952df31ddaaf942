import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import { remittanceTick } from '../../functions/workers/remittances.ts';
import { verifyUpiReference } from '../../functions/use-cases/upi-verification.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { routes } from '../../functions/http/routes.ts';
import type { CodSummaryResponse } from '../../functions/schemas/views/cod-summary.view.ts';

/**
 * GET /v1/cod-summary: what the store's riders collected, what awaits remittance (and of it, what
 * awaits verification) and what was remitted, and when the next remittance is due, from the store's
 * own totals: no read beyond the authentication's.
 */
const api = useLocalApi();
useHandlerLogs();

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

async function paid(rt: Runtime, m: TestMerchant, amountMinor: number, payment: { method: 'cash' | 'upi'; reference: string | null }, at: Date) {
  const rider = `rider-${randomUUID().slice(0, 8)}`;
  const { id } = await m.bookJob({ quote: { collectMinor: amountMinor } });
  const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', rider);
  await rt.jobs.move(atDrop, { type: 'collect', amountMinor, ...payment }, `rider:${rider}`, { now: at, onLostRace: 'refuse' });
}

const summary = async (m: TestMerchant) => {
  const reply = await m.get('/v1/cod-summary');
  expect(reply.status).toBe(200);
  return (reply.body as { data: CodSummaryResponse }).data;
};

describe('GET /v1/cod-summary', () => {
  it('shows collected = awaiting + remitted, what awaits verification, and the next cut-off while a verified payment awaits', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    expect(await summary(m)).toEqual({ collectedMinor: 0, awaitingRemittanceMinor: 0, awaitingVerificationMinor: 0, remittedMinor: 0, nextRemittanceAt: null });

    const cut = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + DAY);
    await paid(rt, m, 85_000, { method: 'cash', reference: null }, new Date(cut.getTime() - 2 * HOUR));
    await paid(rt, m, 40_000, { method: 'upi', reference: '727272727272' }, new Date(cut.getTime() - HOUR));
    const before = await summary(m);
    await remittanceTick(rt, new Date(cut.getTime() + HOUR));
    const after = await summary(m);
    await verifyUpiReference(rt, '727272727272', { how: 'operator' }, new Date());
    const verified = await summary(m);

    expect(before).toEqual({
      collectedMinor: 125_000,
      awaitingRemittanceMinor: 125_000,
      awaitingVerificationMinor: 40_000,
      remittedMinor: 0,
      nextRemittanceAt: nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).toISOString(),
    });
    expect(after).toEqual({
      collectedMinor: 125_000,
      awaitingRemittanceMinor: 40_000,
      awaitingVerificationMinor: 40_000,
      remittedMinor: 85_000,
      nextRemittanceAt: null,
    });
    expect(verified).toMatchObject({ awaitingRemittanceMinor: 40_000, awaitingVerificationMinor: 0, nextRemittanceAt: expect.any(String) });
    await expectLedgerInvariant(rt, m.storeId);
  });

  it('reads the store’s payments awaiting remittance (one Query) beside what authentication reads, with the reads group’s token', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    await m.get('/v1/cod-summary'); // the container learns which store the key belongs to

    const records = await captureAccessLog(() => m.get('/v1/cod-summary'));

    // key and store (one round trip); the bucket and the payments awaiting remittance together, whatever the store's number of jobs
    expect(records.map((r) => [r.route, r.status, r.dynamoRoundTrips, r.dynamoCalls])).toEqual([['GET /v1/cod-summary', 200, 2, 4]]);
    expect(routes.find((route) => route.name === 'get-cod-summary')).toMatchObject({ api: 'merchant', rateGroup: 'reads', access: 'read-feed' });
  });
});
