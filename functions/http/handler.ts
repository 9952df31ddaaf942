import middy, { type MiddlewareObj } from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from '../zod.ts';
import { ServiceUnavailableError } from '../core/errors.ts';
import { dynamoCallScope, newDynamoTally } from '../data/client.ts';
import { apiKeysPart, baseRuntime, fleetKeysPart, rateLimitsPart, withParts, type BaseRuntime, type Parts, type RuntimeWith } from '../runtime.ts';
import type { FleetCaller } from '../core/fleet-access.ts';
import { authenticate, authenticateFleet, edge, emptyBodyAsObject, requireBody, type ApiContext, type ErrorAnswer } from './middleware.ts';
import { fleetRateLimit, storeRateLimit } from './rate-limit.ts';
import { writeGate } from './write-gate.ts';
import type { Merchant } from '../core/store.ts';
import { routeFor, type FleetRouteKey, type MerchantRouteKey, type PublicRouteKey, type Route, type RouteKey } from './routes.ts';
import { parseOrThrow } from './validation.ts';

type Parsed<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

/** What a merchant route's use case receives: the caller, validated input and the runtime. */
export interface MerchantInput<B, Q, P, H = undefined, R extends BaseRuntime = BaseRuntime> {
  merchant: Merchant;
  body: B;
  query: Q;
  path: P;
  headers: H;
  /** The base runtime and the parts the route names (`uses`). */
  rt: R;
  event: APIGatewayProxyEvent;
  context: Context;
}

/** The zod schemas a route validates, each optional, and the optional runtime parts it uses. */
export interface RouteSchemas<B, Q, P, H, U extends Parts = Parts> {
  /** The repositories beyond the base that the route's use case needs (its bundle holds no others). */
  uses?: U;
  body?: B;
  query?: Q;
  path?: P;
  /** Keyed by canonical header name (`Idempotency-Key`); matched case-insensitively, reported by that name. */
  headers?: H;
  /** The body may be left out: an empty one is taken as `{}`. */
  optionalBody?: boolean;
}

// Headers arrive lower-cased (the normaliser runs first); the schema names them canonically.
function pickHeaders(schema: z.core.$ZodType, headers: Record<string, string | undefined>): Record<string, string | undefined> {
  const names = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  return Object.fromEntries(names.map((name) => [name, headers[name.toLowerCase()]]));
}

/** How long before its timeout an invocation stops waiting and answers 503 itself. */
export const EARLY_ANSWER_MS = 500;

/** A Lambda handler in API Gateway's REST proxy shape. */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

// What each API's auth and rate limit use beside the base (a merchant bundle carries no fleet keys, nor a fleet one the stores' keys).
const MERCHANT_ACCESS = { apiKeys: apiKeysPart, rateLimits: rateLimitsPart };
const FLEET_ACCESS = { fleetKeys: fleetKeysPart, rateLimits: rateLimitsPart };

/**
 * Builds a merchant route's Lambda handler with the shared chain:
 * edge (errors, headers, access log) → header normaliser → API-key auth → the per-store rate limit → the write gate
 * (the route's reads run alongside the token; its writes and its answer wait for it) → JSON body → zod validation
 * (path, headers, query, body) → the use case. Every route gets the same chain, in the same order.
 */
export function merchantHandler<
  B extends z.core.$ZodType | undefined = undefined,
  Q extends z.core.$ZodType | undefined = undefined,
  P extends z.core.$ZodType | undefined = undefined,
  H extends z.core.$ZodType | undefined = undefined,
  U extends Parts = Record<never, never>,
>(
  key: MerchantRouteKey,
  schemas: RouteSchemas<B, Q, P, H, U>,
  useCase: (input: MerchantInput<Parsed<B>, Parsed<Q>, Parsed<P>, Parsed<H>, RuntimeWith<U>>) => Promise<APIGatewayProxyResult>,
): ProxyHandler {
  const route = ownRoute(key);
  const rt = runtimeFor({ ...schemas.uses, ...MERCHANT_ACCESS });
  return routeHandler(route, rt, [authenticate(rt), storeRateLimit(rt, route), writeGate()], schemas, (input, context) =>
    useCase({ ...input, merchant: context.merchant! } as MerchantInput<Parsed<B>, Parsed<Q>, Parsed<P>, Parsed<H>, RuntimeWith<U>>),
  );
}

/** What a fleet route's use case receives: the rider or operations caller, validated input and the runtime (with the parts it names). */
export type FleetInput<B, Q, P, H = undefined, U extends Parts = Record<never, never>> = Omit<MerchantInput<B, Q, P, H, RuntimeWith<U>>, 'merchant'> & {
  caller: FleetCaller;
};

/**
 * Builds a fleet route's Lambda handler: the same chain as merchant routes, with fleet-key auth
 * (and the route's roles) and a per-key rate limit in place of the store's.
 */
export function fleetHandler<
  B extends z.core.$ZodType | undefined = undefined,
  Q extends z.core.$ZodType | undefined = undefined,
  P extends z.core.$ZodType | undefined = undefined,
  H extends z.core.$ZodType | undefined = undefined,
  U extends Parts = Record<never, never>,
>(
  key: FleetRouteKey,
  schemas: RouteSchemas<B, Q, P, H, U>,
  useCase: (input: FleetInput<Parsed<B>, Parsed<Q>, Parsed<P>, Parsed<H>, U>) => Promise<APIGatewayProxyResult>,
): ProxyHandler {
  const route = ownRoute(key);
  const rt = runtimeFor({ ...schemas.uses, ...FLEET_ACCESS });
  return routeHandler(route, rt, [authenticateFleet(rt, route), fleetRateLimit(rt), writeGate()], schemas, (input, context) =>
    useCase({ ...input, caller: context.fleet! } as unknown as FleetInput<Parsed<B>, Parsed<Q>, Parsed<P>, Parsed<H>, U>),
  );
}

/** What a public page receives: the request (headers normalised) and the runtime with its parts. */
export type PageInput<U extends Parts = Record<never, never>> = Pick<MerchantInput<undefined, undefined, undefined, undefined, RuntimeWith<U>>, 'event' | 'rt'>;

/**
 * Builds a public page's handler: the same edge (access log, headers) and header normaliser, no key
 * and no per-store limit (the gateway throttles it per IP); its errors are pages too (`errorPage`).
 */
export function pageHandler<U extends Parts>(
  key: PublicRouteKey,
  uses: U,
  errorPage: ErrorAnswer,
  page: (input: PageInput<U>) => Promise<APIGatewayProxyResult>,
): ProxyHandler {
  return routeHandler(ownRoute(key), runtimeFor(uses), [], {}, ({ event, rt }) => page({ event, rt: rt as RuntimeWith<U> }), errorPage);
}

/**
 * The route a handler serves. A deployed bundle has its own entry baked in (lib/bundling.ts, `bundlingOf`):
 * with that constant in place of the lookup esbuild leaves the route table out of the bundle. Run from
 * source (the local server, the tests) it is looked up in the table.
 */
function ownRoute<K extends RouteKey>(key: K): ReturnType<typeof routeFor<K>> {
  const route = process.env.BUNDLED_ROUTE ? (JSON.parse(process.env.BUNDLED_ROUTE) as ReturnType<typeof routeFor<K>>) : routeFor(key);
  if (`${route.method} ${route.path}` !== key) throw new Error(`This bundle serves ${route.method} ${route.path}, not ${key}`);
  return route;
}

// A route's runtime: the container's base and the parts the route names, built on first use.
function runtimeFor<U extends Parts>(uses: U | undefined): () => RuntimeWith<U> {
  let built: RuntimeWith<U> | undefined;
  return () => (built ??= withParts(baseRuntime(), uses ?? ({} as U)));
}

type ValidatedInput = Omit<MerchantInput<unknown, unknown, unknown, unknown>, 'merchant'>;

// The chain every route shares; `access` are the API's auth, rate-limit and write-gate middlewares.
function routeHandler(
  route: Route,
  rt: () => BaseRuntime,
  access: Array<MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>>,
  schemas: RouteSchemas<unknown, unknown, unknown, unknown>,
  useCase: (input: ValidatedInput, context: ApiContext) => Promise<APIGatewayProxyResult>,
  errorAnswer?: ErrorAnswer,
): ProxyHandler {
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>({
    // Answer before Lambda kills the invocation: the spec's 503 with Retry-After, not the gateway's 502.
    timeoutEarlyInMillis: EARLY_ANSWER_MS,
    timeoutEarlyResponse: () => {
      throw new ServiceUnavailableError(new Error('the invocation ran out of time'));
    },
  })
    .use(edge(route, errorAnswer))
    .use(httpHeaderNormalizer());
  for (const middleware of access) chain.use(middleware);
  // A POST that takes no body still reads one, to refuse what it would otherwise ignore (a field the client thinks counts).
  // Public routes read their own (the console's session routes check their header before any body).
  const body = schemas.body ?? (route.method === 'POST' && route.api !== 'public' ? z.strictObject({}) : undefined);
  const optionalBody = schemas.body ? schemas.optionalBody : true;
  if (body) chain.use(optionalBody ? emptyBodyAsObject() : requireBody()).use(httpJsonBodyParser({ disableContentTypeCheck: true }));
  const parse = (schema: unknown, value: unknown, where: string) => (schema ? parseOrThrow(schema as z.core.$ZodType, value, where) : undefined);
  const handler = chain.handler(async (event, context) =>
    useCase(
      {
        path: parse(schemas.path, event.pathParameters ?? {}, 'path'),
        headers: schemas.headers ? parse(schemas.headers, pickHeaders(schemas.headers as z.core.$ZodType, event.headers ?? {}), 'headers') : undefined,
        query: parse(schemas.query, event.queryStringParameters ?? {}, 'query parameters'),
        body: parse(body, event.body, 'request body'),
        rt: rt(),
        event,
        context,
      },
      context,
    ),
  );
  // Each invocation gets its own DynamoDB call tally (exact even when the local server interleaves requests).
  return (event, context) => dynamoCallScope.run(newDynamoTally(), () => handler(event, context as ApiContext));
}
