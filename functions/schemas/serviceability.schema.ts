import * as z from '../zod.ts';
import { PINCODE_PATTERN } from '../core/pincode.ts';
import { SERVICEABILITY_REASONS } from '../core/serviceability.ts';
import { QuoteRequest } from './quote.schema.ts';
import { MinorAmount } from './common.schema.ts';

/** What a location given in none or several forms is told (the validation error prefixes its path). */
export const ONE_LOCATION_FORM = 'give exactly one of latitude/longitude, pincode, digipin';

// The quote's own field definitions, so a check and a quote accept exactly the same coordinates, amounts and weights.
const { pickupLatitude: Latitude, pickupLongitude: Longitude, collectMinor: CollectMinor, packageWeightGrams: PackageWeightGrams } = QuoteRequest.shape;

type LocationInput = { latitude?: number | undefined; longitude?: number | undefined; pincode?: string | undefined; digipin?: string | undefined };

// Coordinates count as a form only with both halves: a latitude alone is no location.
function oneForm({ latitude, longitude, pincode, digipin }: LocationInput): boolean {
  const coordinates = latitude !== undefined || longitude !== undefined;
  const forms = [coordinates, pincode !== undefined, digipin !== undefined].filter(Boolean).length;
  return forms === 1 && (!coordinates || (latitude !== undefined && longitude !== undefined));
}

/** A stop: coordinates, a pincode or a DIGIPIN, exactly one of them. */
export const ServiceabilityLocation = z
  .strictObject({
    latitude: z.optional(Latitude),
    longitude: z.optional(Longitude),
    pincode: z.optional(z.string().check(z.regex(PINCODE_PATTERN, 'Must be a pincode: 6 digits, the first not 0'))),
    digipin: z.optional(z.string().check(z.minLength(1), z.maxLength(20))),
  })
  .check(z.refine(oneForm, ONE_LOCATION_FORM));
export type ServiceabilityLocation = z.infer<typeof ServiceabilityLocation>;

/** One route (pickup and drop) or point (drop only) to check. */
export const ServiceabilityItem = z.strictObject({
  ref: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  pickup: z.optional(ServiceabilityLocation),
  drop: ServiceabilityLocation,
});
export type ServiceabilityItem = z.infer<typeof ServiceabilityItem>;

/** Body of POST /v1/serviceability; unknown fields are rejected at every level. */
export const ServiceabilityRequest = z.strictObject({
  items: z.array(ServiceabilityItem).check(z.minLength(1), z.maxLength(100)),
  collectMinor: CollectMinor,
  packageWeightGrams: PackageWeightGrams,
});
export type ServiceabilityRequest = z.infer<typeof ServiceabilityRequest>;

const Coverage = z.enum(['full', 'partial', 'none']);
const Point = z.strictObject({ latitude: z.number(), longitude: z.number() });

/** One item's answer, in the order of the request. */
export const ServiceabilityResult = z.strictObject({
  ref: z.nullable(z.string()),
  status: z.enum(['serviceable', 'partially_serviceable', 'not_serviceable']),
  zoneIds: z.array(z.string()),
  reasons: z.array(z.enum(SERVICEABILITY_REASONS)),
  coverage: z.strictObject({ pickup: z.optional(Coverage), drop: Coverage }),
  coverageBasis: z.enum(['exact', 'pincode']),
  location: z.strictObject({ pickup: z.optional(z.nullable(Point)), drop: z.nullable(Point) }),
  distanceMeters: z.nullable(z.int().check(z.nonnegative())),
  indicativeChargeMinor: z.nullable(MinorAmount),
});
export type ServiceabilityResult = z.infer<typeof ServiceabilityResult>;

/** The answer of POST /v1/serviceability (not enveloped further: `data` is the list). */
export const ServiceabilityResponse = z.strictObject({
  data: z.array(ServiceabilityResult),
  checkedAt: z.iso.datetime(),
  zoneCatalogVersion: z.string(),
});
export type ServiceabilityResponse = z.infer<typeof ServiceabilityResponse>;
