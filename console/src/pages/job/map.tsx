import { EARTH_RADIUS_METERS, type LatLng } from '../../../../functions/core/geo.ts';
import { useLocale, useT } from '../../i18n.ts';

/*
 * The map as the customer's tracking page draws it (functions/tracking/page.ts, mapSvg): the pickup, the
 * drop and the rider on an equirectangular projection with a scale bar, inline SVG, no tiles, the same
 * sizes, shapes and colours. That module renders HTML strings on the server (and imports node:crypto),
 * so the drawing is repeated here as JSX over the same geometry constant (functions/core/geo.ts is pure).
 */

const MAP = { width: 320, height: 200, pad: 30, minSpanMeters: 600 };
const SCALE_STEPS = [50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

/** Where each point lands on the map, and the metres one pixel spans. */
export function project(points: LatLng[]): { at: (p: LatLng) => { x: number; y: number }; scale: number } {
  const lat0 = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const perDegree = (EARTH_RADIUS_METERS * Math.PI) / 180;
  const planar = (p: LatLng) => ({ x: p.longitude * perDegree * Math.cos((lat0 * Math.PI) / 180), y: -p.latitude * perDegree });
  const flat = points.map(planar);
  const [minX, maxX] = [Math.min(...flat.map((p) => p.x)), Math.max(...flat.map((p) => p.x))];
  const [minY, maxY] = [Math.min(...flat.map((p) => p.y)), Math.max(...flat.map((p) => p.y))];
  const innerW = MAP.width - 2 * MAP.pad;
  const innerH = MAP.height - 2 * MAP.pad;
  const scale = Math.min(innerW / Math.max(maxX - minX, MAP.minSpanMeters), innerH / Math.max(maxY - minY, MAP.minSpanMeters * (innerH / innerW)));
  const [cx, cy] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const at = (p: LatLng) => {
    const q = planar(p);
    return { x: Math.round((MAP.width / 2 + (q.x - cx) * scale) * 10) / 10, y: Math.round((MAP.height / 2 + (q.y - cy) * scale) * 10) / 10 };
  };
  return { at, scale };
}

// A label above its marker, kept inside the map; a halo in the map's colour keeps it readable over the route.
function Label({ x, y, text }: { x: number; y: number; text: string }) {
  const anchor = x < 40 ? 'start' : x > MAP.width - 40 ? 'end' : 'middle';
  const tx = anchor === 'start' ? x - 8 : anchor === 'end' ? x + 8 : x;
  return (
    <text x={tx} y={y < 30 ? y + 26 : y - 14} text-anchor={anchor} stroke="#e8eef4" stroke-width="4">
      {text}
    </text>
  );
}

/** The job's map: its pickup (square), drop (circle) and, while a rider holds it, the rider (blue circle). */
export function JobMap({ pickup, drop, rider }: { pickup: LatLng; drop: LatLng; rider: LatLng | null }) {
  const t = useT();
  const locale = useLocale();
  const { at, scale } = project([pickup, drop, ...(rider ? [rider] : [])]);
  const store = at(pickup);
  const end = at(drop);
  const riderAt = rider ? at(rider) : null;
  const barMeters = SCALE_STEPS.findLast((meters) => meters * scale <= 90) ?? SCALE_STEPS[0]!;
  const barPx = Math.round(barMeters * scale);
  const [bx, by] = [12, MAP.height - 12];
  const barText =
    barMeters >= 1000
      ? t.job.kilometres(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(barMeters / 1000))
      : t.job.metres(new Intl.NumberFormat(locale).format(barMeters));
  return (
    <svg class="job-map" viewBox={`0 0 ${MAP.width} ${MAP.height}`} role="img" aria-labelledby="job-map-title" font-size="12" fill="#17202a">
      <title id="job-map-title">{t.job.mapTitle}</title>
      <rect width={MAP.width} height={MAP.height} fill="#e8eef4" />
      <g paint-order="stroke" stroke-linejoin="round">
        <line x1={store.x} y1={store.y} x2={end.x} y2={end.y} stroke="#5f6b7a" stroke-width="3" stroke-dasharray="6 5" stroke-linecap="round" />
        <rect x={store.x - 7} y={store.y - 7} width="14" height="14" rx="2" fill="#7a4a00" stroke="#fff" stroke-width="2" />
        <Label x={store.x} y={store.y} text={t.job.mapLegend.store} />
        <circle cx={end.x} cy={end.y} r="8" fill="#b3261e" stroke="#fff" stroke-width="2" />
        <Label x={end.x} y={end.y} text={t.job.mapLegend.drop} />
        {riderAt && <circle data-marker="rider" cx={riderAt.x} cy={riderAt.y} r="9" fill="#0b5cad" stroke="#fff" stroke-width="3" />}
        {riderAt && <Label x={riderAt.x} y={riderAt.y} text={t.job.mapLegend.rider} />}
        <path d={`M${bx} ${by - 5}V${by}H${bx + barPx}V${by - 5}`} fill="none" stroke="#17202a" stroke-width="2" />
        <text x={bx + barPx + 6} y={by}>
          {barText}
        </text>
      </g>
    </svg>
  );
}
