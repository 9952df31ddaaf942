import * as z from '../zod.ts';
import { DEFAULT_RETURN_CHARGE_PERCENT } from '../core/pricing.ts';
import type { VersionedZone } from '../core/zone.ts';
import { MinorAmount } from './common.schema.ts';

const Count = z.int().check(z.nonnegative());

/** A zone's cash-on-delivery terms as the store reads them. */
export const RateCardCollection = z.strictObject({
  maxCollectMinor: MinorAmount.check(z.meta({ description: 'The most a rider collects on one job (a quote asking more: 422 collection_limit_exceeded).' })),
  feeBasisPoints: z
    .int()
    .check(z.minimum(0), z.maximum(10_000), z.meta({ description: 'The collection fee, in hundredths of a percent of the amount collected (200 = 2 %).' })),
  minFeeMinor: MinorAmount.check(z.meta({ description: 'The smallest collection fee; every fee is rounded up to a whole rupee.' })),
});
export type RateCardCollection = z.infer<typeof RateCardCollection>;

/** One zone of the rate card: its current prices, in paise. */
export const RateCardZone = z.strictObject({
  zoneId: z.string(),
  name: z.string(),
  version: z.int().check(z.positive(), z.meta({ description: 'The zone’s price version; a quote keeps the version it was priced at.' })),
  maxRouteMeters: Count.check(z.meta({ description: 'The longest route the zone serves (estimated road distance).' })),
  baseFareMinor: MinorAmount.check(z.meta({ description: 'The fare of a route up to `includedMeters`.' })),
  includedMeters: Count,
  perKmMinor: MinorAmount.check(z.meta({ description: 'Each kilometre past `includedMeters`, charged pro rata.' })),
  weightSlabs: z
    .array(z.strictObject({ upToGrams: z.int().check(z.positive()), surchargeMinor: MinorAmount }))
    .check(z.meta({ description: 'Added to the fare for a parcel up to `upToGrams` (the first slab that holds its weight), ascending.' })),
  returnChargePercent: z
    .int()
    .check(
      z.minimum(0),
      z.maximum(100),
      z.meta({ description: 'A return trip’s charge as a share of the delivery’s charge (without any collection fee), in percent.' }),
    ),
  collection: z.nullable(RateCardCollection).check(z.meta({ description: 'Cash on delivery; null: the zone collects none (422 collection_not_available).' })),
});
export type RateCardZone = z.infer<typeof RateCardZone>;

/** GET /v1/rate-card: every zone the store can book in, by id. */
export const RateCardResponse = z.strictObject({ data: z.array(RateCardZone) });
export type RateCardResponse = z.infer<typeof RateCardResponse>;

/** The rate card of the zones a store can book in (the active ones), by id; no internal fields (polygons, road factors). */
export function toRateCard(zones: readonly VersionedZone[]): RateCardResponse {
  const active = zones.filter((zone) => zone.active).sort((a, b) => a.id.localeCompare(b.id));
  return {
    data: active.map(({ id, name, version, maxRouteMeters, rateCard: card }) => ({
      zoneId: id,
      name,
      version,
      maxRouteMeters,
      baseFareMinor: card.baseFareMinor,
      includedMeters: card.includedMeters,
      perKmMinor: card.perKmMinor,
      weightSlabs: card.weightSlabs.map(({ upToGrams, surchargeMinor }) => ({ upToGrams, surchargeMinor })),
      returnChargePercent: card.returnChargePercent ?? DEFAULT_RETURN_CHARGE_PERCENT,
      collection: card.collection
        ? { maxCollectMinor: card.collection.maxCollectMinor, feeBasisPoints: card.collection.feeBasisPoints, minFeeMinor: card.collection.minFeeMinor }
        : null,
    })),
  };
}
