import { metersToRing, greatCircleMeters, pointInPolygon, type LatLng } from './geo.ts';
import { PINCODE_PATTERN, pincodeCoverage, type Coverage, type PincodeArea } from './pincode.ts';
import type { Zone } from './zone.ts';

/** One post office of India Post's directory, as the table is built from it. */
export interface PostOffice {
  pincode: string;
  latitude: number;
  longitude: number;
}

/** India's extent as the DIGIPIN grid covers it: a point outside is a mistake in the directory. */
const INDIA = { south: 2.5, north: 38.5, west: 63.5, east: 99.5 };

/**
 * A post office this far from its pincode's median office is taken for a mistake in the directory
 * (110001's "Patiala House" at 28.23° instead of 28.62°, 43 km south of the rest; near our zones one
 * office in twenty is over 50 km from its pincode's median, one in fifty over 490 km). A suburban
 * pincode can span 20 km (562110, Devanahalli), so the cut keeps those: a wide pincode half outside a
 * zone answers `partial`, never a `full` it is not.
 */
export const OUTLIER_METERS = 25_000;

/** How far outside a zone a pincode's point may be and the pincode still be listed (answered `none`, not unknown). */
export const PINCODE_NEAR_ZONE_METERS = 10_000;

/** What building the table left out of the directory, and why. */
export interface DirectoryCleaning {
  offices: number;
  withoutCoordinates: number;
  outsideIndia: number;
  outliers: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Every pincode with the points the directory knows for it: offices without coordinates (0, 0 or
 * missing), outside India, or (for a pincode of three or more) farther than OUTLIER_METERS from the
 * median of its offices are dropped; a pincode left with no point is left out.
 */
export function cleanDirectory(offices: Iterable<PostOffice>): { areas: PincodeArea[]; cleaning: DirectoryCleaning } {
  const cleaning: DirectoryCleaning = { offices: 0, withoutCoordinates: 0, outsideIndia: 0, outliers: 0 };
  const byPincode = new Map<string, LatLng[]>();
  for (const office of offices) {
    cleaning.offices += 1;
    const { latitude, longitude } = office;
    if (!PINCODE_PATTERN.test(office.pincode) || !Number.isFinite(latitude) || !Number.isFinite(longitude) || (latitude === 0 && longitude === 0)) {
      cleaning.withoutCoordinates += 1;
      continue;
    }
    if (latitude < INDIA.south || latitude > INDIA.north || longitude < INDIA.west || longitude > INDIA.east) {
      cleaning.outsideIndia += 1;
      continue;
    }
    const points = byPincode.get(office.pincode) ?? [];
    // The directory lists some offices twice; one point counts once.
    if (!points.some((point) => point.latitude === latitude && point.longitude === longitude)) points.push({ latitude, longitude });
    byPincode.set(office.pincode, points);
  }
  const areas: PincodeArea[] = [];
  for (const [pincode, points] of [...byPincode].sort(([a], [b]) => a.localeCompare(b))) {
    let kept = points;
    if (points.length >= 3) {
      const centre = { latitude: median(points.map((p) => p.latitude)), longitude: median(points.map((p) => p.longitude)) };
      kept = points.filter((point) => greatCircleMeters(point, centre) <= OUTLIER_METERS);
      cleaning.outliers += points.length - kept.length;
    }
    if (kept.length > 0) areas.push({ pincode, points: kept });
  }
  return { areas, cleaning };
}

/** Whether a point is inside the zone or within `withinMeters` of its edge (a bounding box first: most points are far). */
function nearZone(point: LatLng, zone: Pick<Zone, 'polygon'>, box: Box, withinMeters: number): boolean {
  if (point.latitude < box.south || point.latitude > box.north || point.longitude < box.west || point.longitude > box.east) return false;
  return pointInPolygon(point, zone.polygon) || metersToRing(point, zone.polygon) <= withinMeters;
}

interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

// The zone's bounding box grown by `meters` (a degree of latitude is 111 km; of longitude, less by cos(latitude)).
function grownBox(zone: Pick<Zone, 'polygon'>, meters: number): Box {
  const longitudes = zone.polygon.map(([longitude]) => longitude);
  const latitudes = zone.polygon.map(([, latitude]) => latitude);
  const dLat = meters / 111_000;
  const dLng = dLat / Math.cos((Math.max(...latitudes.map(Math.abs)) * Math.PI) / 180);
  return {
    south: Math.min(...latitudes) - dLat,
    north: Math.max(...latitudes) + dLat,
    west: Math.min(...longitudes) - dLng,
    east: Math.max(...longitudes) + dLng,
  };
}

/** The table: every pincode with a point inside an active zone or within `withinMeters` of one, in pincode order. */
export function pincodesNearZones(areas: readonly PincodeArea[], zones: readonly Zone[], withinMeters = PINCODE_NEAR_ZONE_METERS): PincodeArea[] {
  const active = zones.filter((zone) => zone.active).map((zone) => ({ zone, box: grownBox(zone, withinMeters) }));
  return areas.filter((area) => area.points.some((point) => active.some(({ zone, box }) => nearZone(point, zone, box, withinMeters))));
}

/** How the table's pincodes stand in each active zone: how many the zone holds fully, partly, or lists nearby but holds none of. */
export function coverageByZone(areas: readonly PincodeArea[], zones: readonly Zone[]): Array<{ zoneId: string } & Record<Coverage, number>> {
  return zones
    .filter((zone) => zone.active)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((zone) => {
      const counts: Record<Coverage, number> = { full: 0, partial: 0, none: 0 };
      const box = grownBox(zone, PINCODE_NEAR_ZONE_METERS);
      for (const area of areas) {
        if (!area.points.some((point) => nearZone(point, zone, box, PINCODE_NEAR_ZONE_METERS))) continue;
        counts[pincodeCoverage(area, zone)] += 1;
      }
      return { zoneId: zone.id, ...counts };
    });
}
