/** A point on the earth in decimal degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A polygon ring as GeoJSON orders it: [longitude, latitude] pairs; closing the ring is optional. */
export type Ring = ReadonlyArray<readonly [number, number]>;

/** Mean earth radius in metres (IUGG), the usual constant for the haversine formula. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance between two points in metres (haversine; error < 0.5% on earth's ellipsoid). */
export function greatCircleMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

// Tolerance for "on the boundary", in degrees (about 1 mm): float noise must not move a point in or out.
const EDGE_EPSILON = 1e-8;

function onSegment(p: readonly [number, number], a: readonly [number, number], b: readonly [number, number]): boolean {
  const cross = (p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0]);
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (Math.abs(cross) > EDGE_EPSILON * Math.max(length, EDGE_EPSILON)) return false;
  return (
    p[0] >= Math.min(a[0], b[0]) - EDGE_EPSILON &&
    p[0] <= Math.max(a[0], b[0]) + EDGE_EPSILON &&
    p[1] >= Math.min(a[1], b[1]) - EDGE_EPSILON &&
    p[1] <= Math.max(a[1], b[1]) + EDGE_EPSILON
  );
}

/**
 * Whether the point lies inside the polygon or on its boundary. Boundary points count as inside,
 * so a stop exactly on a zone's edge is served; the interior test is the even-odd ray cast.
 * Zones are city-sized, so treating degrees as planar coordinates is accurate enough.
 */
export function pointInPolygon(point: LatLng, ring: Ring): boolean {
  const p = [point.longitude, point.latitude] as const;
  const n = ring.length;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (onSegment(p, a, b)) return true;
    const crosses = a[1] > p[1] !== b[1] > p[1];
    if (crosses && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/**
 * The distance in metres from a point to a polygon's boundary (0 on it): each edge measured on a
 * plane tangent at the point, which is accurate to well under 1% over the tens of kilometres a
 * rider's search covers.
 */
export function metersToRing(point: LatLng, ring: Ring): number {
  const metersPerDegreeLat = (Math.PI * EARTH_RADIUS_METERS) / 180;
  const metersPerDegreeLng = metersPerDegreeLat * Math.cos(toRadians(point.latitude));
  const plane = ([longitude, latitude]: readonly [number, number]) => [
    (longitude - point.longitude) * metersPerDegreeLng,
    (latitude - point.latitude) * metersPerDegreeLat,
  ];
  let nearest = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [ax, ay] = plane(ring[j]!) as [number, number];
    const [bx, by] = plane(ring[i]!) as [number, number];
    const [dx, dy] = [bx - ax, by - ay];
    const length2 = dx * dx + dy * dy;
    // The point (the origin) projected on the edge, clamped to its ends.
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
    nearest = Math.min(nearest, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return nearest;
}
