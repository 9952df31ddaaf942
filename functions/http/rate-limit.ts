import { RateLimitedError } from '../core/errors.ts';
import { capacityOf, FLEET_RATE_LIMIT, RATE_LIMITS } from '../core/rate-limits.ts';
import type { RateDecision } from '../data/rate-limit.repository.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';
import type { ApiMiddleware, ApiRequest } from './middleware.ts';
import type { MerchantRoute } from './routes.ts';

/**
 * The store's rate limit for the route's group (`console` for a console access token's GET), after authentication: a token from the store's one
 * bucket of the group, at the limit read on the store by this very request. The decision is started,
 * not waited for (`rateDecision`): the write gate (functions/http/write-gate.ts) holds the request's
 * writes and its answer until it is made; a spent limit is a 429.
 */
export function storeRateLimit(rt: () => BaseRuntime & Pick<Runtime, 'rateLimits'>, route: MerchantRoute): ApiMiddleware {
  function storeRateLimitBefore(request: ApiRequest): void {
    const { store, via } = request.context.merchant!;
    // A console's reads count in a group of their own; its writes in the route's, as a key's would.
    const group = via === 'console' && route.method === 'GET' ? 'console' : route.rateGroup;
    const limit = { ...RATE_LIMITS[group], capacity: capacityOf(store.rateLimitOverrides, group) };
    request.context.rateDecision = decided(request, limit.capacity, rt().rateLimits.consumeForStore(store.id, group, limit));
  }
  return { before: storeRateLimitBefore };
}

/** Per-fleet-key rate limit (all fleet routes share the key's one bucket), after fleet authentication; decided as the store's is. */
export function fleetRateLimit(rt: () => BaseRuntime & Pick<Runtime, 'rateLimits'>): ApiMiddleware {
  function fleetRateLimitBefore(request: ApiRequest): void {
    request.context.rateDecision = decided(
      request,
      FLEET_RATE_LIMIT.capacity,
      rt().rateLimits.consumeForFleetKey(request.context.fleet!.keyId, FLEET_RATE_LIMIT),
    );
  }
  return { before: fleetRateLimitBefore };
}

// The bucket's answer for one token, once it comes: 429 when refused; either way the response carries the bucket's state.
function decided(request: ApiRequest, capacity: number, decision: Promise<RateDecision>): Promise<void> {
  const applied = decision.then((outcome) => {
    if (!outcome.allowed) {
      request.context.rate = { limit: capacity, remaining: 0, resetSeconds: outcome.retryAfterSeconds };
      throw new RateLimitedError(outcome.retryAfterSeconds);
    }
    request.context.rate = { limit: capacity, remaining: outcome.remaining, resetSeconds: outcome.resetSeconds };
  });
  applied.catch(() => undefined); // awaited by the write gate; never a rejection nobody handles meanwhile
  return applied;
}
