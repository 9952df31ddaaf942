import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { BodyRequiredError, SessionExpiredError, SessionRevokedError, UnauthorizedError, WrongFleetRoleError } from '../core/errors.ts';
import { accessTokenExpired } from '../core/session.ts';
import type { ApiKeyRecord } from '../data/api-key.repository.ts';
import { looksLikeFleetKey, type FleetCaller } from '../core/fleet-access.ts';
import type { Merchant } from '../core/store.ts';
import { hashApiKey, keyStatus, looksLikeApiKey } from '../core/api-key.ts';
import { dynamoCallScope } from '../data/client.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';
import { errorResult } from './errors.ts';
import { logger } from '../log/logger.ts';
import type { FleetRoute, Route } from './routes.ts';

/** What the middlewares learn about a request, for the handler and the response. */
export interface ApiContext extends Context {
  merchant?: Merchant;
  fleet?: FleetCaller;
  rate?: { limit: number; remaining: number; resetSeconds: number };
  /**
   * The rate-limit decision while it is made (functions/http/rate-limit.ts): the route's reads run
   * alongside it; its writes and its answer wait for it (functions/http/write-gate.ts).
   */
  rateDecision?: Promise<void>;
  startedAt?: number;
}

/** A request as the middlewares see it. */
export type ApiRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;
/** A middleware of the API's chain. */
export type ApiMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

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
  function edgeAfter(request: ApiRequest): void {
    finish(request, request.response!);
  }
  function edgeOnError(request: ApiRequest): void {
    const response = errorAnswer(request.error, request.event);
    // The client is told only "invalid key"; the log says which (unknown, revoked, access off).
    if (request.error instanceof UnauthorizedError) logger.appendKeys({ authFailure: request.error.reason });
    if (response.statusCode >= 500) logger.error('request failed', { error: request.error });
    finish(request, response);
  }
  return { before: edgeBefore, after: edgeAfter, onError: edgeOnError };
}

/**
 * API-key auth: `X-Api-Key` (any case; headers are normalised first) → SHA-256 → key → store. A console
 * access token is found the same way and acts for its store like a key (expired: session_expired; revoked: session_revoked).
 * Missing, malformed, unknown or revoked keys (a rolled key past its expiry included) and stores with
 * API access off all get 401; a key's first request of the day records `lastUsedOn` (an access token's never). A key that
 * authenticated in this container before is read with its store, in one round trip (which store a
 * key belongs to never changes; its status and the store are read every time).
 */
export function authenticate(rt: () => BaseRuntime & Pick<Runtime, 'apiKeys'>): ApiMiddleware {
  async function authenticateBefore(request: ApiRequest): Promise<void> {
    const apiKey = request.event.headers?.['x-api-key']?.trim();
    if (!apiKey) throw new UnauthorizedError('missing_api_key');
    if (!looksLikeApiKey(apiKey)) throw new UnauthorizedError('invalid_api_key');
    const { apiKeys, stores } = rt();
    const keyHash = hashApiKey(apiKey);
    const knownStoreId = apiKeys.storeIdOf(keyHash);
    const keyRead = apiKeys.findByHash(keyHash);
    const knownStoreRead = knownStoreId ? stores.get(knownStoreId) : Promise.resolve(null);
    // Both reads are waited for, whatever either finds, so the request ends with no call in flight.
    await Promise.allSettled([keyRead, knownStoreRead]);
    const [key, knownStore] = [await keyRead, await knownStoreRead];
    if (!key) throw new UnauthorizedError('invalid_api_key');
    const now = new Date();
    if (key.kind === 'session') assertSessionTokenLive(key);
    // A rolled key past its expiresAt is revoked, though nothing wrote it so.
    if (keyStatus(key, now).status === 'revoked') throw new UnauthorizedError('revoked_api_key');
    const store = knownStoreId === key.storeId ? knownStore : await stores.get(key.storeId);
    if (!store) throw new UnauthorizedError('invalid_api_key');
    if (!store.apiEnabled) throw new UnauthorizedError('api_access_disabled');
    apiKeys.remember(keyHash, store.id);
    // A key's first request of the day (IST) records it: one conditional write a key a day (docs/performance.md).
    if (key.kind === 'key') await apiKeys.recordUse(keyHash, key, now);
    const via = key.kind === 'session' ? 'console' : 'api_key';
    request.context.merchant = { storeId: store.id, keyId: key.keyId, keyHash, store, via, sessionId: key.sessionId };
    logger.appendKeys({ storeId: store.id, keyId: key.keyId, via });
  }
  return { before: authenticateBefore };
}

// A console access token: revoked (signed out, reuse, a mode switch) or past its 15 minutes, each told by its own code (the app refreshes on the second).
function assertSessionTokenLive(token: ApiKeyRecord): void {
  if (token.status !== 'active') throw new SessionRevokedError();
  if (accessTokenExpired({ expiresAt: token.tokenExpiresAt! }, new Date())) throw new SessionExpiredError();
}

/**
 * Fleet auth: `Authorization: Bearer <fleet key>` → SHA-256 → key. Missing, malformed (a merchant
 * key included), unknown or revoked keys get 401; a key of a role the route does not serve gets 403.
 */
export function authenticateFleet(rt: () => BaseRuntime & Pick<Runtime, 'fleetKeys'>, route: FleetRoute): ApiMiddleware {
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
