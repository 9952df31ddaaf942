import * as z from '../zod.ts';
import { exteriorRing, zoneCatalogVersion } from '../core/zone-catalog.ts';
import type { VersionedZone } from '../core/zone.ts';
import { RateCardCollection } from './rate-card.schema.ts';

// RFC 7946 geometry: positions are [longitude, latitude]; a linear ring is closed, so at least four positions.
const GeoPosition = z.tuple([z.number().check(z.minimum(-180), z.maximum(180)), z.number().check(z.minimum(-90), z.maximum(90))]);
const LinearRing = z.array(GeoPosition).check(z.minLength(4));
const PolygonCoordinates = z.array(LinearRing).check(z.minLength(1));

/** An RFC 7946 Polygon: the exterior ring (counterclockwise), then any holes (clockwise). */
export const ZonePolygon = z.strictObject({ type: z.literal('Polygon'), coordinates: PolygonCoordinates });
/** An RFC 7946 MultiPolygon: polygons as in ZonePolygon. */
export const ZoneMultiPolygon = z.strictObject({ type: z.literal('MultiPolygon'), coordinates: z.array(PolygonCoordinates).check(z.minLength(1)) });

/** What a zone's feature tells besides where it is. */
export const ZoneProperties = z.strictObject({
  name: z.string(),
  version: z.int().check(z.positive()),
  active: z.boolean(),
  maxRouteMeters: z.int().check(z.positive()),
  collection: z.nullable(RateCardCollection),
});

/** One active zone as an RFC 7946 Feature; its `id` is the zone's id. */
export const ZoneFeature = z.strictObject({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.discriminatedUnion('type', [ZonePolygon, ZoneMultiPolygon]),
  properties: ZoneProperties,
});
export type ZoneFeature = z.infer<typeof ZoneFeature>;

/** The active zones as an RFC 7946 FeatureCollection, by id. */
export const ZoneFeatureCollection = z.strictObject({ type: z.literal('FeatureCollection'), features: z.array(ZoneFeature) });
export type ZoneFeatureCollection = z.infer<typeof ZoneFeatureCollection>;

/** GET /v1/zones/{id}: any string is looked up (an id no zone has is 404 zone_not_found, not 400). */
export const ZonePath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** The headers the zone routes read: an optional If-None-Match (the ETag of an earlier answer). */
export const ZoneHeaders = z.object({ 'If-None-Match': z.optional(z.string()) });

/** A zone as its Feature: a Polygon of its ring closed and counterclockwise, and its public properties (no rate card, no road factor). */
export function toZoneFeature(zone: VersionedZone): ZoneFeature {
  const terms = zone.rateCard.collection;
  return {
    type: 'Feature',
    id: zone.id,
    geometry: { type: 'Polygon', coordinates: [exteriorRing(zone.polygon)] },
    properties: {
      name: zone.name,
      version: zone.version,
      active: zone.active,
      maxRouteMeters: zone.maxRouteMeters,
      collection: terms ? { maxCollectMinor: terms.maxCollectMinor, feeBasisPoints: terms.feeBasisPoints, minFeeMinor: terms.minFeeMinor } : null,
    },
  };
}

/** The active zones as a FeatureCollection, by id (inactive zones are not shown). */
export function toZoneFeatureCollection(zones: readonly VersionedZone[]): ZoneFeatureCollection {
  const active = zones.filter((zone) => zone.active).sort((a, b) => a.id.localeCompare(b.id));
  return { type: 'FeatureCollection', features: active.map(toZoneFeature) };
}

/** The two representations a zone route serves: `{data}` JSON, or bare GeoJSON (Accept: application/geo+json). */
export type ZoneRepresentation = 'json' | 'geojson';

/**
 * A zone answer's strong ETag: the catalogue version of the zones it shows (all of them for the
 * collection, the one for a feature) and the representation, since the two bodies differ.
 */
export function zonesETag(zones: ReadonlyArray<VersionedZone>, representation: ZoneRepresentation): string {
  return `"${zoneCatalogVersion(zones)}.${representation}"`;
}

/** Whether If-None-Match names `etag` (or is `*`): weak comparison, as RFC 9110 §13.1.2 asks. */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
