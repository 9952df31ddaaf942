import { RATE_LIMITS } from '../../functions/core/rate-limits.ts';
import type { Job, JobStatus } from '../../functions/core/job.ts';
import type { Store } from '../../functions/core/store.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { Quote } from '../../functions/core/quote.ts';
import type { RateCard } from '../../functions/core/zone.ts';
import type { LifecycleEvent } from '../../functions/core/lifecycle.ts';

/** A store with credit and its first key, made through the same repository the admin CLI uses. */
export async function createStore(rt: Runtime, options: { creditMinor?: number; sandbox?: boolean; name?: string } = {}) {
  return rt.stores.create({ name: options.name ?? 'Test store', sandbox: options.sandbox ?? false, creditMinor: options.creditMinor ?? 100_000 });
}

/** A valid quote request inside the Bengaluru zone (MG Road to Indiranagar, about 4.8 km by road). */
export const bengaluruQuote = {
  pickupAddress: 'MG Road, Bengaluru',
  pickupCity: 'Bengaluru',
  pickupPincode: '560001',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropCity: 'Bengaluru',
  dropPincode: '560038',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
  packageDescription: 'Documents',
  packageWeightGrams: 750,
  packageValueMinor: 150_000,
};

/** The seed's Bengaluru rate card (seed/zones.json): ₹40 base, 2 km included, ₹10 a km, five weight slabs; cash on delivery up to ₹10,000 for 2 % (at least ₹20). */
export const BENGALURU_RATE_CARD: RateCard = {
  baseFareMinor: 4000,
  includedMeters: 2000,
  perKmMinor: 1000,
  weightSlabs: [
    { upToGrams: 1000, surchargeMinor: 0 },
    { upToGrams: 5000, surchargeMinor: 2000 },
    { upToGrams: 10000, surchargeMinor: 5000 },
    { upToGrams: 20000, surchargeMinor: 10000 },
    { upToGrams: 100000, surchargeMinor: 25000 },
  ],
  collection: { maxCollectMinor: 1_000_000, feeBasisPoints: 200, minFeeMinor: 2000 },
};

/** A zone like the seed's Bengaluru zone (a square around the city, its rate card), enough for priceQuote in unit tests. */
export function bengaluruZoneLike() {
  return {
    id: 'bengaluru',
    name: 'Bengaluru',
    active: true,
    version: 1,
    polygon: [
      [77.4, 12.8],
      [77.8, 12.8],
      [77.8, 13.2],
      [77.4, 13.2],
    ] as Array<[number, number]>,
    roadFactor: 1.3,
    maxRouteMeters: 30_000,
    rateCard: BENGALURU_RATE_CARD,
  };
}

/**
 * How far `bengaluruQuote` goes by road and what it costs, worked out by hand from the Bengaluru rate
 * card (seed/zones.json): 3,718 m great-circle × 1.3 road factor = 4,834 m; ₹40 base covers 2 km, then
 * ₹10 a km, rounded up to the rupee: ₹69. Its 750 g parcel is in the first weight slab (no surcharge).
 */
export const BENGALURU_ROUTE_METERS = 4834;
export const BENGALURU_CHARGE_MINOR = 6900;

/** `bengaluruQuote` as store_1's quote q-1, priced at 09:58 on 22 November 2026 (for tests without a table). */
export const pricedBengaluruQuote: Quote = {
  id: 'q-1',
  storeId: 'store_1',
  zoneId: 'bengaluru',
  zoneVersion: 1,
  request: bengaluruQuote,
  distanceMeters: BENGALURU_ROUTE_METERS,
  chargeMinor: BENGALURU_CHARGE_MINOR,
  createdAt: '2026-11-22T09:58:00.000Z',
  expiresAt: '2026-11-22T10:03:00.000Z',
};

/** The stops of `bengaluruQuote` as the fleet API shows them (no names or phones). */
export const BENGALURU_PICKUP_PLACE = { address: 'MG Road, Bengaluru', city: 'Bengaluru', pincode: '560001', latitude: 12.9756, longitude: 77.6066 };
export const BENGALURU_DROP_PLACE = {
  address: '100 Feet Road, Indiranagar, Bengaluru',
  city: 'Bengaluru',
  pincode: '560038',
  latitude: 12.9784,
  longitude: 77.6408,
};

/** Every property name anywhere in a JSON value (to show a field appears nowhere). */
export function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)]);
}

/** Headers of an authenticated JSON request. */
export function authHeaders(apiKey: string): Record<string, string> {
  return { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' };
}

/** A valid booking body for a quote (phones in two of the accepted formats). */
export function bookingBody(quoteId: string, overrides: Record<string, unknown> = {}) {
  return {
    quoteId,
    externalOrderId: 'ORD-1001',
    pickupName: 'Chai Point, MG Road',
    pickupPhone: '+91 98765 43210',
    dropName: 'Asha Rao',
    dropPhone: '098450-12345',
    ...overrides,
  };
}

/** Raises a store's per-minute limits so a test can send bursts bigger than the defaults allow. */
export async function raiseLimits(rt: Runtime, storeId: string): Promise<void> {
  // Every group, so a group added later (the console's) is raised too.
  await rt.stores.setRateLimits(storeId, Object.fromEntries(Object.keys(RATE_LIMITS).map((group) => [group, 10_000])));
}

/** Headers of a booking request. */
export function bookingHeaders(apiKey: string, idempotencyKey: string): Record<string, string> {
  return { ...authHeaders(apiKey), 'Idempotency-Key': idempotencyKey };
}

/** A store as the domain holds it, for unit tests of pure code (₹100 of credit, nothing booked), with `changes` over it. */
export function sampleStore(changes: Partial<Store> = {}): Store {
  return {
    id: 'store_1',
    name: 'S',
    sandbox: false,
    apiEnabled: true,
    balanceMinor: 10_000,
    reservedMinor: 0,
    availableMinor: 10_000,
    testStoreId: null,
    liveStoreId: null,
    codCollectedMinor: 0,
    codAwaitingMinor: 0,
    codRemittedMinor: 0,
    jobCount: 0,
    rateLimitOverrides: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    ...changes,
  };
}

/** A booking's details after validation (phones normalised), for unit tests of pure code. */
export const sampleBookingDetails = {
  quoteId: 'q-1',
  externalOrderId: 'ORD-1',
  pickupName: 'P',
  pickupPhone: '+919876543210',
  dropName: 'D',
  dropPhone: '+919876543211',
};

/** The events of a delivered job, in order, but its location updates (how many depends on timing). */
export const DELIVERED_JOB_EVENTS = [
  'job.created',
  'job.queued',
  'job.picked_by_agent',
  'job.booking_in_progress',
  'job.booked',
  'job.pickup_completed',
  'job.delivered',
  'job.settlement_changed',
];

/** The rider the unit tests' live jobs are held by once past `queued`. */
export const FIXTURE_RIDER = 'rider-asha-01';
const FIXTURE_BOOKED_AT = '2026-11-22T10:00:00.000Z';

/**
 * A live job of the Bengaluru fixture route in `status`, held by FIXTURE_RIDER once past `queued`,
 * booked at 10:00 on 22 November 2026 with pending codes; `changes` override any field.
 */
export function liveJob(status: JobStatus, changes: Partial<Job> = {}): Job {
  const held = status !== 'created' && status !== 'queued';
  const handoff = { code: '4821', status: 'pending' as const, expiresAt: null, verifiedAt: null, failedAttempts: 0 };
  return {
    id: '0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1',
    storeId: 'store_1',
    seq: 1,
    version: 3,
    status,
    settlement: 'reserved',
    testMode: false,
    quoteId: 'q-1',
    zoneId: 'bengaluru',
    zoneVersion: 1,
    idempotencyKey: 'k',
    externalOrderId: 'ORD-1001',
    agentId: held ? FIXTURE_RIDER : null,
    pickupName: 'Chai Point, MG Road',
    pickupPhone: '+919876543210',
    dropName: 'Asha Rao',
    dropPhone: '+919845012345',
    route: bengaluruQuote,
    distanceMeters: BENGALURU_ROUTE_METERS,
    chargeMinor: BENGALURU_CHARGE_MINOR,
    riderLocation: null,
    events: [{ id: '00000000-0000-4000-8000-000000000001', status: 'created', actor: 'merchant', note: null, createdAt: FIXTURE_BOOKED_AT }],
    verification: { pickup: handoff, delivery: handoff },
    createdAt: FIXTURE_BOOKED_AT,
    updatedAt: FIXTURE_BOOKED_AT,
    ...changes,
  };
}

/** The moves that take a booked job to its rider (rider-7) at the pickup, for tests that drive the real transitions from there. */
export const TO_PICKUP_AS_RIDER_7: readonly LifecycleEvent[] = [
  { type: 'dispatch' },
  { type: 'accept', agentId: 'rider-7' },
  { type: 'start_confirmation' },
  { type: 'confirm' },
  { type: 'arrive', handoff: 'pickup' },
];
