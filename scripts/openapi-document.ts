import * as z from 'zod';
import { routes, RATE_LIMITS, type Route, type RouteKey } from '../functions/http/routes.ts';
import { STATUS_BY_CODE } from '../functions/http/errors.ts';
import { ErrorBody } from '../functions/schemas/common.schema.ts';
import { BalanceResponse } from '../functions/schemas/balance.schema.ts';
import { QuoteRequest, QuoteResponse } from '../functions/schemas/quote.schema.ts';
import { BookingRequest, JobDetail, JobListQuery, JobListResponse, JobPath } from '../functions/schemas/job.schema.ts';
import { BookingHeaders } from '../functions/create-booking.ts';

/**
 * The merchant API's OpenAPI 3.1 description, built from the route table and the zod schemas the
 * handlers validate and answer with: nothing here restates a field. What is added is prose, which
 * statuses each operation can answer (the spec's lists) and examples.
 */

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (the dialect of OpenAPI 3.1), as a client sends or receives it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'throw',
    // Query strings are text, but the number they spell is what a client needs to know.
    override: ({ jsonSchema: out }) => {
      const numeric = (out as { queryInteger?: JsonSchema }).queryInteger;
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

const QUOTE_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const JOB_ID = '0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1';
const AT = '2026-11-22T10:00:00.000Z';

const jobExample = {
  id: JOB_ID,
  externalOrderId: 'ORD-1001',
  status: 'created',
  agentId: null,
  dropName: 'Asha Rao',
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropCity: 'Bengaluru',
  dropPincode: '560038',
  dropPhone: '+919845012345',
  packageDescription: 'Documents',
  chargeMinor: 6900,
  settlement: 'reserved',
  createdAt: AT,
  updatedAt: AT,
};
const jobDetailExample = {
  ...jobExample,
  pickupName: 'Chai Point, MG Road',
  pickupAddress: 'MG Road, Bengaluru',
  pickupCity: 'Bengaluru',
  pickupPincode: '560001',
  pickupPhone: '+919876543210',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
  packageWeight: '750 g',
  packageWeightGrams: 750,
  packageValue: 1500,
  packageValueMinor: 150000,
  riderLocation: null,
  events: [{ id: '6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2', status: 'created', actor: 'merchant', note: null, createdAt: AT }],
  verification: {
    testMode: false,
    pickup: { status: 'pending', code: '4821', expiresAt: null, verifiedAt: null },
    delivery: { status: 'pending', code: '1907', expiresAt: null, verifiedAt: null },
  },
};
const quoteRequestExample = {
  pickupAddress: 'MG Road, Bengaluru',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
  packageWeightGrams: 750,
};

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  /** Success status → schema name and example. */
  success: Array<{ status: number; description: string; schema: string; example: unknown }>;
  /** Error statuses the spec lists for this operation. */
  errors: number[];
  requestBody?: { schema: string; example: unknown };
  query?: z.ZodObject;
  path?: z.ZodObject;
  headers?: z.ZodObject;
}

const COMMON_ERRORS = [400, 401, 403, 429, 500, 503];

const OPERATIONS: Record<RouteKey, Operation> = {
  'GET /v1/balance': {
    operationId: 'getBalance',
    summary: 'Check credit',
    description: 'The store’s prepaid credit in paise: balance, the part reserved for open jobs, and what is available for new bookings. Counts against the read limit.',
    success: [{ status: 200, description: 'The store’s credit', schema: 'BalanceResponse', example: { data: { apiEnabled: true, balanceMinor: 500000, reservedMinor: 6900, availableMinor: 493100, currency: 'INR' } } }],
    errors: COMMON_ERRORS,
  },
  'POST /v1/job-quotes': {
    operationId: 'createQuote',
    summary: 'Create a quote',
    description: 'Prices a pickup-to-drop route. Both stops must lie in one supported delivery zone. The quote is valid for five minutes and can be booked once.',
    requestBody: { schema: 'QuoteRequest', example: quoteRequestExample },
    success: [{ status: 201, description: 'The quote', schema: 'QuoteResponse', example: { data: { id: QUOTE_ID, distanceMeters: 4834, chargeMinor: 6900, expiresAt: '2026-11-22T10:05:00.000Z', currency: 'INR', provider: 'service_fleet' } } }],
    errors: [...COMMON_ERRORS, 422],
  },
  'POST /v1/jobs': {
    operationId: 'createJob',
    summary: 'Book a quoted delivery',
    description:
      'Books an unexpired, unused quote of the store, reserving its charge from available credit. Send a unique Idempotency-Key: repeating the request with the same key and the same (normalised) details returns the existing job with 200; the same key with other details is 409. After an uncertain outcome (a timeout), retry with the same key and payload.',
    headers: BookingHeaders,
    requestBody: { schema: 'BookingRequest', example: { quoteId: QUOTE_ID, externalOrderId: 'ORD-1001', pickupName: 'Chai Point, MG Road', pickupPhone: '+91 98765 43210', dropName: 'Asha Rao', dropPhone: '098450-12345' } },
    success: [
      { status: 201, description: 'The job was booked', schema: 'JobDetailResponse', example: { data: jobDetailExample } },
      { status: 200, description: 'The same request came again with the same Idempotency-Key: the existing job', schema: 'JobDetailResponse', example: { data: jobDetailExample } },
    ],
    errors: [...COMMON_ERRORS, 404, 409, 422],
  },
  'GET /v1/jobs': {
    operationId: 'listJobs',
    summary: 'List jobs',
    description: 'The store’s jobs, newest first, optionally of one status. Counts against the read limit.',
    query: JobListQuery,
    success: [{ status: 200, description: 'A page of job summaries', schema: 'JobListResponse', example: { data: [jobExample], limit: 50, offset: 0 } }],
    errors: COMMON_ERRORS,
  },
  'GET /v1/jobs/{id}': {
    operationId: 'getJob',
    summary: 'Job details',
    description: 'The job with its status history, rider location (during an active assignment) and handoff verification. Counts against the read limit.',
    path: JobPath,
    success: [{ status: 200, description: 'The job', schema: 'JobDetailResponse', example: { data: jobDetailExample } }],
    errors: [...COMMON_ERRORS, 404],
  },
  'POST /v1/jobs/{id}/cancel': {
    operationId: 'cancelJob',
    summary: 'Cancel a job',
    description:
      'Cancels the job while its state allows (created, queued, picked_by_agent, booking_in_progress, booked) and releases its reservation. After pickup the parcel must be returned first (409); finished jobs cannot be cancelled (400). Counts against the cancellation limit.',
    path: JobPath,
    success: [
      {
        status: 200,
        description: 'The cancelled job',
        schema: 'JobDetailResponse',
        example: {
          data: {
            ...jobDetailExample,
            status: 'cancelled',
            settlement: 'released',
            verification: { testMode: false, pickup: { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null }, delivery: { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null } },
          },
        },
      },
    ],
    errors: [...COMMON_ERRORS, 404, 409],
  },
};

// One example body per error status, with codes from the error table (functions/http/errors.ts).
const ERROR_RESPONSES: Record<number, { name: string; description: string; example: ErrorBody }> = {
  400: { name: 'BadRequest', description: 'Invalid JSON, invalid input or pagination; on cancel, a state that cannot be cancelled', example: { error: 'Invalid request body: check dropPhone', code: 'validation_error', details: { formErrors: [], fieldErrors: { dropPhone: ['Must be an Indian mobile number: ten digits starting 6-9, optionally after +91, 91 or 0'] } } } },
  401: { name: 'Unauthorized', description: 'API key missing or invalid, or API access disabled', example: { error: 'Invalid API key', code: 'unauthorized' } },
  403: { name: 'Forbidden', description: 'API access disabled or the key revoked during the request', example: { error: 'API access was disabled or the API key was revoked during the request', code: 'forbidden' } },
  404: { name: 'NotFound', description: 'Quote or job not found for this store', example: { error: 'No job 0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1 for this store', code: 'job_not_found' } },
  409: { name: 'Conflict', description: 'Idempotency conflict or in progress, quote expired or used, zone changed; on cancel, parcel return required or the job changed meanwhile', example: { error: 'This quote has already been booked; request a new quote', code: 'quote_used' } },
  422: { name: 'Unprocessable', description: 'Outside the service area or route too long (quotes); insufficient credit (bookings)', example: { error: 'Drop is outside every service zone', code: 'outside_service_area' } },
  429: { name: 'RateLimited', description: 'Store request limit exceeded; wait Retry-After seconds', example: { error: 'Rate limit exceeded; retry in 6 s', code: 'rate_limited' } },
  500: { name: 'InternalError', description: 'Unexpected server error', example: { error: 'Internal server error', code: 'internal_error' } },
  503: { name: 'ServiceUnavailable', description: 'Service temporarily unavailable; retry after Retry-After seconds', example: { error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' } },
};

/** Every error code the API uses, grouped by status (for the description of ErrorBody.code). */
function codesByStatus(): string {
  const groups = new Map<number, string[]>();
  for (const [code, status] of Object.entries(STATUS_BY_CODE)) groups.set(status, [...(groups.get(status) ?? []), code]);
  return [...groups].sort(([a], [b]) => a - b).map(([status, codes]) => `${status}: ${codes.join(', ')}`).join('; ');
}

function parameters(operation: Operation) {
  const list: Array<Record<string, unknown>> = [];
  const add = (where: 'path' | 'query' | 'header', schema: z.ZodObject | undefined) => {
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

/** The whole document. */
export function buildOpenApiDocument() {
  const schemas: Record<string, JsonSchema> = {
    QuoteRequest: jsonSchema(QuoteRequest, 'input'),
    BookingRequest: jsonSchema(BookingRequest, 'input'),
    QuoteResponse: envelope(jsonSchema(QuoteResponse, 'output')),
    BalanceResponse: envelope(jsonSchema(BalanceResponse, 'output')),
    JobDetailResponse: envelope(jsonSchema(JobDetail, 'output')),
    JobListResponse: jsonSchema(JobListResponse, 'output'),
    ErrorBody: { ...jsonSchema(ErrorBody, 'output'), description: `Every error status answers with this body. Codes by status — ${codesByStatus()}.` },
  };

  const rateLimitHeaders = {
    'RateLimit-Limit': { $ref: '#/components/headers/RateLimitLimit' },
    'RateLimit-Remaining': { $ref: '#/components/headers/RateLimitRemaining' },
    'RateLimit-Reset': { $ref: '#/components/headers/RateLimitReset' },
    'X-Request-Id': { $ref: '#/components/headers/RequestId' },
  };

  const responses: Record<string, unknown> = {};
  for (const [status, { name, description, example }] of Object.entries(ERROR_RESPONSES)) {
    const retry = status === '429' || status === '503';
    responses[name] = {
      description,
      headers: { ...(retry && { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }), 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
      content: { 'application/json': { schema: ref('ErrorBody'), example } },
    };
  }

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes as readonly Route[]) {
    const key = `${route.method} ${route.path}` as RouteKey;
    const operation = OPERATIONS[key];
    const limit = RATE_LIMITS[route.rateGroup];
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: `${operation.description}\n\nRate limit group \`${route.rateGroup}\`: ${limit.capacity} requests a minute per store, shared by its keys.`,
      tags: [route.path.startsWith('/v1/jobs') ? 'Jobs' : route.path === '/v1/balance' ? 'Credit' : 'Quotes'],
      parameters: parameters(operation),
      ...(operation.requestBody && {
        requestBody: { required: true, content: { 'application/json': { schema: ref(operation.requestBody.schema), example: operation.requestBody.example } } },
      }),
      responses: {
        ...Object.fromEntries(
          operation.success.map((success) => [
            String(success.status),
            { description: success.description, headers: rateLimitHeaders, content: { 'application/json': { schema: ref(success.schema), example: success.example } } },
          ]),
        ),
        ...Object.fromEntries(operation.errors.map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` }])),
      },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Merchant Delivery Booking API',
      version: '1.0.0',
      description:
        'Quotes, bookings, tracking and cancellation of deliveries for Indian stores, paid from prepaid credit in paise (100 paise = 1 rupee). Every request carries the store’s key in `X-Api-Key`; everything is scoped to that store. Successful responses wrap the result in `data`; errors answer `{error, code, details?}`.',
    },
    servers: [
      { url: 'http://127.0.0.1:3000', description: 'Local runtime (npm start)' },
      { url: '{baseUrl}', description: 'A deployed stage (the stack output ApiUrl, without the trailing slash)', variables: { baseUrl: { default: 'https://api.example.com/prod' } } },
    ],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'Credit', description: 'Prepaid credit' },
      { name: 'Quotes', description: 'Pricing a route' },
      { name: 'Jobs', description: 'Booking, tracking and cancelling deliveries' },
    ],
    paths,
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The store’s key: mdk_live_… (or mdk_test_… for a sandbox store). Server side only.' } },
      schemas,
      responses,
      headers: {
        RetryAfter: { description: 'Whole seconds to wait before retrying (at least 1)', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
        RateLimitLimit: { description: 'Requests a minute this store may make in the route’s limit group', schema: { type: 'string', pattern: '^[0-9]+$' } },
        RateLimitRemaining: { description: 'Requests left now in the group', schema: { type: 'string', pattern: '^[0-9]+$' } },
        RateLimitReset: { description: 'Seconds until the group’s budget is full again', schema: { type: 'string', pattern: '^[0-9]+$' } },
        RequestId: { description: 'This request’s id, for support', schema: { type: 'string' } },
      },
    },
  };
}

/** The document as committed in docs/openapi.json (stable key order, two-space indent, final newline). */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

/** TypeScript types of the API for clients, generated from the document by openapi-typescript. */
export async function clientTypes(): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(openApiJson()) as Parameters<typeof openapiTS>[0]);
  return `/**\n * Generated from docs/openapi.json by openapi-typescript (npm run openapi). Do not edit.\n */\n\n${astToString(ast)}`;
}
