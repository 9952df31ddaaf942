import * as z from '../zod.ts';
import { Latitude, Longitude, MinorAmount, PaiseInput, Text } from './common.schema.ts';

const Pincode = z.string().check(z.regex(/^(\d{6})?$/, 'Must be exactly 6 digits, or empty'));

/** Body of POST /v1/job-quotes; unknown fields are rejected. */
export const QuoteRequest = z.strictObject({
  pickupAddress: Text({ max: 500 }),
  pickupCity: z.optional(Text({ max: 100 })),
  pickupPincode: z.optional(Pincode),
  pickupLatitude: Latitude,
  pickupLongitude: Longitude,
  dropAddress: Text({ max: 500 }),
  dropCity: z.optional(Text({ max: 100 })),
  dropPincode: z.optional(Pincode),
  dropLatitude: Latitude,
  dropLongitude: Longitude,
  // The spec allows an empty description: blank text is kept as empty rather than refused.
  packageDescription: z.optional(Text({ max: 500, min: 0, blank: null })),
  packageWeightGrams: z.optional(z.int().check(z.positive(), z.maximum(100_000))),
  packageValueMinor: z.optional(PaiseInput(-Number.MAX_SAFE_INTEGER, 100_000_000)),
  collectMinor: z.optional(
    PaiseInput(1, 100_000_000).check(
      z.meta({
        description:
          'Cash on delivery: the amount (integer paise) the rider collects from the customer before handing the parcel over, in cash or by UPI. At most the zone’s limit (GET /v1/rate-card; 422 collection_limit_exceeded with details.maxCollectMinor; 422 collection_not_available where the zone collects none). The quote’s chargeMinor then includes the zone’s collection fee; the job shows both (`collection`). Collected amounts are credited to your prepaid credit by remittance (GET /v1/remittances).',
      }),
    ),
  ),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

/** `data` of the quote response: these fields and no others. */
export const QuoteResponse = z.strictObject({
  id: z.uuid(),
  distanceMeters: z.int().check(z.nonnegative()),
  chargeMinor: MinorAmount,
  expiresAt: z.iso.datetime(),
  currency: z.literal('INR'),
  provider: z.literal('service_fleet'),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;
