import type { CollectionTerms, RateCard } from './zone.ts';
import { ceilToRupee } from './money.ts';

/**
 * The charge for a route, in integer paise:
 *
 *   fare      = baseFare + ceil(max(0, distance - included) x perKm / 1000)
 *   surcharge = the first weight slab whose upToGrams >= weight (no weight given: the first slab)
 *   charge    = fare + surcharge, rounded up to a whole rupee
 *
 * A parcel heavier than the last slab pays the last slab here; the quote refuses it first
 * (weight_limit_exceeded, core/serviceability.ts).
 */
export function priceRoute(card: RateCard, distanceMeters: number, weightGrams?: number): number {
  const billableMeters = Math.max(0, distanceMeters - card.includedMeters);
  const distanceCharge = Math.ceil((billableMeters * card.perKmMinor) / 1000);
  return ceilToRupee(card.baseFareMinor + distanceCharge + weightSurcharge(card, weightGrams));
}

/** The surcharge of the weight slab a parcel falls in. */
export function weightSurcharge(card: RateCard, weightGrams?: number): number {
  const slabs = card.weightSlabs;
  if (weightGrams === undefined) return slabs[0]!.surchargeMinor;
  const slab = slabs.find((s) => weightGrams <= s.upToGrams) ?? slabs[slabs.length - 1]!;
  return slab.surchargeMinor;
}

/**
 * The return charge's default share of the delivery's charge, in percent: the rider rides the route
 * back with the parcel, but needs no search, no pickup wait and no second dispatch.
 */
export const DEFAULT_RETURN_CHARGE_PERCENT = 50;

/** A return trip's charge: the zone's share of the delivery's charge, rounded up to a whole rupee. */
export function returnCharge(chargeMinor: number, card?: Pick<RateCard, 'returnChargePercent'>): number {
  return ceilToRupee(Math.ceil((chargeMinor * (card?.returnChargePercent ?? DEFAULT_RETURN_CHARGE_PERCENT)) / 100));
}

/**
 * The fee for collecting `collectMinor` at the door: the zone's share of the amount (basis points),
 * at least its minimum, rounded up to a whole rupee. Part of the job's charge.
 */
export function collectionFee(collectMinor: number, terms: CollectionTerms): number {
  return ceilToRupee(Math.max(terms.minFeeMinor, Math.ceil((collectMinor * terms.feeBasisPoints) / 10_000)));
}
