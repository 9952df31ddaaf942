import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { useLocalApi } from '../helpers/server.ts';
import { AT, bookedDetail } from '../helpers/job-detail.ts';
import { BENGALURU_CHARGE_MINOR, BENGALURU_ROUTE_METERS, bengaluruQuote } from '../helpers/fixtures.ts';
import { expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { allowLoopbackReceivers, startReceiver, type Receiver } from '../helpers/receiver.ts';
import { JobSummary } from '../../functions/schemas/views/job.view.ts';
import type { Zone } from '../../functions/core/zone.ts';

allowLoopbackReceivers();
const api = useLocalApi();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

// A zone that collects no cash (its rate card has no collection terms), around Mysuru.
const mysuru: Zone = {
  id: 'mysuru',
  name: 'Mysuru',
  active: true,
  polygon: [
    [76.54, 12.2],
    [76.74, 12.2],
    [76.74, 12.4],
    [76.54, 12.4],
    [76.54, 12.2],
  ],
  roadFactor: 1.3,
  maxRouteMeters: 20_000,
  rateCard: { baseFareMinor: 3000, includedMeters: 1500, perKmMinor: 800, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }] },
};
const mysuruRoute = { pickupLatitude: 12.3, pickupLongitude: 76.64, dropLatitude: 12.31, dropLongitude: 76.65 };

// Before any request, so the quote route's zone catalogue first loads with it.
beforeAll(async () => {
  await api.table.rt.zones.repository.import([mysuru], { onlyMissing: false });
});

const merchant = (options: { creditMinor?: number } = {}) => newMerchant(api.table.rt, api.server, options);
const quote = (m: TestMerchant, body: Record<string, unknown>) => m.post('/v1/job-quotes', { ...bengaluruQuote, ...body });
// The seed's Bengaluru terms: 2 % of the amount, at least ₹20, rounded up to a rupee; at most ₹10,000.
const MAX_COLLECT = 1_000_000;

describe('POST /v1/job-quotes with collectMinor', () => {
  it.each([
    ['the minimum fee (2 % of ₹850 is ₹17, under ₹20)', 85_000, 2000],
    ['2 % of the amount, rounded up to a rupee (₹1,234.57 → ₹24.69 → ₹25)', 123_457, 2500],
    ['2 % of ₹5,000', 500_000, 10_000],
    ['2 % of the zone’s limit, which it accepts', MAX_COLLECT, 20_000],
  ])('adds the collection fee to chargeMinor: %s, and returns no other field', async (_case, collectMinor, feeMinor) => {
    const m = await merchant();

    const { status, body } = await quote(m, { collectMinor });

    expect(status).toBe(201);
    expect(body).toEqual({
      data: {
        id: expect.any(String),
        distanceMeters: BENGALURU_ROUTE_METERS,
        chargeMinor: BENGALURU_CHARGE_MINOR + feeMinor,
        expiresAt: AT,
        currency: 'INR',
        provider: 'service_fleet',
      },
    });
  });

  it('returns 422 collection_limit_exceeded with details.maxCollectMinor above the zone’s limit', async () => {
    const m = await merchant();

    const { status, body } = await quote(m, { collectMinor: MAX_COLLECT + 1 });

    expect(status).toBe(422);
    expect(body).toEqual({
      error: `A rider collects at most ${MAX_COLLECT} paise on one job in this zone`,
      code: 'collection_limit_exceeded',
      details: { formErrors: [], fieldErrors: {}, maxCollectMinor: MAX_COLLECT },
    });
  });

  it('returns 422 collection_not_available in a zone that collects no cash, and quotes the same route prepaid', async () => {
    const m = await merchant();

    const refused = await quote(m, { ...mysuruRoute, collectMinor: 85_000 });
    const prepaid = await quote(m, mysuruRoute);

    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'Cash on delivery is not offered in zone mysuru: quote without collectMinor',
      code: 'collection_not_available',
    });
    expect(prepaid.status).toBe(201);
  });

  it.each([
    ['zero', 0, 'Too small: expected number to be >=1'],
    ['negative', -100, 'Too small: expected number to be >=1'],
    ['a fraction (rupees)', 850.5, 'Must be a whole number of paise (₹12.50 is 1250)'],
    ['a string', '85000', 'Invalid input: expected number, received string'],
    ['null', null, 'Invalid input: expected number, received null'],
    ['huge', 1e15, 'Too big: expected number to be <=100000000'],
    ['not a finite number', '1e400', 'Invalid input: expected number, received string'],
  ])('returns 400 naming collectMinor when it is %s', async (_case, collectMinor, message) => {
    const m = await merchant();

    const { status, body } = await quote(m, { collectMinor });

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid request body: check collectMinor',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { collectMinor: [message] } },
    });
  });
});

describe('booking a cash-on-delivery quote', () => {
  it('gives a job whose collection is due, its fee inside chargeMinor and reserved; GET /v1/jobs/{id} shows the same', async () => {
    const m = await merchant();

    const job = await m.bookJob({ quote: { collectMinor: 85_000 } });
    const read = await m.get(`/v1/jobs/${job.id}`);

    const expected = bookedDetail({
      chargeMinor: BENGALURU_CHARGE_MINOR + 2000,
      collection: {
        amountMinor: 85_000,
        feeMinor: 2000,
        status: 'due',
        method: null,
        reference: null,
        collectedAt: null,
        remittanceId: null,
        verifiedAt: null,
      },
    });
    expect(job).toEqual(expected);
    expect(read.status).toBe(200);
    expect((read.body as { data: unknown }).data).toEqual(expected);
    expect((await m.get('/v1/balance')).body).toMatchObject({ data: { balanceMinor: 100_000, reservedMinor: BENGALURU_CHARGE_MINOR + 2000 } });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('shows collection null on a prepaid job', async () => {
    const m = await merchant();
    const job = await m.bookJob();

    const { body } = await m.get(`/v1/jobs/${job.id}`);

    expect((body as { data: { collection: unknown } }).data.collection).toBeNull();
  });

  it('lists a cash-on-delivery job with exactly the summary fields (the list items do not change)', async () => {
    const m = await merchant();
    const job = await m.bookJob({ quote: { collectMinor: 85_000 } });

    const { status, body } = await m.get('/v1/jobs');

    expect(status).toBe(200);
    const items = (body as { data: Array<Record<string, unknown>> }).data;
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]!).sort()).toEqual(Object.keys(JobSummary.shape).sort());
    expect(items[0]).toMatchObject({ id: job.id, chargeMinor: BENGALURU_CHARGE_MINOR + 2000, settlement: 'reserved' });
  });

  it('returns 422 insufficient_credit when the credit covers the route but not the collection fee, and moves no money', async () => {
    const charge = BENGALURU_CHARGE_MINOR + 2000;
    const m = await merchant({ creditMinor: charge - 1 });
    const quoteId = await m.quote({ collectMinor: 85_000 });

    const { status, body } = await m.book(quoteId);

    expect(status).toBe(422);
    expect(body).toEqual({ error: `This booking costs ${charge} paise; ${charge - 1} paise of credit is available`, code: 'insufficient_credit' });
    expect((await m.get('/v1/balance')).body).toMatchObject({ data: { balanceMinor: charge - 1, reservedMinor: 0 } });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });
});

describe('job.collection_updated', () => {
  it('is written when a cash-on-delivery job is cancelled before pickup: not_collected, the whole charge released', async () => {
    const m = await merchant();
    const job = await m.bookJob({ quote: { collectMinor: 85_000 } });

    const cancelled = await m.post(`/v1/jobs/${job.id}/cancel`);
    await relayTick(api.table.rt);
    const { status, body } = await m.get(`/v1/events?jobId=${job.id}`);

    const notCollected = {
      amountMinor: 85_000,
      feeMinor: 2000,
      status: 'not_collected',
      method: null,
      reference: null,
      collectedAt: null,
      remittanceId: null,
      verifiedAt: null,
    };
    expect(cancelled.status).toBe(200);
    expect((cancelled.body as { data: { collection: unknown; settlement: string } }).data).toMatchObject({ collection: notCollected, settlement: 'released' });
    expect(status).toBe(200);
    const events = (body as { data: Array<{ type: string; data: Record<string, unknown> }> }).data;
    const update = events.filter((event) => event.type === 'job.collection_updated');
    expect(update).toHaveLength(1);
    expect(update[0]!.data).toEqual({
      previousStatus: 'created',
      job: expect.objectContaining({ id: job.id, status: 'cancelled', settlement: 'released' }),
      collection: notCollected,
    });
    expect(Object.keys(update[0]!.data.job as object).sort()).toEqual(Object.keys(JobSummary.shape).sort());
    expect((await m.get('/v1/balance')).body).toMatchObject({ data: { balanceMinor: 100_000, reservedMinor: 0 } });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('is delivered to an endpoint that takes it, signed (Standard Webhooks), as the feed shows it', async () => {
    const m = await merchant();
    const target = await startReceiver();
    receivers.push(target);
    const registered = await m.post('/v1/webhook-endpoints', { url: target.url, eventTypes: ['job.collection_updated'] });
    const { secret } = (registered.body as { data: { secret: string } }).data;
    const job = await m.bookJob({ quote: { collectMinor: 85_000 } });

    await m.post(`/v1/jobs/${job.id}/cancel`);
    await relayTick(api.table.rt);
    await deliverTick(api.table.rt);

    expect(registered.status).toBe(201);
    expect(target.received).toHaveLength(1);
    const delivered = new Webhook(secret).verify(target.received[0]!.body, target.received[0]!.headers as Record<string, string>) as { id: string };
    const fromFeed = await m.get(`/v1/events/${delivered.id}`);
    expect(fromFeed.status).toBe(200);
    expect(delivered).toEqual((fromFeed.body as { data: unknown }).data);
    expect(delivered).toMatchObject({ type: 'job.collection_updated', jobId: job.id, data: { collection: { status: 'not_collected', amountMinor: 85_000 } } });
  });

  it('is not written for a prepaid job’s cancel', async () => {
    const m = await merchant();
    const job = await m.bookJob();

    await m.post(`/v1/jobs/${job.id}/cancel`);
    await relayTick(api.table.rt);
    const { body } = await m.get(`/v1/events?jobId=${job.id}`);

    expect((body as { data: Array<{ type: string }> }).data.map((event) => event.type)).not.toContain('job.collection_updated');
  });
});
