import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { BodyRequiredError, RateLimitedError, UnauthorizedError, WrongFleetRoleError } from '../core/errors.ts';
import { looksLikeFleetKey, type FleetCaller } from '../core/fleet-access.ts';
import type { Merchant, Store } from '../core/store.ts';
import { hashApiKey, looksLikeApiKey } from '../core/api-key.ts';
import { dynamoCallScope } from '../data/client.ts';
import type { RateDecision, RateLimit } from '../data/rate-limit.repository.ts';
import type { BaseRuntime } from '../runtime.ts';
import { errorResult } from './errors.ts';
import { logger } from './logger.ts';
import { capacityOf, FLEET_RATE_LIMIT, RATE_LIMITS } from '../core/rate-limits.ts';
import type { FleetRoute, MerchantRoute, Route } from './routes.ts';

/** What the middlewares learn about a request, for the handler and the response. */
export interface ApiContext extends Context {
  merchant?: Merchant;
  fleet?: FleetCaller;
  rate?: { limit: number; remaining: number; resetSeconds: number };
  /**
   * The rate-limit decision while it is made: the route's reads run alongside it, its writes wait for
   * it (the DynamoDB client's write gate), and the answer waits for it too (a refusal is the answer).
   */
  rateDecision?: Promise<void>;
  startedAt?: number;
}

type ApiRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;
type ApiMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

/** How a route answers an error: the spec's error body, or (a public page) a page of its own. */
export type ErrorAnswer = (error: unknown, event: APIGatewayProxyEvent) => APIGatewayProxyResult;

/**
 * Outermost middleware: opens the request's log context, turns every error into the route's error
 * answer (the spec's error body), adds the common headers and writes one access-log line (status,
 * latency, DynamoDB calls).
 */
export function edge(route: Route, errorAnswer: ErrorAnswer = errorResult): ApiMiddleware {
  const routeName = `${route.method} ${route.path}`;
  function edgeBefore(request: ApiRequest): void {
    request.context.startedAt = performance.now();
    logger.resetKeys();
    logger.addContext(request.context);
    logger.appendKeys({ requestId: request.event.requestContext?.requestId, route: routeName });
  }
  function finish(request: ApiRequest, response: APIGatewayProxyResult): void {
    const { rate } = request.context;
    response.headers = {
      ...response.headers,
      ...(request.event.requestContext?.requestId && { 'X-Request-Id': request.event.requestContext.requestId }),
      ...(rate && {
        'RateLimit-Limit': String(rate.limit),
        'RateLimit-Remaining': String(rate.remaining),
        'RateLimit-Reset': String(rate.resetSeconds),
      }),
    };
    request.response = response;
    const tally = dynamoCallScope.getStore();
    const tenths = (ms: number) => Math.round(ms * 10) / 10;
    logger.info('request', {
      status: response.statusCode,
      latencyMs: tenths(performance.now() - (request.context.startedAt ?? performance.now())),
      dynamoCalls: tally?.calls ?? 0,
      dynamoRoundTrips: tally?.roundTrips ?? 0,
      dynamoMs: tenths(tally?.dynamoMs ?? 0),
      readUnits: tally?.readUnits ?? 0,
      writeUnits: tally?.writeUnits ?? 0,
      dynamoActions: [...(tally?.actions ?? [])].sort(),
    });
  }
  async function edgeAfter(request: ApiRequest): Promise<void> {
    // A request the rate limit refused is answered 429, whatever its reads found meanwhile (onError answers).
    await request.context.rateDecision;
    finish(request, request.response!);
  }
  async function edgeOnError(request: ApiRequest): Promise<void> {
    // The rate limit's refusal comes first, as if it had been decided before anything else.
    const refused = await request.context.rateDecision?.then(
      () => null,
      (error: unknown) => error,
    );
    if (refused) request.error = refused as Error;
    const response = errorAnswer(request.error, request.event);
    // The client is told only "invalid key"; the log says which (unknown, revoked, access off).
    if (request.error instanceof UnauthorizedError) logger.appendKeys({ authFailure: request.error.reason });
    if (response.statusCode >= 500) logger.error('request failed', { error: request.error });
    finish(request, response);
  }
  return { before: edgeBefore, after: edgeAfter, onError: edgeOnError };
}

/**
 * API-key auth and the store's rate limit for the route's group: `X-Api-Key` (any case; headers are
 * normalised first) → SHA-256 → key → store → a token from the store's bucket. Missing, malformed,
 * unknown or revoked keys and stores with API access off all get 401; a spent limit gets 429.
 *
 * A key new to this container is read, then its store, then the bucket is asked. A key that
 * authenticated here before is read with its store and the bucket together (one round trip): the
 * token is taken from the bucket of the store's agreed limit as the container read it last. The store
 * read on this very request decides. If its limit changed meanwhile, the token is taken from the new
 * limit's bucket (each limit has a bucket of its own, so a decision never mixes two limits). If the
 * key or the store refuses the request, the container forgets the key: its token is spent, but the
 * key's next requests here take none (a refused key spends at most one token a container, once).
 */
export function authenticate(rt: () => BaseRuntime, route: MerchantRoute): ApiMiddleware {
  const group = route.rateGroup;
  const standard = RATE_LIMITS[group];
  const limitOf = (store: Store): RateLimit => ({ ...standard, capacity: capacityOf(store.rateLimitOverrides, group) });

  async function authenticateBefore(request: ApiRequest): Promise<void> {
    const apiKey = request.event.headers?.['x-api-key']?.trim();
    if (!apiKey) throw new UnauthorizedError('missing_api_key');
    if (!looksLikeApiKey(apiKey)) throw new UnauthorizedError('invalid_api_key');
    const { apiKeys, stores, rateLimits } = rt();
    const keyHash = hashApiKey(apiKey);
    const known = apiKeys.storeOf(keyHash);
    const memory = apiKeys.memory(); // what the container knew of keys as this request began
    const early = known && { limit: limitOf(known), decision: rateLimits.consumeForStore(known.id, group, limitOf(known)) };
    early?.decision.catch(() => undefined); // awaited below, whatever auth finds

    let merchant: Merchant;
    try {
      // Both reads are waited for, whatever either finds, so the request ends with no call in flight.
      const [key, knownStoreNow] = settledOrThrow(await Promise.allSettled([apiKeys.findByHash(keyHash), known && stores.get(known.id)]));
      if (!key) throw new UnauthorizedError('invalid_api_key');
      if (key.status !== 'active') throw new UnauthorizedError('revoked_api_key');
      const store = known?.id === key.storeId ? knownStoreNow : await stores.get(key.storeId);
      if (!store) throw new UnauthorizedError('invalid_api_key');
      if (!store.apiEnabled) throw new UnauthorizedError('api_access_disabled');
      merchant = { storeId: store.id, keyId: key.keyId, keyHash, store };
    } catch (error) {
      // Refused or unanswered (503), the key is read from the start next time, and the early token, if
      // the bucket let it in, is given back: a revoked key's burst in flight spends none of the store's tokens.
      apiKeys.forget(keyHash);
      const decision = await early?.decision.catch(() => undefined); // settled before the answer, whatever it was
      if (early && decision?.allowed) await rateLimits.giveBackToStore(known.id, group, early.limit).catch(() => undefined);
      throw error;
    }
    const { store } = merchant;
    apiKeys.remember(keyHash, store, memory);
    request.context.merchant = merchant;
    logger.appendKeys({ storeId: store.id, keyId: merchant.keyId });

    // Taken early at the limit this request read, that token decides; at another, the new limit's
    // bucket does. The writes wait for the decision alone; the answer for the early call too.
    const limit = limitOf(store);
    if (early?.limit.capacity === limit.capacity) return decideMeanwhile(request, limit.capacity, early.decision);
    decideMeanwhile(request, limit.capacity, rateLimits.consumeForStore(store.id, group, limit), early?.decision);
  }
  return { before: authenticateBefore };
}

// The values of settled promises, or the first one's failure.
function settledOrThrow<T extends readonly unknown[]>(results: { [K in keyof T]: PromiseSettledResult<T[K]> }): T {
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

// The bucket's answer for one token: 429 when refused; either way the response carries the bucket's state.
function applyDecision(request: ApiRequest, capacity: number, decision: RateDecision): void {
  if (!decision.allowed) {
    request.context.rate = { limit: capacity, remaining: 0, resetSeconds: decision.retryAfterSeconds };
    throw new RateLimitedError(decision.retryAfterSeconds);
  }
  request.context.rate = { limit: capacity, remaining: decision.remaining, resetSeconds: decision.resetSeconds };
}

// Starts the rate-limit decision without waiting for it: the request's writes (the DynamoDB client's
// write gate) and its answer (the edge) wait for it; its reads run meanwhile, one round trip saved.
// The answer also waits for `alsoAnswerAfter` (a call that does not decide, so nothing is in flight after it).
function decideMeanwhile(request: ApiRequest, capacity: number, decision: Promise<RateDecision>, alsoAnswerAfter?: Promise<unknown>): void {
  const decided = decision.then((outcome) => applyDecision(request, capacity, outcome));
  const tally = dynamoCallScope.getStore();
  if (tally) tally.writeGate = decided;
  const answered = alsoAnswerAfter
    ? alsoAnswerAfter.then(
        () => decided,
        () => decided,
      )
    : decided;
  // Both are awaited later (the writes, the edge); neither may be a rejection nobody handles meanwhile.
  decided.catch(() => undefined);
  answered.catch(() => undefined);
  request.context.rateDecision = answered;
}

/**
 * Fleet auth: `Authorization: Bearer <fleet key>` → SHA-256 → key. Missing, malformed (a merchant
 * key included), unknown or revoked keys get 401; a key of a role the route does not serve gets 403.
 */
export function authenticateFleet(rt: () => BaseRuntime, route: FleetRoute): ApiMiddleware {
  async function authenticateFleetBefore(request: ApiRequest): Promise<void> {
    const header = request.event.headers?.['authorization']?.trim();
    if (!header) throw new UnauthorizedError('missing_fleet_key');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match || !looksLikeFleetKey(match[1]!)) throw new UnauthorizedError('invalid_fleet_key');
    const keyHash = hashApiKey(match[1]!);
    const key = await rt().fleetKeys.findByHash(keyHash);
    if (!key) throw new UnauthorizedError('invalid_fleet_key');
    if (key.status !== 'active') throw new UnauthorizedError('revoked_fleet_key');
    request.context.fleet =
      key.role === 'rider' ? { role: 'rider', keyId: key.keyId, keyHash, agentId: key.agentId! } : { role: 'ops', keyId: key.keyId, keyHash, agentId: null };
    logger.appendKeys({ fleetKeyId: key.keyId, fleetRole: key.role });
    if (!route.roles.includes(key.role)) {
      throw new WrongFleetRoleError(route.roles.includes('ops') ? 'ops' : 'rider');
    }
  }
  return { before: authenticateFleetBefore };
}

/** Per-fleet-key rate limit (all fleet routes share the key's one bucket), decided alongside the route's reads. */
export function fleetRateLimit(rt: () => BaseRuntime): ApiMiddleware {
  function fleetRateLimitBefore(request: ApiRequest): void {
    decideMeanwhile(request, FLEET_RATE_LIMIT.capacity, rt().rateLimits.consumeForFleetKey(request.context.fleet!.keyId, FLEET_RATE_LIMIT));
  }
  return { before: fleetRateLimitBefore };
}

/** A body is required on routes that take one: an empty body is a validation error, not bad JSON. */
export function requireBody(): ApiMiddleware {
  function requireBodyBefore(request: ApiRequest): void {
    const body = request.event.body;
    if (body === null || body === undefined || (typeof body === 'string' && body.trim() === '')) {
      throw new BodyRequiredError();
    }
  }
  return { before: requireBodyBefore };
}

/** On routes whose body may be left out: an empty body is read as `{}`. */
export function emptyBodyAsObject(): ApiMiddleware {
  function emptyBodyAsObjectBefore(request: ApiRequest): void {
    const body = request.event.body;
    if (body === null || body === undefined || (typeof body === 'string' && body.trim() === '')) request.event.body = '{}';
  }
  return { before: emptyBodyAsObjectBefore };
}
