import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../functions/core/geo.ts';
import type { PincodeArea } from '../../functions/core/pincode.ts';
import { collectionFee, priceRoute } from '../../functions/core/pricing.ts';
import { priceQuote, type RouteRequest } from '../../functions/core/quote.ts';
import { assessStops, SERVICEABILITY_REASONS, type Stop } from '../../functions/core/serviceability.ts';
import { routeMeters, type RateCard, type VersionedZone } from '../../functions/core/zone.ts';
import { BENGALURU_RATE_CARD } from '../helpers/fixtures.ts';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });
const point = (latitude: number, longitude: number): Stop => ({ kind: 'point', point: at(latitude, longitude) });
const pincode = (code: string, ...points: LatLng[]): Stop => ({ kind: 'pincode', area: { pincode: code, points } satisfies PincodeArea });
const UNKNOWN: Stop = { kind: 'unknown_pincode' };
const INVALID: Stop = { kind: 'invalid_digipin' };

const card = BENGALURU_RATE_CARD;
const terms = card.collection!;

/** A zone over the lng/lat box [west, east] x [south, north], serving routes up to 200 km. */
function boxZone(id: string, west: number, south: number, east: number, north: number, overrides: Partial<VersionedZone> = {}): VersionedZone {
  return {
    id,
    name: `Zone ${id}`,
    active: true,
    version: 1,
    polygon: [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
    ],
    roadFactor: 1.3,
    maxRouteMeters: 200_000,
    rateCard: card,
    ...overrides,
  };
}

// Two zones side by side, a degree apart: x = longitude, y = latitude.
const west = boxZone('a-west', 0, 0, 1, 1);
const east = boxZone('b-east', 2, 0, 3, 1);
const zones = [west, east];

// What priceQuote answers for the same two coordinate stops: the charge, or the refusal's code.
function quoted(zonesGiven: readonly VersionedZone[], pickup: LatLng, drop: LatLng, options: { collectMinor?: number; packageWeightGrams?: number } = {}) {
  const request: RouteRequest = {
    pickupAddress: 'A',
    pickupLatitude: pickup.latitude,
    pickupLongitude: pickup.longitude,
    dropAddress: 'B',
    dropLatitude: drop.latitude,
    dropLongitude: drop.longitude,
    packageWeightGrams: options.packageWeightGrams,
  };
  try {
    const quote = priceQuote('store_1', request, zonesGiven, new Date('2026-11-27T07:00:00Z'), options.collectMinor);
    return { zoneId: quote.zoneId, distanceMeters: quote.distanceMeters, chargeMinor: quote.chargeMinor };
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
}

describe('SERVICEABILITY_REASONS', () => {
  it('lists the contract’s eleven reasons in the order an answer gives them', () => {
    expect(SERVICEABILITY_REASONS).toEqual([
      'pickup_outside_service_area',
      'drop_outside_service_area',
      'pickup_partially_covered',
      'drop_partially_covered',
      'different_zones',
      'route_too_long',
      'unknown_pincode',
      'invalid_digipin',
      'collection_not_available',
      'collection_limit_exceeded',
      'weight_limit_exceeded',
    ]);
  });
});

describe('assessStops on a coordinate route', () => {
  it('answers serviceable with the zone, the distance and what the quote charges', () => {
    const pickup = at(0.2, 0.2);
    const drop = at(0.3, 0.25);
    const distanceMeters = routeMeters(west, pickup, drop);

    const assessment = assessStops(zones, { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, { packageWeightGrams: 3000 });

    expect(assessment).toEqual({
      status: 'serviceable',
      zoneIds: ['a-west'],
      reasons: [],
      coverage: { pickup: 'full', drop: 'full' },
      distanceMeters,
      chargeMinor: priceRoute(card, distanceMeters, 3000),
    });
    expect(quoted(zones, pickup, drop, { packageWeightGrams: 3000 })).toEqual({ zoneId: 'a-west', distanceMeters, chargeMinor: assessment.chargeMinor });
  });

  it('adds the collection fee to the charge, as the quote does', () => {
    const pickup = at(0.2, 0.2);
    const drop = at(0.3, 0.25);

    const assessment = assessStops(zones, { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, { collectMinor: 500_000 });

    const distanceMeters = routeMeters(west, pickup, drop);
    expect(assessment.chargeMinor).toBe(priceRoute(card, distanceMeters) + collectionFee(500_000, terms));
    expect(quoted(zones, pickup, drop, { collectMinor: 500_000 }).chargeMinor).toBe(assessment.chargeMinor);
  });

  it.each([
    ['an edge', at(0.5, 1), at(0, 0.5)],
    ['a vertex', at(0, 0), at(1, 0)],
  ])('counts a stop exactly on %s as fully covered', (_where, pickup, drop) => {
    const assessment = assessStops(zones, { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, {});

    expect(assessment).toMatchObject({ status: 'serviceable', zoneIds: ['a-west'], coverage: { pickup: 'full', drop: 'full' } });
  });

  it.each([
    ['the pickup', point(5, 5), point(0.5, 0.5), ['pickup_outside_service_area'], { pickup: 'none', drop: 'full' }],
    ['the drop', point(0.5, 0.5), point(5, 5), ['drop_outside_service_area'], { pickup: 'full', drop: 'none' }],
    ['both stops', point(5, 5), point(6, 6), ['pickup_outside_service_area', 'drop_outside_service_area'], { pickup: 'none', drop: 'none' }],
  ])('names %s outside every zone, with no zone and no price', (_which, pickup, drop, reasons, coverage) => {
    expect(assessStops(zones, { pickup, drop }, { packageWeightGrams: 500_000, collectMinor: 99_999_999 })).toEqual({
      status: 'not_serviceable',
      zoneIds: [],
      reasons,
      coverage,
      distanceMeters: null,
      chargeMinor: null,
    });
  });

  it('answers different_zones when each stop is covered but no zone holds both', () => {
    expect(assessStops(zones, { pickup: point(0.5, 0.5), drop: point(0.5, 2.5) }, {})).toEqual({
      status: 'not_serviceable',
      zoneIds: [],
      reasons: ['different_zones'],
      coverage: { pickup: 'full', drop: 'full' },
      distanceMeters: null,
      chargeMinor: null,
    });
  });

  it('ignores inactive zones', () => {
    const inactive = boxZone('c-inactive', 0, 0, 5, 5, { active: false });

    expect(assessStops([inactive, west], { pickup: point(0.5, 0.5), drop: point(2.5, 2.5) }, {}).reasons).toEqual(['drop_outside_service_area']);
  });

  it('lists every candidate zone in id order and prices in the first', () => {
    const dear = boxZone('b-dear', 0, 0, 1, 1, { rateCard: { ...card, baseFareMinor: 9000 } });
    const cheap = boxZone('a-cheap', 0, 0, 1, 1);
    const pickup = at(0.2, 0.2);
    const drop = at(0.3, 0.3);

    const assessment = assessStops([dear, cheap], { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, {});

    expect(assessment.zoneIds).toEqual(['a-cheap', 'b-dear']);
    expect(assessment.chargeMinor).toBe(priceRoute(card, routeMeters(cheap, pickup, drop)));
    expect(quoted([dear, cheap], pickup, drop)).toMatchObject({ zoneId: 'a-cheap', chargeMinor: assessment.chargeMinor });
  });

  it('answers route_too_long when the route is over the chosen zone’s limit', () => {
    const short = boxZone('short', 0, 0, 1, 1, { maxRouteMeters: 50_000 });

    expect(assessStops([short], { pickup: point(0, 0), drop: point(1, 1) }, {})).toEqual({
      status: 'not_serviceable',
      zoneIds: ['short'],
      reasons: ['route_too_long'],
      coverage: { pickup: 'full', drop: 'full' },
      distanceMeters: null,
      chargeMinor: null,
    });
  });

  it('lists every limit a route breaks, in the contract’s order', () => {
    const strict = boxZone('strict', 0, 0, 1, 1, { maxRouteMeters: 50_000 });

    const assessment = assessStops(
      [strict],
      { pickup: point(0, 0), drop: point(1, 1) },
      { collectMinor: terms.maxCollectMinor + 1, packageWeightGrams: 100_001 },
    );

    expect(assessment.reasons).toEqual(['route_too_long', 'collection_limit_exceeded', 'weight_limit_exceeded']);
  });

  it('accepts a parcel of exactly the heaviest slab and refuses one gram more', () => {
    const route = { pickup: point(0.2, 0.2), drop: point(0.3, 0.3) };

    expect(assessStops(zones, route, { packageWeightGrams: 100_000 }).status).toBe('serviceable');
    expect(assessStops(zones, route, { packageWeightGrams: 100_001 }).reasons).toEqual(['weight_limit_exceeded']);
  });

  it('accepts collecting exactly the zone’s limit and refuses one paisa more', () => {
    const route = { pickup: point(0.2, 0.2), drop: point(0.3, 0.3) };

    expect(assessStops(zones, route, { collectMinor: terms.maxCollectMinor }).status).toBe('serviceable');
    expect(assessStops(zones, route, { collectMinor: terms.maxCollectMinor + 1 }).reasons).toEqual(['collection_limit_exceeded']);
  });

  it('answers collection_not_available where the zone collects no cash, and only when asked to collect', () => {
    const { collection: _none, ...prepaidOnly } = card;
    const prepaid = boxZone('prepaid', 0, 0, 1, 1, { rateCard: prepaidOnly as RateCard });
    const route = { pickup: point(0.2, 0.2), drop: point(0.3, 0.3) };

    expect(assessStops([prepaid], route, { collectMinor: 1 }).reasons).toEqual(['collection_not_available']);
    expect(assessStops([prepaid], route, {}).status).toBe('serviceable');
  });
});

describe('assessStops on pincodes, unknown pincodes and invalid DIGIPINs', () => {
  // A pincode with one office in the west zone and one between the zones.
  const straddling = pincode('560001', at(0.5, 0.5), at(0.5, 1.5));
  const inWest = pincode('560002', at(0.4, 0.4), at(0.6, 0.6));

  it('measures a fully covered pincode’s route from its centre and prices it', () => {
    const distanceMeters = routeMeters(west, at(0.5, 0.5), at(0.2, 0.2));

    expect(assessStops(zones, { pickup: inWest, drop: point(0.2, 0.2) }, {})).toEqual({
      status: 'serviceable',
      zoneIds: ['a-west'],
      reasons: [],
      coverage: { pickup: 'full', drop: 'full' },
      distanceMeters,
      chargeMinor: priceRoute(card, distanceMeters),
    });
  });

  it('answers partially_serviceable, without a price, for a pincode the zones hold only part of', () => {
    expect(assessStops(zones, { drop: straddling }, {})).toEqual({
      status: 'partially_serviceable',
      zoneIds: ['a-west'],
      reasons: ['drop_partially_covered'],
      coverage: { drop: 'partial' },
      distanceMeters: null,
      chargeMinor: null,
    });
    expect(assessStops(zones, { pickup: straddling, drop: point(0.2, 0.2) }, {})).toMatchObject({
      status: 'partially_serviceable',
      reasons: ['pickup_partially_covered'],
      distanceMeters: null,
      chargeMinor: null,
    });
  });

  it('answers not_serviceable when a partial cover comes with a broken limit', () => {
    const short = boxZone('short', 0, 0, 1, 1, { maxRouteMeters: 10_000 });

    expect(assessStops([short], { pickup: straddling, drop: point(0.9, 0.9) }, {})).toMatchObject({
      status: 'not_serviceable',
      reasons: ['pickup_partially_covered', 'route_too_long'],
    });
  });

  it('names both partial stops and different_zones when no zone holds part of each', () => {
    const westAndBeyond = pincode('560003', at(0.5, 0.5), at(0.5, 1.5));
    const eastAndBeyond = pincode('560004', at(0.5, 2.5), at(0.5, 3.5));

    expect(assessStops(zones, { pickup: westAndBeyond, drop: eastAndBeyond }, {})).toEqual({
      status: 'not_serviceable',
      zoneIds: [],
      reasons: ['pickup_partially_covered', 'drop_partially_covered', 'different_zones'],
      coverage: { pickup: 'partial', drop: 'partial' },
      distanceMeters: null,
      chargeMinor: null,
    });
  });

  it('chooses a zone that holds every stop fully over an earlier one that holds part, and gives the best coverage', () => {
    const partly = boxZone('a-partly', 0, 0, 1, 1);
    const light = boxZone('b-fully', 0, 0, 2, 2, { rateCard: { ...card, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }] } });

    const assessment = assessStops([partly, light], { pickup: straddling, drop: point(0.2, 0.2) }, { packageWeightGrams: 6000 });

    // Only the chosen zone's 5 kg limit refuses a 6 kg parcel: the first candidate (100 kg) would not.
    expect(assessment).toMatchObject({ zoneIds: ['a-partly', 'b-fully'], coverage: { pickup: 'full', drop: 'full' }, reasons: ['weight_limit_exceeded'] });
  });

  it('chooses the first candidate when none holds every stop fully', () => {
    const light = boxZone('a-light', 0, 0, 1, 1, { rateCard: { ...card, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }] } });
    const heavy = boxZone('b-heavy', 0, 0, 1, 1);

    expect(assessStops([heavy, light], { drop: straddling }, { packageWeightGrams: 6000 })).toMatchObject({
      status: 'not_serviceable',
      reasons: ['drop_partially_covered', 'weight_limit_exceeded'],
    });
  });

  it.each([
    ['an unknown pincode', UNKNOWN, 'unknown_pincode'],
    ['an invalid DIGIPIN', INVALID, 'invalid_digipin'],
  ] as const)('answers %s with its own reason, covered nowhere, and no outside or different-zone reason', (_what, stop, reason) => {
    expect(assessStops(zones, { pickup: point(0.5, 0.5), drop: stop }, { packageWeightGrams: 500_000 })).toEqual({
      status: 'not_serviceable',
      zoneIds: [],
      reasons: [reason],
      coverage: { pickup: 'full', drop: 'none' },
      distanceMeters: null,
      chargeMinor: null,
    });
    expect(assessStops(zones, { pickup: stop, drop: point(9, 9) }, {}).reasons).toEqual(['drop_outside_service_area', reason]);
  });

  it('lists an unknown pincode before an invalid DIGIPIN', () => {
    expect(assessStops(zones, { pickup: INVALID, drop: UNKNOWN }, {}).reasons).toEqual(['unknown_pincode', 'invalid_digipin']);
  });
});

describe('assessStops on a point check (no pickup)', () => {
  it('answers serviceable with the drop’s coverage alone and no distance or price', () => {
    expect(assessStops(zones, { drop: point(0.5, 2.5) }, {})).toEqual({
      status: 'serviceable',
      zoneIds: ['b-east'],
      reasons: [],
      coverage: { drop: 'full' },
      distanceMeters: null,
      chargeMinor: null,
    });
  });

  it('answers drop_outside_service_area for a drop outside every zone', () => {
    expect(assessStops(zones, { drop: point(9, 9) }, {})).toMatchObject({
      status: 'not_serviceable',
      reasons: ['drop_outside_service_area'],
      coverage: { drop: 'none' },
    });
  });

  it('judges the weight and the collection in the zone that serves the drop', () => {
    const { collection: _none, ...prepaidOnly } = card;
    const prepaid = boxZone('prepaid', 0, 0, 1, 1, { rateCard: prepaidOnly as RateCard });

    expect(assessStops(zones, { drop: point(0.5, 0.5) }, { packageWeightGrams: 100_001, collectMinor: terms.maxCollectMinor + 1 }).reasons).toEqual([
      'collection_limit_exceeded',
      'weight_limit_exceeded',
    ]);
    expect(assessStops([prepaid], { drop: point(0.5, 0.5) }, { collectMinor: 100 })).toMatchObject({
      status: 'not_serviceable',
      reasons: ['collection_not_available'],
    });
  });
});

describe('priceQuote’s refusals, from the same decision', () => {
  const light = boxZone('light', 0, 0, 1, 1, { maxRouteMeters: 50_000, rateCard: { ...card, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }] } });
  const { collection: _none, ...prepaidOnly } = card;
  const prepaidLight = { ...light, rateCard: { ...(prepaidOnly as RateCard), weightSlabs: light.rateCard.weightSlabs } };
  const near = [at(0.2, 0.2), at(0.3, 0.3)] as const;
  const far = [at(0, 0), at(1, 1)] as const;

  it.each([
    ['route_too_long before weight_limit_exceeded', [light], far, { packageWeightGrams: 6000, collectMinor: 1 }, 'route_too_long'],
    ['weight_limit_exceeded before collection_not_available', [prepaidLight], near, { packageWeightGrams: 6000, collectMinor: 1 }, 'weight_limit_exceeded'],
    ['weight_limit_exceeded before collection_limit_exceeded', [light], near, { packageWeightGrams: 6000, collectMinor: 99_999_999 }, 'weight_limit_exceeded'],
    ['collection_not_available', [prepaidLight], near, { collectMinor: 1 }, 'collection_not_available'],
    ['outside_service_area before every limit', [light], [at(0.2, 0.2), at(5, 5)], { packageWeightGrams: 6000 }, 'outside_service_area'],
  ] as const)('refuses %s', (_order, zonesGiven, [pickup, drop], options, code) => {
    expect(quoted(zonesGiven, pickup, drop, options)).toMatchObject({ code });
  });

  it('names the zone’s weight limit in grams', () => {
    expect(quoted([light], near[0], near[1], { packageWeightGrams: 5001 })).toEqual({
      code: 'weight_limit_exceeded',
      message: 'Parcel is 5001 g; this zone carries parcels up to 5000 g',
    });
  });
});
