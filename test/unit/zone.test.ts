import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../functions/core/geo.ts';
import { OutsideServiceAreaError } from '../../functions/core/errors.ts';
import { RateCard, routeMeters, Zone, ZoneFile, zonesAround } from '../../functions/core/zone.ts';
import { findServingZone, stillServes } from '../../functions/core/serviceability.ts';
import { BENGALURU_RATE_CARD } from '../helpers/fixtures.ts';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });

const rateCard = BENGALURU_RATE_CARD;

/** A zone over the lng/lat box [west, east] x [south, north]. */
function boxZone(id: string, west: number, south: number, east: number, north: number, overrides: Partial<Zone> = {}): Zone {
  return {
    id,
    name: `Zone ${id}`,
    active: true,
    polygon: [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
    ],
    roadFactor: 1,
    maxRouteMeters: 1_000_000,
    rateCard,
    ...overrides,
  };
}

describe('RateCard', () => {
  it('accepts a card with ascending weight slabs', () => {
    expect(RateCard.parse(rateCard)).toEqual(rateCard);
  });

  it.each([
    ['descending', [5000, 1000]],
    ['repeated', [1000, 1000]],
    ['out of order after the first', [1000, 5000, 3000]],
  ])('rejects %s weight slabs', (_how, limits) => {
    const card = { ...rateCard, weightSlabs: limits.map((upToGrams) => ({ upToGrams, surchargeMinor: 0 })) };

    const result = RateCard.safeParse(card);

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['weightSlabs must be sorted by upToGrams, ascending and without repeats']);
  });

  it('accepts a single weight slab', () => {
    const card = { ...rateCard, weightSlabs: [{ upToGrams: 100_000, surchargeMinor: 0 }] };

    expect(RateCard.safeParse(card).success).toBe(true);
  });

  it.each([
    ['no weight slabs', { weightSlabs: [] }],
    ['a negative base fare', { baseFareMinor: -1 }],
    ['a fractional base fare', { baseFareMinor: 40.5 }],
    ['negative included metres', { includedMeters: -1 }],
    ['a fractional per-km rate', { perKmMinor: 10.5 }],
    ['a slab of zero grams', { weightSlabs: [{ upToGrams: 0, surchargeMinor: 0 }] }],
    ['a negative surcharge', { weightSlabs: [{ upToGrams: 1000, surchargeMinor: -1 }] }],
    ['an unknown slab field', { weightSlabs: [{ upToGrams: 1000, surchargeMinor: 0, extra: 1 }] }],
    ['an unknown card field', { currency: 'INR' }],
  ])('rejects a card with %s', (_what, change) => {
    expect(RateCard.safeParse({ ...rateCard, ...change }).success).toBe(false);
  });

  it('accepts zero fares and zero included metres', () => {
    const card = { ...rateCard, baseFareMinor: 0, includedMeters: 0, perKmMinor: 0 };

    expect(RateCard.safeParse(card).success).toBe(true);
  });
});

describe('Zone', () => {
  const zone = boxZone('bengaluru', 77, 12, 78, 14);

  it('accepts a valid zone', () => {
    expect(Zone.parse(zone)).toEqual(zone);
  });

  it.each([
    ['a 40-character id', { id: 'a'.repeat(40) }],
    ['an id of digits and hyphens', { id: 'delhi-ncr-2' }],
    ['a road factor of exactly 1', { roadFactor: 1 }],
    ['a road factor of exactly 3', { roadFactor: 3 }],
    [
      'a triangle',
      {
        polygon: [
          [77, 12],
          [78, 12],
          [77.5, 13],
        ],
      },
    ],
    [
      'longitudes and latitudes at their limits',
      {
        polygon: [
          [-180, -90],
          [180, -90],
          [180, 90],
        ],
      },
    ],
  ])('accepts %s', (_what, change) => {
    expect(Zone.safeParse({ ...zone, ...change }).success).toBe(true);
  });

  it.each([
    ['an empty id', { id: '' }],
    ['a 41-character id', { id: 'a'.repeat(41) }],
    ['an id with capitals', { id: 'Bengaluru' }],
    ['an id with an underscore', { id: 'delhi_ncr' }],
    ['an empty name', { name: '' }],
    ['a 101-character name', { name: 'n'.repeat(101) }],
    ['a non-boolean active flag', { active: 'yes' }],
    [
      'a polygon of two points',
      {
        polygon: [
          [77, 12],
          [78, 12],
        ],
      },
    ],
    [
      'a longitude beyond 180',
      {
        polygon: [
          [180.1, 12],
          [78, 12],
          [77.5, 13],
        ],
      },
    ],
    [
      'a latitude beyond 90',
      {
        polygon: [
          [77, 90.1],
          [78, 12],
          [77.5, 13],
        ],
      },
    ],
    [
      'a point with three coordinates',
      {
        polygon: [
          [77, 12, 0],
          [78, 12],
          [77.5, 13],
        ],
      },
    ],
    ['a road factor below 1', { roadFactor: 0.99 }],
    ['a road factor above 3', { roadFactor: 3.01 }],
    ['a zero maximum route', { maxRouteMeters: 0 }],
    ['a fractional maximum route', { maxRouteMeters: 1000.5 }],
    ['an invalid rate card', { rateCard: { ...rateCard, weightSlabs: [] } }],
    ['an unknown field', { version: 1 }],
  ])('rejects %s', (_what, change) => {
    expect(Zone.safeParse({ ...zone, ...change }).success).toBe(false);
  });

  it('rejects a zone missing its rate card', () => {
    const { rateCard: _omitted, ...withoutCard } = zone;

    expect(Zone.safeParse(withoutCard).success).toBe(false);
  });
});

describe('ZoneFile', () => {
  it('accepts a file with one zone', () => {
    const file = { zones: [boxZone('a', 0, 0, 1, 1)] };

    expect(ZoneFile.parse(file)).toEqual(file);
  });

  it.each([
    ['no zones', { zones: [] }],
    ['an invalid zone', { zones: [{ ...boxZone('a', 0, 0, 1, 1), roadFactor: 5 }] }],
    ['an unknown top-level field', { zones: [boxZone('a', 0, 0, 1, 1)], version: 2 }],
    ['no zones key', {}],
  ])('rejects a file with %s', (_what, file) => {
    expect(ZoneFile.safeParse(file).success).toBe(false);
  });
});

describe('findServingZone', () => {
  const west = boxZone('west', 0, 0, 1, 1);
  const east = boxZone('east', 2, 0, 3, 1);
  const zones = [west, east];

  it('returns the zone that holds both stops', () => {
    expect(findServingZone(zones, at(0.2, 2.2), at(0.8, 2.8))).toBe(east);
  });

  it('serves stops on the zone boundary', () => {
    expect(findServingZone(zones, at(0, 0), at(1, 0.5))).toBe(west);
  });

  it.each([
    ['both stops are outside', at(5, 5), at(6, 6), 'Pickup and drop are outside every service zone'],
    ['the pickup is outside', at(5, 5), at(0.5, 0.5), 'Pickup is outside every service zone'],
    ['the drop is outside', at(0.5, 0.5), at(5, 5), 'Drop is outside every service zone'],
    ['the stops are in different zones', at(0.5, 0.5), at(0.5, 2.5), 'Pickup and drop are in different service zones; both must be in one zone'],
  ])('throws OutsideServiceAreaError when %s', (_when, pickup, drop, message) => {
    let thrown: unknown;
    try {
      findServingZone(zones, pickup, drop);
    } catch (error) {
      thrown = error;
    }

    expect(thrown).toBeInstanceOf(OutsideServiceAreaError);
    expect(thrown).toMatchObject({ code: 'outside_service_area', message });
  });

  it('throws when there are no zones at all', () => {
    expect(() => findServingZone([], at(0.5, 0.5), at(0.5, 0.5))).toThrow(new OutsideServiceAreaError('both'));
  });

  it('ignores inactive zones', () => {
    const inactive = { ...west, active: false };

    expect(() => findServingZone([inactive, east], at(0.5, 0.5), at(0.6, 0.6))).toThrow('Pickup and drop are outside every service zone');
  });

  it('serves from an active zone that overlaps an inactive one', () => {
    const inactive = boxZone('a-inactive', 0, 0, 1, 1, { active: false });
    const active = boxZone('b-active', 0, 0, 1, 1);

    expect(findServingZone([inactive, active], at(0.5, 0.5), at(0.6, 0.6))).toBe(active);
  });

  it('reports a stop that only an inactive zone covers as outside', () => {
    const inactive = boxZone('east', 2, 0, 3, 1, { active: false });

    expect(() => findServingZone([west, inactive], at(0.5, 0.5), at(0.5, 2.5))).toThrow('Drop is outside every service zone');
  });

  it.each([
    ['in id order', ['a-zone', 'b-zone'], 'a-zone'],
    ['in reverse id order', ['b-zone', 'a-zone'], 'a-zone'],
    ['with numbered ids', ['zone-2', 'zone-10', 'zone-1'], 'zone-1'],
  ])('picks the first id among overlapping zones listed %s', (_order, ids, expected) => {
    const overlapping = ids.map((id) => boxZone(id, 0, 0, 1, 1));

    expect(findServingZone(overlapping, at(0.5, 0.5), at(0.6, 0.6)).id).toBe(expected);
  });

  it('picks the overlapping zone that holds both stops even when a lower id holds only the pickup', () => {
    const small = boxZone('a-small', 0, 0, 1, 1);
    const large = boxZone('b-large', 0, 0, 3, 3);

    expect(findServingZone([small, large], at(0.5, 0.5), at(2, 2))).toBe(large);
  });

  it('does not reorder the zones it is given', () => {
    const given = [boxZone('b', 0, 0, 1, 1), boxZone('a', 0, 0, 1, 1)];

    findServingZone(given, at(0.5, 0.5), at(0.5, 0.5));

    expect(given.map((zone) => zone.id)).toEqual(['b', 'a']);
  });

  it('returns the caller’s own zone object, extra fields included', () => {
    const versioned = { ...west, version: 7 };

    expect(findServingZone([versioned], at(0.5, 0.5), at(0.6, 0.6))).toBe(versioned);
  });
});

describe('routeMeters', () => {
  it.each([
    [1, 111_195],
    [1.3, 144_554],
    [2, 222_390],
  ])('multiplies the great-circle distance by a road factor of %d and rounds to whole metres', (roadFactor, expected) => {
    const zone = boxZone('z', -10, -10, 10, 10, { roadFactor });

    expect(routeMeters(zone, at(0, 0), at(1, 0))).toBe(expected);
  });

  it('is zero for identical stops', () => {
    const zone = boxZone('z', -10, -10, 10, 10, { roadFactor: 1.3 });

    expect(routeMeters(zone, at(0.5, 0.5), at(0.5, 0.5))).toBe(0);
  });
});

describe('stillServes', () => {
  // 0.5 degrees of latitude: 55597.54 m, so 55598 m at road factor 1.
  const pickup = at(13, 77.5);
  const drop = at(13.5, 77.5);
  const zone = boxZone('bengaluru', 77, 12, 78, 14, { maxRouteMeters: 55_598 });

  it('serves a route inside an active zone exactly at its maximum length', () => {
    expect(stillServes(zone, pickup, drop, {})).toBe(true);
  });

  it.each([
    ['the zone is inactive', { ...zone, active: false }, pickup, drop],
    ['the route is 1 m too long', { ...zone, maxRouteMeters: 55_597 }, pickup, drop],
    ['the pickup is now outside', boxZone('bengaluru', 77, 13.2, 78, 14), pickup, drop],
    ['the drop is now outside', boxZone('bengaluru', 77, 12, 78, 13.2), pickup, drop],
    ['a higher road factor makes the route too long', { ...zone, roadFactor: 1.01 }, pickup, drop],
  ])('does not serve when %s', (_when, changed, from, to) => {
    expect(stillServes(changed, from, to, {})).toBe(false);
  });

  it('takes the quote’s parcel and cash into account: a weight over the new heaviest slab, cash it no longer collects or over its new limit', () => {
    const card = {
      ...zone.rateCard,
      weightSlabs: [{ upToGrams: 5_000, surchargeMinor: 0 }],
      collection: { maxCollectMinor: 40_000, feeBasisPoints: 200, minFeeMinor: 2_000 },
    };
    const { collection: _collection, ...noCash } = card;
    const changed = { ...zone, rateCard: card };

    expect(stillServes(changed, pickup, drop, { packageWeightGrams: 5_000, collectMinor: 40_000 })).toBe(true);
    expect(stillServes(changed, pickup, drop, { packageWeightGrams: 5_001 })).toBe(false);
    expect(stillServes(changed, pickup, drop, { collectMinor: 40_001 })).toBe(false);
    expect(stillServes({ ...zone, rateCard: noCash }, pickup, drop, { collectMinor: 100 })).toBe(false);
  });
});

describe('zonesAround', () => {
  const west = boxZone('west', 77.0, 12.0, 77.5, 12.5);
  const east = boxZone('east', 77.4, 12.0, 78.0, 12.5, { active: false });
  const far = boxZone('far', 80.0, 13.0, 80.5, 13.5);
  const zones = [west, east, far];

  it.each([
    ['inside one zone: that zone', at(12.2, 77.1), ['west']],
    ['where two overlap: both', at(12.2, 77.45), ['west', 'east']],
    ['inside an inactive zone: it still counts (its booked jobs may wait)', at(12.2, 77.8), ['east']],
    ['outside every zone: the zone with the nearest corner', at(13.6, 80.6), ['far']],
    ['just past a zone’s edge: that zone', at(12.2, 76.99), ['west']],
  ])('a rider %s', (_case, point, ids) => {
    expect(zonesAround(zones, point).map((zone) => zone.id)).toEqual(ids);
  });

  it('is empty when there are no zones', () => {
    expect(zonesAround([], at(12.2, 77.1))).toEqual([]);
  });

  it('takes a neighbouring zone whose edge is within withinMeters (5 km unless told), and not one beyond', () => {
    // 0.01° of longitude at 12° N is about 1.09 km: the rider is 1.09 km west of the edge at 77.0
    const nearWest = at(12.2, 76.99);
    const neighbour = boxZone('neighbour', 76.5, 12.0, 76.98, 12.5);

    expect(zonesAround([west, neighbour], nearWest).map((zone) => zone.id)).toEqual(['west', 'neighbour']);
    expect(zonesAround([west, neighbour], nearWest, 1_000).map((zone) => zone.id)).toEqual(['neighbour']);
    expect(zonesAround([west, neighbour], nearWest, 1_200).map((zone) => zone.id)).toEqual(['west', 'neighbour']);
  });
});
