import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, type TestMerchant, newMerchant, simulateUntil } from '../helpers/merchant.ts';
import { partitionItems } from '../helpers/table.ts';
import { SIMULATED_RIDER } from '../../functions/core/simulation.ts';
import { keys } from '../../functions/data/table.ts';
import type { JobDetail } from '../../functions/schemas/views/job.view.ts';

/**
 * A cash-on-delivery job in the sandbox, through the API alone: the simulated rider collects the
 * amount due in cash at the door before the delivery code; with `sim-payment-refused` the customer
 * will not pay (a failed attempt) and the merchant decides. The simulator's clock runs in 5 s steps.
 */
const api = useLocalApi();

const COLLECT = 64_900;

const until = (merchant: TestMerchant, jobId: string, start: number, done: (job: JobDetail) => boolean) =>
  simulateUntil(api.table.rt, merchant, jobId, start, done);

const delivered = (job: JobDetail) => job.status === 'delivered';

describe('a cash-on-delivery sandbox job', () => {
  it('is paid in cash at the door by the simulated rider, then delivered, the payment awaiting remittance', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = Date.now();
    const job = await merchant.bookJob({ quote: { collectMinor: COLLECT } });

    const { job: done } = await until(merchant, job.id, booked, delivered);

    expect(done.collection).toEqual({
      amountMinor: COLLECT,
      feeMinor: 2000,
      status: 'collected',
      method: 'cash',
      reference: null,
      collectedAt: expect.any(String),
      remittanceId: null,
      verifiedAt: done.collection!.collectedAt,
    });
    expect(Date.parse(done.collection!.collectedAt!)).toBeLessThan(Date.parse(done.updatedAt));
    expect(await api.table.rt.stores.get(merchant.storeId)).toMatchObject({ codCollectedMinor: COLLECT, codAwaitingMinor: COLLECT });
    // The simulator's rider keeps no cash account
    expect(await partitionItems(api.table.rt, keys.riderCash(SIMULATED_RIDER).PK)).toEqual([]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('whose customer will not pay (sim-payment-refused) asks the merchant; on a reattempt the rider collects and delivers', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = Date.now();
    const job = await merchant.bookJob({ quote: { collectMinor: COLLECT }, body: { externalOrderId: 'cod-sim-payment-refused-1' } });

    const asked = await until(merchant, job.id, booked, (current) => current.pendingDecision !== null);
    expect(asked.job).toMatchObject({
      status: 'pickup_completed',
      deliveryAttempts: [{ number: 1, reason: 'payment_refused' }],
      collection: { status: 'due', method: null },
    });
    expect((await merchant.post(`/v1/jobs/${job.id}/decision`, { action: 'reattempt' })).status).toBe(200);

    const { job: done } = await until(merchant, job.id, asked.at, delivered);

    expect(done.collection).toMatchObject({ status: 'collected', method: 'cash', amountMinor: COLLECT });
    expect(done.deliveryAttempts).toHaveLength(1);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});
