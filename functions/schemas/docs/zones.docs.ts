import type { OperationDocs } from './operation.ts';
import { ZoneFeature, ZoneFeatureCollection, ZonePath, ZoneHeaders } from '../zones.schema.ts';

// The API description of zones.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

// Bengaluru's zone, its ring cut to six corners for the example: closed and counterclockwise, [longitude, latitude].
const bengaluru = {
  type: 'Feature' as const,
  id: 'bengaluru',
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [77.5946, 13.15146],
        [77.42403, 13.04038],
        [77.42412, 12.90271],
        [77.5946, 12.79174],
        [77.76508, 12.90271],
        [77.76517, 13.04038],
        [77.5946, 13.15146],
      ],
    ],
  },
  properties: {
    name: 'Bengaluru',
    version: 1,
    active: true,
    maxRouteMeters: 35000,
    collection: { maxCollectMinor: 1000000, feeBasisPoints: 200, minFeeMinor: 2000 },
  },
};
const collection = { type: 'FeatureCollection' as const, features: [bengaluru] };

const CACHING =
  'Served with `Cache-Control: private, max-age=300` and an `ETag` (one per representation); send it back in `If-None-Match` to be answered 304 with no body while the zones are unchanged. With `Accept: application/geo+json` the body is the bare GeoJSON (`Content-Type: application/geo+json`), ready for a map library; any other Accept gets `{data}` JSON.';
const NOT_MODIFIED = 'If-None-Match names the current ETag: the zones are unchanged (no body)';

export const zoneOperations = {
  'GET /v1/zones': {
    operationId: 'listZones',
    summary: 'The service area, as GeoJSON',
    description: `The active zones as an RFC 7946 FeatureCollection, by id: each Feature’s geometry is where the zone serves (a Polygon or MultiPolygon, coordinates [longitude, latitude], exterior rings counterclockwise and closed, holes allowed) and its properties its name, version, the longest route it serves and its cash-on-delivery terms (null where it collects none). For drawing the service area: whether a route is served is what a quote answers. ${CACHING} Counts against the read limit.`,
    tag: 'Quotes',
    headers: ZoneHeaders,
    success: [
      {
        status: 200,
        description: 'The active zones',
        name: 'ZoneCollectionResponse',
        schema: ZoneFeatureCollection,
        envelope: true,
        example: { data: collection },
        geoJson: { name: 'ZoneFeatureCollection', schema: ZoneFeatureCollection, example: collection },
        etag: 'zones',
      },
    ],
    notModified: NOT_MODIFIED,
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /v1/zones/{id}': {
    operationId: 'getZone',
    summary: 'One zone, as GeoJSON',
    description: `One active zone as an RFC 7946 Feature, as in GET /v1/zones; an id no active zone has is 404 zone_not_found. ${CACHING} Counts against the read limit.`,
    tag: 'Quotes',
    path: ZonePath,
    headers: ZoneHeaders,
    success: [
      {
        status: 200,
        description: 'The zone',
        name: 'ZoneFeatureResponse',
        schema: ZoneFeature,
        envelope: true,
        example: { data: bengaluru },
        geoJson: { name: 'ZoneFeature', schema: ZoneFeature, example: bengaluru },
        etag: 'zones',
      },
    ],
    notModified: NOT_MODIFIED,
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
} satisfies OperationDocs;
