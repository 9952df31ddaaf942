import type { LatLng } from '../../../../functions/core/geo.ts';
import { labelPlace, MAP_FRAME as MAP, projectOnMap, scaleBar, type MapPoint } from '../../../../functions/core/map-frame.ts';
import { useLocale, useT } from '../../i18n.ts';

// The map as the customer's tracking page draws it (functions/tracking/page.ts, mapSvg), from the same
// geometry (functions/core/map-frame.ts): the same sizes, shapes and colours, as JSX.

// A label above its marker, kept inside the map; a halo in the map's colour keeps it readable over the route.
function Label({ at, text }: { at: MapPoint; text: string }) {
  const place = labelPlace(at);
  return (
    <text x={place.x} y={place.y} text-anchor={place.anchor} stroke="#e8eef4" stroke-width="4">
      {text}
    </text>
  );
}

/** The job's map: its pickup (square), drop (circle) and, while a rider holds it, the rider (blue circle). */
export function JobMap({ pickup, drop, rider }: { pickup: LatLng; drop: LatLng; rider: LatLng | null }) {
  const t = useT();
  const locale = useLocale();
  const { at, scale } = projectOnMap([pickup, drop, ...(rider ? [rider] : [])]);
  const store = at(pickup);
  const end = at(drop);
  const riderAt = rider ? at(rider) : null;
  const bar = scaleBar(scale);
  const barText =
    bar.meters >= 1000
      ? t.job.kilometres(new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bar.meters / 1000))
      : t.job.metres(new Intl.NumberFormat(locale).format(bar.meters));
  return (
    <svg class="job-map" viewBox={`0 0 ${MAP.width} ${MAP.height}`} role="img" aria-labelledby="job-map-title" font-size="12" fill="#17202a">
      <title id="job-map-title">{t.job.mapTitle}</title>
      <rect width={MAP.width} height={MAP.height} fill="#e8eef4" />
      <g paint-order="stroke" stroke-linejoin="round">
        <line x1={store.x} y1={store.y} x2={end.x} y2={end.y} stroke="#5f6b7a" stroke-width="3" stroke-dasharray="6 5" stroke-linecap="round" />
        <rect x={store.x - 7} y={store.y - 7} width="14" height="14" rx="2" fill="#7a4a00" stroke="#fff" stroke-width="2" />
        <Label at={store} text={t.job.mapLegend.store} />
        <circle cx={end.x} cy={end.y} r="8" fill="#b3261e" stroke="#fff" stroke-width="2" />
        <Label at={end} text={t.job.mapLegend.drop} />
        {riderAt && <circle data-marker="rider" cx={riderAt.x} cy={riderAt.y} r="9" fill="#0b5cad" stroke="#fff" stroke-width="3" />}
        {riderAt && <Label at={riderAt} text={t.job.mapLegend.rider} />}
        <path d={`M${bar.x} ${bar.y - 5}V${bar.y}H${bar.x + bar.px}V${bar.y - 5}`} fill="none" stroke="#17202a" stroke-width="2" />
        <text x={bar.x + bar.px + 6} y={bar.y}>
          {barText}
        </text>
      </g>
    </svg>
  );
}
