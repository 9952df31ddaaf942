import * as z from '../zod.ts';
import { DELIVERY_ATTEMPT_REASONS, formatWeight, heldBy, offeredAt, PAYMENT_METHODS, type Handoff, type Job } from '../core/job.ts';
import type { FleetRole } from '../core/fleet-access.ts';
import { effectiveHandoff, MAX_CODE_ATTEMPTS } from '../core/lifecycle.ts';
import { greatCircleMeters, type LatLng } from '../core/geo.ts';
import { Latitude, Longitude, PaiseInput, refuse, storable } from './common.schema.ts';
import { attemptViews, eventViews, JobPath, normalizeInstructions, pendingDecisionView } from './job-parts.ts';
import type { FleetJob, FleetOffer } from './views/fleet.view.ts';

/**
 * The fleet API's routes at run time: what they read and the job as they answer it (toFleetOffer,
 * toFleetJob; their schemas are views/fleet.view.ts, their words docs/fleet.docs.ts). Riders never
 * see the handoff codes (the store and the customer tell them); offers show where and what, but no
 * names or phone numbers until accepted.
 */

/** Path of every fleet job route: the merchant's job path (a UUID in any letter case). */
export const FleetJobPath = JobPath;

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
export const AttemptNote = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    if (value.trim() === '') return refuse(ctx, 'Must not be blank: leave the note out instead');
    const result = normalizeInstructions(value);
    return result.ok ? result.value : refuse(ctx, result.message);
  }),
);

/** Body of POST …/delivery-attempts: why the parcel could not be handed over, and optionally a note. */
export const DeliveryAttemptRequest = z.strictObject({
  reason: z.enum(DELIVERY_ATTEMPT_REASONS, { error: `Must be one of ${DELIVERY_ATTEMPT_REASONS.join(', ')}` }),
  note: z.optional(AttemptNote),
});

/** A UPI transaction reference (the UTR or the app's id): 6–50 letters, digits, `.`, `_`, `/`, `-`, starting with a letter or digit. */
export const UpiReference = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{5,49}$/, 'Must be the UPI transaction reference: 6–50 letters, digits, ".", "_", "/" or "-"'));

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
    deliveryAttempts: attemptViews(job),
    pendingDecision: pendingDecisionView(job),
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
    events: eventViews(job),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
