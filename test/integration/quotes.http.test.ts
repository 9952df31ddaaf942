import { dbOf } from '../helpers/table.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { BENGALURU_CHARGE_MINOR, BENGALURU_ROUTE_METERS, authHeaders, bengaluruQuote, createStore } from '../helpers/fixtures.ts';
import { lambdaContext, proxyEvent } from '../helpers/event.ts';
import { merchantHandler } from '../../functions/http/handler.ts';
import { createQuote } from '../../functions/merchant/create-quote.ts';
import { QuoteRequest } from '../../functions/schemas/quote.schema.ts';
import { keys } from '../../functions/data/table.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { quotesPart, zonesPart } from '../../functions/runtime.ts';
import type { Zone } from '../../functions/core/zone.ts';

const api = useLocalApi();

// A zone whose heaviest weight slab is 5 kg, around Kochi (far from every seed zone and every other test's stops).
const kochi: Zone = {
  id: 'kochi',
  name: 'Kochi',
  active: true,
  polygon: [
    [76.2, 9.9],
    [76.4, 9.9],
    [76.4, 10.1],
    [76.2, 10.1],
    [76.2, 9.9],
  ],
  roadFactor: 1.3,
  maxRouteMeters: 20_000,
  rateCard: { baseFareMinor: 3000, includedMeters: 1500, perKmMinor: 800, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 500 }] },
};
const kochiRoute = { pickupLatitude: 9.95, pickupLongitude: 76.25, dropLatitude: 9.97, dropLongitude: 76.3 };

// Before any request, so the quote route's zone catalogue first loads with it.
beforeAll(async () => {
  await api.table.rt.zones.repository.import([kochi], { onlyMissing: false });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Each test uses its own store: the quote limit (10 a minute) is per store.
async function quote(body: unknown, apiKey?: string) {
  const key = apiKey ?? (await createStore(api.table.rt)).apiKey;
  return readResponse(
    await api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(key), body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
}

describe('POST /v1/job-quotes', () => {
  it('returns 201 with exactly the quote fields, priced from the zone rate card', async () => {
    const before = Date.now();
    const { status, headers, body } = await quote(bengaluruQuote);

    expect(status).toBe(201);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(body).toEqual({
      data: {
        id: expect.stringMatching(UUID),
        // Worked out from the zone's rate card (see BENGALURU_CHARGE_MINOR)
        distanceMeters: BENGALURU_ROUTE_METERS,
        chargeMinor: BENGALURU_CHARGE_MINOR,
        expiresAt: expect.any(String),
        currency: 'INR',
        provider: 'service_fleet',
      },
    });
    const { data } = body as { data: { expiresAt: string } };
    const ttl = Date.parse(data.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(5 * 60 * 1000 - 50);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000 + 5_000);
    expect(data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('stores the quote in the store with its zone pin, request, return charge and expiry', async () => {
    const store = await createStore(api.table.rt);
    const { body } = await quote(bengaluruQuote, store.apiKey);
    const { data } = body as { data: { id: string; expiresAt: string } };

    const stored = await api.table.rt.quotes.get(store.storeId, data.id);

    expect(stored).toEqual({
      id: data.id,
      storeId: store.storeId,
      zoneId: 'bengaluru',
      zoneVersion: 1,
      request: bengaluruQuote,
      distanceMeters: BENGALURU_ROUTE_METERS,
      chargeMinor: BENGALURU_CHARGE_MINOR,
      // Half the charge, rounded up to a rupee: the zone's rate card names no share of its own.
      returnChargeMinor: 3500,
      createdAt: expect.any(String),
      expiresAt: data.expiresAt,
      usedAt: undefined,
    });
    expect(Date.parse(stored!.expiresAt) - Date.parse(stored!.createdAt)).toBe(5 * 60 * 1000);
  });

  it('accepts only the required fields, and empty pincodes', async () => {
    const minimal = {
      pickupAddress: 'A',
      pickupLatitude: 19.076,
      pickupLongitude: 72.8777,
      dropAddress: 'B',
      dropLatitude: 19.076,
      dropLongitude: 72.8777,
      pickupPincode: '',
      dropPincode: '',
    };
    const { status, body } = await quote(minimal);

    expect(status).toBe(201);
    // Same point: zero metres; Mumbai's base fare of ₹50 with the first weight slab.
    expect(body).toMatchObject({ data: { distanceMeters: 0, chargeMinor: 5000 } });
  });

  it('charges the weight slab of the parcel', async () => {
    const { body } = await quote({ ...bengaluruQuote, packageWeightGrams: 5001 });

    expect(body).toMatchObject({ data: { distanceMeters: BENGALURU_ROUTE_METERS, chargeMinor: BENGALURU_CHARGE_MINOR + 5000 } });
  });

  it('returns 400 naming an unknown field', async () => {
    const { status, body } = await quote({ ...bengaluruQuote, tip: 10 });

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid request body: check tip',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { tip: ['Unknown field'] } },
    });
  });

  it('returns 400 naming each invalid or missing field', async () => {
    const { dropAddress: _omitted, ...rest } = bengaluruQuote;
    const { status, body } = await quote({ ...rest, pickupLatitude: 91, pickupPincode: '56001', packageWeightGrams: 0 });

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid request body: check pickupPincode, pickupLatitude, dropAddress, packageWeightGrams',
      code: 'validation_error',
      details: {
        formErrors: [],
        fieldErrors: {
          pickupPincode: ['Must be exactly 6 digits, or empty'],
          pickupLatitude: ['Too big: expected number to be <=90'],
          dropAddress: ['Required'],
          packageWeightGrams: ['Too small: expected number to be >0'],
        },
      },
    });
  });

  // DynamoDB stores no nonzero number under 1e-130 in size: such a stop would fail the quote's write
  // in any zone that reaches the equator or the prime meridian (found by test/fuzz, on rider locations).
  it('returns 400 for a coordinate too close to 0 to store', async () => {
    const { status, body } = await quote({ ...bengaluruQuote, dropLongitude: 1e-200 });

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Invalid request body: check dropLongitude',
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { dropLongitude: ['Too close to 0 to store: send 0'] } },
    });
  });

  it.each([
    ['a JSON array', '[]', 'Invalid input: expected object, received array'],
    ['a JSON string', '"hello"', 'Invalid input: expected object, received string'],
    ['JSON null', 'null', 'Invalid input: expected object, received null'],
  ])('returns 400 when the body is %s', async (_name, raw, message) => {
    const { status, body } = await quote(raw);

    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Invalid request body', code: 'validation_error', details: { formErrors: [message], fieldErrors: {} } });
  });

  it('returns 400 when the body is missing', async () => {
    const { status, body } = await quote('');

    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Request body is required',
      code: 'validation_error',
      details: { formErrors: ['Send a JSON object as the request body'], fieldErrors: {} },
    });
  });

  it.each([['{"pickupAddress": '], ['{bad json}'], ["{'single': 'quotes'}"]])('returns 400 invalid_json for %s', async (raw) => {
    const { status, body } = await quote(raw);

    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_json' });
  });

  it('parses a JSON body sent without a JSON content type', async () => {
    const { apiKey } = await createStore(api.table.rt);
    const response = await api.server.request('/v1/job-quotes', {
      method: 'POST',
      headers: { 'X-Api-Key': apiKey, 'Content-Type': 'text/plain' },
      body: JSON.stringify(bengaluruQuote),
    });

    expect(response.status).toBe(201);
  });

  it('returns 422 outside_service_area when a stop is outside every zone', async () => {
    // Drop in Mysuru, 130 km from Bengaluru.
    const { status, body } = await quote({ ...bengaluruQuote, dropLatitude: 12.2958, dropLongitude: 76.6394 });

    expect(status).toBe(422);
    expect(body).toEqual({ error: 'Drop is outside every service zone', code: 'outside_service_area' });
  });

  it('returns 422 outside_service_area when the stops are in different zones', async () => {
    const { status, body } = await quote({ ...bengaluruQuote, dropLatitude: 13.0827, dropLongitude: 80.2707 });

    expect(status).toBe(422);
    expect(body).toEqual({ error: 'Pickup and drop are in different service zones; both must be in one zone', code: 'outside_service_area' });
  });

  it('returns 422 route_too_long when the route exceeds the zone maximum', async () => {
    // Opposite edges of the Bengaluru zone: about 36 km apart, 46.8 km by the road factor; the zone serves 35 km.
    const { status, body } = await quote({ ...bengaluruQuote, pickupLatitude: 12.9716, pickupLongitude: 77.44, dropLatitude: 12.9716, dropLongitude: 77.76 });

    expect(status).toBe(422);
    expect(body).toEqual({ error: expect.stringMatching(/^Route is \d+ m long; this zone serves routes up to 35000 m$/), code: 'route_too_long' });
  });

  it('returns 422 weight_limit_exceeded, naming the limit, for a parcel over the zone’s heaviest slab', async () => {
    const { status, body } = await quote({ ...bengaluruQuote, ...kochiRoute, packageWeightGrams: 5001 });

    expect(status).toBe(422);
    expect(body).toEqual({ error: 'Parcel is 5001 g; this zone carries parcels up to 5000 g', code: 'weight_limit_exceeded' });
  });

  it('prices a parcel of exactly the zone’s heaviest slab', async () => {
    const { status, body } = await quote({ ...bengaluruQuote, ...kochiRoute, packageWeightGrams: 5000 });

    // 7,683 m by road: ₹30 base + (7,683 − 1,500) m × ₹8/km = 4947 paise (rounded up) + the ₹5 slab = 8447, rounded up to ₹85.
    expect(status).toBe(201);
    expect(body).toEqual({ data: expect.objectContaining({ distanceMeters: 7683, chargeMinor: 8500 }) });
  });

  describe('when access ends while the request runs', () => {
    // The same chain and use case as the deployed handler, with the revocation slipped in between
    // authentication and the write: the window a real race would hit.
    async function quoteRevokedMidway(revoke: (store: { storeId: string; keyId: string }) => Promise<unknown>) {
      const store = await createStore(api.table.rt);
      const handler = merchantHandler('POST /v1/job-quotes', { body: QuoteRequest, uses: { quotes: quotesPart, zones: zonesPart } }, async (input) => {
        await revoke(store);
        return createQuote(input);
      });
      const result = await handler(
        proxyEvent({ method: 'POST', path: '/v1/job-quotes', headers: authHeaders(store.apiKey), body: bengaluruQuote }),
        lambdaContext,
      );
      const { Items } = await dbOf(api.table.rt).send(
        new QueryCommand({
          TableName: api.table.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :quote)',
          ExpressionAttributeValues: { ':pk': keys.store(store.storeId).PK, ':quote': 'QUOTE#' },
        }),
      );
      return { status: result.statusCode, body: JSON.parse(result.body) as unknown, quotesStored: Items?.length };
    }

    it('returns 403 and stores nothing when the key is revoked', async () => {
      const outcome = await quoteRevokedMidway((store) => api.table.rt.apiKeys.revoke(store.keyId));

      expect(outcome).toEqual({
        status: 403,
        body: { error: 'API access was disabled or the API key was revoked during the request', code: 'forbidden' },
        quotesStored: 0,
      });
    });

    it('returns 403 and stores nothing when the store’s API access is disabled', async () => {
      const outcome = await quoteRevokedMidway((store) => api.table.rt.stores.setApiAccess(store.storeId, false));

      expect(outcome).toMatchObject({ status: 403, body: { code: 'forbidden' }, quotesStored: 0 });
    });
  });
});
