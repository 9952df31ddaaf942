import * as z from '../zod.ts';
import { RATE_LIMITS, type RateGroup } from '../core/rate-limits.ts';

const RATE_GROUPS = Object.keys(RATE_LIMITS) as [RateGroup, ...RateGroup[]];

/** `data` of GET /v1/store: who the key acts for, and the limits it gets. */
export const StoreResponse = z.strictObject({
  id: z.string(),
  name: z.string(),
  livemode: z.boolean(),
  apiEnabled: z.boolean(),
  testStoreId: z.nullable(z.string()),
  // Every group the route table counts in, so a new group shows here without a schema change.
  rateLimits: z.record(z.enum(RATE_GROUPS), z.int().check(z.minimum(1))),
});
export type StoreResponse = z.infer<typeof StoreResponse>;
