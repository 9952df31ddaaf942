import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import type { LatLng } from '../../functions/core/geo.ts';
import { priceQuote, type RouteRequest } from '../../functions/core/quote.ts';
import { assessStops, type ServiceabilityReason } from '../../functions/core/serviceability.ts';
import type { RateCard, VersionedZone } from '../../functions/core/zone.ts';
import { BENGALURU_RATE_CARD } from '../helpers/fixtures.ts';

// The consistency promise: a coordinate route the check answers `serviceable` is quotable with the
// same inputs, in the same zone, for the same distance and charge; one it refuses, the quote refuses too,
// for one of the check's reasons.

const PROPERTY = { seed: 20261127, numRuns: 3000 };

const box = (west: number, south: number, east: number, north: number): Array<[number, number]> => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
];

const { collection: _cash, ...prepaidCard } = BENGALURU_RATE_CARD;

function zone(id: string, polygon: Array<[number, number]>, overrides: Partial<VersionedZone> = {}): VersionedZone {
  return { id, name: id, active: true, version: 1, polygon, roadFactor: 1.3, maxRouteMeters: 25_000, rateCard: BENGALURU_RATE_CARD, ...overrides };
}

// Zones around 20° N 80° E, where no seed zone is: two overlapping, one sharing an edge with the first,
// a non-convex one, and an inactive one over them all; their cards differ in every limit the check judges.
const SYNTHETIC: VersionedZone[] = [
  zone('syn-a', box(80.0, 20.0, 80.2, 20.2)),
  zone('syn-b', box(80.1, 20.1, 80.3, 20.3), {
    roadFactor: 1.5,
    maxRouteMeters: 15_000,
    rateCard: {
      ...(prepaidCard as RateCard),
      weightSlabs: [
        { upToGrams: 1000, surchargeMinor: 0 },
        { upToGrams: 5000, surchargeMinor: 800 },
      ],
    },
  }),
  zone('syn-c', box(80.2, 20.0, 80.4, 20.2), {
    maxRouteMeters: 40_000,
    rateCard: {
      ...BENGALURU_RATE_CARD,
      weightSlabs: [{ upToGrams: 20_000, surchargeMinor: 1500 }],
      collection: { maxCollectMinor: 50_000, feeBasisPoints: 150, minFeeMinor: 1000 },
    },
  }),
  zone('syn-d', [
    [80.45, 20.0],
    [80.6, 20.0],
    [80.6, 20.1],
    [80.5, 20.1],
    [80.5, 20.3],
    [80.45, 20.3],
  ]),
  zone('syn-0-inactive', box(79.9, 19.9, 80.7, 20.5), { active: false }),
];
const SEED: VersionedZone[] = readZoneFile().zones.map((seedZone) => ({ ...seedZone, version: 1 }));
const CATALOGUES = { seed: SEED, synthetic: SYNTHETIC, both: [...SYNTHETIC, ...SEED] };

type Where = 'inside' | 'edge' | 'vertex' | 'near' | 'outside';
type Placed = { where: Where; point: LatLng };

const lngLat = ([longitude, latitude]: readonly [number, number]): LatLng => ({ latitude, longitude });

// A point in the zone's bounding box (inside, or outside a non-convex or round zone's corners).
function inside(z: VersionedZone): fc.Arbitrary<Placed> {
  const lngs = z.polygon.map(([lng]) => lng);
  const lats = z.polygon.map(([, lat]) => lat);
  return fc
    .record({
      longitude: fc.double({ min: Math.min(...lngs), max: Math.max(...lngs), noNaN: true }),
      latitude: fc.double({ min: Math.min(...lats), max: Math.max(...lats), noNaN: true }),
    })
    .map((point) => ({ where: 'inside', point }));
}

// A point exactly on one of the zone's edges, or at one of its vertices.
function onEdge(z: VersionedZone): fc.Arbitrary<Placed> {
  const n = z.polygon.length;
  return fc.record({ i: fc.nat({ max: n - 1 }), t: fc.double({ min: 0, max: 1, noNaN: true }) }).map(({ i, t }) => {
    const [a, b] = [z.polygon[i]!, z.polygon[(i + 1) % n]!];
    return { where: 'edge', point: lngLat([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]) };
  });
}

function vertex(z: VersionedZone): fc.Arbitrary<Placed> {
  return fc.constantFrom(...z.polygon).map((corner) => ({ where: 'vertex', point: lngLat(corner) }));
}

// Within about a kilometre of a vertex: just inside or just outside the zone.
function near(z: VersionedZone): fc.Arbitrary<Placed> {
  const offset = fc.double({ min: -0.01, max: 0.01, noNaN: true });
  return fc
    .tuple(fc.constantFrom(...z.polygon), offset, offset)
    .map(([[lng, lat], dLng, dLat]) => ({ where: 'near', point: { latitude: lat + dLat, longitude: lng + dLng } }));
}

// Anywhere over India and its seas: almost always outside every zone.
const anywhere: fc.Arbitrary<Placed> = fc
  .record({ latitude: fc.double({ min: 6, max: 36, noNaN: true }), longitude: fc.double({ min: 68, max: 97, noNaN: true }) })
  .map((point) => ({ where: 'outside', point }));

function placedIn(z: VersionedZone): fc.Arbitrary<Placed> {
  return fc.oneof(
    { arbitrary: inside(z), weight: 4 },
    { arbitrary: onEdge(z), weight: 2 },
    { arbitrary: vertex(z), weight: 1 },
    { arbitrary: near(z), weight: 1 },
  );
}

function placed(zones: readonly VersionedZone[]): fc.Arbitrary<Placed> {
  return fc.oneof({ arbitrary: fc.constantFrom(...zones).chain(placedIn), weight: 9 }, { arbitrary: anywhere, weight: 1 });
}

// Both stops near one zone, a short ride apart or anywhere in it (mostly served, often too long), or each
// near any zone (across zones, overlaps, outside).
function route(zones: readonly VersionedZone[]): fc.Arbitrary<[Placed, Placed]> {
  const zoneOf = fc.constantFrom(...zones);
  const step = fc.double({ min: -0.05, max: 0.05, noNaN: true });
  const shortRide = zoneOf.chain(placedIn).chain((pickup) =>
    fc.tuple(
      fc.constant(pickup),
      fc
        .tuple(step, step)
        .map(([dLat, dLng]): Placed => ({ where: 'near', point: { latitude: pickup.point.latitude + dLat, longitude: pickup.point.longitude + dLng } })),
    ),
  );
  const sameZone = zoneOf.chain((z) => fc.tuple(placedIn(z), placedIn(z)));
  return fc.oneof({ arbitrary: shortRide, weight: 4 }, { arbitrary: sameZone, weight: 2 }, { arbitrary: fc.tuple(placed(zones), placed(zones)), weight: 2 });
}

// Mostly within every zone’s limits (so that many routes are served), sometimes over one zone’s or all zones’;
// absent one time in three (weight) or two (cash).
const weight = fc.option(
  fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 5000 }), weight: 6 },
    { arbitrary: fc.integer({ min: 5001, max: 100_000 }), weight: 2 },
    { arbitrary: fc.integer({ min: 100_001, max: 200_000 }), weight: 1 },
  ),
  { nil: undefined, freq: 3 },
);
const collect = fc.option(
  fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 50_000 }), weight: 6 },
    { arbitrary: fc.integer({ min: 50_001, max: 1_000_000 }), weight: 2 },
    { arbitrary: fc.integer({ min: 1_000_001, max: 5_000_000 }), weight: 1 },
  ),
  { nil: undefined, freq: 2 },
);

const input = fc
  .constantFrom(...(Object.keys(CATALOGUES) as Array<keyof typeof CATALOGUES>))
  .chain((catalogue) =>
    fc.record({ catalogue: fc.constant(catalogue), stops: route(CATALOGUES[catalogue]), packageWeightGrams: weight, collectMinor: collect }),
  );

// The reasons behind each of the quote's refusals, in the order the quote refuses.
const QUOTE_ORDER: ReadonlyArray<readonly [code: string, reasons: readonly ServiceabilityReason[]]> = [
  ['outside_service_area', ['pickup_outside_service_area', 'drop_outside_service_area', 'different_zones']],
  ['route_too_long', ['route_too_long']],
  ['weight_limit_exceeded', ['weight_limit_exceeded']],
  ['collection_not_available', ['collection_not_available']],
  ['collection_limit_exceeded', ['collection_limit_exceeded']],
];

function quote(zones: readonly VersionedZone[], pickup: LatLng, drop: LatLng, packageWeightGrams?: number, collectMinor?: number) {
  const request: RouteRequest = {
    pickupAddress: 'Pickup',
    pickupLatitude: pickup.latitude,
    pickupLongitude: pickup.longitude,
    dropAddress: 'Drop',
    dropLatitude: drop.latitude,
    dropLongitude: drop.longitude,
    packageWeightGrams,
  };
  try {
    const { zoneId, distanceMeters, chargeMinor } = priceQuote('store_1', request, zones, new Date('2026-11-27T07:00:00Z'), collectMinor);
    return { ok: true as const, zoneId, distanceMeters, chargeMinor };
  } catch (error) {
    return { ok: false as const, code: (error as { code: string }).code };
  }
}

describe('the consistency promise: the check and the quote decide a coordinate route alike', () => {
  it('answers serviceable exactly when the quote prices the route, in the same zone, for the same distance and charge', () => {
    const seen = { serviceable: 0, servedOnBoundary: 0, refusals: new Map<string, number>() };

    fc.assert(
      fc.property(input, ({ catalogue, stops: [pickup, drop], packageWeightGrams, collectMinor }) => {
        const zones = CATALOGUES[catalogue];
        const stops = { pickup: { kind: 'point' as const, point: pickup.point }, drop: { kind: 'point' as const, point: drop.point } };

        const assessment = assessStops(zones, stops, { packageWeightGrams, collectMinor });
        const quoted = quote(zones, pickup.point, drop.point, packageWeightGrams, collectMinor);

        if (assessment.status === 'serviceable') {
          // Coordinates are fully covered or not at all, so the chosen zone is the first candidate.
          expect(quoted).toEqual({ ok: true, zoneId: assessment.zoneIds[0], distanceMeters: assessment.distanceMeters, chargeMinor: assessment.chargeMinor });
          seen.serviceable += 1;
          if ([pickup.where, drop.where].some((where) => where === 'edge' || where === 'vertex')) seen.servedOnBoundary += 1;
          return;
        }
        expect(assessment.status).toBe('not_serviceable');
        expect(quoted.ok).toBe(false);
        const code = quoted.ok ? '' : quoted.code;
        const first = QUOTE_ORDER.find(([, reasons]) => reasons.some((reason) => assessment.reasons.includes(reason)));
        // The quote refuses for the first of the check's reasons in the quote's order.
        expect(first?.[0]).toBe(code);
        seen.refusals.set(code, (seen.refusals.get(code) ?? 0) + 1);
      }),
      PROPERTY,
    );

    // The generators reach every outcome, often enough for the property to mean something.
    expect(seen.serviceable).toBeGreaterThan(PROPERTY.numRuns / 10);
    expect(seen.servedOnBoundary).toBeGreaterThan(50);
    expect([...seen.refusals.keys()].sort()).toEqual(QUOTE_ORDER.map(([code]) => code).sort());
    for (const [code, count] of seen.refusals) expect(count, code).toBeGreaterThan(10);
  });
});
