import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { dispatchOnce, driveJobByFleetApi, newFleetMember, type TestFleetMember } from '../helpers/fleet.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { partitionItems } from '../helpers/table.ts';
import { raced } from '../helpers/races.ts';
import { AT, ID } from '../helpers/job-detail.ts';
import { fleetData, storeWithRider } from '../helpers/rider-setup.ts';
import { keys } from '../../functions/data/table.ts';
import type { Job } from '../../functions/core/job.ts';
import type { FleetOffer } from '../../functions/schemas/views/fleet.view.ts';

/**
 * Cash on delivery at the door, through the real local server: the rider records the payment
 * (POST /fleet/v1/jobs/{id}/collection) before the delivery code, a customer who will not pay is a
 * failed attempt, operations see each rider's cash and record deposits, offers leave out jobs past a
 * rider's cash limit; and the races a payment meets (a retry, the merchant's recall, a stale rider,
 * a deposit sent twice). After each: the store's ledger and COD invariant, the rider's cash invariant.
 */
const api = useLocalApi();

const COLLECT = 85_000;
const FEE = 2000;
const LIMIT = 2_000_000;

const stored = async (merchant: TestMerchant, jobId: string): Promise<Job> => (await api.table.rt.jobs.get(merchant.storeId, jobId))!;

/** A new store with credit for many jobs, a rider of its own and an operations key. */
const setUp = () => storeWithRider(api, 1_000_000, { ops: true });

/** A cash-on-delivery job of `merchant` that `rider` has taken to its drop (the delivery code running). */
async function codAtDrop(merchant: TestMerchant, rider: TestFleetMember, collectMinor = COLLECT): Promise<string> {
  const { id } = await merchant.bookJob({ quote: { collectMinor } });
  await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivery_arrived', rider);
  return id;
}

// Issue 33: a retry of a payment is its Idempotency-Key (without one, each request is a new payment).
const pay = (rider: TestFleetMember, jobId: string, body: unknown, key?: string) =>
  rider.post(`/fleet/v1/jobs/${jobId}/collection`, body, key === undefined ? {} : { 'Idempotency-Key': key });
const cash = { method: 'cash', amountMinor: COLLECT };
const upi = { method: 'upi', amountMinor: COLLECT, reference: '433512345678' };

/** The store's cash-on-delivery totals, its lines awaiting remittance and the rider's cash log, as the table has them. */
async function custody(merchant: TestMerchant, agentId: string) {
  const store = await api.table.rt.stores.get(merchant.storeId);
  return {
    collected: store?.codCollectedMinor ?? 0,
    awaiting: (await partitionItems(api.table.rt, `STORE#${merchant.storeId}`, keys.codDuePrefix)).map((line) => line.jobId),
    cashLog: (await partitionItems(api.table.rt, `AGENT#${agentId}`, keys.riderCashEntryPrefix)).map((entry) => [entry.kind, entry.amountMinor]),
  };
}

async function expectInvariants(merchant: TestMerchant, ...riders: TestFleetMember[]) {
  await expectLedgerInvariant(api.table.rt, merchant.storeId);
  for (const rider of riders) await expectRiderCashInvariant(api.table.rt, rider.agentId!);
}

const deposit = (ops: TestFleetMember, agentId: string, body: unknown, key: string) =>
  ops.post(`/fleet/v1/riders/${agentId}/deposits`, body, { 'Idempotency-Key': key });

describe('POST /fleet/v1/jobs/{id}/collection', () => {
  it('records a cash payment at the drop, shows the rider the amount collected (never the charge or fee), and lets the delivery code through', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const reply = await pay(rider, id, cash);

    expect(reply.status).toBe(200);
    expect(fleetData(reply).collection).toEqual({ amountMinor: COLLECT, status: 'collected', method: 'cash', reference: null, collectedAt: AT });
    expect(JSON.stringify(reply.body)).not.toMatch(/chargeMinor|feeMinor/);
    expect((await merchantView(merchant, id)).collection).toEqual({
      amountMinor: COLLECT,
      feeMinor: FEE,
      status: 'collected',
      method: 'cash',
      reference: null,
      collectedAt: fleetData(reply).collection!.collectedAt,
      remittanceId: null,
      verifiedAt: fleetData(reply).collection!.collectedAt,
    });
    const code = (await stored(merchant, id)).verification.delivery.code;
    const delivered = await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/code`, { code });
    expect(delivered.status).toBe(200);
    expect(fleetData(delivered).status).toBe('delivered');
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [id], cashLog: [['collection', COLLECT]] });
    await expectInvariants(merchant, rider);
  });

  it('records a UPI payment with its reference, putting no cash in the rider’s hands', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const reply = await pay(rider, id, upi);

    expect(reply.status).toBe(200);
    expect(fleetData(reply).collection).toEqual({ amountMinor: COLLECT, status: 'collected', method: 'upi', reference: '433512345678', collectedAt: AT });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [id], cashLog: [] });
    await expectInvariants(merchant, rider);
  });

  it('records a UPI reference written with spaces or hyphens as its 12 digits, so the same transfer written otherwise is 409 upi_reference_used', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    const again = await codAtDrop(merchant, rider);

    const reply = await pay(rider, id, { ...upi, reference: '8120 0000-0001' });
    const second = await pay(rider, again, { ...upi, reference: '812000000001' });

    expect(reply.status).toBe(200);
    expect(fleetData(reply).collection!.reference).toBe('812000000001');
    expect((await stored(merchant, id)).collection!.reference).toBe('812000000001');
    expect(second).toMatchObject({ status: 409, body: { code: 'upi_reference_used' } });
    expect((await stored(merchant, again)).collection!.status).toBe('due');
    const prefixed = await pay(rider, again, { ...upi, reference: 'UTR-433512345679' });
    expect(prefixed).toMatchObject({
      status: 400,
      body: { code: 'validation_error', details: { fieldErrors: { reference: [expect.stringMatching(/12-digit UPI transaction number/)] } } },
    });
  });

  it.each([
    ['a UPI payment without its reference', { method: 'upi', amountMinor: COLLECT }, 'reference'],
    ['a cash payment with a reference', { method: 'cash', amountMinor: COLLECT, reference: '433512345678' }, 'reference'],
    ['a UPI reference too short', { method: 'upi', amountMinor: COLLECT, reference: '12345' }, 'reference'],
    ['a UPI reference with a prefix', { method: 'upi', amountMinor: COLLECT, reference: 'UTR-433512345678' }, 'reference'],
    ['a UPI reference with a trailing dot', { method: 'upi', amountMinor: COLLECT, reference: '433512345678.' }, 'reference'],
    ['a UPI reference with a zero-width space', { method: 'upi', amountMinor: COLLECT, reference: '433512345678\u200B' }, 'reference'],
    ['a UPI reference of 13 digits', { method: 'upi', amountMinor: COLLECT, reference: '0433512345678' }, 'reference'],
    ['an unknown method', { method: 'card', amountMinor: COLLECT }, 'method'],
    ['no amount', { method: 'cash' }, 'amountMinor'],
    ['a zero amount', { method: 'cash', amountMinor: 0 }, 'amountMinor'],
    ['a fractional amount', { method: 'cash', amountMinor: 84_999.5 }, 'amountMinor'],
    ['an unknown field', { method: 'cash', amountMinor: COLLECT, tip: 100 }, 'tip'],
  ])('refuses %s with 400 naming the field, recording nothing', async (_case, body, field) => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const reply = await pay(rider, id, body);

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'validation_error' });
    expect(Object.keys((reply.body as { details: { fieldErrors: object } }).details.fieldErrors)).toEqual([field]);
    expect((await stored(merchant, id)).collection!.status).toBe('due');
  });

  it('refuses another amount than the one due with 409 collection_amount_mismatch, recording nothing', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const reply = await pay(rider, id, { method: 'cash', amountMinor: COLLECT - 100 });

    expect(reply).toMatchObject({
      status: 409,
      body: {
        error: `${COLLECT} paise is due on this job; ${COLLECT - 100} paise was sent`,
        code: 'collection_amount_mismatch',
        details: { dueMinor: COLLECT },
      },
    });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: 0, awaiting: [], cashLog: [] });
    await expectInvariants(merchant, rider);
  });

  it('refuses the delivery code while the payment is due with 409 collection_pending, counting no try', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    const code = (await stored(merchant, id)).verification.delivery.code;

    const reply = await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/code`, { code });

    expect(reply).toMatchObject({
      status: 409,
      body: { code: 'collection_pending', details: { dueMinor: COLLECT, collectionPath: `/fleet/v1/jobs/${id}/collection` } },
    });
    const job = fleetData(await rider.get(`/fleet/v1/jobs/${id}`));
    expect(job.status).toBe('pickup_completed');
    expect(job.verification.delivery.attemptsRemaining).toBe(5);
    expect(job.collection).toEqual({ amountMinor: COLLECT, status: 'due', method: null, reference: null, collectedAt: null });
  });

  it('answers a retry of the same payment with 200 and the job, recording it once', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    const first = await pay(rider, id, cash, 'pay-1');

    const retry = await pay(rider, id, cash, 'pay-1');

    expect(retry.status).toBe(200);
    expect(fleetData(retry)).toEqual(fleetData(first));
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [id], cashLog: [['collection', COLLECT]] });
    await expectInvariants(merchant, rider);
  });

  it('answers a retry of the same payment that arrives after the delivery (an app replaying its queue) with 200 and the job, recording it once; another payment is still 409', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    const payment = { ...upi, reference: '717062751001' };
    expect((await pay(rider, id, payment, 'pay-1')).status).toBe(200);
    const code = (await stored(merchant, id)).verification.delivery.code;
    expect((await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/code`, { code })).status).toBe(200);

    const replay = await pay(rider, id, payment, 'pay-1');
    const other = await pay(rider, id, cash);

    expect(replay.status).toBe(200);
    expect(fleetData(replay)).toMatchObject({ status: 'delivered', collection: { status: 'collected', method: 'upi', reference: '717062751001' } });
    expect(other).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [id], cashLog: [] });
    await expectInvariants(merchant, rider);
  });

  it('refuses another payment once one is recorded with 409 invalid_transition', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    expect((await pay(rider, id, cash)).status).toBe(200);

    const reply = await pay(rider, id, upi);

    expect(reply).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [id], cashLog: [['collection', COLLECT]] });
    await expectInvariants(merchant, rider);
  });

  it.each([
    [
      'a prepaid job',
      async (merchant: TestMerchant, rider: TestFleetMember) => {
        const { id } = await merchant.bookJob();
        await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivery_arrived', rider);
        return id;
      },
    ],
    [
      'a job whose rider has not arrived at the drop',
      async (merchant: TestMerchant, rider: TestFleetMember) => {
        const { id } = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
        await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'pickup_completed', rider);
        return id;
      },
    ],
    [
      'a job waiting for the merchant’s decision',
      async (merchant: TestMerchant, rider: TestFleetMember) => {
        const id = await codAtDrop(merchant, rider);
        expect((await rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'payment_refused' })).status).toBe(200);
        return id;
      },
    ],
  ])('refuses a payment on %s with 409 invalid_transition', async (_case, prepare) => {
    const { merchant, rider } = await setUp();
    const id = await prepare(merchant, rider);

    const reply = await pay(rider, id, cash);

    expect(reply).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: 0, awaiting: [], cashLog: [] });
    await expectInvariants(merchant, rider);
  });

  it('takes a customer who will not pay as a delivery attempt (payment_refused); after a reattempt the rider collects and delivers', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const refused = await rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'payment_refused', note: 'Customer would not pay' });

    expect(refused.status).toBe(200);
    expect(fleetData(refused).deliveryAttempts).toEqual([{ number: 1, reason: 'payment_refused', note: 'Customer would not pay', createdAt: AT }]);
    expect(fleetData(refused).pendingDecision).toMatchObject({ options: ['reattempt', 'return'] });
    expect((await merchant.post(`/v1/jobs/${id}/decision`, { action: 'reattempt' })).status).toBe(200);
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivered', rider);
    expect((await stored(merchant, id)).collection).toMatchObject({ status: 'collected', method: 'cash' });
    await expectInvariants(merchant, rider);
  });

  it('refuses payment_refused on a prepaid job (409 invalid_transition)', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await merchant.bookJob();
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivery_arrived', rider);

    const reply = await rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'payment_refused' });

    expect(reply).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
  });

  it('collects nothing on a parcel sent back after a refusal: the rider sees not_collected and owes no cash', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    expect((await rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'payment_refused' })).status).toBe(200);

    expect((await merchant.post(`/v1/jobs/${id}/decision`, { action: 'return' })).status).toBe(200);

    const job = fleetData(await rider.get(`/fleet/v1/jobs/${id}`));
    expect(job.collection).toEqual({ amountMinor: COLLECT, status: 'not_collected', method: null, reference: null, collectedAt: null });
    expect((await pay(rider, id, cash)).status).toBe(409);
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: 0, awaiting: [], cashLog: [] });
    await expectInvariants(merchant, rider);
  });
});

describe('a rider’s cash, for operations', () => {
  it('lists cash in hand, collected, deposited and due, the limit, and the latest movements newest first', async () => {
    const { merchant, rider, ops } = await setUp();
    const paid = await codAtDrop(merchant, rider);
    expect((await pay(rider, paid, cash)).status).toBe(200);
    const due = await merchant.bookJob({ quote: { collectMinor: 42_000 } });
    await driveJobByFleetApi(api.table.rt, merchant.storeId, due.id, 'picked_by_agent', rider);
    const deposited = await deposit(ops, rider.agentId!, { amountMinor: 30_000, reference: 'CASH-BLR-0042' }, 'cash-list-1');
    expect(deposited.status).toBe(201);

    const reply = await ops.get(`/fleet/v1/riders/${rider.agentId}/cash`);

    expect(reply).toMatchObject({ status: 200 });
    expect(reply.body).toEqual({
      data: {
        agentId: rider.agentId,
        inHandMinor: COLLECT - 30_000,
        collectedCashMinor: COLLECT,
        depositedMinor: 30_000,
        dueMinor: 42_000,
        limitMinor: LIMIT,
        entries: [
          { kind: 'deposit', amountMinor: 30_000, createdAt: AT, storeId: null, jobId: null, depositId: ID, reference: 'CASH-BLR-0042' },
          { kind: 'collection', amountMinor: COLLECT, createdAt: AT, storeId: merchant.storeId, jobId: paid, depositId: null, reference: null },
        ],
        hasMoreEntries: false,
      },
    });
    await expectInvariants(merchant, rider);
  });

  it('answers a rider who never held cash with zeros', async () => {
    const { ops } = await setUp();
    await newFleetMember(api.table.rt, api.server, 'rider', 'rider-never-held-cash');

    const reply = await ops.get('/fleet/v1/riders/rider-never-held-cash/cash');

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: {
        agentId: 'rider-never-held-cash',
        inHandMinor: 0,
        collectedCashMinor: 0,
        depositedMinor: 0,
        dueMinor: 0,
        limitMinor: LIMIT,
        entries: [],
        hasMoreEntries: false,
      },
    });
  });

  it('answers an agent id that never had a fleet key with 404 rider_not_found, case included (AGENT-1 is not agent-1)', async () => {
    const { ops, rider } = await setUp();

    const unknown = await ops.get('/fleet/v1/riders/rider-with-no-key/cash');
    const otherCase = await ops.get(`/fleet/v1/riders/${rider.agentId!.toUpperCase()}/cash`);
    const known = await ops.get(`/fleet/v1/riders/${rider.agentId!}/cash`);

    expect(unknown).toMatchObject({ status: 404, body: { code: 'rider_not_found' } });
    expect((unknown.body as { error: string }).error).toMatch(/agent ids are case-sensitive/);
    expect(rider.agentId).not.toBe(rider.agentId!.toUpperCase());
    expect(otherCase).toMatchObject({ status: 404, body: { code: 'rider_not_found' } });
    expect(known.status).toBe(200);
  });

  it('is for operations only: a rider’s key gets 403 on the cash and the deposits', async () => {
    const { rider } = await setUp();

    const read = await rider.get(`/fleet/v1/riders/${rider.agentId}/cash`);
    const deposited = await deposit(rider, rider.agentId!, { amountMinor: 100 }, 'rider-own-deposit');

    expect([read.status, deposited.status]).toEqual([403, 403]);
    expect((read.body as { code: string }).code).toBe('forbidden');
  });

  it('refuses an agent id of the wrong form with 400 naming it', async () => {
    const { ops } = await setUp();

    const reply = await ops.get('/fleet/v1/riders/a*b/cash');

    expect(reply).toMatchObject({ status: 400, body: { code: 'validation_error', details: { fieldErrors: { agentId: [expect.any(String)] } } } });
  });
});

describe('POST /fleet/v1/riders/{agentId}/deposits', () => {
  it('records a deposit once per Idempotency-Key: 201, then the same deposit with 200; another amount under the key is 409', async () => {
    const { merchant, rider, ops } = await setUp();
    expect((await pay(rider, await codAtDrop(merchant, rider), cash)).status).toBe(200);

    const first = await deposit(ops, rider.agentId!, { amountMinor: 50_000 }, 'deposit-once');
    const again = await deposit(ops, rider.agentId!, { amountMinor: 50_000 }, 'deposit-once');
    const other = await deposit(ops, rider.agentId!, { amountMinor: 20_000 }, 'deposit-once');

    const account = {
      agentId: rider.agentId,
      inHandMinor: COLLECT - 50_000,
      collectedCashMinor: COLLECT,
      depositedMinor: 50_000,
      dueMinor: 0,
      limitMinor: LIMIT,
    };
    expect(first).toMatchObject({
      status: 201,
      body: { data: { deposit: { id: ID, agentId: rider.agentId, amountMinor: 50_000, reference: null, createdAt: AT }, account } },
    });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const depositId = (first.body as { data: { deposit: { id: string } } }).data.deposit.id;
    expect(other).toMatchObject({ status: 409, body: { code: 'idempotency_conflict', details: { depositId } } });
    const log = await partitionItems(api.table.rt, `AGENT#${rider.agentId}`, keys.riderCashEntryPrefix);
    expect(log.filter((entry) => entry.kind === 'deposit')).toEqual([
      expect.objectContaining({ amountMinor: 50_000, depositId, recordedBy: ops.keyId, reference: null }),
    ]);
    await expectInvariants(merchant, rider);
  });

  it('refuses a deposit of more than the cash in hand with 409 deposit_exceeds_cash_in_hand, recording nothing', async () => {
    const { merchant, rider, ops } = await setUp();
    expect((await pay(rider, await codAtDrop(merchant, rider), cash)).status).toBe(200);

    const reply = await deposit(ops, rider.agentId!, { amountMinor: COLLECT + 1 }, 'too-much');

    expect(reply).toMatchObject({ status: 409, body: { code: 'deposit_exceeds_cash_in_hand', details: { inHandMinor: COLLECT } } });
    expect(await custody(merchant, rider.agentId!)).toMatchObject({ cashLog: [['collection', COLLECT]] });
    // The key made nothing: it may record the right deposit next
    expect((await deposit(ops, rider.agentId!, { amountMinor: COLLECT }, 'too-much')).status).toBe(201);
    await expectInvariants(merchant, rider);
  });

  it('refuses a deposit for a rider with no cash (409), and one without an Idempotency-Key or with a bad body (400)', async () => {
    const { ops } = await setUp();

    const none = await deposit(ops, 'rider-without-cash', { amountMinor: 100 }, 'nothing-in-hand');
    const keyless = await ops.post('/fleet/v1/riders/rider-without-cash/deposits', { amountMinor: 100 });
    const negative = await deposit(ops, 'rider-without-cash', { amountMinor: -100 }, 'negative');

    expect(none).toMatchObject({ status: 409, body: { code: 'deposit_exceeds_cash_in_hand', details: { inHandMinor: 0 } } });
    expect(keyless).toMatchObject({ status: 400, body: { code: 'validation_error', details: { fieldErrors: { 'Idempotency-Key': [expect.any(String)] } } } });
    expect(negative).toMatchObject({ status: 400, body: { code: 'validation_error', details: { fieldErrors: { amountMinor: [expect.any(String)] } } } });
    expect(await partitionItems(api.table.rt, 'AGENT#rider-without-cash')).toEqual([]);
  });
});

describe('offers and the cash limit', () => {
  it('leaves out cash-on-delivery jobs past the rider’s cash limit (accepting one is 409 cash_limit_exceeded), and offers them again after a deposit', async () => {
    const { merchant, rider, ops } = await setUp();
    // Two payments at the zone's most (₹10,000 each) put the limit's ₹20,000 in the rider's hands
    for (let i = 0; i < 2; i++)
      await driveJobByFleetApi(api.table.rt, merchant.storeId, (await merchant.bookJob({ quote: { collectMinor: 1_000_000 } })).id, 'delivered', rider);
    const cod = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
    const prepaid = await merchant.bookJob();
    await dispatchOnce(api.table.rt);
    const offered = async (who: TestFleetMember) => ((await who.get('/fleet/v1/offers?limit=50')).body as { data: FleetOffer[] }).data.map((offer) => offer.id);

    const before = await offered(rider);
    const accept = await rider.post(`/fleet/v1/jobs/${cod.id}/accept`);
    expect((await deposit(ops, rider.agentId!, { amountMinor: COLLECT }, 'make-room')).status).toBe(201);
    const after = await offered(rider);

    expect(before).toContain(prepaid.id);
    expect(before).not.toContain(cod.id);
    expect(await offered(ops)).toContain(cod.id);
    expect(accept).toMatchObject({ status: 409, body: { code: 'cash_limit_exceeded', details: { limitMinor: LIMIT } } });
    expect(after).toContain(cod.id);
    expect((await rider.post(`/fleet/v1/jobs/${cod.id}/accept`)).status).toBe(200);
    await expectInvariants(merchant, rider);
  });

  it('shows the amount to collect on an offer and on the rider’s assignments, never the store’s charge or the collection fee', async () => {
    const { merchant, rider } = await setUp();
    const cod = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
    const prepaid = await merchant.bookJob();
    await dispatchOnce(api.table.rt);
    const offers = ((await rider.get('/fleet/v1/offers?limit=50')).body as { data: FleetOffer[] }).data;

    const due = { amountMinor: COLLECT, status: 'due', method: null, reference: null, collectedAt: null };
    expect(offers.find((offer) => offer.id === cod.id)?.collection).toEqual(due);
    expect(offers.find((offer) => offer.id === prepaid.id)?.collection).toBeNull();
    expect(JSON.stringify(offers)).not.toMatch(/chargeMinor|feeMinor/);
    expect((await rider.post(`/fleet/v1/jobs/${cod.id}/accept`)).status).toBe(200);
    const assignments = (await rider.get('/fleet/v1/assignments')).body as { data: Array<{ id: string; collection: unknown }> };
    expect(assignments.data.find((job) => job.id === cod.id)?.collection).toEqual(due);
    expect(JSON.stringify(assignments)).not.toMatch(/chargeMinor|feeMinor/);
  });
});

describe('races', () => {
  it('records one payment when the same rider sends it twice at once (one Idempotency-Key)', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const replies = await Promise.all([pay(rider, id, cash, 'pay-1'), pay(rider, id, cash, 'pay-1')]);

    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [id], cashLog: [['collection', COLLECT]] });
    await expectInvariants(merchant, rider);
  });

  it('lets the merchant’s recall that commits first win over the payment: 409, nothing collected', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const { reply } = await raced(
      async () => expect((await merchant.post(`/v1/jobs/${id}/return`)).status).toBe(200),
      () => pay(rider, id, cash),
    );

    expect(reply).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    expect((await stored(merchant, id)).collection).toMatchObject({ status: 'not_collected' });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: 0, awaiting: [], cashLog: [] });
    await expectInvariants(merchant, rider);
  });

  it('lets the payment that commits first win over the merchant’s recall: the recall is 409, the parcel is handed over', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const { reply } = await raced(
      async () => expect((await pay(rider, id, { ...upi, reference: '433512340452' })).status).toBe(200),
      () => merchant.post(`/v1/jobs/${id}/return`),
    );

    expect(reply).toMatchObject({ status: 409, body: { code: 'invalid_transition' } });
    expect((await stored(merchant, id)).collection).toMatchObject({ status: 'collected', method: 'upi' });
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivered', rider);
    await expectInvariants(merchant, rider);
  });

  it('lets exactly one of a payment and a recall sent at once win, with every rupee accounted for', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const [paid, recalled] = await Promise.all([pay(rider, id, cash), merchant.post(`/v1/jobs/${id}/return`)]);

    expect([paid.status, recalled.status].sort()).toEqual([200, 409]);
    const collection = (await stored(merchant, id)).collection!;
    expect(collection.status).toBe(paid.status === 200 ? 'collected' : 'not_collected');
    await expectInvariants(merchant, rider);
  });

  it('records one UPI payment once, whatever the job: its reference again on another job (any store, any allowed spelling) is 409 upi_reference_used, recording nothing', async () => {
    const { merchant, rider } = await setUp();
    const second = await newFleetMember(api.table.rt, api.server, 'rider');
    const otherStore = await newMerchant(api.table.rt, api.server, { creditMinor: 1_000_000 });
    const first = await codAtDrop(merchant, rider);
    const sameStore = await codAtDrop(merchant, rider);
    const elsewhere = await codAtDrop(otherStore, second);
    const reference = '717062751234';
    expect((await pay(rider, first, { ...upi, reference })).status).toBe(200);

    const replies = [await pay(rider, sameStore, { ...upi, reference }), await pay(second, elsewhere, { ...upi, reference: '7170-6275-1234' })];

    expect(replies).toMatchObject([
      { status: 409, body: { code: 'upi_reference_used' } },
      { status: 409, body: { code: 'upi_reference_used' } },
    ]);
    expect((await stored(merchant, sameStore)).collection!.status).toBe('due');
    expect((await stored(otherStore, elsewhere)).collection!.status).toBe('due');
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: COLLECT, awaiting: [first], cashLog: [] });
    expect(await custody(otherStore, second.agentId!)).toEqual({ collected: 0, awaiting: [], cashLog: [] });
    // The rider can still take the customer's own payment for the job (another reference, or cash).
    expect((await pay(rider, sameStore, { ...upi, reference: '717062759999' })).status).toBe(200);
    await expectInvariants(merchant, rider);
    await expectInvariants(otherStore, second);
  });

  it('refuses a stale rider (the job given back and taken by another) with 404, recording nothing', async () => {
    const { merchant, rider } = await setUp();
    const other = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'picked_by_agent', rider);
    expect((await rider.post(`/fleet/v1/jobs/${id}/decline`)).status).toBe(200);
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivery_arrived', other);

    const stale = await pay(rider, id, cash);

    expect(stale).toMatchObject({ status: 404, body: { code: 'job_not_found' } });
    expect(await custody(merchant, rider.agentId!)).toEqual({ collected: 0, awaiting: [], cashLog: [] });
    expect((await pay(other, id, cash)).status).toBe(200);
    await expectInvariants(merchant, rider, other);
  });

  it('records one deposit when operations send the same one twice at once', async () => {
    const { merchant, rider, ops } = await setUp();
    expect((await pay(rider, await codAtDrop(merchant, rider), cash)).status).toBe(200);

    const replies = await Promise.all([0, 1].map(() => deposit(ops, rider.agentId!, { amountMinor: 40_000 }, 'sent-twice')));

    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 201]);
    expect(replies[0]!.body).toMatchObject({ data: { deposit: (replies[1]!.body as { data: { deposit: object } }).data.deposit } });
    expect(await custody(merchant, rider.agentId!)).toMatchObject({
      cashLog: [
        ['collection', COLLECT],
        ['deposit', 40_000],
      ],
    });
    await expectInvariants(merchant, rider);
  });

  it('records one of two deposits under different keys that together pass the cash in hand; the other is 409', async () => {
    const { merchant, rider, ops } = await setUp();
    expect((await pay(rider, await codAtDrop(merchant, rider), cash)).status).toBe(200);

    const replies = await Promise.all(['first-half', 'second-half'].map((key) => deposit(ops, rider.agentId!, { amountMinor: 50_000 }, key)));

    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body).toMatchObject({
      code: 'deposit_exceeds_cash_in_hand',
      details: { inHandMinor: COLLECT - 50_000 },
    });
    await expectInvariants(merchant, rider);
  });
});

describe('what the new routes cost', () => {
  useHandlerLogs();

  it('counts the DynamoDB calls of a payment, a rider’s offers, the cash and a deposit', async () => {
    const { merchant, rider, ops } = await setUp();
    const id = await codAtDrop(merchant, rider);

    const records = await captureAccessLog(async () => {
      await pay(rider, id, cash, 'cost-pay');
      await pay(rider, id, cash, 'cost-pay'); // a retry whose answer was lost
      await rider.get('/fleet/v1/offers');
      await ops.get('/fleet/v1/offers');
      await ops.get(`/fleet/v1/riders/${rider.agentId}/cash`);
      await deposit(ops, rider.agentId!, { amountMinor: 10_000 }, 'cost-1');
      await deposit(ops, rider.agentId!, { amountMinor: 10_000 }, 'cost-1');
    });

    const calls = records.map((r) => [r.route, r.status, r.dynamoCalls]);
    console.log(`[fleet-collection] DynamoDB calls per request: ${JSON.stringify(calls)}`);
    // A payment is a move like any other (the fleet key and its bucket, the job, the transaction), its Idempotency-Key's
    // marker read alongside the job; a retry writes nothing.
    // A rider's offers read their cash account once more than operations' (the zones' offers lists the same).
    // The cash: the key and bucket, the account, one page of the log, whether the agent id is a rider's (one item, alongside). A deposit: the key and bucket, the transaction, the account after it.
    // The account is read alongside the offers, so it adds no round trip.
    const [riderOffers, opsOffers] = records
      .filter((r) => r.route === 'GET /fleet/v1/offers')
      .map((r) => ({ calls: r.dynamoCalls as number, trips: r.dynamoRoundTrips as number }));
    expect(riderOffers!.calls - opsOffers!.calls).toBe(1);
    expect(riderOffers!.trips).toBe(opsOffers!.trips);
    expect(calls.filter(([route]) => route !== 'GET /fleet/v1/offers')).toEqual([
      ['POST /fleet/v1/jobs/{id}/collection', 200, 5],
      ['POST /fleet/v1/jobs/{id}/collection', 200, 4],
      ['GET /fleet/v1/riders/{agentId}/cash', 200, 5],
      ['POST /fleet/v1/riders/{agentId}/deposits', 201, 4],
      ['POST /fleet/v1/riders/{agentId}/deposits', 200, 4],
    ]);
  });
});
