import * as z from '../zod.ts';
import { Latitude, Longitude, MinorAmount, PaiseInput } from './common.schema.ts';

const Pincode = z.string().check(z.regex(/^(\d{6})?$/, 'Must be exactly 6 digits, or empty'));

/** Body of POST /v1/job-quotes; unknown fields are rejected. */
export const QuoteRequest = z.strictObject({
  pickupAddress: z.string().check(z.minLength(1), z.maxLength(500)),
  pickupCity: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  pickupPincode: z.optional(Pincode),
  pickupLatitude: Latitude,
  pickupLongitude: Longitude,
  dropAddress: z.string().check(z.minLength(1), z.maxLength(500)),
  dropCity: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  dropPincode: z.optional(Pincode),
  dropLatitude: Latitude,
  dropLongitude: Longitude,
  packageDescription: z.optional(z.string().check(z.maxLength(500))),
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
