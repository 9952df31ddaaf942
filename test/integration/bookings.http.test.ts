import { randomUUID } from 'node:crypto';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '../helpers/table.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { BENGALURU_CHARGE_MINOR, bengaluruQuote, bookingBody, bookingHeaders } from '../helpers/fixtures.ts';
import { allJobs, balanceBody, expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { lambdaContext, proxyEvent } from '../helpers/event.ts';
import { bookedDetail } from '../helpers/job-detail.ts';
import { handler as createBooking } from '../../functions/merchant/create-booking.ts';
import { runtime } from '../../functions/runtime.ts';
import type { BookingRepository } from '../../functions/data/booking.repository.ts';
import { priceQuote } from '../../functions/core/quote.ts';
import { hashApiKey } from '../../functions/core/api-key.ts';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import type { Zone } from '../../functions/core/zone.ts';

const api = useLocalApi();

/** Deletes powertools' idempotency records of this file's table, as their expiry would. */
async function forgetIdempotencyRecords(): Promise<void> {
  const db = dbOf(api.table.rt);
  const { Items = [] } = await db.send(
    new ScanCommand({
      TableName: api.table.tableName,
      FilterExpression: 'SK = :sk',
      ExpressionAttributeValues: { ':sk': 'IDEMPOTENCY' },
      ConsistentRead: true,
    }),
  );
  await Promise.all(Items.map((item) => db.send(new DeleteCommand({ TableName: api.table.tableName, Key: { PK: item.PK, SK: item.SK } }))));
}

const merchant = (options?: Parameters<typeof newMerchant>[2]) => newMerchant(api.table.rt, api.server, options);

/**
 * Faults around the real booking transaction of the handlers' own runtime: `before` runs right before
 * it, `after` right after it committed (a never-settling `after` is a function that dies there).
 */
function aroundNextBooking(fault: { before?: () => Promise<void>; after?: () => Promise<void> }): void {
  const bookings = runtime().bookings;
  const book = bookings.book.bind(bookings);
  vi.spyOn(bookings, 'book').mockImplementationOnce(async (...args: Parameters<BookingRepository['book']>) => {
    await fault.before?.();
    const result = await book(...args);
    await fault.after?.();
    return result;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /v1/jobs', () => {
  it('returns 201 with the new job: created, credit reserved, phones normalised, codes pending', async () => {
    const m = await merchant({ creditMinor: 50_000 });
    const quoteId = await m.quote();

    const { status, body } = await m.book(quoteId);

    expect(status).toBe(201);
    expect(body).toEqual({ data: bookedDetail() });
    const balance = await m.get('/v1/balance');
    expect(balance.body).toEqual(balanceBody(50_000, BENGALURU_CHARGE_MINOR));
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it.each([
    ['9876543210'],
    ['+919876543210'],
    ['+91 98765 43210'],
    ['+91-98765-43210'],
    ['919876543210'],
    ['09876543210'],
    ['0 98765-43210'],
    ['  98765 43210  '],
    ['98 76 54 32 10'],
  ])('normalises the phone %j to +919876543210', async (phone) => {
    const m = await merchant();

    const { status, body } = await m.book(await m.quote(), { body: { pickupPhone: phone, dropPhone: phone } });

    expect(status).toBe(201);
    expect(body).toMatchObject({ data: { pickupPhone: '+919876543210', dropPhone: '+919876543210' } });
  });

  it.each([['5876543210'], ['987654321'], ['+92 9876543210'], ['98765.43210'], ['98765\t43210'], ['']])(
    'returns 400 naming the field for the phone %j',
    async (phone) => {
      const m = await merchant();

      const { status, body } = await m.book(await m.quote(), { body: { dropPhone: phone } });

      expect(status).toBe(400);
      expect(body).toEqual({
        error: 'Invalid request body: check dropPhone',
        code: 'validation_error',
        details: { formErrors: [], fieldErrors: { dropPhone: ['Must be an Indian mobile number: ten digits starting 6-9, optionally after +91, 91 or 0'] } },
      });
    },
  );

  it('returns 400 naming every missing, invalid or unknown field', async () => {
    const m = await merchant();

    const { status, body } = await m.post(
      '/v1/jobs',
      { quoteId: 'nope', externalOrderId: '', pickupName: 'x'.repeat(101), extra: true },
      bookingHeaders(m.apiKey, 'k1'),
    );

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid request body: check quoteId, externalOrderId, pickupName, pickupPhone, dropName, dropPhone, extra',
      code: 'validation_error',
      details: {
        formErrors: [],
        fieldErrors: {
          quoteId: ['Invalid UUID'],
          externalOrderId: ['Too small: expected string to have >=1 characters'],
          pickupName: ['Too big: expected string to have <=100 characters'],
          pickupPhone: ['Required'],
          dropName: ['Required'],
          dropPhone: ['Required'],
          extra: ['Unknown field'],
        },
      },
    });
  });

  describe('Idempotency-Key header', () => {
    it('is required', async () => {
      const m = await merchant();

      const { status, body } = await m.post('/v1/jobs', bookingBody(await m.quote()));

      expect(status).toBe(400);
      expect(body).toEqual({
        error: 'Invalid headers: check Idempotency-Key',
        code: 'validation_error',
        details: { formErrors: [], fieldErrors: { 'Idempotency-Key': ['Required: send a unique Idempotency-Key header with each booking'] } },
      });
    });

    it.each([
      ['129 characters', 'k'.repeat(129), 'Too big: expected string to have <=128 characters'],
      ['a space', 'order 1', 'Only letters, digits, ".", "_", ":" and "-" are allowed'],
      ['a slash', 'order/1', 'Only letters, digits, ".", "_", ":" and "-" are allowed'],
      ['an accented letter', 'ordré-1', 'Only letters, digits, ".", "_", ":" and "-" are allowed'],
    ])('rejects a key with %s', async (_case, key, message) => {
      const m = await merchant();

      const { status, body } = await m.post('/v1/jobs', bookingBody(await m.quote()), bookingHeaders(m.apiKey, key));

      expect(status).toBe(400);
      expect(body).toEqual({
        error: 'Invalid headers: check Idempotency-Key',
        code: 'validation_error',
        details: { formErrors: [], fieldErrors: { 'Idempotency-Key': [message] } },
      });
    });

    it.each([
      ['one character', 'k'],
      ['128 characters', 'k'.repeat(128)],
      ['every allowed symbol', 'Order_2026-11-22:shop.7'],
    ])('accepts a key of %s', async (_case, key) => {
      const m = await merchant();

      const { status } = await m.book(await m.quote(), { idempotencyKey: key });

      expect(status).toBe(201);
    });

    it('is read in any header case', async () => {
      const m = await merchant();

      const { status } = await m.post('/v1/jobs', bookingBody(await m.quote()), { 'x-api-key': m.apiKey, 'idempotency-key': 'lower-case-1' });

      expect(status).toBe(201);
    });
  });

  describe('idempotency', () => {
    it('returns 200 with the same job when the same key and the same normalised payload come again', async () => {
      const m = await merchant({ creditMinor: 20_000 });
      const quoteId = await m.quote();
      const first = await m.book(quoteId, { idempotencyKey: 'order-77' });

      // The same phones in other accepted formats are the same request.
      const again = await m.book(quoteId, { idempotencyKey: 'order-77', body: { pickupPhone: '09876543210', dropPhone: '+91 98450 12345' } });

      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(1);
      expect((await api.table.rt.stores.get(m.storeId))!.reservedMinor).toBe(BENGALURU_CHARGE_MINOR);
      await expectLedgerInvariant(api.table.rt, m.storeId);
    });

    // Who answers a key that comes again: powertools' record (within its life), or the booking's own
    // marker when the record is gone (a retry after a crash, or after powertools forgot it).
    it.each([
      ['powertools still remembers the key', false],
      ['only the booking marker remembers the key', true],
    ])('returns 409 idempotency_conflict naming the job the key made when the key comes again with different details (%s)', async (_, forget) => {
      const m = await merchant();
      const quoteId = await m.quote();
      const first = await m.book(quoteId, { idempotencyKey: 'order-78' });
      const jobId = (first.body as { data: { id: string } }).data.id;
      if (forget) await forgetIdempotencyRecords();

      const { status, body } = await m.book(quoteId, { idempotencyKey: 'order-78', body: { dropName: 'Someone else' } });

      expect(status).toBe(409);
      expect(body).toEqual({
        error: `This Idempotency-Key was already used with different booking details: it booked job ${jobId} (GET /v1/jobs/${jobId}); use a new key for a new booking`,
        code: 'idempotency_conflict',
        details: { formErrors: [], fieldErrors: {}, jobId },
      });
      expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(1);
    });

    it('scopes keys to the store: another store may use the same key', async () => {
      const a = await merchant();
      const b = await merchant();

      const first = await a.book(await a.quote(), { idempotencyKey: 'shared-key' });
      const second = await b.book(await b.quote(), { idempotencyKey: 'shared-key' });

      expect([first.status, second.status]).toEqual([201, 201]);
    });

    it('returns 409 idempotency_in_progress while the first request with the key is still running', async () => {
      const m = await merchant();
      const quoteId = await m.quote();
      let release: () => void = () => undefined;
      aroundNextBooking({ after: () => new Promise<void>((resolve) => (release = resolve)) });
      const event = () => proxyEvent({ method: 'POST', path: '/v1/jobs', headers: bookingHeaders(m.apiKey, 'order-slow'), body: bookingBody(quoteId) });
      const first = createBooking(event(), { ...lambdaContext, getRemainingTimeInMillis: () => 30_000 });
      await expect.poll(async () => (await allJobs(api.table.rt, m.storeId)).length).toBe(1);

      const duplicate = await m.book(quoteId, { idempotencyKey: 'order-slow' });
      release();
      const firstResult = await first;

      expect(duplicate.status).toBe(409);
      expect(duplicate.body).toEqual({ error: 'A request with this Idempotency-Key is still being processed; retry shortly', code: 'idempotency_in_progress' });
      expect(firstResult.statusCode).toBe(201);
      expect((await m.book(quoteId, { idempotencyKey: 'order-slow' })).status).toBe(200);
    });

    it('books exactly once when the function dies after the transaction and before the response is saved', async () => {
      const m = await merchant({ creditMinor: 30_000 });
      const quoteId = await m.quote();
      // The first invocation is killed right after its transaction committed: nothing after that point runs.
      aroundNextBooking({ after: () => new Promise<void>(() => undefined) });
      const dying = createBooking(
        proxyEvent({ method: 'POST', path: '/v1/jobs', headers: bookingHeaders(m.apiKey, 'order-crash'), body: bookingBody(quoteId) }),
        {
          ...lambdaContext,
          getRemainingTimeInMillis: () => 300,
        },
      );
      await expect.poll(async () => (await allJobs(api.table.rt, m.storeId)).length).toBe(1);
      // Past the dead invocation's timeout its in-flight record no longer blocks the key: the clock is
      // moved past it (the in-flight record's expiry is read against Date.now()) instead of waited out.
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      let retry;
      try {
        vi.setSystemTime(Date.now() + 400);
        retry = await m.book(quoteId, { idempotencyKey: 'order-crash' });
      } finally {
        vi.useRealTimers();
      }

      const jobs = await allJobs(api.table.rt, m.storeId);
      // Just before Lambda would kill it, the invocation answers the spec's 503 (retry with the same key).
      const died = await dying;
      expect(died.statusCode).toBe(503);
      expect(died.headers).toMatchObject({ 'Retry-After': '1' });
      expect(JSON.parse(died.body)).toEqual({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' });
      expect(retry.status).toBe(200);
      expect(jobs).toHaveLength(1);
      expect((retry.body as { data: { id: string } }).data.id).toBe(jobs[0]!.id);
      const reserves = (await api.table.rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'reserve');
      expect(reserves).toHaveLength(1);
      expect((await api.table.rt.stores.get(m.storeId))!.reservedMinor).toBe(BENGALURU_CHARGE_MINOR);
      await expectLedgerInvariant(api.table.rt, m.storeId);
    });
  });

  describe('quotes', () => {
    it('returns 404 quote_not_found for an unknown quote', async () => {
      const m = await merchant();
      const unknown = randomUUID();

      const { status, body } = await m.book(unknown);

      expect(status).toBe(404);
      expect(body).toEqual({ error: `No quote ${unknown} for this store`, code: 'quote_not_found' });
    });

    it('returns 404 quote_not_found for another store’s quote', async () => {
      const owner = await merchant();
      const other = await merchant();
      const quoteId = await owner.quote();

      const { status, body } = await other.book(quoteId);

      expect(status).toBe(404);
      expect(body).toEqual({ error: `No quote ${quoteId} for this store`, code: 'quote_not_found' });
    });

    it('returns 409 quote_used when a booked quote is booked again with a new key', async () => {
      const m = await merchant();
      const quoteId = await m.quote();
      await m.book(quoteId);

      const { status, body } = await m.book(quoteId);

      expect(status).toBe(409);
      expect(body).toEqual({ error: 'This quote has already been booked; request a new quote', code: 'quote_used' });
    });

    it('returns 409 quote_expired for a quote older than five minutes', async () => {
      const m = await merchant();
      const quote = priceQuote(m.storeId, bengaluruQuote, await api.table.rt.zones.current(), new Date(Date.now() - 5 * 60 * 1000 - 1000));
      await api.table.rt.quotes.put(quote, { storeId: m.storeId, keyHash: hashApiKey(m.apiKey) });

      const { status, body } = await m.book(quote.id);

      expect(status).toBe(409);
      expect(body).toEqual({ error: 'This quote has expired; request a new quote', code: 'quote_expired' });
      expect((await api.table.rt.stores.get(m.storeId))!.reservedMinor).toBe(0);
    });
  });

  describe('zones', () => {
    const kolkataRoute = { pickupLatitude: 22.5726, pickupLongitude: 88.3639, dropLatitude: 22.58, dropLongitude: 88.4 };
    const kolkata = () => readZoneFile().zones.find((zone) => zone.id === 'kolkata')!;
    const withoutCollection = ({ collection: _collection, ...card }: Zone['rateCard']): Zone['rateCard'] => card;

    it('books a quote whose zone changed but still serves its route', async () => {
      const m = await merchant();
      const quoteId = await m.quote(kolkataRoute);
      await api.table.rt.zones.repository.import([{ ...kolkata(), maxRouteMeters: 31_000 }], { onlyMissing: false });

      const { status } = await m.book(quoteId);

      expect(status).toBe(201);
    });

    it('returns 409 zone_changed when the zone no longer serves the quoted route', async () => {
      const m = await merchant();
      const quoteId = await m.quote(kolkataRoute);
      await api.table.rt.zones.repository.import([{ ...kolkata(), maxRouteMeters: 1_000 }], { onlyMissing: false });

      const { status, body } = await m.book(quoteId);

      expect(status).toBe(409);
      expect(body).toEqual({ error: 'The delivery zone changed since this quote and no longer serves this route; request a new quote', code: 'zone_changed' });
      expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(0);
      await expectLedgerInvariant(api.table.rt, m.storeId);
    });

    // Every way a new zone version can refuse what the quote asked, beside its route: the booking
    // rechecks with the quote's own decision (functions/core/serviceability.ts), not the route alone.
    it.each([
      [
        'the parcel is over the zone’s new heaviest slab',
        { packageWeightGrams: 8_000 },
        (z: Zone) => ({ ...z, rateCard: { ...z.rateCard, weightSlabs: [{ upToGrams: 5_000, surchargeMinor: 0 }] } }),
      ],
      ['the zone no longer collects cash', { collectMinor: 50_000 }, (z: Zone) => ({ ...z, rateCard: withoutCollection(z.rateCard) })],
      [
        'the cash is over the zone’s new limit',
        { collectMinor: 50_000 },
        (z: Zone) => ({ ...z, rateCard: { ...z.rateCard, collection: { ...z.rateCard.collection!, maxCollectMinor: 40_000 } } }),
      ],
    ])('returns 409 zone_changed when %s', async (_when, asked, change) => {
      const m = await merchant();
      await api.table.rt.zones.repository.import([kolkata()], { onlyMissing: false });
      const quoteId = await m.quote({ ...kolkataRoute, ...asked });
      await api.table.rt.zones.repository.import([change(kolkata())], { onlyMissing: false });

      const { status, body } = await m.book(quoteId);

      expect(status).toBe(409);
      expect(body).toMatchObject({ code: 'zone_changed' });
      expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(0);
    });
  });

  it('returns 422 insufficient_credit when available credit is below the charge, and moves no money', async () => {
    const m = await merchant({ creditMinor: BENGALURU_CHARGE_MINOR - 1 });
    const quoteId = await m.quote();

    const { status, body } = await m.book(quoteId);

    expect(status).toBe(422);
    expect(body).toEqual({
      error: `This booking costs ${BENGALURU_CHARGE_MINOR} paise; ${BENGALURU_CHARGE_MINOR - 1} paise of credit is available`,
      code: 'insufficient_credit',
    });
    expect((await m.get('/v1/balance')).body).toEqual(balanceBody(BENGALURU_CHARGE_MINOR - 1, 0));
    // The quote stays bookable after a top-up.
    await api.table.rt.stores.credit(m.storeId, 1, 'top-up');
    expect((await m.book(quoteId)).status).toBe(201);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it.each([
    ['the key is revoked', (m: TestMerchant) => api.table.rt.apiKeys.revoke(m.keyId)],
    ['API access is disabled', (m: TestMerchant) => api.table.rt.stores.setApiAccess(m.storeId, false)],
  ])('returns 403 and books nothing when %s during the request', async (_case, revoke) => {
    const m = await merchant();
    const quoteId = await m.quote();
    aroundNextBooking({ before: async () => void (await revoke(m)) });

    const result = await createBooking(
      proxyEvent({ method: 'POST', path: '/v1/jobs', headers: bookingHeaders(m.apiKey, 'order-403'), body: bookingBody(quoteId) }),
      lambdaContext,
    );

    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ error: 'API access was disabled or the API key was revoked during the request', code: 'forbidden' });
    expect(await allJobs(api.table.rt, m.storeId)).toHaveLength(0);
    expect((await api.table.rt.quotes.get(m.storeId, quoteId))!.usedAt).toBeUndefined();
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('returns 429 past 10 bookings a minute', async () => {
    const m = await merchant({ defaultLimits: true });
    const quotes = await Promise.all(Array.from({ length: 10 }, () => m.quote()));
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 100 }); // bookings stay at the default 10

    const statuses = [];
    for (const quoteId of [...quotes, quotes[0]!]) statuses.push((await m.book(quoteId)).status);

    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it('returns 401 without a valid key', async () => {
    const { status, body } = await readResponse(await api.server.request('/v1/jobs', { method: 'POST', headers: { 'Idempotency-Key': 'k' }, body: '{}' }));

    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
  });
});
