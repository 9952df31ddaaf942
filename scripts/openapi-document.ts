import * as z from 'zod';
import { FLEET_RATE_LIMIT, routesOf, RATE_LIMITS, type FleetRouteKey, type MerchantRouteKey, type Route } from '../functions/http/routes.ts';
import { errorResult, STATUS_BY_CODE } from '../functions/http/errors.ts';
import { parseOrThrow } from '../functions/http/validation.ts';
import {
  AccessRevokedError,
  InternalError,
  JobNotFoundError,
  OutsideServiceAreaError,
  QuoteUsedError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthorizedError,
  WrongCodeError,
  WrongFleetRoleError,
  type AppError,
} from '../functions/core/errors.ts';
import { IllegalTransitionError } from '../functions/core/lifecycle.ts';
import type { Job } from '../functions/core/job.ts';
import { ErrorBody } from '../functions/schemas/common.schema.ts';
import { BalanceResponse } from '../functions/schemas/balance.schema.ts';
import { QuoteRequest, QuoteResponse } from '../functions/schemas/quote.schema.ts';
import { BookingHeaders, BookingRequest, JobDetail, JobListQuery, JobListResponse, JobPath } from '../functions/schemas/job.schema.ts';
import { CodeRequest, FailRequest, FleetJob, FleetJobList, FleetJobPath, FleetOfferList, HandoffPath, LocationRequest, OfferListQuery } from '../functions/schemas/fleet.schema.ts';

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

const OPERATIONS: Record<MerchantRouteKey, Operation> = {
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

/** The body the API answers an error with: examples are the real errors' own words, through the real edge. */
const exampleOf = (error: AppError): ErrorBody => JSON.parse(errorResult(error).body) as ErrorBody;

// A booking request with a phone number that is not an Indian mobile: the real validation error.
function invalidPhoneError(): AppError {
  try {
    parseOrThrow(BookingRequest, { quoteId: QUOTE_ID, externalOrderId: 'ORD-1001', pickupName: 'Chai Point', pickupPhone: '9876543210', dropName: 'Asha Rao', dropPhone: '12345' }, 'request body');
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the example booking request was valid');
}

// One example body per error status, with codes from the error table (functions/http/errors.ts).
const ERROR_RESPONSES: Record<number, { name: string; description: string; example: ErrorBody }> = {
  400: { name: 'BadRequest', description: 'Invalid JSON, invalid input or pagination; on cancel, a state that cannot be cancelled', example: exampleOf(invalidPhoneError()) },
  401: { name: 'Unauthorized', description: 'API key missing or invalid, or API access disabled', example: exampleOf(new UnauthorizedError('invalid_api_key')) },
  403: { name: 'Forbidden', description: 'API access disabled or the key revoked during the request', example: exampleOf(new AccessRevokedError()) },
  404: { name: 'NotFound', description: 'Quote or job not found for this store', example: exampleOf(new JobNotFoundError(JOB_ID)) },
  409: { name: 'Conflict', description: 'Idempotency conflict or in progress, quote expired or used, zone changed; on cancel, parcel return required or the job changed meanwhile', example: exampleOf(new QuoteUsedError()) },
  422: { name: 'Unprocessable', description: 'Outside the service area or route too long (quotes); insufficient credit (bookings)', example: exampleOf(new OutsideServiceAreaError('drop')) },
  429: { name: 'RateLimited', description: 'Store request limit exceeded; wait Retry-After seconds', example: exampleOf(new RateLimitedError(6)) },
  500: { name: 'InternalError', description: 'Unexpected server error', example: exampleOf(new InternalError('never shown')) },
  503: { name: 'ServiceUnavailable', description: 'Service temporarily unavailable; retry after Retry-After seconds', example: exampleOf(new ServiceUnavailableError()) },
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
  RateLimitLimit: { description: 'Requests a minute allowed in the route’s limit group (merchant: per store; fleet: per key)', schema: { type: 'string', pattern: '^[0-9]+$' } },
  RateLimitRemaining: { description: 'Requests left now in the group', schema: { type: 'string', pattern: '^[0-9]+$' } },
  RateLimitReset: { description: 'Seconds until the group’s budget is full again', schema: { type: 'string', pattern: '^[0-9]+$' } },
  RequestId: { description: 'This request’s id, for support', schema: { type: 'string' } },
};

const SERVERS = [
  { url: 'http://127.0.0.1:3000', description: 'Local runtime (npm start)' },
  { url: '{baseUrl}', description: 'A deployed stage (the stack output ApiUrl, without the trailing slash)', variables: { baseUrl: { default: 'https://api.example.com/prod' } } },
];

// The paths object of an API: one operation per route, from its operation's prose and schemas.
function pathsFor<R extends Route>(apiRoutes: R[], operations: Record<string, Operation>, extra: (route: R) => { tag: string; note: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of apiRoutes) {
    const operation = operations[`${route.method} ${route.path}`]!;
    const { tag, note } = extra(route);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: `${operation.description}\n\n${note}`,
      tags: [tag],
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
  return paths;
}

/** The merchant API's document (docs/openapi.json). */
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

  const paths = pathsFor(routesOf('merchant'), OPERATIONS, (route) => {
    const limit = RATE_LIMITS[route.rateGroup];
    return {
      tag: route.path.startsWith('/v1/jobs') ? 'Jobs' : route.path === '/v1/balance' ? 'Credit' : 'Quotes',
      note: `Rate limit group \`${route.rateGroup}\`: ${limit.capacity} requests a minute per store, shared by its keys.`,
    };
  });

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
    tags: [
      { name: 'Credit', description: 'Prepaid credit' },
      { name: 'Quotes', description: 'Pricing a route' },
      { name: 'Jobs', description: 'Booking, tracking and cancelling deliveries' },
    ],
    paths,
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The store’s key: mdk_live_… (or mdk_test_… for a sandbox store). Server side only.' } },
      schemas,
      responses: errorResponses(),
      headers: HEADERS,
    },
  };
}


// The fleet API: riders' app and fleet operations.
const fleetJobExample = {
  id: JOB_ID,
  status: 'booked',
  agentId: 'rider_7Qm2Xc9LpB4tR1vN8sKd',
  version: 5,
  pickup: { address: 'MG Road, Bengaluru', city: 'Bengaluru', pincode: '560001', latitude: 12.9756, longitude: 77.6066, name: 'Chai Point, MG Road', phone: '+919876543210' },
  drop: { address: '100 Feet Road, Indiranagar, Bengaluru', city: 'Bengaluru', pincode: '560038', latitude: 12.9784, longitude: 77.6408, name: 'Asha Rao', phone: '+919845012345' },
  distanceMeters: 4834,
  packageDescription: 'Documents',
  packageWeight: '750 g',
  riderLocation: { latitude: 12.9761, longitude: 77.6102, accuracy: 12, recordedAt: '2026-11-22T10:04:10.000Z' },
  verification: {
    pickup: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
    delivery: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  },
  events: [
    { id: '6f1c1d0e-7a4b-4c7e-9d55-2a51c8a3f0b2', status: 'created', actor: 'merchant', note: null, createdAt: AT },
    { id: '0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b', status: 'queued', actor: 'system', note: null, createdAt: '2026-11-22T10:00:01.000Z' },
    { id: '1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c', status: 'picked_by_agent', actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd', note: null, createdAt: '2026-11-22T10:02:00.000Z' },
    { id: '2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d', status: 'booking_in_progress', actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd', note: null, createdAt: '2026-11-22T10:02:30.000Z' },
    { id: '3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e', status: 'booked', actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd', note: null, createdAt: '2026-11-22T10:03:00.000Z' },
  ],
  createdAt: AT,
  updatedAt: '2026-11-22T10:04:10.000Z',
};
const fleetJobResponse = (description: string, example: unknown = fleetJobExample) => ({ status: 200, description, schema: 'FleetJobResponse', example: { data: example } });
const FLEET_ERRORS = [400, 401, 403, 404, 409, 429, 500, 503];

const FLEET_OPERATIONS: Record<FleetRouteKey, Operation> = {
  'GET /fleet/v1/offers': {
    operationId: 'listOffers',
    summary: 'Open offers',
    description:
      'Live jobs waiting for a rider (`queued`), longest waiting first. Send the rider’s `latitude` and `longitude` (together) to get the nearest pickups first, each with `pickupDistanceMeters` (great circle), and `withinMeters` to keep only those that close. Offers show where and what, not who: names and phone numbers appear once a rider has accepted.',
    query: OfferListQuery,
    success: [
      {
        status: 200,
        description: 'Offers',
        schema: 'FleetOfferList',
        example: { data: [{ id: JOB_ID, offeredAt: '2026-11-22T10:00:01.000Z', pickup: { address: 'MG Road, Bengaluru', city: 'Bengaluru', pincode: '560001', latitude: 12.9756, longitude: 77.6066 }, drop: { address: '100 Feet Road, Indiranagar, Bengaluru', city: 'Bengaluru', pincode: '560038', latitude: 12.9784, longitude: 77.6408 }, distanceMeters: 4834, pickupDistanceMeters: 1210, packageDescription: 'Documents', packageWeight: '750 g' }], limit: 20 },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /fleet/v1/assignments': {
    operationId: 'listAssignments',
    summary: 'My jobs',
    description: 'The jobs this rider holds now: accepted and not yet delivered or ended (`picked_by_agent` to `pickup_completed`), most recently changed first. What a rider’s app loads when it starts.',
    success: [{ status: 200, description: 'The rider’s current jobs', schema: 'FleetJobList', example: { data: [fleetJobExample] } }],
    errors: [401, 403, 429, 500, 503],
  },
  'GET /fleet/v1/jobs/{id}': {
    operationId: 'getFleetJob',
    summary: 'A job',
    description: 'An open offer or a job assigned to this rider (operations: any live job), with the handoffs’ state. Codes are never shown to the fleet: the store gives the pickup code and the customer the delivery code.',
    path: FleetJobPath,
    success: [fleetJobResponse('The job')],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'POST /fleet/v1/jobs/{id}/accept': {
    operationId: 'acceptOffer',
    summary: 'Accept an offer',
    description: 'Takes a `queued` job: it becomes `picked_by_agent` with this rider’s agent id. Another rider (or the merchant’s cancel) getting there first answers 409 or 404. Repeating a successful accept answers 200 with the job.',
    path: FleetJobPath,
    success: [fleetJobResponse('The job, now this rider’s', { ...fleetJobExample, status: 'picked_by_agent' })],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/start-confirmation': {
    operationId: 'startConfirmation',
    summary: 'Start confirming',
    description: 'The rider is confirming the job (`picked_by_agent` → `booking_in_progress`).',
    path: FleetJobPath,
    success: [fleetJobResponse('The job', { ...fleetJobExample, status: 'booking_in_progress' })],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/confirm': {
    operationId: 'confirmJob',
    summary: 'Confirm',
    description: 'The rider is on the way to the pickup (`booking_in_progress` → `booked`).',
    path: FleetJobPath,
    success: [fleetJobResponse('The job')],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/decline': {
    operationId: 'declineJob',
    summary: 'Decline',
    description: 'Gives an accepted, unconfirmed job back (`picked_by_agent` or `booking_in_progress` → `queued`): it is offered again, and dispatch’s wait starts again.',
    path: FleetJobPath,
    success: [fleetJobResponse('The job, back on offer', { ...fleetJobExample, status: 'queued', agentId: null, riderLocation: null })],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/location': {
    operationId: 'reportLocation',
    summary: 'Report location',
    description: 'The rider’s GPS fix while on the job (`picked_by_agent` to `pickup_completed`); the merchant sees it as `riderLocation`.',
    path: FleetJobPath,
    requestBody: { schema: 'LocationRequest', example: { latitude: 12.9761, longitude: 77.6102, accuracy: 12 } },
    success: [fleetJobResponse('The job with its new location')],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive': {
    operationId: 'arrive',
    summary: 'Arrive at pickup or drop',
    description: 'At the pickup (job `booked`) the pickup code becomes `active`; at the drop (job `pickup_completed`) the delivery code’s 30 minutes start. The code expires 30 minutes after arrival.',
    path: HandoffPath,
    success: [fleetJobResponse('The job', { ...fleetJobExample, verification: { ...fleetJobExample.verification, pickup: { status: 'active', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: null, attemptsRemaining: 5 } } })],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code': {
    operationId: 'submitCode',
    summary: 'Submit a handoff code',
    description:
      'The right pickup code completes the pickup (`pickup_completed`; the delivery code becomes active); the right delivery code delivers the job (`delivered`; the charge is captured). A wrong code answers 422 `wrong_code` and counts: the fifth locks the handoff (409 `handoff_locked`) until operations reset it. A code past its expiry answers 409 `code_expired`; operations can re-issue it.',
    path: HandoffPath,
    requestBody: { schema: 'CodeRequest', example: { code: '4821' } },
    success: [fleetJobResponse('The code was right: the job moved on', { ...fleetJobExample, status: 'pickup_completed' })],
    errors: [...FLEET_ERRORS, 422],
  },
  'POST /fleet/v1/jobs/{id}/fail': {
    operationId: 'failJob',
    summary: 'Report failure',
    description: 'The delivery cannot go on. Before pickup the job fails and the merchant’s reservation is released; after pickup it fails with settlement `review`, resolved by operations (`settlement resolve`). The reason is the event’s note.',
    path: FleetJobPath,
    requestBody: { schema: 'FailRequest', example: { reason: 'Store closed; nobody answered the phone' } },
    success: [fleetJobResponse('The failed job', { ...fleetJobExample, status: 'failed', riderLocation: null })],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock': {
    operationId: 'resetLock',
    summary: 'Reset a locked handoff (operations)',
    description: 'A handoff locked by five wrong codes gets a fresh code (the merchant sees it) and five new tries, active for 30 minutes.',
    path: HandoffPath,
    success: [fleetJobResponse('The job with the handoff active again')],
    errors: FLEET_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reissue-code': {
    operationId: 'reissueCode',
    summary: 'Re-issue an expired code (operations)',
    description: 'An expired handoff gets a fresh code (the merchant sees it), active for 30 minutes.',
    path: HandoffPath,
    success: [fleetJobResponse('The job with the handoff active again')],
    errors: FLEET_ERRORS,
  },
};

// Fleet wording and examples for the statuses whose meaning differs from the merchant API's.
const FLEET_ERROR_WORDING: Record<number, string> = {
  401: 'Fleet key missing, malformed (merchant keys included), unknown or revoked',
  403: 'The key’s role cannot use this route (rider vs operations), or the key was revoked during the request',
  404: 'No such job on offer, assigned to this rider, or (operations) live',
  409: 'The job’s state does not allow the move (invalid_transition), it changed meanwhile (concurrent_modification), or the handoff is locked or its code expired',
  422: 'Wrong handoff code (counted; the fifth locks the handoff)',
  429: 'This fleet key’s request limit exceeded; wait Retry-After seconds',
};
const FLEET_ERROR_EXAMPLES: Record<number, ErrorBody> = {
  401: exampleOf(new UnauthorizedError('invalid_fleet_key')),
  403: exampleOf(new WrongFleetRoleError('ops')),
  404: exampleOf(new JobNotFoundError(JOB_ID, 'fleet')),
  409: exampleOf(new IllegalTransitionError({ status: 'picked_by_agent' } as Job, 'accept')),
  422: exampleOf(new WrongCodeError('pickup', 3)),
};

/** The fleet API's document (docs/fleet-openapi.json). */
export function buildFleetOpenApiDocument() {
  const schemas: Record<string, JsonSchema> = {
    LocationRequest: jsonSchema(LocationRequest, 'input'),
    CodeRequest: jsonSchema(CodeRequest, 'input'),
    FailRequest: jsonSchema(FailRequest, 'input'),
    FleetJobResponse: envelope(jsonSchema(FleetJob, 'output')),
    FleetOfferList: jsonSchema(FleetOfferList, 'output'),
    FleetJobList: jsonSchema(FleetJobList, 'output'),
    ErrorBody: { ...jsonSchema(ErrorBody, 'output'), description: `Every error status answers with this body. Codes by status — ${codesByStatus()}.` },
  };
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
    tags: [
      { name: 'Offers', description: 'Jobs waiting for a rider' },
      { name: 'Riders', description: 'A rider’s moves on a job' },
      { name: 'Operations', description: 'Fleet operations’ fixes' },
    ],
    paths: pathsFor(routesOf('fleet'), FLEET_OPERATIONS, (route) => ({
      tag: route.path === '/fleet/v1/offers' ? 'Offers' : route.roles.includes('rider') ? 'Riders' : 'Operations',
      note: `Allowed keys: ${route.roles.map((role) => (role === 'ops' ? 'operations' : 'rider')).join(', ')}. Rate limit: ${FLEET_RATE_LIMIT.capacity} requests a minute per fleet key.`,
    })),
    components: {
      securitySchemes: { FleetKey: { type: 'http', scheme: 'bearer', description: 'A fleet key: fk_rider_… (a rider, bound to one agent id) or fk_ops_… (fleet operations), made with `npm run admin -- fleet-key create`.' } },
      schemas,
      responses: errorResponses(FLEET_ERROR_WORDING, FLEET_ERROR_EXAMPLES),
      headers: HEADERS,
    },
  };
}

/** The fleet document as committed in docs/fleet-openapi.json. */
export function fleetOpenApiJson(): string {
  return `${JSON.stringify(buildFleetOpenApiDocument(), null, 2)}\n`;
}

/** The document as committed in docs/openapi.json (stable key order, two-space indent, final newline). */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

/** TypeScript types of an API for clients, generated from its document by openapi-typescript. */
export async function clientTypes(api: 'merchant' | 'fleet' = 'merchant'): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const [json, file] = api === 'merchant' ? [openApiJson(), 'docs/openapi.json'] : [fleetOpenApiJson(), 'docs/fleet-openapi.json'];
  const ast = await openapiTS(JSON.parse(json) as Parameters<typeof openapiTS>[0]);
  return `/**\n * Generated from ${file} by openapi-typescript (npm run openapi). Do not edit.\n */\n\n${astToString(ast)}`;
}
