import { randomUUID } from 'node:crypto';
import type { VersionedZone } from './zone.ts';
import { returnCharge } from './pricing.ts';
import { decideStops, quoteRefusal } from './serviceability.ts';

/** A quote is valid for five minutes from creation, by the server's clock. */
export const QUOTE_TTL_MS = 5 * 60 * 1000;

/** What a merchant asks a quote for: the validated body of POST /v1/job-quotes. */
export interface RouteRequest {
  pickupAddress: string;
  pickupCity?: string | undefined;
  pickupPincode?: string | undefined;
  pickupLatitude: number;
  pickupLongitude: number;
  dropAddress: string;
  dropCity?: string | undefined;
  dropPincode?: string | undefined;
  dropLatitude: number;
  dropLongitude: number;
  packageDescription?: string | undefined;
  packageWeightGrams?: number | undefined;
  packageValueMinor?: number | undefined;
}

/** A priced route, pinned to the zone version that priced it; what the data layer stores. */
export interface Quote {
  id: string;
  storeId: string;
  zoneId: string;
  zoneVersion: number;
  request: RouteRequest;
  distanceMeters: number;
  chargeMinor: number;
  /** What a return trip of the job booked from it would cost (not part of the quote's answer; absent on quotes made before returns existed). */
  returnChargeMinor?: number;
  /** Cash on delivery: the amount the rider collects, and the fee for it (included in `chargeMinor`); absent for a prepaid quote. */
  collectMinor?: number;
  collectionFeeMinor?: number;
  createdAt: string;
  expiresAt: string;
  usedAt?: string | undefined;
}

/**
 * Prices a route in the zone that serves both stops, with the fee for collecting `collectMinor` at
 * the door when asked (cash on delivery). The zone, distance, limits and charge are the
 * serviceability check's (decideStops), so the two never disagree. Throws, in this order,
 * OutsideServiceAreaError or RouteTooLongError when the route is not served,
 * WeightLimitExceededError when the parcel is over the zone's heaviest slab, and
 * CollectionNotAvailableError or CollectionLimitExceededError when the zone does not collect that amount.
 */
export function priceQuote(storeId: string, request: RouteRequest, zones: readonly VersionedZone[], now: Date, collectMinor?: number): Quote {
  const pickup = { latitude: request.pickupLatitude, longitude: request.pickupLongitude };
  const drop = { latitude: request.dropLatitude, longitude: request.dropLongitude };
  const options = { collectMinor, packageWeightGrams: request.packageWeightGrams };
  const decision = decideStops(zones, { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, options);
  const refusal = quoteRefusal(decision, options);
  if (refusal) throw refusal;
  // A served coordinate route always has a zone, a distance and a charge.
  const zone = decision.zone!;
  const routeChargeMinor = decision.routeChargeMinor!;
  const feeMinor = decision.collectionFeeMinor ?? undefined;
  return {
    id: randomUUID(),
    storeId,
    zoneId: zone.id,
    zoneVersion: zone.version,
    request,
    distanceMeters: decision.distanceMeters!,
    chargeMinor: routeChargeMinor + (feeMinor ?? 0),
    // The return trip carries the parcel back, not the cash: its charge is a share of the route's alone.
    returnChargeMinor: returnCharge(routeChargeMinor, zone.rateCard),
    ...(collectMinor !== undefined && { collectMinor, collectionFeeMinor: feeMinor }),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + QUOTE_TTL_MS).toISOString(),
  };
}
