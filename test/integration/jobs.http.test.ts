import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { balanceBody, expectLedgerInvariant, parcelReturnRequired, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob, type Stage } from '../helpers/fleet.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { AT, CODE, ID, PENDING, SUMMARY_KEYS, bookedDetail } from '../helpers/job-detail.ts';

const api = useLocalApi();

const DETAIL_KEYS = [
  ...SUMMARY_KEYS,
  'pickupName',
  'pickupAddress',
  'pickupCity',
  'pickupPincode',
  'pickupPhone',
  'pickupLatitude',
  'pickupLongitude',
  'dropLatitude',
  'dropLongitude',
  'packageWeight',
  'packageWeightGrams',
  'packageValue',
  'packageValueMinor',
  'pickupInstructions',
  'dropInstructions',
  'riderLocation',
  'events',
  'verification',
  'deliveryAttempts',
  'pendingDecision',
  'returnTrip',
  'collection',
];

/** Only the fields a quote requires, inside the Bengaluru zone. */
const minimalQuote = {
  pickupAddress: 'MG Road, Bengaluru',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
};

const UNAVAILABLE = { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null };

type Detail = Record<string, unknown> & { id: string; events: Array<Record<string, unknown>> };

function summaryOf(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SUMMARY_KEYS.map((key) => [key, detail[key]]));
}

/** Quotes `quote` as it is (no fixture fields merged in) and books it; returns the quote's charge and the job detail. */
async function bookExactQuote(merchant: TestMerchant, quote: Record<string, unknown>, body: Record<string, unknown> = {}) {
  const quoted = await merchant.post('/v1/job-quotes', quote);
  expect(quoted.status).toBe(201);
  const { id: quoteId, chargeMinor } = (quoted.body as { data: { id: string; chargeMinor: number } }).data;
  const booked = await merchant.book(quoteId, { body });
  expect(booked.status).toBe(201);
  return { chargeMinor, job: (booked.body as { data: Detail }).data };
}

// The rider the jobs below are driven by, and where that rider reports being.
const RIDER = 'rider-7';
const RIDER_LOCATION = { latitude: 12.9761, longitude: 77.6102, accuracy: 12 };

/** The store's money as the store item and its ledger hold it. */
async function moneyOf(storeId: string) {
  const store = (await api.table.rt.stores.get(storeId))!;
  const ledger = await api.table.rt.stores.ledger(storeId);
  return { balanceMinor: store.balanceMinor, reservedMinor: store.reservedMinor, availableMinor: store.availableMinor, ledger };
}

describe('GET /v1/jobs/{id}', () => {
  it('returns 200 with exactly the job detail fields right after booking', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();

    const { status, body } = await merchant.get(`/v1/jobs/${booked.id}`);

    expect(status).toBe(200);
    expect(body).toEqual({ data: bookedDetail({ id: booked.id }) });
    const data = (body as { data: Detail }).data;
    expect(Object.keys(data).sort()).toEqual([...DETAIL_KEYS].sort());
    expect(data).toEqual(booked);
    expect(data.updatedAt).toBe(data.createdAt);
    expect(data.events[0]!.createdAt).toBe(data.createdAt);
  });

  it('returns null for every optional field the quote left out', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const { chargeMinor, job } = await bookExactQuote(merchant, minimalQuote);

    const { status, body } = await merchant.get(`/v1/jobs/${job.id}`);

    expect(status).toBe(200);
    expect(body).toEqual({
      data: bookedDetail({
        id: job.id,
        chargeMinor,
        pickupCity: null,
        pickupPincode: null,
        dropCity: null,
        dropPincode: null,
        packageDescription: null,
        packageWeight: null,
        packageWeightGrams: null,
        packageValue: null,
        packageValueMinor: null,
      }),
    });
    expect(chargeMinor).toBe(BENGALURU_CHARGE_MINOR);
  });

  it('shows a weight of a kilogram or more in kilograms', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob({ quote: { packageWeightGrams: 1500, packageValueMinor: 12_345 } });

    const { status, body } = await merchant.get(`/v1/jobs/${booked.id}`);

    expect(status).toBe(200);
    expect(body).toEqual({
      // 1.5 kg is in the 1-5 kg slab: ₹20 on top of the ₹69 fare.
      data: bookedDetail({
        id: booked.id,
        chargeMinor: BENGALURU_CHARGE_MINOR + 2000,
        packageWeight: '1.5 kg',
        packageWeightGrams: 1500,
        packageValue: 123.45,
        packageValueMinor: 12_345,
      }),
    });
  });

  it.each([[-1], [-9_007_199_254_740_991]])('shows a declared value of %d paise as null', async (packageValueMinor) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob({ quote: { packageValueMinor } });

    const { status, body } = await merchant.get(`/v1/jobs/${booked.id}`);

    expect(status).toBe(200);
    expect(body).toEqual({ data: bookedDetail({ id: booked.id, packageValue: null, packageValueMinor: null }) });
  });

  it('marks a sandbox store’s job as test mode', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const booked = await merchant.bookJob();

    const { status, body } = await merchant.get(`/v1/jobs/${booked.id}`);

    expect(status).toBe(200);
    expect(body).toEqual({ data: bookedDetail({ id: booked.id, verification: { testMode: true, pickup: PENDING, delivery: PENDING } }) });
  });

  it.each([['not-a-uuid'], ['123'], ['6ba7b810-9dad-11d1-80b4-00c04fd430c']])('returns 400 validation_error naming id for %s', async (id) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const { status, body } = await merchant.get(`/v1/jobs/${id}`);

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid path: check id',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { id: ['Must be a job id (a UUID)'] } },
    });
  });

  it.each([
    ['a random v4 uuid', randomUUID()],
    ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
  ])('returns 404 job_not_found for %s', async (_name, id) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();

    const { status, body } = await merchant.get(`/v1/jobs/${id}`);

    expect(status).toBe(404);
    expect(body).toEqual({ error: `No job ${id} for this store`, code: 'job_not_found' });
  });

  it('finds the job by its id in upper case too (a UUID’s letter case carries no meaning)', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();

    const { status, body } = await merchant.get(`/v1/jobs/${booked.id.toUpperCase()}`);

    expect(status).toBe(200);
    expect((body as { data: { id: string } }).data.id).toBe(booked.id);
  });

  it('returns 404 job_not_found for another store’s job, even when this store has a job of the same number', async () => {
    const owner = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    const theirs = await owner.bookJob();
    const mine = await other.bookJob();

    const { status, body } = await other.get(`/v1/jobs/${theirs.id}`);

    expect(status).toBe(404);
    expect(body).toEqual({ error: `No job ${theirs.id} for this store`, code: 'job_not_found' });
    expect((await other.get(`/v1/jobs/${mine.id}`)).status).toBe(200);
  });

  describe('cost', () => {
    let merchant: TestMerchant;
    let jobId: string;

    beforeAll(async () => {
      merchant = await newMerchant(api.table.rt, api.server);
      jobId = (await merchant.bookJob()).id;
    });
    useHandlerLogs();

    it('is 4 DynamoDB calls: key, store, rate limit and the job itself', async () => {
      const records = await captureAccessLog(async () => {
        await merchant.get(`/v1/jobs/${jobId}`);
        await merchant.get(`/v1/jobs/${jobId}`);
      });

      expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
        ['GET /v1/jobs/{id}', 200, 4],
        ['GET /v1/jobs/{id}', 200, 4],
      ]);
    });
  });
});

describe('POST /v1/jobs/{id}/cancel', () => {
  it('returns 200 with the cancelled job from created and gives the reservation back', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();

    const { status, body } = await merchant.post(`/v1/jobs/${booked.id}/cancel`);

    expect(status).toBe(200);
    expect(body).toEqual({
      data: bookedDetail({
        id: booked.id,
        status: 'cancelled',
        settlement: 'released',
        createdAt: booked.createdAt,
        events: [(booked as Detail).events[0], { id: ID, status: 'cancelled', actor: 'merchant', note: null, createdAt: AT }],
        verification: { testMode: false, pickup: UNAVAILABLE, delivery: UNAVAILABLE },
      }),
    });
    const cancelled = (body as { data: Detail }).data;
    expect(cancelled.updatedAt).toBe(cancelled.events[1]!.createdAt);
    expect(await merchant.get(`/v1/jobs/${booked.id}`)).toMatchObject({ status: 200, body: { data: cancelled } });
    expect((await merchant.get('/v1/balance')).body).toEqual(balanceBody(100_000, 0));
    expect(await api.table.rt.stores.ledger(merchant.storeId)).toEqual([
      {
        id: expect.any(String),
        storeId: merchant.storeId,
        type: 'release',
        balanceDeltaMinor: 0,
        reservedDeltaMinor: -BENGALURU_CHARGE_MINOR,
        jobId: booked.id,
        note: 'Cancelled by the merchant',
        createdAt: cancelled.updatedAt,
      },
      {
        id: expect.any(String),
        storeId: merchant.storeId,
        type: 'reserve',
        balanceDeltaMinor: 0,
        reservedDeltaMinor: BENGALURU_CHARGE_MINOR,
        jobId: booked.id,
        note: null,
        createdAt: booked.createdAt,
      },
      {
        id: expect.any(String),
        storeId: merchant.storeId,
        type: 'top_up',
        balanceDeltaMinor: 100_000,
        reservedDeltaMinor: 0,
        jobId: null,
        note: 'Opening credit',
        createdAt: expect.any(String),
      },
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  // Each stage with the history it has then: dispatched by the system, the rest by the rider (who
  // reports a location once assigned); at `pickup_arrived` the job is booked with its pickup code running.
  it.each([
    ['queued', 'queued', ['queued']],
    ['picked_by_agent', 'picked_by_agent', ['queued', 'picked_by_agent']],
    ['booking_in_progress', 'booking_in_progress', ['queued', 'picked_by_agent', 'booking_in_progress']],
    ['booked', 'booked', ['queued', 'picked_by_agent', 'booking_in_progress', 'booked']],
    ['pickup_arrived', 'booked', ['queued', 'picked_by_agent', 'booking_in_progress', 'booked']],
  ] as Array<[Stage, string, string[]]>)('returns 200 from %s, ending both handoffs and releasing the reservation', async (stage, state, history) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();
    await driveJob(api.table.rt, merchant.storeId, booked.id, stage, RIDER);
    const assigned = stage !== 'queued';
    if (assigned)
      await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: booked.id }, { type: 'report_location', ...RIDER_LOCATION }, `rider:${RIDER}`);
    const before = (await merchant.get(`/v1/jobs/${booked.id}`)).body as { data: Detail };

    const { status, body } = await merchant.post(`/v1/jobs/${booked.id}/cancel`);

    expect(before.data).toMatchObject({
      status: state,
      agentId: assigned ? RIDER : null,
      riderLocation: assigned ? { ...RIDER_LOCATION, recordedAt: AT } : null,
      verification: { testMode: false, pickup: { status: stage === 'pickup_arrived' ? 'active' : 'pending', code: CODE }, delivery: PENDING },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: bookedDetail({
        id: booked.id,
        status: 'cancelled',
        agentId: assigned ? RIDER : null,
        settlement: 'released',
        createdAt: booked.createdAt,
        riderLocation: null,
        events: [
          (booked as Detail).events[0],
          ...history.map((s) => ({ id: ID, status: s, actor: s === 'queued' ? 'system' : `rider:${RIDER}`, note: null, createdAt: AT })),
          { id: ID, status: 'cancelled', actor: 'merchant', note: null, createdAt: AT },
        ],
        verification: { testMode: false, pickup: UNAVAILABLE, delivery: UNAVAILABLE },
      }),
    });
    expect((body as { data: Detail }).data.events.slice(0, -1)).toEqual(before.data.events);
    const ledger = await api.table.rt.stores.ledger(merchant.storeId);
    expect(ledger.map((e) => [e.type, e.balanceDeltaMinor, e.reservedDeltaMinor, e.jobId])).toEqual([
      ['release', 0, -BENGALURU_CHARGE_MINOR, booked.id],
      ['reserve', 0, BENGALURU_CHARGE_MINOR, booked.id],
      ['top_up', 100_000, 0, null],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('returns 409 parcel_return_required after pickup and changes nothing', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();
    await driveJob(api.table.rt, merchant.storeId, booked.id, 'pickup_completed', RIDER);
    const jobBefore = await api.table.rt.jobs.get(merchant.storeId, booked.id);
    const moneyBefore = await moneyOf(merchant.storeId);

    const { status, body } = await merchant.post(`/v1/jobs/${booked.id}/cancel`);

    expect(status).toBe(409);
    expect(body).toEqual(parcelReturnRequired(booked.id));
    expect(jobBefore).toMatchObject({ status: 'pickup_completed', settlement: 'reserved' });
    expect(await api.table.rt.jobs.get(merchant.storeId, booked.id)).toEqual(jobBefore);
    expect(await moneyOf(merchant.storeId)).toEqual(moneyBefore);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it.each([
    ['delivered', 'captured'],
    ['failed', 'released'],
  ])('returns 400 not_cancellable from %s and changes nothing', async (state, settlement) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();
    if (state === 'delivered') await driveJob(api.table.rt, merchant.storeId, booked.id, 'delivered', RIDER);
    else {
      // No rider accepts it in time: the dispatcher fails it.
      await driveJob(api.table.rt, merchant.storeId, booked.id, 'queued');
      await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: booked.id }, { type: 'dispatch_timeout' }, 'system');
    }
    const jobBefore = await api.table.rt.jobs.get(merchant.storeId, booked.id);
    const moneyBefore = await moneyOf(merchant.storeId);

    const { status, body } = await merchant.post(`/v1/jobs/${booked.id}/cancel`);

    expect(status).toBe(400);
    expect(body).toEqual({ error: `A ${state} job cannot be cancelled`, code: 'not_cancellable', details: { formErrors: [], fieldErrors: {}, status: state } });
    expect(jobBefore).toMatchObject({ status: state, settlement });
    expect(await api.table.rt.jobs.get(merchant.storeId, booked.id)).toEqual(jobBefore);
    expect(await moneyOf(merchant.storeId)).toEqual(moneyBefore);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('returns 400 not_cancellable when cancelling twice, releasing only once', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();
    const first = await merchant.post(`/v1/jobs/${booked.id}/cancel`);
    const jobBefore = await api.table.rt.jobs.get(merchant.storeId, booked.id);
    const moneyBefore = await moneyOf(merchant.storeId);

    const { status, body } = await merchant.post(`/v1/jobs/${booked.id}/cancel`);

    expect(first.status).toBe(200);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'A cancelled job cannot be cancelled',
      code: 'not_cancellable',
      details: { formErrors: [], fieldErrors: {}, status: 'cancelled' },
    });
    expect(await api.table.rt.jobs.get(merchant.storeId, booked.id)).toEqual(jobBefore);
    expect(await moneyOf(merchant.storeId)).toEqual(moneyBefore);
    expect(moneyBefore.ledger.filter((e) => e.type === 'release')).toHaveLength(1);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('returns 404 job_not_found for an unknown job id', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    await merchant.bookJob();
    const id = randomUUID();
    const moneyBefore = await moneyOf(merchant.storeId);

    const { status, body } = await merchant.post(`/v1/jobs/${id}/cancel`);

    expect(status).toBe(404);
    expect(body).toEqual({ error: `No job ${id} for this store`, code: 'job_not_found' });
    expect(await moneyOf(merchant.storeId)).toEqual(moneyBefore);
  });

  it('returns 404 job_not_found for another store’s job and leaves that job alone', async () => {
    const owner = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    const theirs = await owner.bookJob();
    await other.bookJob();
    const jobBefore = await api.table.rt.jobs.get(owner.storeId, theirs.id);
    const ownerMoneyBefore = await moneyOf(owner.storeId);
    const otherMoneyBefore = await moneyOf(other.storeId);

    const { status, body } = await other.post(`/v1/jobs/${theirs.id}/cancel`);

    expect(status).toBe(404);
    expect(body).toEqual({ error: `No job ${theirs.id} for this store`, code: 'job_not_found' });
    expect(await api.table.rt.jobs.get(owner.storeId, theirs.id)).toEqual(jobBefore);
    expect(await moneyOf(owner.storeId)).toEqual(ownerMoneyBefore);
    expect(await moneyOf(other.storeId)).toEqual(otherMoneyBefore);
  });

  it.each([['not-a-uuid'], ['123']])('returns 400 validation_error naming id for %s', async (id) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const { status, body } = await merchant.post(`/v1/jobs/${id}/cancel`);

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid path: check id',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { id: ['Must be a job id (a UUID)'] } },
    });
  });

  it('lets exactly one of 10 parallel cancels win, answers the others 400 not_cancellable, and releases the reservation once', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const booked = await merchant.bookJob();

    const responses = await Promise.all(Array.from({ length: 10 }, () => merchant.post(`/v1/jobs/${booked.id}/cancel`)));

    const winners = responses.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.body).toMatchObject({ data: { id: booked.id, status: 'cancelled', settlement: 'released' } });
    // A loser that lost the write is decided again on the cancelled job, like one that read it after the winner.
    for (const loser of responses.filter((r) => r.status !== 200)) {
      expect({ status: loser.status, body: loser.body }).toEqual({
        status: 400,
        body: { error: 'A cancelled job cannot be cancelled', code: 'not_cancellable', details: { formErrors: [], fieldErrors: {}, status: 'cancelled' } },
      });
    }
    const job = await api.table.rt.jobs.get(merchant.storeId, booked.id);
    expect(job).toMatchObject({ status: 'cancelled', settlement: 'released', version: 2 });
    expect(job!.events.map((e) => e.status)).toEqual(['created', 'cancelled']);
    const ledger = await api.table.rt.stores.ledger(merchant.storeId);
    expect(ledger.filter((e) => e.type === 'release')).toEqual([expect.objectContaining({ jobId: booked.id, reservedDeltaMinor: -BENGALURU_CHARGE_MINOR })]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('returns 429 rate_limited with Retry-After on the 11th cancel in a minute, whatever the job ids', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    const ids = [...Array.from({ length: 9 }, () => randomUUID()), 'not-a-uuid'];
    // One after another: sent at once, a request that read the clock a few milliseconds before the
    // first one written is a few milliseconds short of its token (GCRA uses each request's own time).
    const first = [];
    for (const id of ids) first.push(await merchant.post(`/v1/jobs/${id}/cancel`));

    const { status, headers, body } = await merchant.post(`/v1/jobs/${randomUUID()}/cancel`);

    expect(first.map((r) => r.status)).toEqual([...Array(9).fill(404), 400]);
    expect(status).toBe(429);
    expect(body).toEqual({ error: expect.stringMatching(/^Rate limit exceeded; retry in [1-9]\d* s$/), code: 'rate_limited' });
    expect(headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((body as { error: string }).error).toBe(`Rate limit exceeded; retry in ${headers.get('retry-after')} s`);
  });
});

describe('GET /v1/jobs', () => {
  /** A store with three jobs, A (oldest), B (cancelled) and C (newest). */
  async function storeWithThreeJobs() {
    const merchant = await newMerchant(api.table.rt, api.server);
    const a = await merchant.bookJob({ body: { externalOrderId: 'ORD-A' } });
    const { job: b } = await bookExactQuote(merchant, minimalQuote, { externalOrderId: 'ORD-B' });
    const c = await merchant.bookJob({ body: { externalOrderId: 'ORD-C', dropName: 'Ravi K', dropPhone: '91-7012345678' } });
    const cancelled = await merchant.post(`/v1/jobs/${b.id}/cancel`);
    expect(cancelled.status).toBe(200);
    return { merchant, a, b: (cancelled.body as { data: Detail }).data, c };
  }

  it('returns summaries only, newest first, with the default limit 50 and offset 0', async () => {
    const { merchant, a, b, c } = await storeWithThreeJobs();

    const { status, body } = await merchant.get('/v1/jobs');

    expect(status).toBe(200);
    expect(body).toEqual({ data: [summaryOf(c), summaryOf(b), summaryOf(a)], limit: 50, offset: 0 });
    const { data } = body as { data: Array<Record<string, unknown>> };
    for (const item of data) expect(Object.keys(item).sort()).toEqual([...SUMMARY_KEYS].sort());
    expect(data.map((item) => [item.externalOrderId, item.status, item.settlement, item.dropName, item.dropPhone])).toEqual([
      ['ORD-C', 'created', 'reserved', 'Ravi K', '+917012345678'],
      ['ORD-B', 'cancelled', 'released', 'Asha Rao', '+919845012345'],
      ['ORD-A', 'created', 'reserved', 'Asha Rao', '+919845012345'],
    ]);
    expect(data[1]).toMatchObject({ dropCity: null, dropPincode: null, packageDescription: null });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('filters by status', async () => {
    const { merchant, a, b, c } = await storeWithThreeJobs();

    const created = await merchant.get('/v1/jobs?status=created');
    const cancelled = await merchant.get('/v1/jobs?status=cancelled');
    const delivered = await merchant.get('/v1/jobs?status=delivered');

    expect([created.status, cancelled.status, delivered.status]).toEqual([200, 200, 200]);
    expect(created.body).toEqual({ data: [summaryOf(c), summaryOf(a)], limit: 50, offset: 0 });
    expect(cancelled.body).toEqual({ data: [summaryOf(b)], limit: 50, offset: 0 });
    expect(delivered.body).toEqual({ data: [], limit: 50, offset: 0 });
  });

  it('pages with limit and offset and echoes them', async () => {
    const { merchant, a, b, c } = await storeWithThreeJobs();

    const first = await merchant.get('/v1/jobs?limit=2');
    const second = await merchant.get('/v1/jobs?limit=2&offset=2');
    const middle = await merchant.get('/v1/jobs?offset=1&limit=1');
    const createdSecond = await merchant.get('/v1/jobs?status=created&limit=1&offset=1');

    expect(first.body).toEqual({ data: [summaryOf(c), summaryOf(b)], limit: 2, offset: 0 });
    expect(second.body).toEqual({ data: [summaryOf(a)], limit: 2, offset: 2 });
    expect(middle.body).toEqual({ data: [summaryOf(b)], limit: 1, offset: 1 });
    expect(createdSecond.body).toEqual({ data: [summaryOf(a)], limit: 1, offset: 1 });
  });

  it('accepts limit 100 and offset 100000', async () => {
    const { merchant, a, b, c } = await storeWithThreeJobs();

    const widest = await merchant.get('/v1/jobs?limit=100');
    const farthest = await merchant.get('/v1/jobs?offset=100000');
    const farthestFiltered = await merchant.get('/v1/jobs?status=created&limit=100&offset=100000');

    expect([widest.status, farthest.status, farthestFiltered.status]).toEqual([200, 200, 200]);
    expect(widest.body).toEqual({ data: [summaryOf(c), summaryOf(b), summaryOf(a)], limit: 100, offset: 0 });
    expect(farthest.body).toEqual({ data: [], limit: 50, offset: 100000 });
    expect(farthestFiltered.body).toEqual({ data: [], limit: 100, offset: 100000 });
  });

  it('returns an empty page for a store without jobs', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const { status, body } = await merchant.get('/v1/jobs');

    expect(status).toBe(200);
    expect(body).toEqual({ data: [], limit: 50, offset: 0 });
  });

  const WHOLE = 'Must be a whole number';
  it.each([
    ['limit=0', 'limit', 'Too small: expected number to be >=1'],
    ['limit=101', 'limit', 'Too big: expected number to be <=100'],
    ['limit=abc', 'limit', WHOLE],
    ['limit=1.5', 'limit', WHOLE],
    ['limit=-1', 'limit', WHOLE],
    ['limit=', 'limit', WHOLE],
    ['offset=-1', 'offset', WHOLE],
    ['offset=100001', 'offset', 'Too big: expected number to be <=100000'],
    ['offset=x', 'offset', WHOLE],
    ['status=', 'status', expect.stringMatching(/^Invalid option: expected one of "created"\|"queued"\|.*"cancelled"$/)],
    ['status=unknown', 'status', expect.stringMatching(/^Invalid option: expected one of "created"\|"queued"\|.*"cancelled"$/)],
    ['stauts=created', 'stauts', 'Unknown field'],
  ])('returns 400 validation_error for %s', async (query, field, message) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const { status, body } = await merchant.get(`/v1/jobs?${query}`);

    expect(status).toBe(400);
    expect(body).toEqual({
      error: `Invalid query parameters: check ${field}`,
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { [field]: [message] } },
    });
  });
});
