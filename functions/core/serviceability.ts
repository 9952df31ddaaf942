/**
 * "Do you deliver there?": which active zones serve a route's stops (or one drop), how well, and
 * what a quote would charge. The quote (core/quote.ts) takes its zone, distance, limits and charge
 * from `decideStops` too, so a route answered `serviceable` is one the quote prices the same way.
 */
import { pointInPolygon, type LatLng } from './geo.ts';
import { pincodeCenter, pincodeCoverage, type Coverage, type PincodeArea } from './pincode.ts';
import { collectionFee, priceRoute } from './pricing.ts';
import { routeMeters, type VersionedZone, type Zone } from './zone.ts';
import {
  type AppError,
  CollectionLimitExceededError,
  CollectionNotAvailableError,
  OutsideServiceAreaError,
  RouteTooLongError,
  WeightLimitExceededError,
} from './errors.ts';

/** Every reason an item may not be (fully) serviceable, in the order an answer lists them. */
export const SERVICEABILITY_REASONS = [
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
] as const;
export type ServiceabilityReason = (typeof SERVICEABILITY_REASONS)[number];

export type ServiceabilityStatus = 'serviceable' | 'partially_serviceable' | 'not_serviceable';

/** One stop as the check resolved it. */
export type Stop =
  | { kind: 'point'; point: LatLng } // coordinates, or a decoded DIGIPIN's cell centre
  | { kind: 'pincode'; area: PincodeArea } // a pincode found in the table
  | { kind: 'unknown_pincode' } // a well-formed pincode the table does not hold
  | { kind: 'invalid_digipin' }; // a DIGIPIN string that does not decode

/** The parcel and the cash to collect, as a quote would be asked for them. */
export interface ServiceabilityOptions {
  collectMinor?: number | undefined;
  packageWeightGrams?: number | undefined;
}

/** One item's answer; `distanceMeters` and `chargeMinor` only for a route item that is serviceable. */
export interface Assessment {
  status: ServiceabilityStatus;
  zoneIds: string[];
  reasons: ServiceabilityReason[];
  coverage: { pickup?: Coverage; drop: Coverage };
  distanceMeters: number | null;
  chargeMinor: number | null;
}

/**
 * The assessment with what a quote needs beside it: the chosen zone, the distance measured in it
 * (even when the route is too long, for the refusal's words) and the charge's two parts.
 */
export interface StopsDecision<Z extends Zone> {
  zone: Z | null;
  zoneIds: string[];
  reasons: ServiceabilityReason[];
  coverage: { pickup?: Coverage; drop: Coverage };
  distanceMeters: number | null;
  /** The ride alone (a return trip's charge is a share of it); null without a route measured in a zone. */
  routeChargeMinor: number | null;
  /** The fee for collecting `collectMinor`; null when none is asked or the zone refuses it. */
  collectionFeeMinor: number | null;
}

type StopName = 'pickup' | 'drop';

const RANK: Record<Coverage, number> = { none: 0, partial: 1, full: 2 };

/** One item's answer: which active zones serve its stops, how well, and what a quote would charge. */
export function assessStops(zones: readonly VersionedZone[], stops: { pickup?: Stop; drop: Stop }, options: ServiceabilityOptions): Assessment {
  const decision = decideStops(zones, stops, options);
  const status = statusOf(decision.reasons);
  const priced = status === 'serviceable' && decision.routeChargeMinor !== null;
  return {
    status,
    zoneIds: decision.zoneIds,
    reasons: decision.reasons,
    coverage: decision.coverage,
    distanceMeters: priced ? decision.distanceMeters : null,
    chargeMinor: priced ? decision.routeChargeMinor! + (decision.collectionFeeMinor ?? 0) : null,
  };
}

/**
 * The one decision behind both the check and the quote: the stops' coverage in each active zone,
 * the candidate zones (id order, so overlapping zones resolve the same way every time), the chosen
 * zone, and in it the route's distance, the limits it breaks and its charge.
 */
export function decideStops<Z extends Zone>(zones: readonly Z[], stops: { pickup?: Stop; drop: Stop }, options: ServiceabilityOptions): StopsDecision<Z> {
  const active = zones.filter((zone) => zone.active).sort((a, b) => a.id.localeCompare(b.id));
  const named: Array<readonly [StopName, Stop]> = stops.pickup
    ? [
        ['pickup', stops.pickup],
        ['drop', stops.drop],
      ]
    : [['drop', stops.drop]];
  const inZone = active.map((zone) => ({ zone, coverage: named.map(([, stop]) => coverageIn(stop, zone)) }));
  const best = named.map((_, i) => inZone.reduce<Coverage>((top, { coverage }) => (RANK[coverage[i]!] > RANK[top] ? coverage[i]! : top), 'none'));
  const candidates = inZone.filter(({ coverage }) => coverage.every((c) => c !== 'none'));
  const chosen = (candidates.find(({ coverage }) => coverage.every((c) => c === 'full')) ?? candidates[0])?.zone ?? null;

  const reasons: ServiceabilityReason[] = [];
  named.forEach(([name, stop], i) => {
    if (stop.kind === 'unknown_pincode' || stop.kind === 'invalid_digipin') reasons.push(stop.kind);
    else if (best[i] === 'none') reasons.push(`${name}_outside_service_area`);
    else if (best[i] === 'partial') reasons.push(`${name}_partially_covered`);
  });
  if (named.length === 2 && best.every((c) => c !== 'none') && candidates.length === 0) reasons.push('different_zones');

  const { limits, ...priced } = chosen ? termsIn(chosen, stops, options) : NO_TERMS;
  const found = new Set([...reasons, ...limits]);
  return {
    zone: chosen,
    zoneIds: candidates.map(({ zone }) => zone.id),
    reasons: SERVICEABILITY_REASONS.filter((reason) => found.has(reason)),
    coverage: Object.fromEntries(named.map(([name], i) => [name, best[i]!])) as StopsDecision<Z>['coverage'],
    ...priced,
  };
}

interface Terms {
  limits: ServiceabilityReason[];
  distanceMeters: number | null;
  routeChargeMinor: number | null;
  collectionFeeMinor: number | null;
}

const NO_TERMS: Terms = { limits: [], distanceMeters: null, routeChargeMinor: null, collectionFeeMinor: null };

// What the chosen zone makes of the item: the limits it breaks, the route's distance and charge, the collection fee.
function termsIn(zone: Zone, stops: { pickup?: Stop; drop: Stop }, options: ServiceabilityOptions): Terms {
  const { collectMinor, packageWeightGrams } = options;
  const terms: Terms = { ...NO_TERMS, limits: [] };
  if (packageWeightGrams !== undefined && packageWeightGrams > heaviestGrams(zone)) terms.limits.push('weight_limit_exceeded');
  const cash = zone.rateCard.collection;
  if (collectMinor !== undefined) {
    if (!cash) terms.limits.push('collection_not_available');
    else if (collectMinor > cash.maxCollectMinor) terms.limits.push('collection_limit_exceeded');
    else terms.collectionFeeMinor = collectionFee(collectMinor, cash);
  }
  const pickup = stops.pickup && pointOf(stops.pickup);
  const drop = pointOf(stops.drop);
  // A point check has no route: nothing to measure or price.
  if (!pickup || !drop) return terms;
  terms.distanceMeters = routeMeters(zone, pickup, drop);
  if (terms.distanceMeters > zone.maxRouteMeters) terms.limits.push('route_too_long');
  terms.routeChargeMinor = priceRoute(zone.rateCard, terms.distanceMeters, packageWeightGrams);
  return terms;
}

// The heaviest parcel a zone carries: its last (heaviest) weight slab's limit.
function heaviestGrams(zone: Pick<Zone, 'rateCard'>): number {
  return zone.rateCard.weightSlabs[zone.rateCard.weightSlabs.length - 1]!.upToGrams;
}

// The answer's status from its reasons: a partial cover alone still leaves the item partly serviceable.
function statusOf(reasons: readonly ServiceabilityReason[]): ServiceabilityStatus {
  if (reasons.some((reason) => !reason.endsWith('_partially_covered'))) return 'not_serviceable';
  return reasons.length > 0 ? 'partially_serviceable' : 'serviceable';
}

/**
 * The error a quote answers for a decision on two coordinate stops, null when it is served: the first
 * refusal in the quote's order (outside the area, route too long, weight, collection). Pincode and
 * DIGIPIN reasons have no quote error: a quote takes coordinates only.
 */
export function quoteRefusal(decision: StopsDecision<Zone>, options: ServiceabilityOptions): AppError | null {
  const has = (reason: ServiceabilityReason) => decision.reasons.includes(reason);
  const pickupOut = has('pickup_outside_service_area');
  const dropOut = has('drop_outside_service_area');
  if (pickupOut || dropOut) return new OutsideServiceAreaError(pickupOut && dropOut ? 'both' : pickupOut ? 'pickup' : 'drop');
  if (has('different_zones')) return new OutsideServiceAreaError('different_zones');
  const zone = decision.zone;
  if (!zone) return null;
  if (has('route_too_long')) return new RouteTooLongError(decision.distanceMeters!, zone.maxRouteMeters);
  if (has('weight_limit_exceeded')) return new WeightLimitExceededError(options.packageWeightGrams!, heaviestGrams(zone));
  if (has('collection_not_available')) return new CollectionNotAvailableError(zone.id);
  if (has('collection_limit_exceeded')) return new CollectionLimitExceededError(zone.rateCard.collection!.maxCollectMinor);
  return null;
}

/**
 * The zone that serves both stops, or an OutsideServiceAreaError saying which stop is not served:
 * the check's choice for two points, the first active zone by id holding both, so overlapping zones
 * resolve the same way every time. Route length is not judged.
 */
export function findServingZone<Z extends Zone>(zones: readonly Z[], pickup: LatLng, drop: LatLng): Z {
  const decision = decideStops(zones, { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, {});
  if (decision.zone) return decision.zone;
  throw quoteRefusal(decision, {})!;
}

// A stop's coverage in one zone; a stop that names no place is covered nowhere.
function coverageIn(stop: Stop, zone: Zone): Coverage {
  if (stop.kind === 'point') return pointInPolygon(stop.point, zone.polygon) ? 'full' : 'none';
  if (stop.kind === 'pincode') return pincodeCoverage(stop.area, zone);
  return 'none';
}

// Where a route to or from the stop is measured: the point itself, or a pincode's centre.
function pointOf(stop: Stop): LatLng | null {
  if (stop.kind === 'point') return stop.point;
  if (stop.kind === 'pincode') return pincodeCenter(stop.area);
  return null;
}

/**
 * Whether a newer version of a quote's zone still takes what the quote asked (its route, parcel and
 * cash): the same decision in that zone alone, with no reason against it (used when a booking meets
 * a newer zone version).
 */
export function stillServes(zone: Zone, pickup: LatLng, drop: LatLng, options: ServiceabilityOptions): boolean {
  const decision = decideStops([zone], { pickup: { kind: 'point', point: pickup }, drop: { kind: 'point', point: drop } }, options);
  return decision.zone !== null && decision.reasons.length === 0;
}
