import * as z from 'zod';
import { formatWeight, JOB_STATUSES, offeredAt, VERIFICATION_STATUSES, type Handoff, type Job } from '../core/job.ts';
import { effectiveHandoff, MAX_CODE_ATTEMPTS } from '../core/lifecycle.ts';
import { greatCircleMeters, type LatLng } from '../core/geo.ts';
import { Latitude, Longitude } from './common.schema.ts';
import { JobEventView, RiderLocationView } from './job.schema.ts';

/**
 * The fleet API's requests and views. Riders never see the handoff codes (the store and the
 * customer tell them); offers show where and what, but no names or phone numbers until accepted.
 */

const DateTime = z.iso.datetime();

/** Path of every fleet job route (a UUID in any letter case). */
export const FleetJobPath = z.strictObject({ id: z.uuid({ error: 'Must be a job id (a UUID)' }).transform((id) => id.toLowerCase()) });

/** Path of the handoff routes: which handoff, pickup or delivery. */
export const HandoffPath = FleetJobPath.extend({ handoff: z.enum(['pickup', 'delivery'], { error: 'Must be pickup or delivery' }) });

// A decimal number in a query string, in a range; the API description shows the number it must spell.
const QueryNumber = (range: z.ZodNumber, meta: Record<string, unknown>) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'Must be a decimal number')
    .transform(Number)
    .pipe(range)
    .optional()
    .meta({ queryNumber: meta });

/**
 * Query of GET /fleet/v1/offers. With the rider's position (`latitude` and `longitude`, together),
 * offers come nearest pickup first, each with its distance, and `withinMeters` keeps the near ones.
 */
export const OfferListQuery = z
  .strictObject({
    limit: z
      .string()
      .regex(/^\d+$/, 'Must be a whole number')
      .transform(Number)
      .pipe(z.int().min(1).max(50))
      .optional()
      .transform((value) => value ?? 20)
      .meta({ queryInteger: { type: 'integer', minimum: 1, maximum: 50, default: 20 } }),
    latitude: QueryNumber(Latitude, { type: 'number', minimum: -90, maximum: 90, description: 'The rider’s latitude (with longitude)' }),
    longitude: QueryNumber(Longitude, { type: 'number', minimum: -180, maximum: 180, description: 'The rider’s longitude (with latitude)' }),
    withinMeters: QueryNumber(z.number().int().min(100).max(100_000), { type: 'integer', minimum: 100, maximum: 100000, description: 'Only offers whose pickup is this close to the rider (needs latitude and longitude)' }),
  })
  .superRefine((query, ctx) => {
    if ((query.latitude === undefined) !== (query.longitude === undefined)) {
      ctx.addIssue({ code: 'custom', path: [query.latitude === undefined ? 'latitude' : 'longitude'], message: 'Send latitude and longitude together' });
    }
    if (query.withinMeters !== undefined && query.latitude === undefined) {
      ctx.addIssue({ code: 'custom', path: ['withinMeters'], message: 'Needs the rider’s latitude and longitude' });
    }
  });
export type OfferListQuery = z.infer<typeof OfferListQuery>;

/** Body of POST …/location: a GPS fix; accuracy is the fix's radius in metres. */
export const LocationRequest = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.number().min(0).max(10_000).nullable().optional(),
});

/** Body of POST …/handoffs/{handoff}/code: the four digits the store (pickup) or the customer (delivery) gave. */
export const CodeRequest = z.strictObject({ code: z.string().regex(/^\d{4}$/, 'Must be the four-digit code') });

/** Body of POST …/fail: why the delivery cannot go on (shown to the merchant as the event's note). */
export const FailRequest = z.strictObject({ reason: z.string().trim().min(1).max(500) });

const Place = z.strictObject({
  address: z.string(),
  city: z.string().nullable(),
  pincode: z.string().nullable(),
  latitude: Latitude,
  longitude: Longitude,
});

/** An open job offered to riders. */
export const FleetOffer = z.strictObject({
  id: z.uuid(),
  offeredAt: DateTime,
  pickup: Place,
  drop: Place,
  distanceMeters: z.int().min(0),
  /** From the rider's position to the pickup (great circle), when the rider sent one. */
  pickupDistanceMeters: z.int().min(0).nullable(),
  packageDescription: z.string().nullable(),
  packageWeight: z.string().nullable(),
});
export type FleetOffer = z.infer<typeof FleetOffer>;

export const FleetOfferList = z.strictObject({ data: z.array(FleetOffer), limit: z.int() });

const FleetHandoff = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES),
  expiresAt: DateTime.nullable(),
  verifiedAt: DateTime.nullable(),
  attemptsRemaining: z.int().min(0).max(MAX_CODE_ATTEMPTS),
});

const Contact = Place.extend({ name: z.string().nullable(), phone: z.string().nullable() });

/** A job as the fleet sees it: contacts once assigned, the handoffs' state without their codes. */
export const FleetJob = z.strictObject({
  id: z.uuid(),
  status: z.enum(JOB_STATUSES),
  agentId: z.string().nullable(),
  version: z.int().min(1),
  pickup: Contact,
  drop: Contact,
  distanceMeters: z.int().min(0),
  packageDescription: z.string().nullable(),
  packageWeight: z.string().nullable(),
  riderLocation: RiderLocationView.nullable(),
  verification: z.strictObject({ pickup: FleetHandoff, delivery: FleetHandoff }),
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
    ? { address: route.pickupAddress, city: route.pickupCity ?? null, pincode: route.pickupPincode ?? null, latitude: route.pickupLatitude, longitude: route.pickupLongitude }
    : { address: route.dropAddress, city: route.dropCity ?? null, pincode: route.dropPincode ?? null, latitude: route.dropLatitude, longitude: route.dropLongitude };
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
  return { status: handoff.status, expiresAt: handoff.expiresAt, verifiedAt: handoff.verifiedAt, attemptsRemaining: Math.max(0, MAX_CODE_ATTEMPTS - handoff.failedAttempts) };
}

/** A job as the fleet sees it, as of `now`. Names and phones show only once a rider holds the job. */
export function toFleetJob(job: Job, now = new Date()): FleetJob {
  const contacts = job.agentId !== null;
  return {
    id: job.id,
    status: job.status,
    agentId: job.agentId,
    version: job.version,
    pickup: { ...place(job, 'pickup'), name: contacts ? job.pickupName : null, phone: contacts ? job.pickupPhone : null },
    drop: { ...place(job, 'drop'), name: contacts ? job.dropName : null, phone: contacts ? job.dropPhone : null },
    distanceMeters: job.distanceMeters,
    packageDescription: job.route.packageDescription ?? null,
    packageWeight: weight(job),
    riderLocation: job.riderLocation,
    verification: { pickup: fleetHandoff(job.verification.pickup, now), delivery: fleetHandoff(job.verification.delivery, now) },
    events: job.events.map(({ id, status, actor, note, createdAt }) => ({ id, status, actor, note, createdAt })),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
