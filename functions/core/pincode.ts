import { pointInPolygon, type LatLng } from './geo.ts';
import type { Zone } from './zone.ts';

/** A pincode as India Post's directory knows it: the points (post offices) it has coordinates for. */
export interface PincodeArea {
  pincode: string;
  /** At least one point; each a post office of the pincode, outliers already dropped (seed/README.md). */
  points: LatLng[];
}

/** How much of a place a zone holds: all of it, some of it, or none. */
export type Coverage = 'full' | 'partial' | 'none';

/** A pincode as the contract spells one: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * How much of a pincode a zone holds, judged by its known points: `full` when every point is inside
 * the zone (or on its edge), `partial` when some are, `none` when none is. A pincode is an area, not
 * a point: `full` means every office we know of is served, not every address.
 */
export function pincodeCoverage(area: PincodeArea, zone: Pick<Zone, 'polygon'>): Coverage {
  const inside = area.points.filter((point) => pointInPolygon(point, zone.polygon)).length;
  if (inside === area.points.length) return 'full';
  return inside > 0 ? 'partial' : 'none';
}

/** The mean of a pincode's known points: where an indicative route to or from it is measured. */
export function pincodeCenter(area: PincodeArea): LatLng {
  const sum = area.points.reduce((total, point) => ({ latitude: total.latitude + point.latitude, longitude: total.longitude + point.longitude }), {
    latitude: 0,
    longitude: 0,
  });
  return { latitude: sum.latitude / area.points.length, longitude: sum.longitude / area.points.length };
}
