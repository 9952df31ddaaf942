import * as z from '../../zod.ts';
import { COLLECTION_STATUSES, JOB_STATUSES, PAYMENT_METHODS, RETURN_TRIP_STATUSES, VERIFICATION_STATUSES } from '../../core/job.ts';
import { MAX_CODE_ATTEMPTS } from '../../core/lifecycle.ts';
import { Latitude, Longitude } from '../common.schema.ts';
import { DateTime, DeliveryAttemptView, JobEventView, PendingDecision, RiderLocationView } from './job-parts.view.ts';

/**
 * The fleet API's views of a job (what toFleetOffer and toFleetJob answer). Riders never see the
 * handoff codes (the store and the customer tell them); offers show where and what, but no names or
 * phone numbers until accepted.
 */

const Place = z.strictObject({
  address: z.string(),
  city: z.nullable(z.string()),
  pincode: z.nullable(z.string()),
  latitude: Latitude,
  longitude: Longitude,
});

/** What the rider collects at the door of a cash-on-delivery job (never the store's charge or the collection fee). */
const FleetCollection = z.strictObject({
  amountMinor: z.int().check(z.minimum(1)),
  status: z.enum(COLLECTION_STATUSES),
  method: z.nullable(z.enum(PAYMENT_METHODS)),
  reference: z.nullable(z.string()),
  collectedAt: z.nullable(DateTime),
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
  /** A cash-on-delivery job's payment, so a rider knows before accepting (null: prepaid). */
  collection: z.nullable(FleetCollection),
});
export type FleetOffer = z.infer<typeof FleetOffer>;

export const FleetOfferList = z.strictObject({ data: z.array(FleetOffer), limit: z.int() });

const FleetHandoff = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES),
  expiresAt: z.nullable(DateTime),
  verifiedAt: z.nullable(DateTime),
  attemptsRemaining: z.int().check(z.minimum(0), z.maximum(MAX_CODE_ATTEMPTS)),
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
  deliveryAttempts: z.array(DeliveryAttemptView),
  /** The merchant's decision the job waits for after a failed attempt: the rider waits (no delivery code) until it comes or `deadlineAt` applies `defaultAction`. */
  pendingDecision: z.nullable(PendingDecision),
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
