import { merchantHandler } from '../http/handler.ts';
import { zonesPart } from '../runtime.ts';
import { zoneAnswer } from '../http/zone-answer.ts';
import { ZoneNotFoundError } from '../core/errors.ts';
import { ZoneHeaders, ZonePath, toZoneFeature } from '../schemas/zones.schema.ts';

/** GET /v1/zones/{id}: one active zone as a GeoJSON Feature; an unknown or inactive id is 404 zone_not_found. */
export const handler = merchantHandler(
  'GET /v1/zones/{id}',
  { path: ZonePath, headers: ZoneHeaders, uses: { zones: zonesPart } },
  async ({ rt, path, headers, event }) => {
    // A search of the list, never a lookup by key: an id such as `__proto__` finds nothing.
    const zone = (await rt.zones.current()).find((candidate) => candidate.active && candidate.id === path.id);
    if (!zone) throw new ZoneNotFoundError(path.id);
    return zoneAnswer(toZoneFeature(zone), [zone], event.headers?.accept, headers['If-None-Match']);
  },
);
