import { EARTH_RADIUS_METERS, type LatLng } from './geo.ts';

/**
 * The small route map's geometry, drawn by the customer's tracking page (functions/tracking/page.ts, as an
 * HTML string) and by the console's Job page (as JSX): the frame, the projection, where a label goes and
 * the scale bar. Pure, so the browser bundle can take it.
 */
export const MAP_FRAME = { width: 320, height: 200, pad: 30, minSpanMeters: 600 };
const SCALE_STEPS = [50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

/** A point on the map, in its pixels. */
export interface MapPoint {
  x: number;
  y: number;
}

/** Where each point lands on an equirectangular projection fitting them all, and the pixels a metre spans. */
export function projectOnMap(points: LatLng[]): { at: (p: LatLng) => MapPoint; scale: number } {
  const lat0 = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const perDegree = (EARTH_RADIUS_METERS * Math.PI) / 180;
  const planar = (p: LatLng) => ({ x: p.longitude * perDegree * Math.cos((lat0 * Math.PI) / 180), y: -p.latitude * perDegree });
  const flat = points.map(planar);
  const [minX, maxX] = [Math.min(...flat.map((p) => p.x)), Math.max(...flat.map((p) => p.x))];
  const [minY, maxY] = [Math.min(...flat.map((p) => p.y)), Math.max(...flat.map((p) => p.y))];
  const innerW = MAP_FRAME.width - 2 * MAP_FRAME.pad;
  const innerH = MAP_FRAME.height - 2 * MAP_FRAME.pad;
  const scale = Math.min(innerW / Math.max(maxX - minX, MAP_FRAME.minSpanMeters), innerH / Math.max(maxY - minY, MAP_FRAME.minSpanMeters * (innerH / innerW)));
  const [cx, cy] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const at = (p: LatLng) => {
    const q = planar(p);
    return { x: Math.round((MAP_FRAME.width / 2 + (q.x - cx) * scale) * 10) / 10, y: Math.round((MAP_FRAME.height / 2 + (q.y - cy) * scale) * 10) / 10 };
  };
  return { at, scale };
}

/** A label above its marker (below it near the top edge), anchored so it stays inside the map. */
export function labelPlace({ x, y }: MapPoint): { x: number; y: number; anchor: 'start' | 'middle' | 'end' } {
  const anchor = x < 40 ? 'start' : x > MAP_FRAME.width - 40 ? 'end' : 'middle';
  return { x: anchor === 'start' ? x - 8 : anchor === 'end' ? x + 8 : x, y: y < 30 ? y + 26 : y - 14, anchor };
}

/** The scale bar: the longest round distance at most 90 px long, its length in pixels and where it starts. */
export function scaleBar(scale: number): { meters: number; px: number; x: number; y: number } {
  const meters = SCALE_STEPS.findLast((step) => step * scale <= 90) ?? SCALE_STEPS[0]!;
  return { meters, px: Math.round(meters * scale), x: 12, y: MAP_FRAME.height - 12 };
}
