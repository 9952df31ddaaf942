import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, merchantView, newMerchant, type TestMerchant, simulateUntil, SANDBOX_STEP_MS } from '../helpers/merchant.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import { driveJobByFleetApi, newFleetMember } from '../helpers/fleet.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { workerTicks } from '../helpers/worker-ticks.ts';
import type { JobDetail } from '../../functions/schemas/views/job.view.ts';
import { authHeaders, bengaluruQuote } from '../helpers/fixtures.ts';

/**
 * Issue 26's "done means", told through the API alone: a store quotes a cash-on-delivery job and sees
 * the fee (in the charge, on the rate card, on the job), books it, the rider collects at the door (the
 * parcel is never handed over unpaid), the job is delivered, and the payment comes back as the store's
 * credit in a remittance — every rupee accounted for on the statement, the remittance and the job.
 * The sandbox tells it with the simulated rider; a live store with a real rider, operations' deposit of
 * the cash, and the daily cut-off.
 */
const api = useLocalApi();

const COLLECT = 85_000; // ₹850 to collect
const FEE = 2000; // the seed's 2 %, at least ₹20
const CREDIT = 100_000;

type Statement = Array<{ type: string; amountMinor: number; jobId: string | null; balanceMinor: number }>;
type Remittance = { id: string; status: string; amountMinor: number; jobCount: number; ledgerEntryId: string | null; lines?: unknown[] };

const until = (merchant: TestMerchant, jobId: string, start: number, done: (job: JobDetail) => boolean) =>
  simulateUntil(api.table.rt, merchant, jobId, start, done);

async function statement(merchant: TestMerchant): Promise<Statement> {
  const reply = await merchant.get('/v1/ledger?limit=100');
  expect(reply.status).toBe(200);
  return (reply.body as { data: Statement }).data;
}

async function remittances(merchant: TestMerchant): Promise<Remittance[]> {
  const reply = await merchant.get('/v1/remittances');
  expect(reply.status).toBe(200);
  return (reply.body as { data: Remittance[] }).data;
}

async function feedTypes(merchant: TestMerchant, query = ''): Promise<string[]> {
  await relayTick(api.table.rt);
  const reply = await merchant.get(`/v1/events?limit=100${query}`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: Array<{ type: string }> }).data.map((event) => event.type);
}

describe('a sandbox cash-on-delivery job, through the API alone', () => {
  it('goes quote → book → collected → delivered → remitted into the store’s credit, with the fee visible and every rupee accounted for', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: CREDIT });

    // The fee is readable before quoting: the rate card's collection terms
    const card = await merchant.get('/v1/rate-card');
    expect(card.status).toBe(200);
    expect(JSON.stringify(card.body)).toContain('"feeBasisPoints":200');

    // Quote: the charge includes the fee (a prepaid quote of the same route costs the fee less)
    const prepaid = await merchant.post('/v1/job-quotes', bengaluruQuote);
    const routeCharge = (prepaid.body as { data: { chargeMinor: number } }).data.chargeMinor;
    const booked = Date.now();
    const job = await merchant.bookJob({ quote: { collectMinor: COLLECT }, body: { externalOrderId: 'order-cod-1' } });
    expect(job.chargeMinor).toBe(routeCharge + FEE);
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

    // The simulated rider collects at the door, then delivers
    const delivered = await until(merchant, job.id, booked, (view) => view.status === 'delivered');
    expect(delivered.job.collection).toMatchObject({ status: 'collected', method: 'cash', remittanceId: null });
    expect(Date.parse(delivered.job.collection!.collectedAt!)).toBeLessThanOrEqual(Date.parse(delivered.job.updatedAt));

    // The sandbox remits at the worker's next tick
    await workerTicks(api.table.rt, new Date(delivered.at + SANDBOX_STEP_MS));
    const [remittance, ...others] = await remittances(merchant);
    expect(others).toEqual([]);
    expect(remittance).toMatchObject({ status: 'credited', amountMinor: COLLECT, jobCount: 1 });
    const detail = await merchant.get(`/v1/remittances/${remittance!.id}`);
    expect(detail.status).toBe(200);
    expect((detail.body as { data: Remittance }).data.lines).toEqual([
      { jobId: job.id, amountMinor: COLLECT, collectedAt: delivered.job.collection!.collectedAt },
    ]);
    expect((await merchantView(merchant, job.id)).collection?.remittanceId).toBe(remittance!.id);

    // The statement: the charge reserved and captured, the remittance credited; the balance says so
    const lines = await statement(merchant);
    expect(lines.map((line) => [line.type, line.amountMinor]).slice(0, 3)).toEqual([
      ['cod_remittance', COLLECT],
      ['capture', routeCharge + FEE],
      ['reserve', routeCharge + FEE],
    ]);
    expect(lines[0]!.balanceMinor).toBe(CREDIT - routeCharge - FEE + COLLECT);
    const balance = await merchant.get('/v1/balance');
    expect(balance.body).toMatchObject({ data: { balanceMinor: CREDIT - routeCharge - FEE + COLLECT, reservedMinor: 0 } });
    const csv = await api.server.request('/v1/remittances', { headers: { ...authHeaders(merchant.apiKey), Accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain(remittance!.id);

    // The merchant learnt it all from events
    expect(await feedTypes(merchant)).toEqual(expect.arrayContaining(['job.collection_updated', 'job.delivered', 'remittance.created']));
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('collects nothing when the customer will not pay (sim-payment-refused): the merchant decides, the parcel comes back, the fee is released', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: CREDIT });
    const booked = Date.now();
    const job = await merchant.bookJob({ quote: { collectMinor: COLLECT }, body: { externalOrderId: 'order-sim-payment-refused-1' } });
    const asked = await until(merchant, job.id, booked, (view) => view.pendingDecision !== null);
    expect(asked.job.deliveryAttempts).toEqual([expect.objectContaining({ number: 1, reason: 'payment_refused' })]);
    expect(asked.job.collection?.status).toBe('due');

    const decided = await merchant.post(`/v1/jobs/${job.id}/decision`, { action: 'return' });
    expect(decided.status).toBe(200);
    const back = await until(merchant, job.id, asked.at, (view) => view.returnTrip?.status === 'returned');
    await workerTicks(api.table.rt, new Date(back.at + SANDBOX_STEP_MS));

    expect(back.job.collection).toMatchObject({ status: 'not_collected', method: null, remittanceId: null });
    const ride = (job.chargeMinor as number) - FEE;
    const returnCharge = back.job.returnTrip!.chargeMinor;
    expect(
      (await statement(merchant))
        .filter((line) => line.jobId === job.id)
        .map((line) => [line.type, line.amountMinor])
        .reverse(),
    ).toEqual([
      ['reserve', ride + FEE],
      ['capture', ride],
      ['release', FEE],
      ['reserve', returnCharge],
      ['capture', returnCharge],
    ]);
    expect(await remittances(merchant)).toEqual([]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});

describe('a live cash-on-delivery job, a rider and operations', () => {
  it('is paid in cash at the door, deposited by operations, and remitted after the daily cut-off', async () => {
    const rt = api.table.rt;
    const merchant = await newMerchant(rt, api.server, { creditMinor: CREDIT });
    const rider = await newFleetMember(rt, api.server, 'rider');
    const ops = await newFleetMember(rt, api.server, 'ops');
    const job = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
    await driveJobByFleetApi(rt, merchant.storeId, job.id, 'delivery_arrived', rider);

    // Never handed over unpaid
    const code = (await rt.jobs.get(merchant.storeId, job.id))!.verification.delivery.code;
    const early = await rider.post(`/fleet/v1/jobs/${job.id}/handoffs/delivery/code`, { code });
    expect(early).toMatchObject({ status: 409, body: { code: 'collection_pending', details: { dueMinor: COLLECT } } });
    expect(await rider.post(`/fleet/v1/jobs/${job.id}/collection`, { method: 'cash', amountMinor: COLLECT - 100 })).toMatchObject({
      status: 409,
      body: { code: 'collection_amount_mismatch' },
    });

    // Paid, then delivered
    const paid = await rider.post(`/fleet/v1/jobs/${job.id}/collection`, { method: 'cash', amountMinor: COLLECT });
    expect(paid.status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${job.id}/handoffs/delivery/code`, { code })).status).toBe(200);
    await expectRiderCashInvariant(rt, rider.agentId!);

    // Operations see the cash in the rider's hands and record its deposit (once, whatever the retries)
    const held = await ops.get(`/fleet/v1/riders/${rider.agentId}/cash`);
    expect(held).toMatchObject({ status: 200 });
    expect(JSON.stringify(held.body)).toContain(`"inHandMinor":${COLLECT}`);
    expect(merchantViewCollected(await merchantView(merchant, job.id))).toBe(true);
    const deposit = { amountMinor: COLLECT, reference: 'CASH-BLR-0042' };
    const deposited = await ops.post(`/fleet/v1/riders/${rider.agentId}/deposits`, deposit, { 'Idempotency-Key': 'deposit-story-1' });
    const retried = await ops.post(`/fleet/v1/riders/${rider.agentId}/deposits`, deposit, { 'Idempotency-Key': 'deposit-story-1' });
    expect([deposited.status, retried.status]).toEqual([201, 200]);
    expect(retried.body).toEqual(deposited.body);
    expect((deposited.body as { data: { account: { inHandMinor: number; depositedMinor: number } } }).data.account).toMatchObject({
      inHandMinor: 0,
      depositedMinor: COLLECT,
    });
    await expectRiderCashInvariant(rt, rider.agentId!);

    // The live store's payment waits for the daily cut-off (18:00 IST), then is remitted
    const collectedAt = Date.parse((await merchantView(merchant, job.id)).collection!.collectedAt!);
    const afterCutOff = nextCutOff(collectedAt) + 60_000;
    await workerTicks(rt, new Date(afterCutOff));
    const [remittance] = await remittances(merchant);
    expect(remittance).toMatchObject({ status: 'credited', amountMinor: COLLECT, jobCount: 1 });
    expect((await merchantView(merchant, job.id)).collection?.remittanceId).toBe(remittance!.id);
    await expectLedgerInvariant(rt, merchant.storeId);
    await expectRiderCashInvariant(rt, rider.agentId!);
  });
});

const merchantViewCollected = (view: JobDetail) => view.collection?.status === 'collected';

/** The first 18:00 IST (12:30 UTC) after `at`. */
function nextCutOff(at: number): number {
  const day = new Date(at);
  const cut = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 12, 30);
  return cut > at ? cut : cut + 24 * 60 * 60 * 1000;
}
