import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { authHeaders, createStore, keysDeep } from '../helpers/fixtures.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { partitionItems } from '../helpers/table.ts';
import { seedPincodeAreas } from '../helpers/pincodes.ts';
import { routes } from '../../functions/http/routes.ts';
import { encodeDigipin } from '../../functions/core/digipin.ts';
import { SERVICEABILITY_REASONS } from '../../functions/core/serviceability.ts';
import { zoneCatalogVersion } from '../../functions/core/zone-catalog.ts';
import type { Zone } from '../../functions/core/zone.ts';
import { squareRing } from '../helpers/zones.ts';

/**
 * POST /v1/serviceability through the local server: a batch answered in order, every reason and status,
 * the 400s naming their path, its own rate group, nothing store-specific, its DynamoDB calls, and the
 * consistency promise sampled against POST /v1/job-quotes.
 */
const api = useLocalApi();
useHandlerLogs();

type Point = { latitude: number; longitude: number };
type Result = Record<string, unknown> & { status: string; reasons: string[]; distanceMeters: number | null; indicativeChargeMinor: number | null };
type Answer = { data: Result[]; checkedAt: string; zoneCatalogVersion: string };

const fare = { baseFareMinor: 3000, includedMeters: 1500, perKmMinor: 800 };
const COLLECTION = { maxCollectMinor: 1_000_000, feeBasisPoints: 200, minFeeMinor: 2000 };
// Three zones away from the seed's cities. A: collects cash, carries up to 100 kg. B: collects none. C: collects up to ₹100, carries up to 5 kg.
const zoneA: Zone = {
  id: 'svc-a',
  name: 'A',
  active: true,
  polygon: squareRing(12.3, 76.64),
  roadFactor: 1.3,
  maxRouteMeters: 20_000,
  rateCard: {
    ...fare,
    weightSlabs: [
      { upToGrams: 1000, surchargeMinor: 0 },
      { upToGrams: 100_000, surchargeMinor: 500 },
    ],
    collection: COLLECTION,
  },
};
const zoneB: Zone = {
  ...zoneA,
  id: 'svc-b',
  name: 'B',
  polygon: squareRing(12.3, 77.0),
  rateCard: { ...fare, weightSlabs: [{ upToGrams: 100_000, surchargeMinor: 0 }] },
};
const zoneC: Zone = {
  ...zoneA,
  id: 'svc-c',
  name: 'C',
  polygon: squareRing(11.8, 76.64),
  rateCard: { ...fare, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }], collection: { ...COLLECTION, maxCollectMinor: 10_000 } },
};

const at = (latitude: number, longitude: number): Point => ({ latitude, longitude });
const A0 = at(12.3, 76.64);
const A1 = at(12.32, 76.66);
const A_SW = at(12.21, 76.55);
const A_NE = at(12.39, 76.73);
const B0 = at(12.3, 77.0);
const C0 = at(11.8, 76.64);
const OUT = at(12.0, 76.2);
// Just west of A's edge (76.54): a pincode with an office here and one inside A is partly covered, its centre near enough for a route.
const A_WEST = at(12.3, 76.5);
const A_DIGIPIN = encodeDigipin(12.31, 76.65);

// Pincodes as the table would hold them: all inside A, half inside A, none inside any zone; 570099 is not in the table.
const AREAS = [
  { pincode: '570001', points: [A0, A1] },
  { pincode: '570002', points: [A0, A_WEST] },
  { pincode: '570003', points: [OUT, at(12.01, 76.21)] },
];

// Every item below is checked with these options: A takes both, B collects no cash, C neither the amount nor the weight.
const OPTIONS = { collectMinor: 50_000, packageWeightGrams: 8000 };

// What a request costs once the container knows the key's store and the zones: the key, the store, the bucket (as GET /v1/zones).
const BASE_CALLS = 3;

// The quote's refusal for each reason a route can have (a pincode or a DIGIPIN never reaches a quote).
const QUOTE_CODE: Record<string, string> = {
  pickup_outside_service_area: 'outside_service_area',
  drop_outside_service_area: 'outside_service_area',
  different_zones: 'outside_service_area',
  route_too_long: 'route_too_long',
  weight_limit_exceeded: 'weight_limit_exceeded',
  collection_not_available: 'collection_not_available',
  collection_limit_exceeded: 'collection_limit_exceeded',
};

const exact = 'exact';
const byPincode = 'pincode';
const none = { distanceMeters: null, indicativeChargeMinor: null };
const priced = { distanceMeters: expect.any(Number), indicativeChargeMinor: expect.any(Number) };
const notServed = (reasons: string[], zoneIds: string[] = []) => ({ status: 'not_serviceable', zoneIds, reasons });
const served = { status: 'serviceable', zoneIds: ['svc-a'], reasons: [] };

/** Each kind of item, and its answer (without `ref`) under OPTIONS. */
const CASES: Array<{ item: Record<string, unknown>; answer: Record<string, unknown> }> = [
  { item: { drop: A0 }, answer: { ...served, coverage: { drop: 'full' }, coverageBasis: exact, location: { drop: A0 }, ...none } },
  {
    item: { pickup: A0, drop: A1 },
    answer: { ...served, coverage: { pickup: 'full', drop: 'full' }, coverageBasis: exact, location: { pickup: A0, drop: A1 }, ...priced },
  },
  {
    item: { pickup: A0, drop: { digipin: A_DIGIPIN.toLowerCase() } },
    answer: {
      ...served,
      coverage: { pickup: 'full', drop: 'full' },
      coverageBasis: exact,
      location: { pickup: A0, drop: { latitude: expect.closeTo(12.31, 4), longitude: expect.closeTo(76.65, 4) } },
      ...priced,
    },
  },
  {
    item: { pickup: { pincode: '570001' }, drop: A1 },
    answer: { ...served, coverage: { pickup: 'full', drop: 'full' }, coverageBasis: byPincode, location: { pickup: null, drop: A1 }, ...priced },
  },
  {
    item: { drop: OUT },
    answer: { ...notServed(['drop_outside_service_area']), coverage: { drop: 'none' }, coverageBasis: exact, location: { drop: OUT }, ...none },
  },
  {
    item: { pickup: OUT, drop: A0 },
    answer: {
      ...notServed(['pickup_outside_service_area']),
      coverage: { pickup: 'none', drop: 'full' },
      coverageBasis: exact,
      location: { pickup: OUT, drop: A0 },
      ...none,
    },
  },
  {
    item: { pickup: A0, drop: { pincode: '570002' } },
    answer: {
      status: 'partially_serviceable',
      zoneIds: ['svc-a'],
      reasons: ['drop_partially_covered'],
      coverage: { pickup: 'full', drop: 'partial' },
      coverageBasis: byPincode,
      location: { pickup: A0, drop: null },
      ...none,
    },
  },
  {
    item: { pickup: { pincode: '570002' }, drop: A0 },
    answer: {
      status: 'partially_serviceable',
      zoneIds: ['svc-a'],
      reasons: ['pickup_partially_covered'],
      coverage: { pickup: 'partial', drop: 'full' },
      coverageBasis: byPincode,
      location: { pickup: null, drop: A0 },
      ...none,
    },
  },
  {
    item: { pickup: A0, drop: B0 },
    answer: {
      ...notServed(['different_zones']),
      coverage: { pickup: 'full', drop: 'full' },
      coverageBasis: exact,
      location: { pickup: A0, drop: B0 },
      ...none,
    },
  },
  {
    item: { pickup: A_SW, drop: A_NE },
    answer: {
      ...notServed(['route_too_long'], ['svc-a']),
      coverage: { pickup: 'full', drop: 'full' },
      coverageBasis: exact,
      location: { pickup: A_SW, drop: A_NE },
      ...none,
    },
  },
  {
    item: { drop: { pincode: '570099' } },
    answer: { ...notServed(['unknown_pincode']), coverage: { drop: 'none' }, coverageBasis: byPincode, location: { drop: null }, ...none },
  },
  {
    item: { drop: { digipin: 'ABCDEFGHIJ' } },
    answer: { ...notServed(['invalid_digipin']), coverage: { drop: 'none' }, coverageBasis: exact, location: { drop: null }, ...none },
  },
  {
    item: { drop: B0 },
    answer: { ...notServed(['collection_not_available'], ['svc-b']), coverage: { drop: 'full' }, coverageBasis: exact, location: { drop: B0 }, ...none },
  },
  {
    item: { drop: C0 },
    answer: {
      ...notServed(['collection_limit_exceeded', 'weight_limit_exceeded'], ['svc-c']),
      coverage: { drop: 'full' },
      coverageBasis: exact,
      location: { drop: C0 },
      ...none,
    },
  },
  {
    item: { drop: { pincode: '570003' } },
    answer: { ...notServed(['drop_outside_service_area']), coverage: { drop: 'none' }, coverageBasis: byPincode, location: { drop: null }, ...none },
  },
  {
    item: { pickup: A0, drop: { pincode: '570002' }, ref: 'x' },
    answer: {
      status: 'partially_serviceable',
      zoneIds: ['svc-a'],
      reasons: ['drop_partially_covered'],
      coverage: { pickup: 'full', drop: 'partial' },
      coverageBasis: byPincode,
      location: { pickup: A0, drop: null },
      ...none,
    },
  },
];

beforeAll(async () => {
  await api.table.rt.zones.repository.import([zoneA, zoneB, zoneC], { onlyMissing: false });
  await seedPincodeAreas(api.table.rt, AREAS);
});

let shop: TestMerchant;
beforeAll(async () => {
  shop = await newMerchant(api.table.rt, api.server);
});

const check = (body: unknown, merchant: TestMerchant = shop) => merchant.post('/v1/serviceability', body);

// A batch of `count` items cycling through CASES; every third has no ref (answered null).
function batch(count: number) {
  const items = Array.from({ length: count }, (_, i) => {
    const { item } = CASES[i % CASES.length]!;
    const { ref: _ignored, ...rest } = item;
    return i % 3 === 2 ? rest : { ...rest, ref: `item-${i}` };
  });
  const answers = items.map((item, i) => ({ ref: 'ref' in item ? item.ref : null, ...CASES[i % CASES.length]!.answer }));
  return { items, answers };
}

describe('POST /v1/serviceability', () => {
  it('answers 100 mixed items (coordinates, DIGIPINs, pincodes; points and routes) in order, with checkedAt and the zone catalogue’s version', async () => {
    const { items, answers } = batch(100);
    const before = Date.now();

    const { status, body } = await check({ items, ...OPTIONS });

    expect(status).toBe(200);
    const answer = body as Answer;
    expect(Object.keys(answer)).toEqual(['data', 'checkedAt', 'zoneCatalogVersion']);
    expect(answer.data).toHaveLength(100);
    answer.data.forEach((result, i) => expect(result, `item ${i}`).toEqual(answers[i]));
    // The result's fields in the contract's order.
    expect(Object.keys(answer.data[1]!)).toEqual([
      'ref',
      'status',
      'zoneIds',
      'reasons',
      'coverage',
      'coverageBasis',
      'location',
      'distanceMeters',
      'indicativeChargeMinor',
    ]);
    expect(Date.parse(answer.checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.zoneCatalogVersion).toBe(zoneCatalogVersion(await api.table.rt.zones.current()));
  });

  it('gives every reason and every status at least once, reasons in the contract’s order', async () => {
    const { body } = await check({ items: CASES.map(({ item }) => item), ...OPTIONS });

    const results = (body as Answer).data;
    expect(new Set(results.flatMap((result) => result.reasons))).toEqual(new Set(SERVICEABILITY_REASONS));
    expect(new Set(results.map((result) => result.status))).toEqual(new Set(['serviceable', 'partially_serviceable', 'not_serviceable']));
    const order = (reason: string) => SERVICEABILITY_REASONS.indexOf(reason as (typeof SERVICEABILITY_REASONS)[number]);
    for (const { reasons } of results) expect(reasons).toEqual([...reasons].sort((a, b) => order(a) - order(b)));
  });

  it('answers the same without cash or weight asked: zone B and C’s points are then served', async () => {
    const { body } = await check({ items: [{ drop: B0 }, { drop: C0 }] });

    expect((body as Answer).data.map((result) => [result.status, result.zoneIds, result.reasons])).toEqual([
      ['serviceable', ['svc-b'], []],
      ['serviceable', ['svc-c'], []],
    ]);
  });
});

describe('POST /v1/serviceability’s 400s', () => {
  const good = { drop: A0 };
  const ONE_FORM = 'give exactly one of latitude/longitude, pincode, digipin';
  // Each malformed body, and the fieldErrors naming where it is wrong.
  const cases: Array<[string, unknown, Record<string, string[]>]> = [
    ['a missing drop', { items: [good, good, good, { pickup: A0 }] }, { items: ['items[3].drop: Required'] }],
    ['two location forms', { items: [good, good, good, { drop: { pincode: '570001', digipin: A_DIGIPIN } }] }, { items: [`items[3].drop: ${ONE_FORM}`] }],
    ['coordinates and a pincode', { items: [{ pickup: { ...A0, pincode: '570001' }, drop: A1 }] }, { items: [`items[0].pickup: ${ONE_FORM}`] }],
    ['no location form', { items: [{ drop: {} }] }, { items: [`items[0].drop: ${ONE_FORM}`] }],
    ['half of the coordinates', { items: [{ drop: { latitude: 12.3 } }] }, { items: [`items[0].drop: ${ONE_FORM}`] }],
    ['an unknown top-level field', { items: [good], tip: 5 }, { tip: ['Unknown field'] }],
    ['an unknown item field', { items: [good, { ...good, note: 'x' }] }, { items: ['items[1].note: Unknown field'] }],
    ['an unknown location field', { items: [{ drop: { pincode: '570001', city: 'Mysuru' } }] }, { items: ['items[0].drop.city: Unknown field'] }],
    ['no items', { items: [] }, { items: [expect.stringMatching(/^Too small.*1/)] }],
    ['101 items', { items: Array.from({ length: 101 }, () => good) }, { items: [expect.stringMatching(/^Too big.*100/)] }],
    [
      'a pincode starting with 0',
      { items: [{ drop: { pincode: '056001' } }] },
      { items: ['items[0].drop.pincode: Must be a pincode: 6 digits, the first not 0'] },
    ],
    [
      'a five-digit pincode',
      { items: [good, { drop: { pincode: '57000' } }] },
      { items: ['items[1].drop.pincode: Must be a pincode: 6 digits, the first not 0'] },
    ],
    ['a ref of 65 characters', { items: [{ ...good, ref: 'r'.repeat(65) }] }, { items: [expect.stringMatching(/^items\[0\]\.ref: Too big.*64/)] }],
    ['an empty ref', { items: [{ ...good, ref: '' }] }, { items: [expect.stringMatching(/^items\[0\]\.ref: Too small/)] }],
    [
      'a latitude out of range',
      { items: [{ drop: { latitude: 91, longitude: 76 } }] },
      { items: [expect.stringMatching(/^items\[0\]\.drop\.latitude: Too big/)] },
    ],
    ['a fractional collectMinor', { items: [good], collectMinor: 12.5 }, { collectMinor: ['Must be a whole number of paise (₹12.50 is 1250)'] }],
    ['a weight over the schema’s', { items: [good], packageWeightGrams: 100_001 }, { packageWeightGrams: [expect.stringMatching(/^Too big/)] }],
  ];

  it.each(cases)('refuses %s with 400 validation_error naming the path', async (_name, body, fieldErrors) => {
    const { status, body: answer } = await check(body);

    expect(status).toBe(400);
    expect(answer).toEqual({
      error: expect.stringMatching(/^Invalid request body: check /),
      code: 'validation_error',
      details: { formErrors: [], fieldErrors },
    });
  });
});

describe('POST /v1/serviceability’s rate group', () => {
  it('allows 60 checks a minute per store (the 61st is 429) and spends none of the quote group', async () => {
    const { apiKey } = await createStore(api.table.rt);
    const post = async (path: string, body: unknown) =>
      readResponse(await api.server.request(path, { method: 'POST', headers: authHeaders(apiKey), body: JSON.stringify(body) }));
    const quote = {
      pickupAddress: 'A',
      pickupLatitude: A0.latitude,
      pickupLongitude: A0.longitude,
      dropAddress: 'B',
      dropLatitude: A1.latitude,
      dropLongitude: A1.longitude,
    };

    // The clock stands still, so no token comes back while the minute's requests are sent.
    vi.useFakeTimers({ toFake: ['Date'] });
    const checks: number[] = [];
    const quotes: number[] = [];
    let refused: Awaited<ReturnType<typeof post>>;
    try {
      for (let i = 0; i < 60; i += 1) checks.push((await post('/v1/serviceability', { items: [{ drop: A0 }] })).status);
      refused = await post('/v1/serviceability', { items: [{ drop: A0 }] });
      for (let i = 0; i < 11; i += 1) quotes.push((await post('/v1/job-quotes', quote)).status);
    } finally {
      vi.useRealTimers();
    }

    expect(checks).toEqual(Array.from({ length: 60 }, () => 200));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The quote group is whole after 61 checks: its 10 quotes, then 429.
    expect(quotes).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
    expect(routes.find((route) => route.path === '/v1/serviceability')).toMatchObject({ api: 'merchant', method: 'POST', rateGroup: 'checks' });
  });
});

describe('POST /v1/serviceability and stores', () => {
  it('answers a sandbox store and a live one alike, names no store, and writes nothing but its rate bucket', async () => {
    const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { items } = batch(CASES.length);
    const before = await partitionItems(api.table.rt, `STORE#${shop.storeId}`);

    const live = await check({ items, ...OPTIONS });
    const test = await check({ items, ...OPTIONS }, sandbox);

    const after = await partitionItems(api.table.rt, `STORE#${shop.storeId}`);
    expect(live.status).toBe(200);
    expect(test.status).toBe(200);
    const { checkedAt: _live, ...liveAnswer } = live.body as Answer;
    const { checkedAt: _test, ...testAnswer } = test.body as Answer;
    expect(testAnswer).toEqual(liveAnswer);
    const text = JSON.stringify(live.body);
    for (const id of [shop.storeId, shop.keyId, sandbox.storeId, sandbox.keyId]) expect(text).not.toContain(id);
    expect(keysDeep(live.body).filter((key) => /store|key|quote|job/i.test(key))).toEqual([]);
    const notBucket = (items: Array<Record<string, unknown>>) => items.filter((item) => !String(item.SK).startsWith('RATE#'));
    expect(notBucket(after)).toEqual(notBucket(before));
    expect(after.map((item) => item.SK).filter((sk) => String(sk).startsWith('RATE#checks'))).toEqual(['RATE#checks']);
  });
});

describe('POST /v1/serviceability’s DynamoDB calls', () => {
  it('reads no pincode for coordinates and DIGIPINs, and one BatchGetItem per 100 distinct pincodes', async () => {
    const pincodes = (count: number, from: number) => Array.from({ length: count }, (_, i) => ({ drop: { pincode: String(from + i) } }));
    await check({ items: [{ drop: A0 }] }); // the container learns the key's store and the zones

    const records = await captureAccessLog(async () => {
      await check({ items: batch(100).items.filter((item) => !JSON.stringify(item).includes('pincode')) });
      await check({ items: [...pincodes(50, 600_000), ...pincodes(50, 600_000)] });
      await check({ items: pincodes(100, 610_000).map((item, i) => ({ pickup: { pincode: String(620_000 + i) }, ...item })) });
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['POST /v1/serviceability', 200, BASE_CALLS],
      ['POST /v1/serviceability', 200, BASE_CALLS + 1],
      ['POST /v1/serviceability', 200, BASE_CALLS + 2],
    ]);
  });
});

describe('POST /v1/serviceability agrees with POST /v1/job-quotes', () => {
  it('a coordinate route answered serviceable quotes 201 at its distance and charge; one answered not_serviceable is 422', async () => {
    const served = [
      [A0, A1],
      [A1, A0],
      [A_SW, A0],
      [at(12.27, 76.62), at(12.33, 76.68)],
      [at(12.2, 76.54), at(12.29, 76.62)], // the pickup on A's corner (edges count as inside)
    ];
    const refused = [
      [A0, B0],
      [A_SW, A_NE],
      [OUT, A0],
      [B0, at(12.31, 77.01)], // B collects no cash
      [C0, at(11.81, 76.65)], // C: over its limit and its weight
    ];
    const routesChecked = [...served, ...refused];
    const { body } = await check({ items: routesChecked.map(([pickup, drop]) => ({ pickup, drop })), ...OPTIONS });
    const results = (body as Answer).data;

    expect(results.map((result) => result.status)).toEqual([...served.map(() => 'serviceable'), ...refused.map(() => 'not_serviceable')]);
    for (const [i, [pickup, drop]] of routesChecked.entries()) {
      const quote = await shop.post('/v1/job-quotes', {
        pickupAddress: 'Pickup',
        pickupLatitude: pickup!.latitude,
        pickupLongitude: pickup!.longitude,
        dropAddress: 'Drop',
        dropLatitude: drop!.latitude,
        dropLongitude: drop!.longitude,
        ...OPTIONS,
      });
      const result = results[i]!;
      if (result.status === 'serviceable') {
        expect(quote.status, `route ${i}`).toBe(201);
        expect(quote.body, `route ${i}`).toMatchObject({ data: { distanceMeters: result.distanceMeters, chargeMinor: result.indicativeChargeMinor } });
      } else {
        expect(quote.status, `route ${i}`).toBe(422);
        // The quote names its first refusal in its own order (weight before cash); the check lists every reason.
        expect(
          result.reasons.map((reason) => QUOTE_CODE[reason]),
          `route ${i}`,
        ).toContain((quote.body as { code: string }).code);
      }
    }
  });
});
