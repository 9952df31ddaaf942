import * as z from 'zod';
import { Latitude, Longitude, MinorAmount } from './common.schema.ts';

const Pincode = z.string().regex(/^(\d{6})?$/, 'Must be exactly 6 digits, or empty');

/** Body of POST /v1/job-quotes; unknown fields are rejected. */
export const QuoteRequest = z.strictObject({
  pickupAddress: z.string().min(1).max(500),
  pickupCity: z.string().min(1).max(100).optional(),
  pickupPincode: Pincode.optional(),
  pickupLatitude: Latitude,
  pickupLongitude: Longitude,
  dropAddress: z.string().min(1).max(500),
  dropCity: z.string().min(1).max(100).optional(),
  dropPincode: Pincode.optional(),
  dropLatitude: Latitude,
  dropLongitude: Longitude,
  packageDescription: z.string().max(500).optional(),
  packageWeightGrams: z.int().positive().max(100_000).optional(),
  packageValueMinor: z.int().min(-Number.MAX_SAFE_INTEGER).max(100_000_000).optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequest>;

/** `data` of the quote response: these fields and no others. */
export const QuoteResponse = z.strictObject({
  id: z.uuid(),
  distanceMeters: z.int().nonnegative(),
  chargeMinor: MinorAmount,
  expiresAt: z.iso.datetime(),
  currency: z.literal('INR'),
  provider: z.literal('service_fleet'),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;
