import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, type TestMerchant } from '../helpers/merchant.ts';
import { bookJobAt, driveJobByFleetApi, expectFleetIndexes, type TestFleetMember } from '../helpers/fleet.ts';
import { fleetData, storeWithRider } from '../helpers/rider-setup.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import type { Job } from '../../functions/core/job.ts';
import type { LifecycleEvent } from '../../functions/core/lifecycle.ts';

/**
 * Issue 33 §4 Low: a rider's second attempt that lost to the merchant's recall answered 200 with
 * nothing recorded (its reason and note matched the first attempt's, so it was taken for a retry).
 * Rider moves that create a record (delivery attempts, the collection) take an Idempotency-Key, as
 * deposits do: the same key and body is a retry (answered as the first was: 200 and the job as it now
 * is), the same key with another body is 409 idempotency_conflict, and anything else (a new key, no
 * key) is a new move judged on the job as it is now.
 */
const api = useLocalApi();

const COLLECT = 85_000;
const setUp = () => storeWithRider(api, 1_000_000);
const stored = async (merchant: TestMerchant, jobId: string): Promise<Job> => (await api.table.rt.jobs.get(merchant.storeId, jobId))!;
const merchantMove = async (merchant: TestMerchant, jobId: string, event: LifecycleEvent) =>
  (await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId }, event, 'merchant', { onLostRace: 'decide-again' }))!.job;

const attempt = (rider: TestFleetMember, jobId: string, body: unknown, key?: string) =>
  rider.post(`/fleet/v1/jobs/${jobId}/delivery-attempts`, body, key === undefined ? {} : { 'Idempotency-Key': key });
const pay = (rider: TestFleetMember, jobId: string, body: unknown, key?: string) =>
  rider.post(`/fleet/v1/jobs/${jobId}/collection`, body, key === undefined ? {} : { 'Idempotency-Key': key });
const answer = (reply: { status: number; body: unknown }) => ({ status: reply.status, body: reply.body });

const FIRST = { reason: 'customer_unreachable', note: 'Called twice' };
const RECALLED = {
  status: 409,
  body: {
    error: 'The merchant recalled the parcel: take it back to the pickup (POST /fleet/v1/jobs/{id}/handoffs/return/arrive)',
    code: 'invalid_transition',
  },
};

/** A job whose rider failed once at the drop, the merchant asked for a reattempt and the rider is back at the door. */
async function backAtTheDoor(merchant: TestMerchant, rider: TestFleetMember): Promise<string> {
  const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
  expect((await attempt(rider, id, FIRST, 'attempt-1')).status).toBe(200);
  await merchantMove(merchant, id, { type: 'decide', action: 'reattempt' });
  expect((await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/arrive`)).status).toBe(200);
  return id;
}

async function expectConsistent(merchant: TestMerchant, rider?: TestFleetMember) {
  await expectLedgerInvariant(api.table.rt, merchant.storeId);
  await expectFleetIndexes(api.table.rt, merchant.storeId);
  if (rider) await expectRiderCashInvariant(api.table.rt, rider.agentId!);
}

describe('a rider’s second attempt after the merchant recalled the parcel', () => {
  it.each([
    ['without a key', undefined],
    ['with a new key', 'attempt-2'],
  ] as const)('is 409 naming the recall, %s, even with the first attempt’s reason and note (it was 200, nothing recorded)', async (_case, key) => {
    const { merchant, rider } = await setUp();
    const id = await backAtTheDoor(merchant, rider);
    await merchantMove(merchant, id, { type: 'recall' });

    const second = await attempt(rider, id, FIRST, key);

    expect(answer(second)).toEqual(RECALLED);
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(1);
    await expectConsistent(merchant);
  });

  it('is 409 naming the recall when the recall lands between its read and its write', async () => {
    const { merchant, rider } = await setUp();
    const id = await backAtTheDoor(merchant, rider);
    const { raced } = await import('../helpers/races.ts');

    const { reply } = await raced(
      () => merchantMove(merchant, id, { type: 'recall' }),
      () => attempt(rider, id, FIRST),
    );

    expect(reply).toEqual(RECALLED);
    expect(await stored(merchant, id)).toMatchObject({ status: 'cancelled', returnTrip: { reason: 'recalled' } });
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(1);
    await expectConsistent(merchant);
  });
});

describe('POST /fleet/v1/jobs/{id}/delivery-attempts with an Idempotency-Key', () => {
  it('answers a retry (same key, same body) 200 with the job as it now is, recording the attempt once, also after the merchant moved on', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    const first = await attempt(rider, id, FIRST, 'k-1');

    const retry = await attempt(rider, id, FIRST, 'k-1');
    await merchantMove(merchant, id, { type: 'recall' });
    const late = await attempt(rider, id, FIRST, 'k-1');

    expect(answer(retry)).toEqual(answer(first));
    expect(late.status).toBe(200);
    expect(fleetData(late)).toMatchObject({ status: 'cancelled', deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'Called twice' }] });
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(1);
    await expectConsistent(merchant);
  });

  it('answers the same key with another body 409 idempotency_conflict, recording nothing', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    expect((await attempt(rider, id, FIRST, 'k-1')).status).toBe(200);

    const other = await attempt(rider, id, { reason: 'customer_refused' }, 'k-1');

    expect(answer(other)).toEqual({
      status: 409,
      body: {
        error: 'This Idempotency-Key already recorded another move on this job (a delivery attempt); use a new key for a new move',
        code: 'idempotency_conflict',
        details: expect.objectContaining({ move: 'attempt_delivery' }),
      },
    });
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(1);
    await expectConsistent(merchant);
  });

  it('judges a retry without a key as a new move on the job as it is now: 409 while the decision is pending', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    expect((await attempt(rider, id, FIRST)).status).toBe(200);

    const again = await attempt(rider, id, FIRST);

    expect(answer(again)).toEqual({
      status: 409,
      body: { error: 'The job already waits for the merchant’s decision after a failed attempt', code: 'invalid_transition' },
    });
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(1);
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);

    const reply = await attempt(rider, id, FIRST, 'not a key!');

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      code: 'validation_error',
      details: { fieldErrors: { 'Idempotency-Key': [expect.stringContaining('Only letters, digits')] } },
    });
    expect((await stored(merchant, id)).deliveryAttempts ?? []).toHaveLength(0);
  });
});

describe('POST /fleet/v1/jobs/{id}/collection with an Idempotency-Key', () => {
  async function codAtDrop(merchant: TestMerchant, rider: TestFleetMember): Promise<string> {
    const { id } = await merchant.bookJob({ quote: { collectMinor: COLLECT } });
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivery_arrived', rider);
    return id;
  }
  const cash = { method: 'cash', amountMinor: COLLECT };

  it('answers a retry (same key, same body) 200 with the job, recording the payment once, also after the delivery', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    const first = await pay(rider, id, cash, 'pay-1');
    const code = (await stored(merchant, id)).verification.delivery.code;
    expect((await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/code`, { code })).status).toBe(200);

    const replay = await pay(rider, id, cash, 'pay-1');

    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(fleetData(replay)).toMatchObject({ status: 'delivered', collection: { status: 'collected', method: 'cash', amountMinor: COLLECT } });
    expect((await api.table.rt.riderCash.account(rider.agentId!)).inHandMinor).toBe(COLLECT);
    await expectConsistent(merchant, rider);
  });

  it('answers the same key with another body 409 idempotency_conflict; without a key, a second payment is a new move: 409 already recorded', async () => {
    const { merchant, rider } = await setUp();
    const id = await codAtDrop(merchant, rider);
    expect((await pay(rider, id, cash, 'pay-1')).status).toBe(200);

    const other = await pay(rider, id, { ...cash, amountMinor: COLLECT - 100 }, 'pay-1');
    const unkeyed = await pay(rider, id, cash);

    expect(other).toMatchObject({ status: 409, body: { code: 'idempotency_conflict', details: { move: 'collect' } } });
    expect(answer(unkeyed)).toEqual({ status: 409, body: { error: 'The payment was already recorded', code: 'invalid_transition' } });
    expect((await api.table.rt.riderCash.account(rider.agentId!)).inHandMinor).toBe(COLLECT);
    await expectConsistent(merchant, rider);
  });
});
