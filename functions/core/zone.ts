import * as z from '../zod.ts';
import { greatCircleMeters, metersToRing, pointInPolygon, type LatLng } from './geo.ts';

const nonnegative = () => z.int().check(z.minimum(0));
const positive = () => z.int().check(z.positive());

/** A weight band: parcels up to `upToGrams` (inclusive) pay `surchargeMinor` on top of the fare. */
export const WeightSlab = z.strictObject({
  upToGrams: positive(),
  surchargeMinor: nonnegative(),
});
export type WeightSlab = z.infer<typeof WeightSlab>;

/**
 * A zone's cash-on-delivery terms: the most a rider may collect on one job, and the collection fee
 * (`feeBasisPoints` of the amount, at least `minFeeMinor`, rounded up to a rupee; core/pricing.ts).
 */
export const CollectionTerms = z.strictObject({
  maxCollectMinor: positive(),
  feeBasisPoints: z.int().check(z.minimum(0), z.maximum(10_000)),
  minFeeMinor: nonnegative(),
});
export type CollectionTerms = z.infer<typeof CollectionTerms>;

/** How a zone prices a route. All amounts are integer paise. */
export const RateCard = z
  .strictObject({
    baseFareMinor: nonnegative(),
    includedMeters: nonnegative(),
    perKmMinor: nonnegative(),
    weightSlabs: z.array(WeightSlab).check(z.minLength(1)),
    /** The return trip's charge as a share of the delivery's charge, in percent (core/pricing.ts; default 50). */
    returnChargePercent: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
    /** Cash on delivery; absent: the zone offers none (a quote asking to collect is refused). */
    collection: z.optional(CollectionTerms),
  })
  .check(
    z.refine((card) => card.weightSlabs.every((s, i, all) => i === 0 || s.upToGrams > all[i - 1]!.upToGrams), {
      message: 'weightSlabs must be sorted by upToGrams, ascending and without repeats',
    }),
  );
export type RateCard = z.infer<typeof RateCard>;

const LngLat = z.tuple([z.number().check(z.minimum(-180), z.maximum(180)), z.number().check(z.minimum(-90), z.maximum(90))]);

/** A service zone as data: where it serves, how far, and at what price. */
export const Zone = z.strictObject({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  active: z.boolean(),
  /** Outer ring, [longitude, latitude] pairs as in GeoJSON. */
  polygon: z.array(LngLat).check(z.minLength(3)),
  /** Route distance = great-circle distance x roadFactor (a city's detour index). */
  roadFactor: z.number().check(z.minimum(1), z.maximum(3)),
  maxRouteMeters: positive(),
  rateCard: RateCard,
});
export type Zone = z.infer<typeof Zone>;

/** A zone as stored: the data plus the version that every quote pins. */
export type VersionedZone = Zone & { version: number };

/** The seed file's format (seed/zones.json). */
export const ZoneFile = z.strictObject({
  zones: z.array(Zone).check(z.minLength(1)),
});
export type ZoneFile = z.infer<typeof ZoneFile>;

/** Road distance estimate in whole metres: great-circle distance times the zone's road factor. */
export function routeMeters(zone: Zone, pickup: LatLng, drop: LatLng): number {
  return Math.round(greatCircleMeters(pickup, drop) * zone.roadFactor);
}

/** How far past a zone's edge a rider still counts as near it, when they give no `withinMeters`. */
export const NEAR_ZONE_METERS = 5_000;

/**
 * The zones whose offers a rider at `point` is shown: those whose polygon holds the point or whose
 * edge is within `withinMeters` of it (a job belongs to the zone that serves its pickup, so a pickup
 * just across a border is in the next zone), or, for a rider far from every zone, the nearest.
 * Inactive zones count: their jobs booked before may still wait.
 */
export function zonesAround<Z extends Zone>(zones: readonly Z[], point: LatLng, withinMeters = NEAR_ZONE_METERS): Z[] {
  const distances = zones.map((zone) => ({ zone, meters: pointInPolygon(point, zone.polygon) ? 0 : metersToRing(point, zone.polygon) }));
  const near = distances.filter(({ meters }) => meters <= withinMeters);
  if (near.length > 0 || distances.length === 0) return near.map(({ zone }) => zone);
  return [distances.reduce((nearest, candidate) => (candidate.meters < nearest.meters ? candidate : nearest)).zone];
}
