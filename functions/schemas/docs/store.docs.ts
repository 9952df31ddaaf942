import type { OperationDocs } from './operation.ts';
import { describe } from './describe.ts';
import { StoreResponse } from '../store.schema.ts';

// The API description of store.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

const { shape } = StoreResponse;
describe(shape.id, { description: 'The store’s id (the key’s store).' });
describe(shape.livemode, { description: 'true for a live store (`mdk_live_` keys), false for a sandbox store (`mdk_test_` keys).' });
describe(shape.apiEnabled, { description: 'Whether the store’s API access is on (when off, every key of the store is refused with 401).' });
describe(shape.testStoreId, { description: 'The live store’s linked sandbox twin, or null when it has none (and on a sandbox store).' });
describe(shape.rateLimits, {
  description: 'Requests a minute this store may make in each rate-limit group, its agreed limits applied (the route table names each route’s group).',
});

export const storeOperations = {
  'GET /v1/store': {
    operationId: 'getStore',
    summary: 'The key’s store',
    description: 'The store the key acts for: its name, live or sandbox, API access, its sandbox twin and its limits a minute. Counts against the read limit.',
    tag: 'Credit',
    success: [
      {
        status: 200,
        description: 'The store',
        name: 'StoreResponse',
        schema: StoreResponse,
        envelope: true,
        example: {
          data: {
            id: 'store_8Vq2nX4kLm9pR7sT1wYz',
            name: 'Koramangala Kitchen',
            livemode: true,
            apiEnabled: true,
            testStoreId: null,
            rateLimits: { quotes: 10, bookings: 10, cancellations: 10, updates: 30, reads: 60, webhooks: 30, checks: 60 },
          },
        },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
} satisfies OperationDocs;
