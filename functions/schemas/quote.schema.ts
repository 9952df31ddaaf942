import * as z from '../zod.ts';
import { Latitude, Longitude, MinorAmount, PaiseInput } from './common.schema.ts';
import { EXAMPLE_QUOTE_ID } from './examples.ts';
import type { OperationDocs } from './operation.ts';

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

// The route's API description (read by scripts/openapi-document.ts); bundles drop it.

const quoteRequestExample = {
  pickupAddress: 'MG Road, Bengaluru',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
  packageWeightGrams: 750,
};

export const quoteOperations = {
  'POST /v1/job-quotes': {
    operationId: 'createQuote',
    summary: 'Create a quote',
    description:
      'Prices a pickup-to-drop route. Both stops must lie in one supported delivery zone. The quote is valid for five minutes and can be booked once.',
    tag: 'Quotes',
    requestBody: { name: 'QuoteRequest', schema: QuoteRequest, example: quoteRequestExample },
    success: [
      {
        status: 201,
        description: 'The quote',
        name: 'QuoteResponse',
        schema: QuoteResponse,
        envelope: true,
        example: {
          data: {
            id: EXAMPLE_QUOTE_ID,
            distanceMeters: 4834,
            chargeMinor: 6900,
            expiresAt: '2026-11-22T10:05:00.000Z',
            currency: 'INR',
            provider: 'service_fleet',
          },
        },
      },
    ],
    errors: [400, 401, 403, 422, 429, 500, 503],
  },
} satisfies OperationDocs;
