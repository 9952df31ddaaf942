import { EXAMPLE_QUOTE_ID } from './examples.ts';
import type { OperationDocs } from './operation.ts';
import { QuoteRequest, QuoteResponse } from '../quote.schema.ts';

// The API description of quote.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

/** A quote inside the seed's Bengaluru zone (seed/zones.json): the API description's example, and what `npm run smoke` asks for. */
export const quoteRequestExample = {
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
