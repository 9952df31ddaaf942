import { capacityOf, RATE_LIMITS, type RateGroup } from '../core/rate-limits.ts';
import type { Store } from '../core/store.ts';
import { merchantHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import type { StoreResponse } from '../schemas/store.schema.ts';

/** The store as GET /v1/store shows it: its limits a minute with its agreed overrides applied. */
export function storeView(store: Store): StoreResponse {
  const groups = Object.keys(RATE_LIMITS) as RateGroup[];
  return {
    id: store.id,
    name: store.name,
    livemode: !store.sandbox,
    apiEnabled: store.apiEnabled,
    testStoreId: store.testStoreId,
    rateLimits: Object.fromEntries(groups.map((group) => [group, capacityOf(store.rateLimitOverrides, group)])) as StoreResponse['rateLimits'],
  };
}

/** GET /v1/store: the store the key acts for, read once by auth (no call beyond the rate bucket's). */
export const handler = merchantHandler('GET /v1/store', {}, async ({ merchant: { store } }) => ok(storeView(store)));
