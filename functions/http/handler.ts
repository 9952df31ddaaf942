import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { z } from 'zod';
import { dynamoCallScope } from '../data/client.ts';
import { runtime, type Runtime } from '../runtime.ts';
import { authenticate, edge, rateLimit, requireBody, type Merchant, type MerchantContext } from './middleware.ts';
import { routeFor, type RouteKey } from './routes.ts';
import { parseOrThrow } from './validation.ts';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a merchant route's use case receives: the caller, validated input and the runtime. */
export interface MerchantInput<B, Q, P, H = undefined> {
  merchant: Merchant;
  body: B;
  query: Q;
  path: P;
  headers: H;
  rt: Runtime;
  event: APIGatewayProxyEvent;
  context: Context;
}

/** The zod schemas a route validates, each optional. */
export interface RouteSchemas<B, Q, P, H> {
  body?: B;
  query?: Q;
  path?: P;
  /** Keyed by canonical header name (`Idempotency-Key`); matched case-insensitively, reported by that name. */
  headers?: H;
}

// Headers arrive lower-cased (the normaliser runs first); the schema names them canonically.
function pickHeaders(schema: z.ZodType, headers: Record<string, string | undefined>): Record<string, string | undefined> {
  const names = Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});
  return Object.fromEntries(names.map((name) => [name, headers[name.toLowerCase()]]));
}

/** A Lambda handler in API Gateway's REST proxy shape. */
export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Builds a merchant route's Lambda handler with the shared chain:
 * edge (errors, headers, access log) → header normaliser → API-key auth → per-store rate limit
 * → JSON body → zod validation (path, headers, query, body) → the use case. Every route gets the same chain, in the same order.
 */
export function merchantHandler<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
>(
  key: RouteKey,
  schemas: RouteSchemas<B, Q, P, H>,
  useCase: (input: MerchantInput<Parsed<B>, Parsed<Q>, Parsed<P>, Parsed<H>>) => Promise<APIGatewayProxyResult>,
): ProxyHandler {
  const route = routeFor(key);
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, MerchantContext>()
    .use(edge(route))
    .use(httpHeaderNormalizer())
    .use(authenticate(runtime))
    .use(rateLimit(runtime, route));
  if (schemas.body) chain.use(requireBody()).use(httpJsonBodyParser({ disableContentTypeCheck: true }));
  const handler = chain.handler(async (event, context) => {
    const input = {
      merchant: context.merchant!,
      path: schemas.path ? parseOrThrow(schemas.path, event.pathParameters ?? {}, 'path') : undefined,
      headers: schemas.headers ? parseOrThrow(schemas.headers, pickHeaders(schemas.headers, event.headers ?? {}), 'headers') : undefined,
      query: schemas.query ? parseOrThrow(schemas.query, event.queryStringParameters ?? {}, 'query parameters') : undefined,
      body: schemas.body ? parseOrThrow(schemas.body, event.body, 'request body') : undefined,
      rt: runtime(),
      event,
      context,
    } as MerchantInput<Parsed<B>, Parsed<Q>, Parsed<P>, Parsed<H>>;
    return useCase(input);
  });
  // Each invocation gets its own DynamoDB call tally (exact even when the local server interleaves requests).
  return (event, context) => dynamoCallScope.run({ calls: 0 }, () => handler(event, context as MerchantContext));
}
