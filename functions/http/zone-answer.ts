import type { APIGatewayProxyResult } from 'aws-lambda';
import type { VersionedZone } from '../core/zone.ts';
import { noneMatchHits, zonesETag, type ZoneRepresentation } from '../schemas/zones.schema.ts';
import { accepts, jsonResult } from './responses.ts';

// Zones change seldom and quoting re-reads them within a minute: a client may keep an answer five minutes.
const CACHE_CONTROL = 'private, max-age=300';

/**
 * A zone route's answer: `{data: body}` as JSON, or the bare GeoJSON body with Accept:
 * application/geo+json (any other Accept gets JSON, as on the statement); an ETag per representation
 * of the zones shown, and 304 with no body when If-None-Match names it.
 */
export function zoneAnswer(body: unknown, shown: readonly VersionedZone[], accept: string | undefined, ifNoneMatch: string | undefined): APIGatewayProxyResult {
  const representation = zoneRepresentation(accept);
  const etag = zonesETag(shown, representation);
  const headers = { ETag: etag, 'Cache-Control': CACHE_CONTROL, Vary: 'Accept' };
  if (noneMatchHits(ifNoneMatch, etag)) return { statusCode: 304, headers, body: '' };
  if (representation === 'geojson') return { statusCode: 200, headers: { 'Content-Type': 'application/geo+json', ...headers }, body: JSON.stringify(body) };
  return jsonResult(200, { data: body }, headers);
}

/** Which representation an Accept header asks for: GeoJSON when it names application/geo+json, else JSON (as the statement treats text/csv). */
function zoneRepresentation(accept: string | undefined): ZoneRepresentation {
  return accepts(accept, 'application/geo+json') ? 'geojson' : 'json';
}
