import { createHash } from 'node:crypto';
import type { Zone } from './zone.ts';

/** A position as GeoJSON has it: [longitude, latitude]. */
export type Position = [number, number];

/**
 * The zone catalogue's version: a short stable string (base64url of the first 12 bytes of SHA-256
 * over the sorted `id:version:active` of every zone) that changes whenever a zone is added or any
 * zone's version or active flag changes. The zones' ETags are built from it, and so is what a
 * serviceability answer names as `zoneCatalogVersion`.
 */
export function zoneCatalogVersion(zones: ReadonlyArray<Pick<Zone, 'id' | 'active'> & { version: number }>): string {
  const lines = zones.map((zone) => `${zone.id}:${zone.version}:${zone.active}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest().subarray(0, 12).toString('base64url');
}

/**
 * Twice the signed area of a ring in the plane of its coordinates (the shoelace formula): positive
 * when the ring runs counterclockwise, negative when clockwise. A ring closed or not gives the same.
 */
export function signedArea2(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/**
 * A zone's outer ring as an RFC 7946 exterior ring: closed (its last position repeats its first) and
 * counterclockwise (§3.1.6 recommends it; a zone may be stored either way round, and quoting does not care).
 */
export function exteriorRing(polygon: readonly (readonly [number, number])[]): Position[] {
  const ring: Position[] = polygon.map(([lon, lat]) => [lon, lat]);
  const [firstLon, firstLat] = ring[0]!;
  const [lastLon, lastLat] = ring.at(-1)!;
  if (firstLon !== lastLon || firstLat !== lastLat) ring.push([firstLon, firstLat]);
  return signedArea2(ring) < 0 ? ring.reverse() : ring;
}
