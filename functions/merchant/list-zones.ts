import { merchantHandler } from '../http/handler.ts';
import { zonesPart } from '../runtime.ts';
import { zoneAnswer } from '../http/zone-answer.ts';
import { ZoneHeaders, toZoneFeatureCollection } from '../schemas/zones.schema.ts';

/** GET /v1/zones: the active zones as a GeoJSON FeatureCollection, from the container's zone catalogue (the quote's). */
export const handler = merchantHandler('GET /v1/zones', { headers: ZoneHeaders, uses: { zones: zonesPart } }, async ({ rt, headers, event }) => {
  const zones = await rt.zones.current();
  return zoneAnswer(toZoneFeatureCollection(zones), zones, event.headers?.accept, headers['If-None-Match']);
});
