import { readdirSync } from 'node:fs';
import * as z from '../functions/zod.ts';
import { routes, type Route } from '../functions/http/routes.ts';
import { FLEET_RATE_LIMIT, RATE_LIMITS } from '../functions/core/rate-limits.ts';
import { EVENT_TYPES } from '../functions/core/event.ts';
import { EVENT_VARIANTS, EventView } from '../functions/schemas/views/event.view.ts';
import { EVENT_EXAMPLES } from '../functions/schemas/docs/event-examples.ts';
import { errorResult, STATUS_BY_CODE } from '../functions/http/errors.ts';
import { parseOrThrow } from '../functions/http/validation.ts';
import {
  AccessRevokedError,
  InternalError,
  JobNotFoundError,
  OutsideServiceAreaError,
  QuoteUsedError,
  PreconditionFailedError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthorizedError,
  WrongCodeError,
  WrongFleetRoleError,
  type AppError,
} from '../functions/core/errors.ts';
import { IllegalTransitionError } from '../functions/core/lifecycle.ts';
import type { Job } from '../functions/core/job.ts';
import { ErrorBody } from '../functions/schemas/views/error.view.ts';
import { BookingRequest } from '../functions/schemas/job.schema.ts';
import { EXAMPLE_JOB_ID, EXAMPLE_QUOTE_ID } from '../functions/schemas/docs/examples.ts';
import type { BodyDoc, ErrorStatus, FleetTag, MerchantTag, OperationDoc } from '../functions/schemas/docs/operation.ts';

/**
 * The merchant and fleet APIs' OpenAPI 3.1 descriptions, built from the route table, the zod schemas
 * the handlers validate and answer with (functions/schemas/) and the operation docs beside them
 * (functions/schemas/docs/*.docs.ts): nothing here restates a field or names a route. What is
 * added is each document's frame (servers, security, tags, the error responses) and each route's
 * rate limit.
 */

type JsonSchema = Record<string, unknown>;

/** Every route's operation doc, by route key (`METHOD /path`). */
export type DocsByRoute = Record<string, OperationDoc>;

const DOC_MODULES = new URL('../functions/schemas/docs/', import.meta.url);
const ROUTE_KEY = /^[A-Z]+ \/\S*$/;

// An export holding operation docs: an object whose keys are all route keys (a zod schema's are not).
function isOperationDocs(value: unknown): value is DocsByRoute {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => ROUTE_KEY.test(key));
}

/**
 * Every operation doc the docs modules export, found by reading functions/schemas/docs/*.docs.ts (a
 * new module needs no edit here); importing them also gives the schemas their descriptions and
 * examples (`describe` in functions/schemas/docs/describe.ts). Throws when two exports document the same route.
 */
export async function loadOperationDocs(): Promise<DocsByRoute> {
  const docs: DocsByRoute = {};
  const exporter = new Map<string, string>();
  for (const file of readdirSync(DOC_MODULES)
    .filter((name) => name.endsWith('.docs.ts'))
    .sort()) {
    const module = (await import(new URL(file, DOC_MODULES).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!isOperationDocs(value)) continue;
      for (const [key, doc] of Object.entries(value)) {
        const where = `${name} in functions/schemas/docs/${file}`;
        if (exporter.has(key)) throw new Error(`${key} is documented twice: by ${exporter.get(key)} and by ${where}`);
        exporter.set(key, where);
        docs[key] = doc;
      }
    }
  }
  return docs;
}

const routeKey = (route: Route) => `${route.method} ${route.path}`;

/** The APIs that have a description; public pages (the tracking page) are web pages, not operations. */
type DescribedApi = Exclude<Route['api'], 'public'>;

/**
 * The routes of one API with their operation docs, in route-table order. Throws, naming each route,
 * when a route of the table has no doc or a doc names a route the table does not have.
 */
export function documentedRoutes<A extends DescribedApi>(
  table: readonly Route[],
  docs: DocsByRoute,
  api: A,
): Array<{ route: Extract<Route, { api: A }>; doc: OperationDoc }> {
  const described = table.filter((route) => route.api !== 'public');
  const tableKeys = new Set(described.map(routeKey));
  const problems = [
    ...described
      .filter((route) => !docs[routeKey(route)])
      .map((route) => `${routeKey(route)} is in the route table but no functions/schemas/docs/*.docs.ts exports an operation doc for it`),
    ...Object.keys(docs)
      .filter((key) => !tableKeys.has(key))
      .map((key) => `${key} has an operation doc but is not in the route table (functions/http/routes.ts)`),
  ];
  if (problems.length > 0) throw new Error(`Cannot describe the API:\n  ${problems.join('\n  ')}`);
  return table.filter((route): route is Extract<Route, { api: A }> => route.api === api).map((route) => ({ route, doc: docs[routeKey(route)]! }));
}

/** A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as a client sends or receives it. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'throw',
    // Query strings are text, but the number they spell is what a client needs to know.
    override: ({ jsonSchema: out }) => {
      const numeric = (out as { queryInteger?: JsonSchema; queryNumber?: JsonSchema }).queryInteger ?? (out as { queryNumber?: JsonSchema }).queryNumber;
      if (numeric) {
        for (const key of Object.keys(out)) delete (out as JsonSchema)[key];
        Object.assign(out, numeric);
      }
    },
  }) as JsonSchema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const envelope = (schema: JsonSchema) => ({ type: 'object', properties: { data: schema }, required: ['data'], additionalProperties: false });

/** The body the API answers an error with: examples are the real errors' own words, through the real edge. */
const exampleOf = (error: AppError): ErrorBody => JSON.parse(errorResult(error).body) as ErrorBody;

// A booking request with a phone number that is not an Indian mobile: the real validation error.
function invalidPhoneError(): AppError {
  try {
    parseOrThrow(
      BookingRequest,
      { quoteId: EXAMPLE_QUOTE_ID, externalOrderId: 'ORD-1001', pickupName: 'Chai Point', pickupPhone: '9876543210', dropName: 'Asha Rao', dropPhone: '12345' },
      'request body',
    );
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the example booking request was valid');
}

// One example body per error status, with codes from the error table (functions/http/errors.ts).
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string; example: ErrorBody }> = {
  400: {
    name: 'BadRequest',
    description: 'Invalid JSON, invalid input or pagination; on cancel, a state that cannot be cancelled',
    example: exampleOf(invalidPhoneError()),
  },
  401: {
    name: 'Unauthorized',
    description: 'API key missing or invalid, or API access disabled',
    example: exampleOf(new UnauthorizedError('invalid_api_key')),
  },
  403: { name: 'Forbidden', description: 'API access disabled or the key revoked during the request', example: exampleOf(new AccessRevokedError()) },
  404: { name: 'NotFound', description: 'Quote, job or remittance not found for this store', example: exampleOf(new JobNotFoundError(EXAMPLE_JOB_ID)) },
  409: {
    name: 'Conflict',
    description:
      'Idempotency conflict or in progress, quote expired or used, zone changed; on cancel, parcel return required (a cancel that meets another change of the job is decided again on it, never refused for it); on an edit, fields the job’s state no longer lets change (job_not_editable); on a tracking link, the job ended more than 24 h ago',
    example: exampleOf(new QuoteUsedError()),
  },
  412: {
    name: 'PreconditionFailed',
    description: 'If-Match does not name the job’s current ETag, or the job changed while the request ran: read it again',
    example: exampleOf(new PreconditionFailedError()),
  },
  422: {
    name: 'Unprocessable',
    description: 'Outside the service area, route too long or parcel over the zone’s weight limit (quotes); insufficient credit (bookings)',
    example: exampleOf(new OutsideServiceAreaError('drop')),
  },
  429: { name: 'RateLimited', description: 'Store request limit exceeded; wait Retry-After seconds', example: exampleOf(new RateLimitedError(6)) },
  500: { name: 'InternalError', description: 'Unexpected server error', example: exampleOf(new InternalError('never shown')) },
  503: {
    name: 'ServiceUnavailable',
    description:
      'Service temporarily unavailable, or the job kept changing under the change on each of its tries (nothing written); retry after Retry-After seconds',
    example: exampleOf(new ServiceUnavailableError()),
  },
};

/** Every error code the API uses, grouped by status (for the description of ErrorBody.code). */
function codesByStatus(): string {
  const groups = new Map<number, string[]>();
  for (const [code, status] of Object.entries(STATUS_BY_CODE)) groups.set(status, [...(groups.get(status) ?? []), code]);
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `${status}: ${codes.join(', ')}`)
    .join('; ');
}

function parameters(operation: OperationDoc) {
  const list: Array<Record<string, unknown>> = [];
  const add = (where: 'path' | 'query' | 'header', schema: z.ZodMiniObject | undefined) => {
    if (!schema) return;
    const json = jsonSchema(schema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties)) {
      list.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  };
  add('path', operation.path);
  add('header', operation.headers);
  add('query', operation.query);
  return list;
}

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
  'X-Request-Id': { $ref: '#/components/headers/RequestId' },
};

// The reusable error responses, with this API's wording of each status.
function errorResponses(wording: Record<number, string> = {}, examples: Record<number, ErrorBody> = {}) {
  const responses: Record<string, unknown> = {};
  for (const [status, { name, description, example }] of Object.entries(ERROR_RESPONSES)) {
    const retry = status === '429' || status === '503';
    responses[name] = {
      description: wording[Number(status)] ?? description,
      headers: { ...(retry && { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }), 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
      content: { 'application/json': { schema: ref('ErrorBody'), example: examples[Number(status)] ?? example } },
    };
  }
  return responses;
}

const HEADERS = {
  RetryAfter: { description: 'Whole seconds to wait before retrying (at least 1)', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
  RateLimitLimit: {
    description: 'Requests a minute allowed in the route’s limit group (merchant: per store; fleet: per key)',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  RateLimitRemaining: { description: 'Requests left now in the group', schema: { type: 'string', pattern: '^[0-9]+$' } },
  RateLimitReset: { description: 'Seconds until the group’s budget is full again', schema: { type: 'string', pattern: '^[0-9]+$' } },
  RequestId: { description: 'This request’s id, for support', schema: { type: 'string' } },
  ETag: {
    description:
      'The job’s version as a strong entity-tag (e.g. "3"); send it in If-Match to make PATCH /v1/jobs/{id} apply only to that version. Time alone (a code passing its expiry) shows a job differently without changing its ETag.',
    schema: { type: 'string', pattern: '^"[0-9]+"$' },
  },
  ZonesETag: {
    description:
      'A strong entity-tag of the zones shown and of the representation (JSON and GeoJSON differ); send it in If-None-Match to be answered 304 while they are unchanged.',
    schema: { type: 'string', pattern: '^"[A-Za-z0-9_-]+\\.(json|geojson)"$' },
  },
  CacheControl: { description: 'How long a client may keep the answer (`private, max-age=300`)', schema: { type: 'string' } },
};

// The headers of a success: the rate limit's, and the ETag of the job or of a zone answer (with its Cache-Control).
function successHeaders(etag: true | 'zones' | undefined) {
  if (etag === 'zones')
    return { ...rateLimitHeaders, ETag: { $ref: '#/components/headers/ZonesETag' }, 'Cache-Control': { $ref: '#/components/headers/CacheControl' } };
  return etag ? { ...rateLimitHeaders, ETag: { $ref: '#/components/headers/ETag' } } : rateLimitHeaders;
}

const SERVERS = [
  { url: 'http://127.0.0.1:3000', description: 'Local runtime (npm start)' },
  {
    url: '{baseUrl}',
    description: 'A deployed stage (the stack output ApiUrl, without the trailing slash)',
    variables: { baseUrl: { default: 'https://api.example.com/prod' } },
  },
];

// The order of components.schemas: requests, then `{ data }` responses, then whole-body ones (the lists).
const rank = ({ body, io }: { body: BodyDoc; io: 'input' | 'output' }) => (io === 'input' ? 0 : body.envelope ? 1 : 2);

// components.schemas: the bodies the operations name (by kind, then in route-table order), then ErrorBody.
function componentSchemas(operations: Array<{ route: Route; doc: OperationDoc }>): Record<string, JsonSchema> {
  const bodies = [
    ...operations.flatMap(({ route, doc }) => (doc.requestBody ? [{ route, body: doc.requestBody, io: 'input' as const }] : [])),
    ...operations.flatMap(({ route, doc }) => doc.success.map((body) => ({ route, body, io: 'output' as const }))),
    ...operations.flatMap(({ route, doc }) => doc.success.flatMap((body) => (body.geoJson ? [{ route, body: body.geoJson, io: 'output' as const }] : []))),
  ].sort((a, b) => rank(a) - rank(b));
  const first = new Map<string, (typeof bodies)[number]>();
  const schemas: Record<string, JsonSchema> = {};
  for (const entry of bodies) {
    const { name, schema, envelope: wrapped = false } = entry.body;
    const earlier = first.get(name);
    if (earlier) {
      if (earlier.body.schema !== schema || (earlier.body.envelope ?? false) !== wrapped || earlier.io !== entry.io) {
        throw new Error(`${routeKey(entry.route)} names another body ${name} than ${routeKey(earlier.route)} does: one component name, one schema`);
      }
      continue;
    }
    if (name === 'ErrorBody') throw new Error(`${routeKey(entry.route)} names a body ErrorBody, the name of the error body`);
    first.set(name, entry);
    schemas[name] = wrapped ? envelope(jsonSchema(schema, entry.io)) : jsonSchema(schema, entry.io);
  }
  schemas.ErrorBody = { ...jsonSchema(ErrorBody, 'output'), description: `Every error status answers with this body. Codes by status — ${codesByStatus()}.` };
  return schemas;
}

// The paths object of an API: one operation per route, from its doc, with the route's own note (its limits).
function pathsFor<R extends Route>(operations: Array<{ route: R; doc: OperationDoc }>, note: (route: R) => string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { route, doc } of operations) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: doc.operationId,
      summary: doc.summary,
      description: `${doc.description}\n\n${note(route)}`,
      tags: [doc.tag],
      parameters: parameters(doc),
      ...(doc.requestBody && {
        requestBody: { required: !doc.optionalBody, content: { 'application/json': { schema: ref(doc.requestBody.name), example: doc.requestBody.example } } },
      }),
      responses: {
        ...Object.fromEntries(
          doc.success.map((success) => [
            String(success.status),
            {
              description: success.description,
              headers: successHeaders(success.etag),
              content: {
                'application/json': { schema: ref(success.name), example: success.example },
                ...(success.csvExample !== undefined && { 'text/csv': { schema: { type: 'string' }, example: success.csvExample } }),
                ...(success.geoJson && { 'application/geo+json': { schema: ref(success.geoJson.name), example: success.geoJson.example } }),
              },
            },
          ]),
        ),
        ...(doc.notModified !== undefined && { '304': { description: doc.notModified, headers: successHeaders('zones') } }),
        ...Object.fromEntries(doc.errors.map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` }])),
      },
    };
  }
  return paths;
}

const tagsOf = (tags: Record<string, string>) => Object.entries(tags).map(([name, description]) => ({ name, description }));

const MERCHANT_TAGS: Record<MerchantTag, string> = {
  Credit: 'Prepaid credit',
  Quotes: 'Pricing a route',
  Jobs: 'Booking, tracking and cancelling deliveries',
  Events: 'What changed: every job change as an event, oldest first, from a cursor',
  Webhooks: 'Events pushed to the store’s endpoints, signed (Standard Webhooks)',
  Keys: 'The store’s API keys, managed from a console session (an API key cannot manage keys)',
};

/** The merchant API's document (docs/openapi.json); `docs` default to what the docs modules export. */
export async function buildOpenApiDocument(docs?: DocsByRoute) {
  // Loaded even when `docs` are given: loading them gives the schemas their words.
  const loaded = await loadOperationDocs();
  const operations = documentedRoutes(routes, docs ?? loaded, 'merchant');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant Delivery Booking API',
      version: '1.0.0',
      description:
        'Quotes, bookings, tracking and cancellation of deliveries for Indian stores, paid from prepaid credit in paise (100 paise = 1 rupee). Every request carries the store’s key in `X-Api-Key`; everything is scoped to that store. Successful responses wrap the result in `data`; errors answer `{error, code, details?}`.',
    },
    servers: SERVERS,
    security: [{ ApiKey: [] }],
    tags: tagsOf(MERCHANT_TAGS),
    paths: pathsFor(
      operations,
      (route) => `Rate limit group \`${route.rateGroup}\`: ${RATE_LIMITS[route.rateGroup].capacity} requests a minute per store, shared by its keys.`,
    ),
    webhooks: webhooksFor(),
    components: {
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'The store’s key: mdk_live_… (or mdk_test_… for a sandbox store). Server side only.',
        },
      },
      schemas: withEventComponents(componentSchemas(operations)),
      responses: errorResponses(),
      headers: HEADERS,
    },
  };
}

/**
 * The event kinds as components, and `Event` as their union discriminated by `type` (one mapping entry per
 * type), so a typed client narrows an event by its type; the feed's bodies refer to `Event` instead of
 * repeating the union inline.
 */
function withEventComponents(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const inline = JSON.stringify(jsonSchema(EventView, 'output'));
  const referToEvent = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (JSON.stringify(node) === inline) return ref('Event');
    if (Array.isArray(node)) return node.map(referToEvent);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referToEvent(value)]));
  };
  const names = Object.keys(EVENT_VARIANTS) as Array<keyof typeof EVENT_VARIANTS>;
  const mapping = Object.fromEntries(
    names.flatMap((name) => EVENT_VARIANTS[name].shape.type.options.map((type) => [type, `#/components/schemas/${name}`] as const)),
  );
  return {
    ...(referToEvent(schemas) as Record<string, JsonSchema>),
    Event: {
      oneOf: names.map(ref),
      discriminator: { propertyName: 'type', mapping },
      description: 'An event, as the feed lists it and webhooks deliver it: one kind per `type` (see the mapping), each with its own `data`.',
    },
    ...Object.fromEntries(names.map((name) => [name, jsonSchema(EVENT_VARIANTS[name], 'output')])),
  };
}

const WEBHOOK_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event’s id: the same on every attempt of it. Dedupe by it.',
    schema: { type: 'string', pattern: '^evt_[0-9A-Za-z]{24}$' },
  },
  { name: 'webhook-timestamp', description: 'When this attempt was sent, in Unix seconds.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  {
    name: 'webhook-signature',
    description:
      '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the base64-decoded bytes after `whsec_` of the endpoint’s secret; during a rotation, two such signatures separated by a space. Verify with any Standard Webhooks library.',
    schema: { type: 'string' },
  },
];

// OpenAPI 3.1's top-level webhooks: what each event type's delivery to a store's endpoint carries.
function webhooksFor() {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `${type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase())}Webhook`,
          summary: `A ${type} event`,
          description:
            'POSTed to each enabled webhook endpoint that takes this type (Standard Webhooks). Answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. At least once; a job’s events arrive in `sequence` order at their first attempt, retries later and maybe out of order: act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than your copy.',
          tags: ['Webhooks'],
          parameters: WEBHOOK_HEADERS.map((header) => ({ ...header, in: 'header', required: true })),
          requestBody: { required: true, content: { 'application/json': { schema: ref('Event'), example: EVENT_EXAMPLES[type] } } },
          responses: { '2XX': { description: 'Received: the delivery succeeded' } },
        },
      },
    ]),
  );
}

// Fleet wording and examples for the statuses whose meaning differs from the merchant API's.
const FLEET_ERROR_WORDING: Record<number, string> = {
  401: 'Fleet key missing, malformed (merchant keys included), unknown or revoked',
  403: 'The key’s role cannot use this route (rider vs operations), or the key was revoked during the request',
  404: 'No such job on offer, assigned to this rider, or (operations) live',
  409: 'The job’s state does not allow the move (invalid_transition), another rider took it first or, for operations, its status or rider changed meanwhile (concurrent_modification), the handoff is locked or its code expired; cash on delivery: another amount than the one due (collection_amount_mismatch), the delivery code while the payment is due (collection_pending), a job past the rider’s cash limit (cash_limit_exceeded), a deposit of more than the cash in hand (deposit_exceeds_cash_in_hand) or a deposit’s Idempotency-Key used for another deposit (idempotency_conflict)',
  422: 'Wrong handoff code (counted; the fifth locks the handoff)',
  429: 'This fleet key’s request limit exceeded; wait Retry-After seconds',
};
const FLEET_ERROR_EXAMPLES: Record<number, ErrorBody> = {
  401: exampleOf(new UnauthorizedError('invalid_fleet_key')),
  403: exampleOf(new WrongFleetRoleError('ops')),
  404: exampleOf(new JobNotFoundError(EXAMPLE_JOB_ID, 'fleet')),
  409: exampleOf(new IllegalTransitionError({ status: 'picked_by_agent' } as Job, { type: 'accept', agentId: 'rider-7' })),
  422: exampleOf(new WrongCodeError('pickup', 3)),
};

const FLEET_TAGS: Record<FleetTag, string> = {
  Offers: 'Jobs waiting for a rider',
  Riders: 'A rider’s moves on a job',
  Operations: 'Fleet operations’ fixes',
};

/** The fleet API's document (docs/fleet-openapi.json); `docs` default to what the docs modules export. */
export async function buildFleetOpenApiDocument(docs?: DocsByRoute) {
  // Loaded even when `docs` are given: loading them gives the schemas their words.
  const loaded = await loadOperationDocs();
  const operations = documentedRoutes(routes, docs ?? loaded, 'fleet');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet API (riders and fleet operations)',
      version: '1.0.0',
      description:
        'The other side of the delivery API: riders take offered jobs, confirm them, report their position, verify the handoffs and report failure; fleet operations reset locked handoffs and re-issue expired codes. Every request carries a fleet key as `Authorization: Bearer fk_rider_…` (bound to one agent id) or `fk_ops_…`; merchant keys are refused here, and fleet keys on the merchant API. Every change goes through the job lifecycle (docs/lifecycle.md) with a version check, and the merchant sees it on `GET /v1/jobs/{id}`. Sandbox jobs are driven by the simulator and never appear here.',
    },
    servers: SERVERS,
    security: [{ FleetKey: [] }],
    tags: tagsOf(FLEET_TAGS),
    paths: pathsFor(
      operations,
      (route) =>
        `Allowed keys: ${route.roles.map((role) => (role === 'ops' ? 'operations' : 'rider')).join(', ')}. Rate limit: ${FLEET_RATE_LIMIT.capacity} requests a minute per fleet key.`,
    ),
    components: {
      securitySchemes: {
        FleetKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A fleet key: fk_rider_… (a rider, bound to one agent id) or fk_ops_… (fleet operations), made with `npm run admin -- fleet-key create`.',
        },
      },
      schemas: componentSchemas(operations),
      responses: errorResponses(FLEET_ERROR_WORDING, FLEET_ERROR_EXAMPLES),
      headers: HEADERS,
    },
  };
}

/** The fleet document as committed in docs/fleet-openapi.json. */
export async function fleetOpenApiJson(): Promise<string> {
  return `${JSON.stringify(await buildFleetOpenApiDocument(), null, 2)}\n`;
}

/** The document as committed in docs/openapi.json (stable key order, two-space indent, final newline). */
export async function openApiJson(): Promise<string> {
  return `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
}

/** TypeScript types of an API for clients, generated from its document by openapi-typescript. */
export async function clientTypes(api: 'merchant' | 'fleet' = 'merchant'): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const [json, file] = api === 'merchant' ? [await openApiJson(), 'docs/openapi.json'] : [await fleetOpenApiJson(), 'docs/fleet-openapi.json'];
  const ast = await openapiTS(JSON.parse(json) as Parameters<typeof openapiTS>[0]);
  return `/**\n * Generated from ${file} by openapi-typescript (npm run openapi). Do not edit.\n */\n\n${astToString(ast)}`;
}
