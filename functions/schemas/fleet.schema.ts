import * as z from '../zod.ts';
import {
  COLLECTION_STATUSES,
  DECISION_ACTIONS,
  DELIVERY_ATTEMPT_REASONS,
  formatWeight,
  heldBy,
  JOB_STATUSES,
  offeredAt,
  PAYMENT_METHODS,
  RETURN_TRIP_STATUSES,
  VERIFICATION_STATUSES,
  type Handoff,
  type Job,
} from '../core/job.ts';
import type { FleetRole } from '../core/fleet-access.ts';
import { effectiveHandoff, MAX_CODE_ATTEMPTS } from '../core/lifecycle.ts';
import { greatCircleMeters, type LatLng } from '../core/geo.ts';
import { Latitude, Longitude, PaiseInput, refuse, storable } from './common.schema.ts';
import { JobEventView, normalizeInstructions, RiderLocationView } from './job.schema.ts';
import { createdEventExample, EXAMPLE_AT, EXAMPLE_JOB_ID, variant } from './examples.ts';
import type { OperationDocs } from './operation.ts';

/**
 * The fleet API's requests and views. Riders never see the handoff codes (the store and the
 * customer tell them); offers show where and what, but no names or phone numbers until accepted.
 */

const DateTime = z.iso.datetime();

/** Path of every fleet job route (a UUID in any letter case). */
export const FleetJobPath = z.strictObject({
  id: z.pipe(
    z.uuid({ error: 'Must be a job id (a UUID)' }),
    z.transform((id) => id.toLowerCase()),
  ),
});

/** Path of the handoff routes: which handoff, pickup, delivery or return (the parcel back at the pickup). */
export const HandoffPath = z.extend(FleetJobPath, {
  handoff: z.enum(['pickup', 'delivery', 'return'], { error: 'Must be pickup, delivery or return' }),
});

// A decimal number in a query string, in a range; the API description shows the number it must spell.
const QueryNumber = (range: z.ZodMiniNumber<number>, meta: Record<string, unknown>) =>
  z
    .optional(z.pipe(z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/, 'Must be a decimal number')), z.transform(Number)), range))
    .check(z.meta({ queryNumber: meta }));

/**
 * Query of GET /fleet/v1/offers. With the rider's position (`latitude` and `longitude`, together),
 * offers come nearest pickup first, each with its distance, and `withinMeters` keeps the near ones.
 */
export const OfferListQuery = z
  .strictObject({
    limit: z
      .pipe(
        z.optional(
          z.pipe(z.pipe(z.string().check(z.regex(/^\d+$/, 'Must be a whole number')), z.transform(Number)), z.int().check(z.minimum(1), z.maximum(50))),
        ),
        z.transform((value) => value ?? 20),
      )
      .check(z.meta({ queryInteger: { type: 'integer', minimum: 1, maximum: 50, default: 20 } })),
    latitude: QueryNumber(Latitude, { type: 'number', minimum: -90, maximum: 90, description: 'The rider’s latitude (with longitude)' }),
    longitude: QueryNumber(Longitude, { type: 'number', minimum: -180, maximum: 180, description: 'The rider’s longitude (with latitude)' }),
    withinMeters: QueryNumber(z.number().check(z.int(), z.minimum(100), z.maximum(100_000)), {
      type: 'integer',
      minimum: 100,
      maximum: 100000,
      description: 'Only offers whose pickup is this close to the rider (needs latitude and longitude)',
    }),
  })
  .check(
    z.superRefine((query, ctx) => {
      if ((query.latitude === undefined) !== (query.longitude === undefined)) {
        ctx.addIssue({ code: 'custom', path: [query.latitude === undefined ? 'latitude' : 'longitude'], message: 'Send latitude and longitude together' });
      }
      if (query.withinMeters !== undefined && query.latitude === undefined) {
        ctx.addIssue({ code: 'custom', path: ['withinMeters'], message: 'Needs the rider’s latitude and longitude' });
      }
    }),
  );
export type OfferListQuery = z.infer<typeof OfferListQuery>;

/** Body of POST …/location: a GPS fix; accuracy is the fix's radius in metres. */
export const LocationRequest = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.optional(z.nullable(storable(z.number().check(z.minimum(0), z.maximum(10_000))))),
});

/** Body of POST …/handoffs/{handoff}/code: the four digits the store (pickup) or the customer (delivery) gave. */
export const CodeRequest = z.strictObject({ code: z.string().check(z.regex(/^\d{4}$/, 'Must be the four-digit code')) });

// The rider's note on a failed attempt: the merchant's instructions' rules (whitespace folded, 1–280 characters, no control characters).
const AttemptNote = z
  .pipe(
    z.string(),
    z.transform((value, ctx) => {
      if (value.trim() === '') return refuse(ctx, 'Must not be blank: leave the note out instead');
      const result = normalizeInstructions(value);
      return result.ok ? result.value : refuse(ctx, result.message);
    }),
  )
  .check(
    z.meta({
      description:
        'What happened at the door, for the merchant: 1–280 characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; control characters are refused.',
      examples: ['Called twice, no answer; the gate was locked'],
    }),
  );

/** Body of POST …/delivery-attempts: why the parcel could not be handed over, and optionally a note. */
export const DeliveryAttemptRequest = z.strictObject({
  reason: z.enum(DELIVERY_ATTEMPT_REASONS, { error: `Must be one of ${DELIVERY_ATTEMPT_REASONS.join(', ')}` }),
  note: z.optional(AttemptNote),
});

/** A UPI transaction reference (the UTR or the app's id): 6–50 letters, digits, `.`, `_`, `/`, `-`, starting with a letter or digit. */
const UpiReference = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{5,49}$/, 'Must be the UPI transaction reference: 6–50 letters, digits, ".", "_", "/" or "-"'),
    z.meta({ examples: ['433512345678'] }),
  );

/**
 * Body of POST …/collection: the payment the rider took at the door, the whole amount due. A UPI
 * payment names its transaction reference (required); a cash payment has none (refused: a cash
 * payment's only record is the rider's cash log).
 */
export const CollectionRequest = z
  .strictObject({
    method: z.enum(PAYMENT_METHODS, { error: `Must be one of ${PAYMENT_METHODS.join(', ')}` }),
    amountMinor: PaiseInput(1, 100_000_000),
    reference: z.optional(UpiReference),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.method === 'upi' && body.reference === undefined) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Required for a UPI payment: the UPI transaction reference' });
      }
      if (body.method === 'cash' && body.reference !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Leave it out for a cash payment (only UPI payments have a reference)' });
      }
    }),
  );
export type CollectionRequest = z.infer<typeof CollectionRequest>;

/** Body of POST …/fail: why the delivery cannot go on (shown to the merchant as the event's note). */
export const FailRequest = z.strictObject({ reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)) });

const Place = z.strictObject({
  address: z.string(),
  city: z.nullable(z.string()),
  pincode: z.nullable(z.string()),
  latitude: Latitude,
  longitude: Longitude,
});

/** An open job offered to riders. */
export const FleetOffer = z.strictObject({
  id: z.uuid(),
  offeredAt: DateTime,
  pickup: Place,
  drop: Place,
  distanceMeters: z.int().check(z.minimum(0)),
  /** From the rider's position to the pickup (great circle), when the rider sent one. */
  pickupDistanceMeters: z.nullable(z.int().check(z.minimum(0))),
  packageDescription: z.nullable(z.string()),
  packageWeight: z.nullable(z.string()),
});
export type FleetOffer = z.infer<typeof FleetOffer>;

export const FleetOfferList = z.strictObject({ data: z.array(FleetOffer), limit: z.int() });

const FleetHandoff = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES),
  expiresAt: z.nullable(DateTime),
  verifiedAt: z.nullable(DateTime),
  attemptsRemaining: z.int().check(z.minimum(0), z.maximum(MAX_CODE_ATTEMPTS)),
});

/** A failed attempt to deliver, as the rider reported it. */
const FleetDeliveryAttempt = z.strictObject({
  number: z.int().check(z.minimum(1)),
  reason: z.enum(DELIVERY_ATTEMPT_REASONS),
  note: z.nullable(z.string()),
  createdAt: DateTime,
});

/** The merchant's decision the job waits for after a failed attempt: the rider waits (no delivery code) until it comes or `deadlineAt` applies `defaultAction`. */
const FleetPendingDecision = z.strictObject({
  options: z.array(z.enum(DECISION_ACTIONS)),
  deadlineAt: DateTime,
  defaultAction: z.enum(DECISION_ACTIONS),
});

/**
 * The parcel's way back to the pickup (the job's `pickup` is where it goes; its name, phone and
 * instructions show while the rider carries it): `returning` until the store gives the rider the
 * return code, then `returned` (or `failed`: the parcel was lost or damaged on the way back). The return handoff's state, never its code.
 */
const FleetReturnTrip = z.strictObject({
  reason: z.enum(['undeliverable', 'recalled']),
  status: z.enum(RETURN_TRIP_STATUSES),
  startedAt: DateTime,
  returnedAt: z.nullable(DateTime),
  verification: FleetHandoff,
});

// Name, phone and the merchant's instructions: shown to operations and to the rider holding the job, else null.
const Contact = z.extend(Place, { name: z.nullable(z.string()), phone: z.nullable(z.string()), instructions: z.nullable(z.string()) });

/** What the rider collects at the door of a cash-on-delivery job (never the store's charge or the collection fee). */
const FleetCollection = z.strictObject({
  amountMinor: z.int().check(z.minimum(1)),
  status: z.enum(COLLECTION_STATUSES),
  method: z.nullable(z.enum(PAYMENT_METHODS)),
  reference: z.nullable(z.string()),
  collectedAt: z.nullable(DateTime),
});

/** A job as the fleet sees it: contacts once assigned, the handoffs' state without their codes. */
export const FleetJob = z.strictObject({
  id: z.uuid(),
  status: z.enum(JOB_STATUSES),
  agentId: z.nullable(z.string()),
  version: z.int().check(z.minimum(1)),
  pickup: Contact,
  drop: Contact,
  distanceMeters: z.int().check(z.minimum(0)),
  packageDescription: z.nullable(z.string()),
  packageWeight: z.nullable(z.string()),
  riderLocation: z.nullable(RiderLocationView),
  verification: z.strictObject({ pickup: FleetHandoff, delivery: FleetHandoff }),
  deliveryAttempts: z.array(FleetDeliveryAttempt),
  pendingDecision: z.nullable(FleetPendingDecision),
  returnTrip: z.nullable(FleetReturnTrip),
  /** Cash on delivery: what to collect before the delivery code (null for a prepaid job). */
  collection: z.nullable(FleetCollection),
  events: z.array(JobEventView),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type FleetJob = z.infer<typeof FleetJob>;

/** The rider's current jobs. */
export const FleetJobList = z.strictObject({ data: z.array(FleetJob) });

function place(job: Job, stop: 'pickup' | 'drop') {
  const { route } = job;
  return stop === 'pickup'
    ? {
        address: route.pickupAddress,
        city: route.pickupCity ?? null,
        pincode: route.pickupPincode ?? null,
        latitude: route.pickupLatitude,
        longitude: route.pickupLongitude,
      }
    : {
        address: route.dropAddress,
        city: route.dropCity ?? null,
        pincode: route.dropPincode ?? null,
        latitude: route.dropLatitude,
        longitude: route.dropLongitude,
      };
}

const weight = (job: Job) => (job.route.packageWeightGrams === undefined ? null : formatWeight(job.route.packageWeightGrams));

/** A queued job as an offer; with the rider's position, the distance to its pickup. */
export function toFleetOffer(job: Job, rider?: LatLng): FleetOffer {
  const pickup = place(job, 'pickup');
  return {
    id: job.id,
    offeredAt: offeredAt(job),
    pickup,
    drop: place(job, 'drop'),
    distanceMeters: job.distanceMeters,
    pickupDistanceMeters: rider ? Math.round(greatCircleMeters(rider, pickup)) : null,
    packageDescription: job.route.packageDescription ?? null,
    packageWeight: weight(job),
  };
}

function fleetHandoff(stored: Handoff, now: Date) {
  const handoff = effectiveHandoff(stored, now);
  return {
    status: handoff.status,
    expiresAt: handoff.expiresAt,
    verifiedAt: handoff.verifiedAt,
    attemptsRemaining: Math.max(0, MAX_CODE_ATTEMPTS - handoff.failedAttempts),
  };
}

/**
 * A job as the fleet sees it, as of `now`. Names and phones show to a rider only while a rider holds
 * the job (accepted and not yet ended, or carrying the parcel back); operations see them always (they
 * settle failed deliveries).
 */
export function toFleetJob(job: Job, viewer: FleetRole, now = new Date()): FleetJob {
  const contacts = viewer === 'ops' || heldBy(job) !== null;
  return {
    id: job.id,
    status: job.status,
    agentId: job.agentId,
    version: job.version,
    pickup: {
      ...place(job, 'pickup'),
      name: contacts ? job.pickupName : null,
      phone: contacts ? job.pickupPhone : null,
      instructions: contacts ? (job.pickupInstructions ?? null) : null,
    },
    drop: {
      ...place(job, 'drop'),
      name: contacts ? job.dropName : null,
      phone: contacts ? job.dropPhone : null,
      instructions: contacts ? (job.dropInstructions ?? null) : null,
    },
    distanceMeters: job.distanceMeters,
    packageDescription: job.route.packageDescription ?? null,
    packageWeight: weight(job),
    riderLocation: job.riderLocation,
    verification: { pickup: fleetHandoff(job.verification.pickup, now), delivery: fleetHandoff(job.verification.delivery, now) },
    deliveryAttempts: (job.deliveryAttempts ?? []).map(({ number, reason, note, createdAt }) => ({ number, reason, note, createdAt })),
    pendingDecision: job.pendingDecision
      ? { options: [...job.pendingDecision.options], deadlineAt: job.pendingDecision.deadlineAt, defaultAction: job.pendingDecision.defaultAction }
      : null,
    returnTrip: job.returnTrip
      ? {
          reason: job.returnTrip.reason,
          status: job.returnTrip.status,
          startedAt: job.returnTrip.startedAt,
          returnedAt: job.returnTrip.returnedAt,
          verification: fleetHandoff(job.returnTrip.handoff, now),
        }
      : null,
    collection: job.collection
      ? {
          amountMinor: job.collection.amountMinor,
          status: job.collection.status,
          method: job.collection.method,
          reference: job.collection.reference,
          collectedAt: job.collection.collectedAt,
        }
      : null,
    events: job.events.map(({ id, status, actor, note, createdAt }) => ({ id, status, actor, note, createdAt })),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

// The routes' API description (read by scripts/openapi-document.ts); bundles drop it.

const pendingFleetHandoffsExample = {
  pickup: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  delivery: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
};
const fleetJobExample = {
  id: EXAMPLE_JOB_ID,
  status: 'booked',
  agentId: 'rider_7Qm2Xc9LpB4tR1vN8sKd',
  version: 5,
  pickup: {
    address: 'MG Road, Bengaluru',
    city: 'Bengaluru',
    pincode: '560001',
    latitude: 12.9756,
    longitude: 77.6066,
    name: 'Chai Point, MG Road',
    phone: '+919876543210',
    instructions: null,
  },
  drop: {
    address: '100 Feet Road, Indiranagar, Bengaluru',
    city: 'Bengaluru',
    pincode: '560038',
    latitude: 12.9784,
    longitude: 77.6408,
    name: 'Asha Rao',
    phone: '+919845012345',
    instructions: 'Gate behind the temple, 3rd floor',
  },
  distanceMeters: 4834,
  packageDescription: 'Documents',
  packageWeight: '750 g',
  riderLocation: { latitude: 12.9761, longitude: 77.6102, accuracy: 12, recordedAt: '2026-11-22T10:04:10.000Z' },
  verification: pendingFleetHandoffsExample,
  deliveryAttempts: [],
  pendingDecision: null,
  returnTrip: null,
  collection: null,
  events: [
    createdEventExample,
    { id: '0b7e4f3a-2c1d-4e5f-8a9b-1c2d3e4f5a6b', status: 'queued', actor: 'system', note: null, createdAt: '2026-11-22T10:00:01.000Z' },
    {
      id: '1c8f5a4b-3d2e-4f6a-9b0c-2d3e4f5a6b7c',
      status: 'picked_by_agent',
      actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd',
      note: null,
      createdAt: '2026-11-22T10:02:00.000Z',
    },
    {
      id: '2d9a6b5c-4e3f-4a7b-8c1d-3e4f5a6b7c8d',
      status: 'booking_in_progress',
      actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd',
      note: null,
      createdAt: '2026-11-22T10:02:30.000Z',
    },
    {
      id: '3e0b7c6d-5f4a-4b8c-9d2e-4f5a6b7c8d9e',
      status: 'booked',
      actor: 'rider:rider_7Qm2Xc9LpB4tR1vN8sKd',
      note: null,
      createdAt: '2026-11-22T10:03:00.000Z',
    },
  ],
  createdAt: EXAMPLE_AT,
  updatedAt: '2026-11-22T10:04:10.000Z',
};
const arrivedHandoffsExample = /* @__PURE__ */ variant(pendingFleetHandoffsExample, {
  pickup: { status: 'active', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: null, attemptsRemaining: 5 },
});

const attemptedExample = /* @__PURE__ */ variant(fleetJobExample, {
  status: 'pickup_completed',
  verification: {
    pickup: { status: 'verified', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: '2026-11-22T10:12:00.000Z', attemptsRemaining: 5 },
    delivery: { status: 'unavailable', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  },
  deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'Called twice, no answer', createdAt: '2026-11-22T10:31:00.000Z' }],
  pendingDecision: { options: ['reattempt', 'return'], deadlineAt: '2026-11-22T10:41:00.000Z', defaultAction: 'return' },
});
const returningExample = /* @__PURE__ */ variant(attemptedExample, {
  status: 'failed',
  verification: {
    pickup: { status: 'verified', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: '2026-11-22T10:12:00.000Z', attemptsRemaining: 5 },
    delivery: { status: 'unavailable', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
  },
  pendingDecision: null,
  returnTrip: {
    reason: 'undeliverable',
    status: 'returning',
    startedAt: '2026-11-22T10:41:00.000Z',
    returnedAt: null,
    verification: { status: 'active', expiresAt: '2026-11-22T11:20:00.000Z', verifiedAt: null, attemptsRemaining: 5 },
  },
});

const codJobAtDropExample = /* @__PURE__ */ variant(fleetJobExample, {
  status: 'pickup_completed',
  verification: {
    pickup: { status: 'verified', expiresAt: '2026-11-22T10:40:00.000Z', verifiedAt: '2026-11-22T10:12:00.000Z', attemptsRemaining: 5 },
    delivery: { status: 'active', expiresAt: '2026-11-22T11:00:00.000Z', verifiedAt: null, attemptsRemaining: 5 },
  },
  collection: { amountMinor: 85000, status: 'collected', method: 'upi', reference: '433512345678', collectedAt: '2026-11-22T10:31:00.000Z' },
});
// What a route that names a job can answer besides success.
const JOB_ROUTE_ERRORS = [400, 401, 403, 404, 409, 429, 500, 503] as const;

export const fleetOperations = {
  'GET /fleet/v1/offers': {
    operationId: 'listOffers',
    summary: 'Open offers',
    description:
      'Live jobs waiting for a rider (`queued`), longest waiting first. Send the rider’s `latitude` and `longitude` (together) to get the nearest pickups first, each with `pickupDistanceMeters` (great circle), from the delivery zones around the rider (the zone they are in and any whose edge is within `withinMeters`, 5 km unless sent; far from every zone, the nearest zone), and `withinMeters` to keep only those that close. Offers show where and what, not who: names and phone numbers appear once a rider has accepted. A rider is not offered cash-on-delivery jobs whose amount to collect would take their cash in hand plus the cash due on the jobs they hold past the cash limit (accepting one would be 409 `cash_limit_exceeded`); such offers are left out of the page, which may then hold fewer than `limit`.',
    tag: 'Offers',
    query: OfferListQuery,
    success: [
      {
        status: 200,
        description: 'Offers',
        name: 'FleetOfferList',
        schema: FleetOfferList,
        example: {
          data: [
            {
              id: EXAMPLE_JOB_ID,
              offeredAt: '2026-11-22T10:00:01.000Z',
              pickup: { address: 'MG Road, Bengaluru', city: 'Bengaluru', pincode: '560001', latitude: 12.9756, longitude: 77.6066 },
              drop: { address: '100 Feet Road, Indiranagar, Bengaluru', city: 'Bengaluru', pincode: '560038', latitude: 12.9784, longitude: 77.6408 },
              distanceMeters: 4834,
              pickupDistanceMeters: 1210,
              packageDescription: 'Documents',
              packageWeight: '750 g',
            },
          ],
          limit: 20,
        },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /fleet/v1/assignments': {
    operationId: 'listAssignments',
    summary: 'My jobs',
    description:
      'The jobs this rider holds now: accepted and not yet delivered or ended (`picked_by_agent` to `pickup_completed`), and those whose parcel they are bringing back to the pickup (`returnTrip.status` `returning`, the job `failed` or `cancelled`), most recently changed first. What a rider’s app loads when it starts.',
    tag: 'Riders',
    success: [{ status: 200, description: 'The rider’s current jobs', name: 'FleetJobList', schema: FleetJobList, example: { data: [fleetJobExample] } }],
    errors: [401, 403, 429, 500, 503],
  },
  'GET /fleet/v1/jobs/{id}': {
    operationId: 'getFleetJob',
    summary: 'A job',
    description:
      'An open offer or a job assigned to this rider (operations: any live job), with the handoffs’ state, what to collect at the door of a cash-on-delivery job (`collection`: the amount, never the store’s charge or fee; null for a prepaid job), the failed delivery attempts, the merchant’s pending decision (the rider waits until it comes or its deadline applies the default) and the return trip. Names and phone numbers show to a rider only while they hold the job (accepted, not yet ended, or carrying the parcel back to the pickup); operations always see them. Codes are never shown to the fleet: the store gives the pickup and return codes and the customer the delivery code.',
    tag: 'Riders',
    path: FleetJobPath,
    success: [{ status: 200, description: 'The job', name: 'FleetJobResponse', schema: FleetJob, envelope: true, example: { data: fleetJobExample } }],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'POST /fleet/v1/jobs/{id}/accept': {
    operationId: 'acceptOffer',
    summary: 'Accept an offer',
    description:
      'Takes a `queued` job: it becomes `picked_by_agent` with this rider’s agent id. Another rider (or the merchant’s cancel) getting there first answers 409 or 404. Repeating a successful accept answers 200 with the job. A rider holds at most 2 live jobs at once (409 `rider_at_capacity`), must confirm an acceptance within 2 minutes (else dispatch puts the job back on offer), and may not take back a job they gave back (409 `invalid_transition`). A confirmed job whose rider has not reached the pickup within 30 minutes goes back on offer too. Declines never end a job: the dispatch timeout does. A cash-on-delivery job whose amount to collect would take the rider’s cash in hand plus the cash due on the jobs they hold past the cash limit (₹20,000 unless configured; `GET /fleet/v1/riders/{agentId}/cash`) is refused with 409 `cash_limit_exceeded` (`details.limitMinor`) until operations record a deposit.',
    tag: 'Riders',
    path: FleetJobPath,
    success: [
      {
        status: 200,
        description: 'The job, now this rider’s',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: /* @__PURE__ */ variant(fleetJobExample, { status: 'picked_by_agent' }) },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/start-confirmation': {
    operationId: 'startConfirmation',
    summary: 'Start confirming',
    description: 'The rider is confirming the job (`picked_by_agent` → `booking_in_progress`).',
    tag: 'Riders',
    path: FleetJobPath,
    success: [
      {
        status: 200,
        description: 'The job',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: /* @__PURE__ */ variant(fleetJobExample, { status: 'booking_in_progress' }) },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/confirm': {
    operationId: 'confirmJob',
    summary: 'Confirm',
    description: 'The rider is on the way to the pickup (`booking_in_progress` → `booked`).',
    tag: 'Riders',
    path: FleetJobPath,
    success: [{ status: 200, description: 'The job', name: 'FleetJobResponse', schema: FleetJob, envelope: true, example: { data: fleetJobExample } }],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/decline': {
    operationId: 'declineJob',
    summary: 'Decline',
    description:
      'Gives an accepted, unconfirmed job back (`picked_by_agent` or `booking_in_progress` → `queued`): it is offered again, and dispatch’s wait starts again.',
    tag: 'Riders',
    path: FleetJobPath,
    success: [
      {
        status: 200,
        description: 'The job, back on offer',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: /* @__PURE__ */ variant(fleetJobExample, { status: 'queued', agentId: null, riderLocation: null }) },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/location': {
    operationId: 'reportLocation',
    summary: 'Report location',
    description:
      'The rider’s GPS fix while on the job (`picked_by_agent` to `pickup_completed`, and while bringing the parcel back to the pickup); the merchant sees it as `riderLocation`.',
    tag: 'Riders',
    path: FleetJobPath,
    requestBody: { name: 'LocationRequest', schema: LocationRequest, example: { latitude: 12.9761, longitude: 77.6102, accuracy: 12 } },
    success: [
      {
        status: 200,
        description: 'The job with its new location',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: fleetJobExample },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive': {
    operationId: 'arrive',
    summary: 'Arrive at pickup, drop or back at the pickup',
    description:
      'At the pickup (job `booked`) the pickup code becomes `active`; at the drop (job `pickup_completed`) the delivery code’s 30 minutes start; back at the pickup with a returning parcel (`return`) the return code becomes `active`. The code expires 30 minutes after arrival. While the merchant decides after a failed attempt, arriving at the drop is refused (409): a reattempt makes the delivery code usable again.',
    tag: 'Riders',
    path: HandoffPath,
    success: [
      {
        status: 200,
        description: 'The job',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: /* @__PURE__ */ variant(fleetJobExample, { verification: arrivedHandoffsExample }) },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code': {
    operationId: 'submitCode',
    summary: 'Submit a handoff code',
    description:
      'The right pickup code completes the pickup (`pickup_completed`; the delivery code becomes active); the right delivery code delivers the job (`delivered`; the charge is captured); the right return code (`return`, given by the store) ends the return trip (`returnTrip.status` `returned`; the return charge is captured). A wrong code answers 422 `wrong_code` and counts: the fifth locks the handoff (409 `handoff_locked`) until operations reset it. A code past its expiry answers 409 `code_expired`; operations can re-issue it. On a cash-on-delivery job the delivery code is refused with 409 `collection_pending` (`details.dueMinor`, `details.collectionPath`) while the payment is due, before the code is looked at (no try is counted): record the payment first (`POST …/collection`).',
    tag: 'Riders',
    path: HandoffPath,
    requestBody: { name: 'CodeRequest', schema: CodeRequest, example: { code: '4821' } },
    success: [
      {
        status: 200,
        description: 'The code was right: the job moved on',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: /* @__PURE__ */ variant(fleetJobExample, { status: 'pickup_completed' }) },
      },
    ],
    errors: [400, 401, 403, 404, 409, 422, 429, 500, 503],
  },
  'POST /fleet/v1/jobs/{id}/fail': {
    operationId: 'failJob',
    summary: 'Report failure',
    description:
      'The delivery cannot go on. Before pickup the job fails and the merchant’s reservation is released; after pickup it fails with settlement `review`, resolved by operations (`settlement resolve`). The reason is the event’s note.',
    tag: 'Riders',
    path: FleetJobPath,
    requestBody: { name: 'FailRequest', schema: FailRequest, example: { reason: 'Store closed; nobody answered the phone' } },
    success: [
      {
        status: 200,
        description: 'The failed job',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: /* @__PURE__ */ variant(fleetJobExample, { status: 'failed', riderLocation: null }) },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/delivery-attempts': {
    operationId: 'attemptDelivery',
    summary: 'Report a failed delivery attempt',
    description:
      'The rider of a `pickup_completed` job, at the drop (after `handoffs/delivery/arrive`), could not hand the parcel over. The first attempt asks the merchant to decide (`pendingDecision`: `reattempt` or `return`, 10 minutes, default `return`); the rider waits, and the delivery code is `unavailable` until a reattempt makes it usable again. The second attempt starts the return at once: the job becomes `failed`, its charge is captured, and `returnTrip` says where the parcel goes (the pickup) until the store gives the rider the return code. Only the job’s rider; 409 before arriving at the drop, while a decision is pending, and after the job has ended. A retry of an attempt whose answer was lost answers 200 with the job, recording nothing twice. On a cash-on-delivery job whose payment is due, a customer who will not pay is reason `payment_refused` (the merchant then decides, as for any failed attempt); it is 409 on a prepaid job or once the payment is recorded (the parcel is then the customer’s to take). A parcel that goes back collects nothing (`collection.status` `not_collected`).',
    tag: 'Riders',
    path: FleetJobPath,
    requestBody: {
      name: 'DeliveryAttemptRequest',
      schema: DeliveryAttemptRequest,
      example: { reason: 'customer_unreachable', note: 'Called twice, no answer' },
    },
    success: [
      {
        status: 200,
        description: 'The job: waiting for the merchant’s decision (first attempt) or on its way back (second)',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: attemptedExample },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/collection': {
    operationId: 'recordCollection',
    summary: 'Record the payment at the door (cash on delivery)',
    description:
      'The rider of a cash-on-delivery job (`collection.status` `due`), at the drop (after `handoffs/delivery/arrive`), records the customer’s payment: the whole amount due (`collection.amountMinor`; another amount is 409 `collection_amount_mismatch` with `details.dueMinor`), in `cash` (it joins the rider’s cash in hand until operations record a deposit) or by `upi` to the platform’s account (`reference`, the UPI transaction reference, is required; a cash payment takes no reference). A UPI reference is recorded once across the platform (letters in any case): one already recorded for a payment, on any job of any store, is 409 `upi_reference_used`, so one transfer is never credited twice. The delivery code is refused (409 `collection_pending`) until the payment is recorded: a parcel is never handed over unpaid; a customer who will not pay is a delivery attempt with reason `payment_refused`. The payment is recorded once: a retry of the same payment whose answer was lost answers 200 with the job, recording nothing twice; another payment, a prepaid job, a job not at the drop, one waiting for the merchant’s decision or one that has ended is 409 `invalid_transition`. Only the job’s rider (another rider gets 404).',
    tag: 'Riders',
    path: FleetJobPath,
    requestBody: { name: 'CollectionRequest', schema: CollectionRequest, example: { method: 'upi', amountMinor: 85000, reference: '433512345678' } },
    success: [
      {
        status: 200,
        description: 'The job with the payment collected: the delivery code can be submitted',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: codJobAtDropExample },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock': {
    operationId: 'resetLock',
    summary: 'Reset a locked handoff (operations)',
    description:
      'A handoff locked by five wrong codes gets a fresh code (the merchant sees it) and five new tries, active for 30 minutes. `return` resets the return handoff of a parcel on its way back.',
    tag: 'Operations',
    path: HandoffPath,
    success: [
      {
        status: 200,
        description: 'The job with the handoff active again',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: returningExample },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reissue-code': {
    operationId: 'reissueCode',
    summary: 'Re-issue an expired code (operations)',
    description:
      'An expired handoff gets a fresh code (the merchant sees it), active for 30 minutes. `return` re-issues the return code of a parcel on its way back.',
    tag: 'Operations',
    path: HandoffPath,
    success: [
      {
        status: 200,
        description: 'The job with the handoff active again',
        name: 'FleetJobResponse',
        schema: FleetJob,
        envelope: true,
        example: { data: fleetJobExample },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
} satisfies OperationDocs;
