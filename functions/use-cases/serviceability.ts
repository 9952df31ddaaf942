import { assessStops, type Stop } from '../core/serviceability.ts';
import { decodeDigipin } from '../core/digipin.ts';
import type { LatLng } from '../core/geo.ts';
import type { PincodeArea } from '../core/pincode.ts';
import type { VersionedZone } from '../core/zone.ts';

/** A stop as the request gives it: exactly one of both coordinates, a pincode, a DIGIPIN (the schema holds it to that). */
export interface LocationInput {
  latitude?: number | undefined;
  longitude?: number | undefined;
  pincode?: string | undefined;
  digipin?: string | undefined;
}

/** What the check is asked: the items, and the options every item is assessed with. */
export interface CheckRequest {
  items: ReadonlyArray<{ ref?: string | undefined; pickup?: LocationInput | undefined; drop: LocationInput }>;
  collectMinor?: number | undefined;
  packageWeightGrams?: number | undefined;
}
type CheckItem = CheckRequest['items'][number];

/** What the check reads the pincode table through (`rt.pincodes`). */
export interface PincodeLookup {
  lookup(pincodes: readonly string[]): Promise<Map<string, PincodeArea>>;
}

// A location as the assessment takes it, and the point the answer shows for it (null for a pincode or an undecodable DIGIPIN).
function resolveStop(location: LocationInput, areas: ReadonlyMap<string, PincodeArea>): { stop: Stop; point: LatLng | null } {
  if (location.pincode !== undefined) {
    const area = areas.get(location.pincode);
    return { stop: area ? { kind: 'pincode', area } : { kind: 'unknown_pincode' }, point: null };
  }
  if (location.digipin !== undefined) {
    const decoded = decodeDigipin(location.digipin);
    if (!decoded.ok) return { stop: { kind: 'invalid_digipin' }, point: null };
    const point = { latitude: decoded.latitude, longitude: decoded.longitude };
    return { stop: { kind: 'point', point }, point };
  }
  // The schema lets a location through only with exactly one form: here, both coordinates.
  const point = { latitude: location.latitude!, longitude: location.longitude! };
  return { stop: { kind: 'point', point }, point };
}

// One item's answer from the zones and the pincodes the request named.
function checkItem(item: CheckItem, zones: readonly VersionedZone[], areas: ReadonlyMap<string, PincodeArea>, options: CheckRequest) {
  const drop = resolveStop(item.drop, areas);
  const pickup = item.pickup && resolveStop(item.pickup, areas);
  const assessment = assessStops(zones, pickup ? { pickup: pickup.stop, drop: drop.stop } : { drop: drop.stop }, {
    collectMinor: options.collectMinor,
    packageWeightGrams: options.packageWeightGrams,
  });
  const byPincode = item.drop.pincode !== undefined || item.pickup?.pincode !== undefined;
  return {
    ref: item.ref ?? null,
    status: assessment.status,
    zoneIds: assessment.zoneIds,
    reasons: assessment.reasons,
    coverage: pickup ? { pickup: assessment.coverage.pickup!, drop: assessment.coverage.drop } : { drop: assessment.coverage.drop },
    coverageBasis: byPincode ? ('pincode' as const) : ('exact' as const),
    location: pickup ? { pickup: pickup.point, drop: drop.point } : { drop: drop.point },
    distanceMeters: assessment.distanceMeters,
    indicativeChargeMinor: assessment.chargeMinor,
  };
}

/** One item's answer, as POST /v1/serviceability shows it. */
export type ItemCheck = ReturnType<typeof checkItem>;

/** Each item's answer, in order: its stops resolved (the request's distinct pincodes in one lookup) and assessed against `zones`. */
export async function checkServiceability(request: CheckRequest, zones: readonly VersionedZone[], pincodes: PincodeLookup): Promise<ItemCheck[]> {
  const named = new Set(
    request.items.flatMap((item) => [item.pickup?.pincode, item.drop.pincode].filter((pincode): pincode is string => pincode !== undefined)),
  );
  // A request without pincodes reads no pincode at all.
  const areas = named.size > 0 ? await pincodes.lookup([...named]) : new Map<string, PincodeArea>();
  return request.items.map((item) => checkItem(item, zones, areas, request));
}
