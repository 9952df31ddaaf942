import { fc, it } from '@fast-check/vitest';
import { beforeAll, describe, expect } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routes, routesOf, type FleetRoute, type HttpMethod, type MerchantRoute, type Route } from '../../functions/http/routes.ts';
import { STATUS_BY_CODE } from '../../functions/http/errors.ts';
import { DELIVERY_ATTEMPT_REASONS, JOB_STATUSES, type HandoffName, type Job } from '../../functions/core/job.ts';
import { handoffOf, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { EVENT_TYPES } from '../../functions/core/event.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { remittanceTick } from '../../functions/workers/remittances.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { keys } from '../../functions/data/table.ts';
import { useLocalApi } from '../helpers/server.ts';
import { thenOrdinaryRequest } from '../helpers/raw-http.ts';
import { assertMatchesContract } from '../helpers/contract.ts';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob, type Stage } from '../helpers/fleet.ts';
import { bengaluruQuote, pricedBengaluruQuote } from '../helpers/fixtures.ts';
import {
  bearerForms,
  extraHeaders,
  headerValue,
  mutatedBody,
  notAKey,
  pathSegment,
  queryString,
  rawBody,
  unknownFleetKey,
  unknownMerchantKey,
} from './arbitraries.ts';

/**
 * Fuzzing of our own: every route of the route table gets generated requests (bodies, queries, extra
 * headers, path ids, keys) through the real local server, and every answer must hold to:
 *  1. no 5xx;
 *  2. an error is the spec's body, exactly `{ error, code, details? }` (details only on validation
 *     errors, `{ formErrors, fieldErrors }`), its status the one its code stands for, under 8 KB;
 *  3. a 4xx changes nothing the request could have changed (the store's items: record, ledger,
 *     quotes, jobs, booking markers; the fleet's offers, assignments and holdings; the dispatcher's
 *     worklist; idempotency records);
 *  4. an answer comes within HANG_MS;
 *  5. the answer matches the API description (the contract check `server.request` runs).
 * Requests go out with plain fetch, and the contract check runs after our own checks: a response that
 * is not even JSON then fails on a check that names the property, not inside the contract check's parser.
 *
 * `npm test` runs FUZZ_RUNS (default 20) cases per route from a fixed seed; `npm run fuzz -- --runs N`
 * runs more from a random seed, printed, that `--seed` replays (docs/testing.md).
 */
// Rider A of each fleet world holds three jobs: at the pickup door, at the drop, and a parcel on its way back.
process.env.RIDER_MAX_HELD_JOBS = '3';
const api = useLocalApi();

function envInteger(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${text}`);
  return value;
}

const RUNS = envInteger('FUZZ_RUNS', 20);
const SEED = envInteger('FUZZ_SEED', 20261123);
/** A route's property: RUNS cases from a seed of its own (FUZZ_SEED + the route's place in the table), so no two routes draw the same cases. */
const propertyOf = (route: Route) => ({ numRuns: RUNS, seed: SEED + (routes as readonly Route[]).indexOf(route) });
// A property of RUNS requests, each with its snapshots, well inside this (longer runs get longer).
const TEST_TIMEOUT_MS = Math.max(30_000, RUNS * 1_000);

/**
 * A hang detector, not a benchmark: no request to a local server should take anywhere near this, so
 * crossing it means something waited on nothing (the guide's rule against timing assertions is about
 * speed; this bound is a hundred times what any route needs).
 */
const HANG_MS = 5_000;
/** An error body is a sentence and a code (and a capped list of fields): never more than this. */
const ERROR_BODY_MAX_BYTES = 8 * 1024;

type Item = Record<string, unknown>;
/** What a request could change: the items of some partitions, and how many idempotency records there are. */
type Snapshot = { partitions: Record<string, Item[]>; idempotencyRecords?: number };

// Every item of a partition; rate-limit buckets are left out (every authenticated request spends a
// token, 4xx or not: that is the limiter's job, not a state change).
const stateOf = async (rt: Runtime, pk: string): Promise<Item[]> => (await partitionItems(rt, pk)).filter((item) => !String(item.SK).startsWith('RATE#'));

// Idempotency records live in partitions of their own (a hash of store and key), so they are counted.
async function idempotencyRecordCount(rt: Runtime): Promise<number> {
  let count = 0;
  let startKey: Item | undefined;
  do {
    const page = await dbOf(rt).send(
      new ScanCommand({
        TableName: rt.config.TABLE_NAME,
        FilterExpression: 'SK = :sk',
        ExpressionAttributeValues: { ':sk': 'IDEMPOTENCY' },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** The zone of every route the fuzz worlds book (the fixtures' Bengaluru quote): its offers list and worklist shards are snapshotted. */
const FUZZ_ZONE = pricedBengaluruQuote.zoneId;

async function snapshotOf(rt: Runtime, partitions: string[], options: { idempotency?: boolean } = {}): Promise<Snapshot> {
  const entries = await Promise.all(partitions.map(async (pk) => [pk, await stateOf(rt, pk)] as const));
  return { partitions: Object.fromEntries(entries), ...(options.idempotency && { idempotencyRecords: await idempotencyRecordCount(rt) }) };
}

/** A request as sent. */
interface Sent {
  method: HttpMethod;
  path: string;
  headers: Headers;
  body: string | undefined;
}

/** What came back. */
interface Answer {
  status: number;
  code: string | null;
  body: unknown;
}

/**
 * Sends the request and holds the answer to the properties. `recordedRefusal` answers whether a 4xx
 * is one the spec says writes (a refused code is counted), having checked itself what changed.
 */
async function sendAndCheck(
  sent: Sent,
  snapshot: () => Promise<Snapshot>,
  recordedRefusal?: (answer: Answer, before: Snapshot, after: Snapshot) => boolean,
): Promise<Answer> {
  const where = `${sent.method} ${sent.path}`;
  const before = await snapshot();
  const started = performance.now();
  const response = await fetch(`${api.server.url}${sent.path}`, { method: sent.method, headers: sent.headers, body: sent.body });
  const text = await response.text();
  const elapsedMs = performance.now() - started;
  const after = await snapshot();

  expect(response.status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(elapsedMs, `${where} took ${Math.round(elapsedMs)} ms`).toBeLessThan(HANG_MS);
  const body = text.length > 0 ? (JSON.parse(text) as unknown) : null;
  let code: string | null = null;
  if (response.status >= 400) {
    expect(Buffer.byteLength(text), `${where}: error body size`).toBeLessThan(ERROR_BODY_MAX_BYTES);
    expect(response.headers.get('content-type'), `${where}: error content type`).toMatch(/^application\/json/);
    expectErrorBody(body, response.status, where);
    code = (body as { code: string }).code;
    const answer = { status: response.status, code, body };
    if (!recordedRefusal?.(answer, before, after)) expect(after, `${where} → ${response.status} ${code} changed state`).toEqual(before);
  }
  assertMatchesContract(
    { method: sent.method, path: new URL(sent.path, api.server.url).pathname },
    { status: response.status, headers: response.headers, body: text },
  );
  return { status: response.status, code, body };
}

/** The `details` of the 409s and 422s that have them (ErrorBody in views/error.view.ts); every other code's are a validation error's. */
const CONFLICT_DETAILS: Record<string, Record<string, unknown>> = {
  job_not_editable: { fields: expect.any(Array), status: expect.any(String) },
  parcel_return_required: { returnPath: expect.stringMatching(/^\/v1\/jobs\/[0-9a-f-]{36}\/return$/) },
  parcel_not_picked_up: { status: expect.any(String), cancelPath: expect.stringMatching(/^\/v1\/jobs\/[0-9a-f-]{36}\/cancel$/) },
  no_decision_pending: { status: expect.any(String) },
  collection_limit_exceeded: { maxCollectMinor: expect.any(Number) },
  collection_amount_mismatch: { dueMinor: expect.any(Number) },
  collection_pending: { dueMinor: expect.any(Number), collectionPath: expect.stringMatching(/^\/fleet\/v1\/jobs\/[0-9a-f-]{36}\/collection$/) },
  cash_limit_exceeded: { limitMinor: expect.any(Number) },
  deposit_exceeds_cash_in_hand: { inHandMinor: expect.any(Number) },
  deposit_receipt_used: { depositId: expect.any(String) },
  not_cancellable: { status: expect.any(String) },
};

// An Idempotency-Key used for another deposit names that deposit; one used for another booking names its job.
const conflictDetails = (code: string, details: unknown) =>
  code === 'idempotency_conflict' && typeof details === 'object' && details !== null && 'depositId' in details
    ? { depositId: expect.any(String) }
    : code === 'idempotency_conflict' && typeof details === 'object' && details !== null && 'jobId' in details
      ? { jobId: expect.any(String) }
      : CONFLICT_DETAILS[code];

/**
 * Exactly `{ error, code }` or `{ error, code, details }`, details only on validation errors and the refusals that name
 * more, always with the seed's formErrors and fieldErrors (issue 33), the status the code's.
 */
function expectErrorBody(body: unknown, status: number, where: string): void {
  const details = (body as { details?: unknown } | null)?.details;
  expect(body, `${where}: error body`).toEqual({
    error: expect.stringMatching(/\S/),
    code: expect.stringMatching(/^[a-z_]+$/),
    ...(details !== undefined && {
      details: { formErrors: expect.any(Array), fieldErrors: expect.any(Object), ...conflictDetails((body as { code?: string }).code ?? '', details) },
    }),
  });
  const { code } = body as { code: keyof typeof STATUS_BY_CODE };
  expect(STATUS_BY_CODE[code], `${where}: status of ${code}`).toBe(status);
  if (details === undefined) return;
  if (conflictDetails(code, details) === undefined) expect(code, `${where}: details on a ${code}`).toBe('validation_error');
  const { formErrors, fieldErrors } = details as { formErrors: unknown[]; fieldErrors: Record<string, unknown> };
  expect(
    formErrors.filter((message) => typeof message !== 'string'),
    `${where}: formErrors`,
  ).toEqual([]);
  for (const [field, messages] of Object.entries(fieldErrors)) {
    expect(Array.isArray(messages) && messages.every((message) => typeof message === 'string'), `${where}: fieldErrors[${field}]`).toBe(true);
  }
}

/**
 * Which resource a path names: one of the file's own of the route's kind (a job, an event, a webhook
 * endpoint; by index), the same in capitals, or a segment as sent.
 */
type IdChoice = { kind: 'job'; index: number } | { kind: 'job-upper'; index: number } | { kind: 'segment'; segment: string };

const idChoice: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((index) => ({ kind: 'job' as const, index })) },
  { weight: 1, arbitrary: fc.nat().map((index) => ({ kind: 'job-upper' as const, index })) },
  { weight: 1, arbitrary: fc.uuid().map((segment) => ({ kind: 'segment' as const, segment })) },
  { weight: 2, arbitrary: pathSegment.map((segment) => ({ kind: 'segment' as const, segment })) },
);

function idSegment(choice: IdChoice, ids: readonly string[]): string {
  if (choice.kind === 'segment') return choice.segment;
  const id = ids[choice.index % ids.length]!;
  return choice.kind === 'job-upper' ? id.toUpperCase() : id;
}

// A JSON field's value as request text.
const fields = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).map(([name, value]) => [name, JSON.stringify(value)]));

// Placeholders a valid body carries until the request is made: a quote of the store's, the job's current code.
const QUOTE_ID = '{{quoteId}}';
const ENDPOINT_ID = '{{endpointId}}';
const HANDOFF_CODE = '{{code}}';

/** A POST body: a valid one (from `valid`) mutated, text that is not JSON or JSON of the wrong kind, or none. */
function postBody(valid: fc.Arbitrary<Record<string, unknown>> | undefined): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    valid ? { weight: 6, arbitrary: valid.chain((body) => mutatedBody(fields(body))) } : { weight: 2, arbitrary: fc.json({ maxDepth: 2 }) },
    { weight: 2, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A latitude or longitude in range (not NaN: JSON has none). */
const coordinate = (max: number) => fc.double({ min: -max, max, noNaN: true });

// ---------------------------------------------------------------------------------------------------
// Merchant routes: X-Api-Key of a store.

/** How a merchant request authenticates: the store's own key (mostly), another's, or no valid key. */
type MerchantKeyChoice =
  { kind: 'own' | 'other-store' | 'revoked' | 'fleet-key' | 'missing' } | { kind: 'text'; text: string } | { kind: 'unknown'; text: string };

const merchantKeyChoice: fc.Arbitrary<MerchantKeyChoice> = fc.oneof(
  { weight: 16, arbitrary: fc.constant({ kind: 'own' as const }) },
  { weight: 1, arbitrary: fc.constantFrom(...(['other-store', 'revoked', 'fleet-key', 'missing'] as const)).map((kind) => ({ kind })) },
  { weight: 1, arbitrary: notAKey.map((text) => ({ kind: 'text' as const, text })) },
  { weight: 1, arbitrary: unknownMerchantKey.map((text) => ({ kind: 'unknown' as const, text })) },
);

/** The Idempotency-Key of a booking: a fresh one, one used before, a bad one, or none. */
const idempotencyKeyChoice: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constant('fuzz-replayed-key') },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

interface MerchantCase {
  key: MerchantKeyChoice;
  id: IdChoice;
  quote: number;
  query: string;
  headers: Array<[string, string]>;
  idempotencyKey: string | undefined;
  /** If-Match of an edit: an ETag current or not, `*`, a weak one, or not one at all. */
  ifMatch: string | undefined;
  body: string | undefined;
}

const MERCHANT_QUERIES: Record<string, Record<string, readonly string[]>> = {
  'GET /v1/jobs': {
    status: JOB_STATUSES,
    limit: ['1', '50', '100'],
    offset: ['0', '3', '100000'],
    externalOrderId: ['ORD-1', 'a#b'],
    createdFrom: ['2026-01-01T00:00:00Z', '2026-11-27T10:00:00+05:30'],
    createdTo: ['2030-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'],
    needsDecision: ['true', 'false'],
  },
  'GET /v1/events': { limit: ['1', '50', '100'], type: EVENT_TYPES, after: ['ZmVlZDow', 'ZmVlZDox'] },
  'GET /v1/ledger': { limit: ['1', '50', '100'] },
  'GET /v1/remittances': { limit: ['1', '50', '100'] },
  'GET /v1/webhook-endpoints/{id}/deliveries': { limit: ['1', '50', '100'] },
};

/** A serviceability check's stop: coordinates, a pincode, or a DIGIPIN (one that decodes, or any string that may not). */
const serviceabilityStop = fc.oneof(
  fc.tuple(coordinate(90), coordinate(180)).map(([latitude, longitude]) => ({ latitude, longitude })),
  fc.integer({ min: 100_000, max: 999_999 }).map((pincode) => ({ pincode: String(pincode) })),
  fc.oneof(fc.constant('4P3-J2L-T95K'), fc.string({ minLength: 1, maxLength: 20 })).map((digipin) => ({ digipin })),
);

/** Valid bodies of the merchant routes that take one: the Bengaluru quote, a quote anywhere on Earth, one that collects cash on delivery; a booking of a quote of the store's. */
const MERCHANT_BODIES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'POST /v1/job-quotes': fc.oneof(
    fc.constant(bengaluruQuote),
    fc.tuple(coordinate(90), coordinate(180), coordinate(90), coordinate(180)).map(([pickupLatitude, pickupLongitude, dropLatitude, dropLongitude]) => ({
      ...bengaluruQuote,
      pickupLatitude,
      pickupLongitude,
      dropLatitude,
      dropLongitude,
    })),
    // Cash on delivery: any amount up to the zone's limit, the limit itself, past it, and past what any zone takes.
    fc
      .oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1_000_000, 1_000_001, 100_000_000))
      .map((collectMinor) => ({ ...bengaluruQuote, collectMinor })),
  ),
  // Up to five items of any stops (coordinates anywhere, any well-formed pincode, a DIGIPIN or any short string), with or without cash and weight.
  'POST /v1/serviceability': fc.record(
    {
      items: fc.array(
        fc.record({ ref: fc.string({ minLength: 1, maxLength: 64 }), pickup: serviceabilityStop, drop: serviceabilityStop }, { requiredKeys: ['drop'] }),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      collectMinor: fc.integer({ min: 1, max: 2_000_000 }),
      packageWeightGrams: fc.integer({ min: 1, max: 100_000 }),
    },
    { requiredKeys: ['items'] },
  ),
  'POST /v1/webhook-endpoints': fc.record(
    {
      url: fc.constantFrom(
        'https://hooks.example.com/delivery',
        'http://hooks.example.com/x',
        'https://127.0.0.1/x',
        'https://[::ffff:10.0.0.1]/x',
        'https://user:pw@hooks.example.com/',
        'https://169.254.169.254/latest',
      ),
      eventTypes: fc.subarray([...EVENT_TYPES], { minLength: 1 }),
      description: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
    },
    { requiredKeys: ['url'] },
  ),
  // Without a body (postBody's own case): to every endpoint that takes the event.
  'POST /v1/events/{id}/redeliver': fc.constant({ endpointId: ENDPOINT_ID }),
  'POST /v1/jobs': fc.constant({
    quoteId: QUOTE_ID,
    externalOrderId: 'ORD-FUZZ',
    pickupName: 'Chai Point, MG Road',
    pickupPhone: '+91 98765 43210',
    dropName: 'Asha Rao',
    dropPhone: '098450-12345',
  }),
  'POST /v1/jobs/{id}/decision': fc.record({ action: fc.constantFrom('reattempt', 'return', 'deliver_anyway', '') }),
  'PATCH /v1/jobs/{id}': fc.record(
    {
      pickupName: fc.string({ maxLength: 110 }),
      pickupPhone: fc.constantFrom('+91 98765 43210', '0987654321', '12345'),
      pickupInstructions: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
      dropName: fc.string({ maxLength: 110 }),
      dropPhone: fc.constantFrom('098450-12345', '+919845054321', 'not a phone'),
      dropInstructions: fc.option(fc.string({ maxLength: 300 }), { nil: null }),
    },
    { requiredKeys: [] },
  ),
};

function merchantCase(route: MerchantRoute): fc.Arbitrary<MerchantCase> {
  const key = `${route.method} ${route.path}`;
  return fc.record({
    key: merchantKeyChoice,
    id: idChoice,
    quote: fc.nat(),
    query: queryString(MERCHANT_QUERIES[key] ?? {}),
    headers: extraHeaders,
    idempotencyKey: key === 'POST /v1/jobs' ? idempotencyKeyChoice : fc.constant(undefined),
    ifMatch:
      key === 'PATCH /v1/jobs/{id}' ? fc.option(fc.constantFrom('"1"', '"2"', '*', 'W/"1"', '1', '"1", "x"', ''), { nil: undefined }) : fc.constant(undefined),
    body: route.method === 'POST' || route.method === 'PATCH' ? postBody(MERCHANT_BODIES[key]) : fc.constant(undefined),
  });
}

/** The merchant side the fuzzer works on: a store and its jobs and quotes, another store, keys that do not work. */
interface MerchantWorld {
  shop: TestMerchant;
  other: TestMerchant;
  revokedKey: string;
  fleetKey: string;
  /** The shop's jobs (new bookings join), one of the other store's. */
  jobIds: string[];
  /** The shop's unused quotes (new quotes join), one of the other store's. */
  quoteIds: string[];
  /** The shop's events, one of the other store's. */
  eventIds: string[];
  /** The shop's webhook endpoints (new ones join), one of the other store's. */
  endpointIds: string[];
  /** The shop's remittance, and an id no store has. */
  remittanceIds: string[];
}

// Zones are shared by every store: a seeded one, one no zone has, and an Object.prototype name.
const ZONE_IDS = ['bengaluru', 'pune', 'nowhere', 'constructor'];

/** The pool a route's `{id}` is drawn from: its resource's kind. */
function idsFor(route: MerchantRoute, world: MerchantWorld): readonly string[] {
  if (route.path.startsWith('/v1/events/')) return world.eventIds;
  if (route.path.startsWith('/v1/webhook-endpoints/')) return world.endpointIds;
  if (route.path.startsWith('/v1/remittances/')) return world.remittanceIds;
  if (route.path.startsWith('/v1/zones/')) return ZONE_IDS;
  return world.jobIds;
}

function merchantKey(choice: MerchantKeyChoice, world: MerchantWorld): string | null {
  switch (choice.kind) {
    case 'own':
      return world.shop.apiKey;
    case 'other-store':
      return world.other.apiKey;
    case 'revoked':
      return world.revokedKey;
    case 'fleet-key':
      return world.fleetKey;
    case 'missing':
      return null;
    default:
      return choice.text;
  }
}

function merchantRequest(route: MerchantRoute, c: MerchantCase, world: MerchantWorld): Sent {
  const headers = new Headers();
  const apiKey = merchantKey(c.key, world);
  if (apiKey !== null) headers.set('X-Api-Key', apiKey);
  if (route.method === 'POST' || route.method === 'PATCH') headers.set('Content-Type', 'application/json');
  if (c.idempotencyKey !== undefined) headers.set('Idempotency-Key', c.idempotencyKey);
  if (c.ifMatch !== undefined) headers.set('If-Match', c.ifMatch);
  for (const [name, value] of c.headers) headers.append(name, value);
  const path = route.path.replace('{id}', idSegment(c.id, idsFor(route, world)));
  const body = c.body
    ?.replaceAll(QUOTE_ID, world.quoteIds[c.quote % world.quoteIds.length]!)
    .replaceAll(ENDPOINT_ID, world.endpointIds[c.quote % world.endpointIds.length]!);
  return { method: route.method, path: `${path}${c.query}`, headers, body };
}

describe('merchant routes', () => {
  const world = {} as MerchantWorld;
  beforeAll(async () => {
    const { rt } = api.table;
    world.shop = await newMerchant(rt, api.server, { creditMinor: 100_000_000 });
    world.other = await newMerchant(rt, api.server);
    const revoked = await rt.apiKeys.create(world.shop.storeId);
    await rt.apiKeys.revoke(revoked.keyId);
    world.revokedKey = revoked.apiKey;
    world.fleetKey = (await rt.fleetKeys.create('rider', null)).fleetKey;
    const cancelled = await world.shop.bookJob();
    expect((await world.shop.post(`/v1/jobs/${cancelled.id}/cancel`)).status).toBe(200);
    // Jobs the decision and the recall act on: one picked up, one waiting for the merchant's decision after a failed attempt.
    const [pickedUp, undelivered] = [(await world.shop.bookJob()).id, (await world.shop.bookJob()).id];
    await driveJob(rt, world.shop.storeId, pickedUp, 'pickup_completed', 'fuzz-rider-1');
    await driveJob(rt, world.shop.storeId, undelivered, 'delivery_arrived', 'fuzz-rider-2');
    await rt.jobs.move(
      { storeId: world.shop.storeId, jobId: undelivered },
      { type: 'attempt_delivery', reason: 'customer_unreachable', note: null },
      'rider:fuzz-rider-2',
    );
    world.jobIds = [(await world.shop.bookJob()).id, (await world.shop.bookJob()).id, cancelled.id, pickedUp, undelivered, (await world.other.bookJob()).id];
    world.quoteIds = [...(await Promise.all([1, 2, 3, 4, 5].map(() => world.shop.quote()))), await world.other.quote()];
    const endpointOf = async (merchant: TestMerchant) =>
      ((await merchant.post('/v1/webhook-endpoints', { url: 'https://hooks.example.com/fuzz' })).body as { data: { id: string } }).data.id;
    world.endpointIds = [await endpointOf(world.shop), await endpointOf(world.other)];
    // A cash-on-delivery payment, remitted after the next cut-off.
    const paid = (await world.shop.bookJob({ quote: { collectMinor: 50_000 } })).id;
    await driveJob(rt, world.shop.storeId, paid, 'delivery_arrived', 'fuzz-rider-3');
    await rt.jobs.move(
      { storeId: world.shop.storeId, jobId: paid },
      { type: 'collect', method: 'cash', amountMinor: 50_000, reference: null },
      'rider:fuzz-rider-3',
    );
    await remittanceTick(rt, new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000));
    world.remittanceIds = [((await world.shop.get('/v1/remittances')).body as { data: Array<{ id: string }> }).data[0]!.id, 'rem_0000000000000000000000zz'];
    await relayTick(rt);
    const eventsOf = async (merchant: TestMerchant) =>
      ((await merchant.get('/v1/events?limit=5')).body as { data: Array<{ id: string }> }).data.map((e) => e.id);
    world.eventIds = [...(await eventsOf(world.shop)), (await eventsOf(world.other))[0]!];
  });

  const snapshot = (route: MerchantRoute) => () =>
    snapshotOf(api.table.rt, [keys.store(world.shop.storeId).PK, keys.store(world.other.storeId).PK, ...keys.workPartitions('dispatch')], {
      idempotency: route.path === '/v1/jobs' && route.method === 'POST',
    });

  for (const route of routesOf('merchant')) {
    it.prop([merchantCase(route)], propertyOf(route))(
      `${route.method} ${route.path}: no 5xx, the error body, nothing changed by a 4xx, no hang`,
      async (c) => {
        const answer = await sendAndCheck(merchantRequest(route, c, world), snapshot(route));
        // What succeeded joins the pools, so later cases reach it (a quote to book, a job to read or cancel).
        const data = (answer.body as { data?: { id?: string } } | null)?.data;
        if (answer.status === 201 && route.path === '/v1/job-quotes') world.quoteIds.push(data!.id!);
        if (answer.status === 201 && route.path === '/v1/jobs') world.jobIds.push(data!.id!);
        if (answer.status === 201 && route.path === '/v1/webhook-endpoints') world.endpointIds.push(data!.id!);
      },
      TEST_TIMEOUT_MS,
    );
  }
});

// ---------------------------------------------------------------------------------------------------
// Fleet routes: Authorization: Bearer <fleet key> of a rider or operations.

/**
 * Keys of one fleet identity (a rider's agent id, or operations), a fresh key every 100 requests: the
 * per-key limit (120 a minute) must not be what answers the fuzzer.
 */
function keyRing(rt: Runtime, role: 'rider' | 'ops', agentId: string | null) {
  let key: string | null = null;
  let uses = 0;
  return {
    async next(): Promise<string> {
      if (key === null || uses >= 100) {
        key = (await rt.fleetKeys.create(role, agentId)).fleetKey;
        uses = 0;
      }
      uses++;
      return key;
    },
  };
}

/** How a fleet request authenticates: a key of a role the route serves (mostly), another rider's, the wrong role's, or none that works. */
type FleetKeyChoice =
  | { kind: 'rider' | 'ops' | 'other-rider' | 'revoked' | 'merchant-key' | 'missing' }
  | { kind: 'text'; text: string }
  | { kind: 'unknown'; text: string }
  | { kind: 'form'; form: string };

function fleetKeyChoice(route: FleetRoute): fc.Arbitrary<FleetKeyChoice> {
  const served = route.roles.map((role) => ({ kind: role }));
  return fc.oneof(
    { weight: 16, arbitrary: fc.constantFrom(...served) },
    { weight: 2, arbitrary: fc.constantFrom(...(['rider', 'ops', 'other-rider', 'revoked', 'merchant-key', 'missing'] as const)).map((kind) => ({ kind })) },
    { weight: 1, arbitrary: notAKey.map((text) => ({ kind: 'text' as const, text })) },
    { weight: 1, arbitrary: unknownFleetKey.map((text) => ({ kind: 'unknown' as const, text })) },
    { weight: 1, arbitrary: fc.constantFrom(...bearerForms).map((form) => ({ kind: 'form' as const, form })) },
  );
}

interface FleetCase {
  key: FleetKeyChoice;
  id: IdChoice;
  /** The rider a rider cash route names: A, B, or any segment. */
  agent: { kind: 'a' | 'b' } | { kind: 'segment'; segment: string };
  /** A deposit's Idempotency-Key: a fresh one, one used before, a bad one, or none. */
  idempotencyKey: string | undefined;
  handoff: string;
  query: string;
  headers: Array<[string, string]>;
  body: string | undefined;
}

const FLEET_QUERIES: Record<string, Record<string, readonly string[]>> = {
  'GET /fleet/v1/offers': {
    limit: ['1', '20', '50'],
    latitude: ['12.9756', '-90', '90'],
    longitude: ['77.6066', '-180', '180'],
    withinMeters: ['100', '5000', '100000'],
  },
};

/** The amount a fuzz world's cash-on-delivery job collects. */
const FUZZ_COLLECT = 45_000;

/** Valid bodies of the fleet routes that take one: a GPS fix, the handoff's right code or another four digits, a reason, a payment, a deposit. */
const FLEET_BODIES: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'POST /fleet/v1/jobs/{id}/location': fc.record(
    { latitude: coordinate(90), longitude: coordinate(180), accuracy: fc.option(fc.double({ min: 0, max: 10_000, noNaN: true })) },
    { requiredKeys: ['latitude', 'longitude'] },
  ),
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code': fc.record({ code: fc.oneof(fc.constant(HANDOFF_CODE), fc.stringMatching(/^\d{4}$/)) }),
  'POST /fleet/v1/jobs/{id}/fail': fc.record({
    reason: fc.oneof(fc.constant('Customer unreachable'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 500 })),
  }),
  'POST /fleet/v1/jobs/{id}/delivery-attempts': fc.record(
    {
      reason: fc.constantFrom(...DELIVERY_ATTEMPT_REASONS),
      note: fc.oneof(fc.constant('Called twice, no answer'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 })),
    },
    { requiredKeys: ['reason'] },
  ),
  'POST /fleet/v1/jobs/{id}/collection': fc.oneof(
    fc.record({ method: fc.constant('cash'), amountMinor: fc.oneof(fc.constant(FUZZ_COLLECT), fc.integer({ min: 1, max: 2_000_000 })) }),
    fc.record({
      method: fc.constant('upi'),
      amountMinor: fc.oneof(fc.constant(FUZZ_COLLECT), fc.integer({ min: 1, max: 2_000_000 })),
      reference: fc.oneof(fc.constant('433512345678'), fc.string({ minLength: 1, maxLength: 60 })),
    }),
  ),
  'POST /fleet/v1/riders/{agentId}/deposits': fc.record(
    {
      amountMinor: fc.oneof(fc.constantFrom(1, 1000, FUZZ_COLLECT), fc.integer({ min: 1, max: 2_000_000 })),
      reference: fc.oneof(fc.constant('CASH-BLR-0042'), fc.string({ minLength: 1, maxLength: 90 })),
    },
    { requiredKeys: ['amountMinor'] },
  ),
};

/** A deposit's Idempotency-Key: mostly fresh, sometimes one used before, a bad one, or none. */
const depositKeyChoice: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constant('fuzz-replayed-deposit') },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

function fleetCase(route: FleetRoute): fc.Arbitrary<FleetCase> {
  const key = `${route.method} ${route.path}`;
  return fc.record({
    key: fleetKeyChoice(route),
    id: idChoice,
    agent: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(['a', 'b'] as const)).map((kind) => ({ kind })) },
      { weight: 1, arbitrary: pathSegment.map((segment) => ({ kind: 'segment' as const, segment })) },
    ),
    idempotencyKey: key === 'POST /fleet/v1/riders/{agentId}/deposits' ? depositKeyChoice : fc.constant(undefined),
    handoff: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('pickup', 'delivery', 'return') }, { weight: 1, arbitrary: pathSegment }),
    query: queryString(FLEET_QUERIES[key] ?? {}),
    headers: extraHeaders,
    body: route.method === 'POST' ? postBody(FLEET_BODIES[key]) : fc.constant(undefined),
  });
}

/** A route's fleet: two riders, operations, and jobs at the stages the routes act on. */
interface FleetWorld {
  storeId: string;
  riderIds: [string, string];
  riderA: ReturnType<typeof keyRing>;
  riderB: ReturnType<typeof keyRing>;
  ops: ReturnType<typeof keyRing>;
  revokedKey: string;
  merchantKey: string;
  jobIds: string[];
}

async function fleetKey(route: FleetRoute, choice: FleetKeyChoice, world: FleetWorld): Promise<string | null> {
  switch (choice.kind) {
    case 'rider':
      return `Bearer ${await world.riderA.next()}`;
    case 'ops':
      return `Bearer ${await world.ops.next()}`;
    case 'other-rider':
      return `Bearer ${await world.riderB.next()}`;
    case 'revoked':
      return `Bearer ${world.revokedKey}`;
    case 'merchant-key':
      return `Bearer ${world.merchantKey}`;
    case 'missing':
      return null;
    case 'unknown':
      return `Bearer ${choice.text}`;
    case 'form':
      return choice.form.replace('%s', await (route.roles.includes('rider') ? world.riderA : world.ops).next());
    case 'text':
      return choice.text;
  }
}

async function fleetRequest(route: FleetRoute, c: FleetCase, world: FleetWorld): Promise<{ sent: Sent; job: Job | null; handoff: string }> {
  const headers = new Headers();
  const authorization = await fleetKey(route, c.key, world);
  if (authorization !== null) headers.set('Authorization', authorization);
  if (route.method === 'POST') headers.set('Content-Type', 'application/json');
  if (c.idempotencyKey !== undefined) headers.set('Idempotency-Key', c.idempotencyKey);
  for (const [name, value] of c.headers) headers.append(name, value);
  const id = idSegment(c.id, world.jobIds);
  const agentId = c.agent.kind === 'segment' ? c.agent.segment : world.riderIds[c.agent.kind === 'a' ? 0 : 1];
  const job = c.id.kind === 'segment' ? null : await api.table.rt.jobs.get(world.storeId, id.toLowerCase());
  const handoff = job && ['pickup', 'delivery', 'return'].includes(c.handoff) ? handoffOf(job, c.handoff as HandoffName) : null;
  const body = c.body?.replaceAll(HANDOFF_CODE, handoff?.code ?? '0000');
  const path = route.path.replace('{id}', id).replace('{handoff}', c.handoff).replace('{agentId}', agentId);
  return { sent: { method: route.method, path: `${path}${c.query}`, headers, body }, job, handoff: c.handoff };
}

/** Books a job for the store (cash on delivery when `collectMinor` is given) and drives it to `stage` through the job repository, held by `agentId`. */
async function jobAt(merchant: TestMerchant, stage: Stage, agentId: string, collectMinor?: number): Promise<string> {
  const { id } = await merchant.bookJob(collectMinor === undefined ? {} : { quote: { collectMinor } });
  await driveJob(api.table.rt, merchant.storeId, id, stage, agentId);
  return id;
}

/**
 * Drives a job of the store to its parcel on the way back, rider `agentId` at the pickup's door with
 * the return code running: two failed attempts (a reattempt between), then the arrival back.
 */
async function returningJobAt(merchant: TestMerchant, agentId: string): Promise<string> {
  const id = await jobAt(merchant, 'delivery_arrived', agentId);
  const moves: Array<[LifecycleEvent, string]> = [
    [{ type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, `rider:${agentId}`],
    [{ type: 'decide', action: 'reattempt' }, 'merchant'],
    [{ type: 'arrive', handoff: 'delivery' }, `rider:${agentId}`],
    [{ type: 'attempt_delivery', reason: 'customer_refused', note: null }, `rider:${agentId}`],
    [{ type: 'arrive', handoff: 'return' }, `rider:${agentId}`],
  ];
  for (const [event, actor] of moves) await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, event, actor);
  return id;
}

// The job items of a partition's snapshot with the handoff's attempt record (and the version it bumps) taken out.
function withoutAttempts(items: Item[], jobId: string, handoff: string): Item[] {
  const strip = (stored: Record<string, unknown> | undefined) => {
    const { failedAttempts: _attempts, status: _status, ...rest } = stored ?? {};
    return rest;
  };
  return items.map((item) => {
    if (item.type !== 'job' || item.jobId !== jobId) return item;
    const {
      version: _version,
      updatedAt: _updatedAt,
      verification,
      returnTrip,
      ...rest
    } = item as Item & { verification: Record<string, Record<string, unknown>>; returnTrip?: { handoff: Record<string, unknown> } | null };
    if (handoff === 'return') return { ...rest, verification, returnTrip: returnTrip && { ...returnTrip, handoff: strip(returnTrip.handoff) } };
    return { ...rest, returnTrip, verification: { ...verification, [handoff]: strip(verification[handoff]) } };
  });
}

let fleetWorldCount = 0;

/**
 * A fleet of the route's own, so what one route's cases did (a failed job, a full rider) never starves
 * the next. For the routes of cash on delivery, rider A's job at the drop is one (and for the rider cash
 * routes it is paid in cash already, so A has cash in hand to deposit).
 */
async function newFleetWorld(route: FleetRoute): Promise<FleetWorld> {
  const { rt } = api.table;
  const n = ++fleetWorldCount;
  const cashRoute = route.path === '/fleet/v1/jobs/{id}/collection' || route.path.startsWith('/fleet/v1/riders/');
  const riderIds: [string, string] = [`fuzz-rider-${n}-a`, `fuzz-rider-${n}-b`];
  const merchant = await newMerchant(rt, api.server, { creditMinor: 100_000_000 });
  const revoked = await rt.fleetKeys.create('rider', riderIds[0]);
  await rt.fleetKeys.revoke(revoked.keyId);
  // On offer; at rider A's pickup door, delivery door and back at the pickup with a returning parcel (A's
  // three jobs: a rider holds at most three here); rider B's; cancelled.
  const jobIds = await Promise.all([
    jobAt(merchant, 'queued', riderIds[0]),
    jobAt(merchant, 'pickup_arrived', riderIds[0]),
    jobAt(merchant, 'delivery_arrived', riderIds[0], cashRoute ? FUZZ_COLLECT : undefined),
    jobAt(merchant, 'booked', riderIds[1]),
    jobAt(merchant, 'queued', riderIds[0]),
    returningJobAt(merchant, riderIds[0]),
  ]);
  expect((await merchant.post(`/v1/jobs/${jobIds[4]}/cancel`)).status).toBe(200);
  if (route.path.startsWith('/fleet/v1/riders/')) {
    await rt.jobs.move(
      { storeId: merchant.storeId, jobId: jobIds[2]! },
      { type: 'collect', method: 'cash', amountMinor: FUZZ_COLLECT, reference: null },
      `rider:${riderIds[0]}`,
    );
  }
  return {
    storeId: merchant.storeId,
    riderIds,
    riderA: keyRing(rt, 'rider', riderIds[0]),
    riderB: keyRing(rt, 'rider', riderIds[1]),
    ops: keyRing(rt, 'ops', null),
    revokedKey: revoked.fleetKey,
    merchantKey: merchant.apiKey,
    jobIds,
  };
}

describe('fleet routes', () => {
  for (const route of routesOf('fleet')) {
    describe(`${route.method} ${route.path}`, () => {
      const world = {} as FleetWorld;
      beforeAll(async () => {
        Object.assign(world, await newFleetWorld(route));
      });

      const snapshot = () =>
        snapshotOf(api.table.rt, [
          keys.store(world.storeId).PK,
          ...keys.offerPartitions(FUZZ_ZONE),
          keys.agentHolding(world.riderIds[0]).PK,
          keys.agentHolding(world.riderIds[1]).PK,
          ...keys.workPartitions('dispatch'),
        ]);

      it.prop([fleetCase(route)], propertyOf(route))(
        'no 5xx, the error body, nothing changed by a 4xx, no hang',
        async (c) => {
          const { sent, job, handoff } = await fleetRequest(route, c, world);
          // A refused code is counted (the fifth locks the handoff): the one 4xx that writes, and only the attempt.
          const recordedRefusal = (answer: Answer, before: Snapshot, after: Snapshot) => {
            if (route.path !== '/fleet/v1/jobs/{id}/handoffs/{handoff}/code' || !job) return false;
            if (!['wrong_code', 'handoff_locked', 'code_expired'].includes(answer.code!)) return false;
            const strip = (s: Snapshot) => Object.fromEntries(Object.entries(s.partitions).map(([pk, items]) => [pk, withoutAttempts(items, job.id, handoff)]));
            expect(strip(after), `${sent.path} → ${answer.code} changed more than the attempt`).toEqual(strip(before));
            return true;
          };
          await sendAndCheck(sent, snapshot, recordedRefusal);
        },
        TEST_TIMEOUT_MS,
      );
    });
  }
});

describe('public pages', () => {
  const route = routesOf('public').find((r) => r.path === '/track/{token}')!;
  const world = {} as { token: string; storeId: string; phones: string[] };
  beforeAll(async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const job = await merchant.bookJob();
    await driveJob(api.table.rt, merchant.storeId, job.id, 'pickup_completed');
    const link = await merchant.post(`/v1/jobs/${job.id}/tracking-link`);
    world.token = new URL((link.body as { data: { url: string } }).data.url).pathname.split('/').pop()!;
    world.storeId = merchant.storeId;
    world.phones = [job.pickupPhone as string, job.dropPhone as string];
  });

  // A live link's token, near misses of it, or any segment; any query (the switch's lang among them); any extra headers.
  const pageCase = fc.record({
    token: fc.oneof(fc.constant('live'), fc.constantFrom('live-upper', 'live-short', 'live-long'), fc.stringMatching(/^[A-Za-z0-9_-]{32}$/), pathSegment),
    query: queryString({ lang: ['en', 'hi', 'HI', 'xx', ''] }),
    headers: extraHeaders,
    acceptLanguage: fc.option(fc.oneof(fc.constantFrom('hi', 'hi-IN,hi;q=0.9', 'en;q=0, hi;q=0', '*', 'hi;q=2', 'hi;q=-1'), headerValue)),
  });

  it.prop([pageCase], propertyOf(route))(
    'answers every request with an HTML page (the job’s, or the friendly 404), never 5xx, changing nothing, showing no phone number',
    async (c) => {
      const token =
        { live: world.token, 'live-upper': world.token.toUpperCase(), 'live-short': world.token.slice(1), 'live-long': `${world.token}A` }[c.token] ?? c.token;
      const headers = new Headers();
      for (const [name, value] of c.headers) headers.append(name, value);
      if (c.acceptLanguage !== null) headers.set('Accept-Language', c.acceptLanguage);
      const path = `/track/${token}${c.query}`;
      const before = await snapshotOf(api.table.rt, [keys.store(world.storeId).PK]);

      const started = performance.now();
      const response = await fetch(`${api.server.url}${path}`, { headers });
      const html = await response.text();
      const elapsedMs = performance.now() - started;

      expect(response.status, `${path}: ${html.slice(0, 200)}`).toBeLessThan(500);
      expect(elapsedMs, `${path} took ${Math.round(elapsedMs)} ms`).toBeLessThan(HANG_MS);
      // A token of dot segments (`%2e%2e`) is resolved by the client, as a browser does: the request is
      // for another resource (`/`, the API's index), which answers for itself.
      const elsewhere = !new URL(`${api.server.url}${path}`).pathname.startsWith('/track/');
      // A path the router does not take as one segment (a `%2F` decoded, say) is not the page: the spec's 404.
      if (elsewhere) expect(response.status).toBe(200);
      else if (response.headers.get('content-type')?.startsWith('application/json')) expectErrorBody(JSON.parse(html), response.status, path);
      else {
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect([200, 404]).toContain(response.status);
        expect(response.status === 200).toBe(token === world.token);
      }
      expect(world.phones.filter((phone) => html.includes(phone))).toEqual([]);
      expect(await snapshotOf(api.table.rt, [keys.store(world.storeId).PK])).toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('the local server’s connections', () => {
  // Any method and any path, known or not, with a body of any size up to 3 MiB (over the 1 MiB limit
  // at times): whatever the server answers before reading the body, the same keep-alive socket then
  // serves an ordinary request or is closed with that answer.
  const connectionCase = fc.record({
    method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
    path: fc.oneof(
      fc.constantFrom(...routes.map((route) => route.path.replace(/\{[^}]+\}/g, 'x'))),
      fc.constant('/v1/nowhere'),
      pathSegment.map((s) => `/${s}`),
    ),
    bodyBytes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4_096 }), fc.integer({ min: 1024 * 1024 - 16, max: 3 * 1024 * 1024 })),
  });

  it.prop([connectionCase], { numRuns: RUNS, seed: SEED - 1 })(
    'never leaves a kept-alive socket hanging after an early answer: it serves the next request or closes',
    async (c) => {
      const head = `${c.method} ${c.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n`;
      const started = performance.now();
      const outcome = await Promise.race([
        thenOrdinaryRequest(api.server.url, `${head}${c.bodyBytes > 0 ? `Content-Length: ${c.bodyBytes}\r\n` : ''}\r\n${'x'.repeat(c.bodyBytes)}`),
        new Promise<{ status: number; after: string }>((resolve) => setTimeout(() => resolve({ status: 0, after: 'hung' }), HANG_MS)),
      ]);

      expect(outcome.after, `${c.method} ${c.path} with ${c.bodyBytes} bytes answered ${outcome.status}`).toMatch(/^(closed|reused)$/);
      expect(performance.now() - started).toBeLessThan(HANG_MS);
    },
    TEST_TIMEOUT_MS,
  );
});
