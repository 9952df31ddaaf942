import * as z from '../zod.ts';
import { formatWeight, heldBy, offeredAt, type Handoff, type Job } from '../core/job.ts';
import type { FleetRole } from '../core/fleet-access.ts';
import { effectiveHandoff, MAX_CODE_ATTEMPTS } from '../core/lifecycle.ts';
import { greatCircleMeters, type LatLng } from '../core/geo.ts';
import { attemptViews, eventViews, JobPath, pendingDecisionView } from './job-parts.ts';
import type { FleetJob, FleetOffer } from './views/fleet.view.ts';

/**
 * The fleet API's routes at run time: what they read and the job as they answer it (toFleetOffer,
 * toFleetJob; their schemas are views/fleet.view.ts, their words docs/fleet.docs.ts). Riders never
 * see the handoff codes (the store and the customer tell them); offers show where and what, but no
 * names or phone numbers until accepted. Each route's request body or query is in fleet-requests/,
 * one module per route, so a function builds only its own.
 */

/** Path of every fleet job route: the merchant's job path (a UUID in any letter case). */
export const FleetJobPath = JobPath;

/** Path of the handoff routes: which handoff, pickup, delivery or return (the parcel back at the pickup). */
export const HandoffPath = z.extend(FleetJobPath, {
  handoff: z.enum(['pickup', 'delivery', 'return'], { error: 'Must be pickup, delivery or return' }),
});

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
    collection: fleetCollection(job),
  };
}

// What the rider collects at the door, as offers and jobs show it: never the store's charge or the collection fee.
function fleetCollection(job: Job): FleetJob['collection'] {
  const paid = job.collection;
  return paid ? { amountMinor: paid.amountMinor, status: paid.status, method: paid.method, reference: paid.reference, collectedAt: paid.collectedAt } : null;
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
    collection: fleetCollection(job),
    events: eventViews(job),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
