import type { OperationDocs } from './operation.ts';
import { RateCardResponse } from '../rate-card.schema.ts';

// The API description of rate-card.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

export const rateCardOperations = {
  'GET /v1/rate-card': {
    operationId: 'getRateCard',
    summary: 'Read the rate card',
    description:
      'The current prices of every zone the store can book in, by zone id: the fare (base fare, included distance, per kilometre), the weight slabs, the return trip’s share, and the cash-on-delivery terms (`collection`: the most collected on one job and the collection fee, a percentage with a minimum; null where the zone collects none). A quote’s chargeMinor is the fare plus the slab surcharge, rounded up to a rupee, plus the collection fee when it asks to collect. Read-only; counts against the read limit.',
    tag: 'Quotes',
    success: [
      {
        status: 200,
        description: 'The rate card',
        name: 'RateCardResponse',
        schema: RateCardResponse,
        example: {
          data: [
            {
              zoneId: 'bengaluru',
              name: 'Bengaluru',
              version: 1,
              maxRouteMeters: 35000,
              baseFareMinor: 4000,
              includedMeters: 2000,
              perKmMinor: 1000,
              weightSlabs: [
                { upToGrams: 1000, surchargeMinor: 0 },
                { upToGrams: 5000, surchargeMinor: 2000 },
                { upToGrams: 10000, surchargeMinor: 5000 },
                { upToGrams: 20000, surchargeMinor: 10000 },
                { upToGrams: 100000, surchargeMinor: 25000 },
              ],
              returnChargePercent: 50,
              collection: { maxCollectMinor: 1000000, feeBasisPoints: 200, minFeeMinor: 2000 },
            },
          ],
        },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
} satisfies OperationDocs;
