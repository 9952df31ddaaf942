import { createHash, randomBytes } from 'node:crypto';
import type { RouteRequest } from './quote.ts';
import { toHandoffData, type Handoff, type HandoffData } from './handoff.ts';

// The handoffs' data has its own room (core/handoff.ts); re-exported so the job's readers keep one import.
export {
  VERIFICATION_STATUSES,
  newHandoff,
  toHandoffData,
  verificationCode,
  visibleCode,
  type Handoff,
  type HandoffData,
  type HandoffName,
  type VerificationStatus,
} from './handoff.ts';
// So has a cash-on-delivery payment (core/payment.ts), re-exported the same way.
export {
  COLLECTION_STATUSES,
  PAYMENT_METHODS,
  cashDueOf,
  dueCollection,
  toCollectionData,
  verifiedAtOf,
  type Collection,
  type CollectionData,
  type CollectionStatus,
  type PaymentMethod,
} from './payment.ts';
import type { Collection } from './payment.ts';

/** Job statuses, in lifecycle order (DESIGN.md). */
export const JOB_STATUSES = [
  'created',
  'queued',
  'picked_by_agent',
  'booking_in_progress',
  'booked',
  'pickup_completed',
  'delivered',
  'failed',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Before the parcel is collected: the merchant may still cancel, and failing releases the credit. */
export const BEFORE_PICKUP: ReadonlySet<JobStatus> = new Set(['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked']);
/** A rider is on the job (from accepting to the drop): the time a rider location is shown. */
export const ASSIGNED: ReadonlySet<JobStatus> = new Set(['picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed']);
/** Nothing more happens to the job (but a review of its settlement). */
export const ENDED: ReadonlySet<JobStatus> = new Set(['delivered', 'failed', 'cancelled']);

export const SETTLEMENTS = ['reserved', 'review', 'captured', 'released'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/** One status-history entry. Actor: merchant, system, rider:<agentId>, simulator or admin. */
export interface JobEvent {
  id: string;
  status: JobStatus;
  actor: string | null;
  note: string | null;
  createdAt: string;
}

export interface RiderLocation {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  recordedAt: string;
}

/** What the merchant tells us when booking, after validation and phone normalisation. */
export interface BookingDetails {
  quoteId: string;
  externalOrderId: string;
  pickupName: string;
  pickupPhone: string;
  dropName: string;
  dropPhone: string;
  /** Free text for the rider at the pickup and at the drop (normalised, 1–280 characters); absent when not sent. */
  pickupInstructions?: string | null;
  dropInstructions?: string | null;
}

/** The fields a merchant may edit after booking: the pickup's until the parcel is picked up, the drop's until the job ends. */
export const PICKUP_FIELDS = ['pickupName', 'pickupPhone', 'pickupInstructions'] as const;
export const DROP_FIELDS = ['dropName', 'dropPhone', 'dropInstructions'] as const;
export const EDITABLE_FIELDS = [...PICKUP_FIELDS, ...DROP_FIELDS] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** An edit of a job's contacts and instructions: any of the editable fields; null clears an instruction. */
export interface JobEdit {
  pickupName?: string;
  pickupPhone?: string;
  pickupInstructions?: string | null;
  dropName?: string;
  dropPhone?: string;
  dropInstructions?: string | null;
}

/** The most characters an instruction may have: with names and phones, it bounds what edits can make a job item hold. */
export const MAX_INSTRUCTIONS_LENGTH = 280;

/** The editable fields whose values differ between two versions of a job (an absent instruction is null). */
export function changedFields(before: Job, after: Job): EditableField[] {
  return EDITABLE_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
}

/** Whether `field` may still be edited on a job in `status`. */
export function isEditable(field: EditableField, status: JobStatus): boolean {
  return (PICKUP_FIELDS as readonly string[]).includes(field) ? BEFORE_PICKUP.has(status) : !ENDED.has(status);
}

/** Why a rider could not hand the parcel over at the drop. */
export const DELIVERY_ATTEMPT_REASONS = [
  'customer_unreachable',
  'customer_refused',
  'address_not_found',
  'customer_rescheduled',
  'unsafe_location',
  /** A cash-on-delivery customer who will not pay (only for a job with a payment due). */
  'payment_refused',
] as const;
export type DeliveryAttemptReason = (typeof DELIVERY_ATTEMPT_REASONS)[number];

/** One failed attempt to deliver, numbered from 1. */
export interface DeliveryAttempt {
  number: number;
  reason: DeliveryAttemptReason;
  note: string | null;
  createdAt: string;
  /** When the merchant's decision on it was made (or its default applied): a reattempt's re-arrival deadline runs from here. Internal; absent before it existed. */
  decidedAt?: string;
}

/** What the merchant may decide after a failed attempt. */
export const DECISION_ACTIONS = ['reattempt', 'return'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** The merchant's decision the job waits for after a failed attempt; `defaultAction` is applied at `deadlineAt`. */
export interface PendingDecision {
  options: DecisionAction[];
  deadlineAt: string;
  defaultAction: DecisionAction;
}

/** Why a parcel goes back to the pickup: it could not be delivered, or the merchant recalled it. */
export const RETURN_REASONS = ['undeliverable', 'recalled'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** A return trip is `returning` until the store takes the parcel back with the return code (`returned`), or `failed` when the parcel never made it back (lost or damaged on the way: `fail`). */
export const RETURN_TRIP_STATUSES = ['returning', 'returned', 'failed'] as const;

/**
 * The parcel's way back to the pickup, a small state of its own on an ended job: `returning` from the
 * moment the return starts (the job is `failed` or `cancelled` then) until the store gives the rider
 * the return code (`returned`), or until the rider or operations report it lost or damaged on the way
 * (`fail`: `failed`). `chargeSettlement` is what became of the return charge: `reserved` when the
 * store's credit covered it at the start, `review` when it did not or the trip failed (nothing is
 * reserved then; operations decide), then `captured` or `released`.
 */
export interface ReturnTrip {
  reason: ReturnReason;
  status: (typeof RETURN_TRIP_STATUSES)[number];
  chargeMinor: number;
  chargeSettlement: Settlement;
  startedAt: string;
  returnedAt: string | null;
  handoff: Handoff;
}

/** A return trip as the merchant sees it (the job detail and the return events): its charge's settlement stays internal. */
export interface ReturnTripData {
  reason: ReturnReason;
  status: ReturnTrip['status'];
  chargeMinor: number;
  startedAt: string;
  returnedAt: string | null;
  verification: HandoffData;
}

/** The merchant's view of a return trip, with its handoff as of the moment shown (`handoff`: the stored one unless told). */
export function toReturnTripData(trip: ReturnTrip, handoff: Handoff = trip.handoff): ReturnTripData {
  const { reason, status, chargeMinor, startedAt, returnedAt } = trip;
  return { reason, status, chargeMinor, startedAt, returnedAt, verification: toHandoffData(handoff) };
}

/** A job as the domain holds it. `version` guards every change (optimistic concurrency). */
export interface Job {
  id: string;
  storeId: string;
  /** The store's booking counter at this job: 1, 2, 3 … with no gaps; drives list paging. */
  seq: number;
  version: number;
  status: JobStatus;
  settlement: Settlement | null;
  testMode: boolean;
  quoteId: string;
  zoneId: string;
  zoneVersion: number;
  idempotencyKey: string;
  externalOrderId: string;
  agentId: string | null;
  pickupName: string;
  pickupPhone: string;
  dropName: string;
  dropPhone: string;
  /** Jobs booked before instructions existed have none (read as null). */
  pickupInstructions?: string | null;
  dropInstructions?: string | null;
  route: RouteRequest;
  distanceMeters: number;
  chargeMinor: number;
  riderLocation: RiderLocation | null;
  events: JobEvent[];
  verification: { pickup: Handoff; delivery: Handoff };
  /** How many events the job has produced (core/event.ts); jobs booked before events had none. */
  eventSequence?: number;
  /** When the job's last `job.location_updated` event was; null or absent if none. */
  locationEventAt?: string | null;
  /** The return charge agreed at the quote (a share of the charge, core/pricing.ts); absent on jobs booked before returns existed. */
  returnChargeMinor?: number;
  /** Failed delivery attempts, oldest first (absent: none). */
  deliveryAttempts?: DeliveryAttempt[];
  /** The merchant's decision the job waits for (absent: none). */
  pendingDecision?: PendingDecision | null;
  /** Set when a deadline passed with the job still waiting for the parcel's way back or the rider's re-arrival: operations' review decides. */
  overdue?: { kind: 'return_trip' | 'rearrival'; since: string } | null;
  /** The parcel's way back (absent: none). */
  returnTrip?: ReturnTrip | null;
  /** Cash on delivery (absent or null: a prepaid job). */
  collection?: Collection | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Job ids are UUIDs (RFC 9562 version 8) that carry the store's booking counter in their last 48
 * bits, masked with a hash of the id's other (random) bits so ids look random throughout. The store
 * and the counter locate the job item directly, so GET /v1/jobs/{id} is one read and list pages are
 * key ranges (see job.repository.ts).
 */
export function jobIdFor(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1 || seq >= 2 ** 48) throw new RangeError(`job seq out of range: ${seq}`);
  const bytes = randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  bytes.writeUIntBE(seq, 10, 6);
  maskCounter(bytes);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// XOR with the SHA-256 of bytes 0-9: its own inverse, so the same call masks and unmasks.
function maskCounter(bytes: Buffer): void {
  const mask = createHash('sha256').update(bytes.subarray(0, 10)).digest();
  for (let i = 0; i < 6; i++) bytes[10 + i]! ^= mask[i]!;
}

/** The counter a job id carries, or null when the id cannot be one of ours (then it is simply not found). */
export function seqOfJobId(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return null;
  const bytes = Buffer.from(id.replaceAll('-', ''), 'hex');
  maskCounter(bytes);
  const seq = bytes.readUIntBE(10, 6);
  return seq >= 1 ? seq : null;
}

/** Display weight: "750 g" below a kilogram, else kilograms without trailing zeros ("1.5 kg"). */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

/** What identifies a booking request for idempotency: its normalised payload, hashed. */
export function bookingFingerprint(details: BookingDetails): string {
  const fields = [details.quoteId, details.externalOrderId, details.pickupName, details.pickupPhone, details.dropName, details.dropPhone];
  const instructions = [details.pickupInstructions ?? null, details.dropInstructions ?? null];
  // A booking without instructions keeps the fingerprint it had before they existed, so a retry across the upgrade still matches.
  const canonical = JSON.stringify(instructions.every((value) => value === null) ? fields : [...fields, ...instructions]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** When a job was (last) queued, i.e. how long its offer has been waiting; its update time if never queued. */
export function offeredAt(job: Job): string {
  return job.events.findLast((event) => event.status === 'queued')?.createdAt ?? job.updatedAt;
}

/** When the job was first put on offer: dispatch's timeout runs from here, whatever re-offers came after. */
export function firstQueuedAt(job: Job): string {
  return job.events.find((event) => event.status === 'queued')?.createdAt ?? job.updatedAt;
}

/**
 * The riders who gave the job back, in order: each rider who held it (accepted it) before it went
 * back on offer, whether they declined or let their acceptance lapse unconfirmed.
 */
export function declinedBy(job: Job): string[] {
  const riders: string[] = [];
  let holder: string | null = null;
  for (const event of job.events) {
    if (event.status === 'picked_by_agent') holder = event.actor?.startsWith('rider:') ? event.actor.slice('rider:'.length) : null;
    else if (event.status === 'queued' && holder !== null) {
      riders.push(holder);
      holder = null;
    }
  }
  return riders;
}

/** When the rider who holds the job accepted it (null if nobody holds it). */
export function acceptedAt(job: Job): string | null {
  return job.agentId === null ? null : (job.events.findLast((event) => event.status === 'picked_by_agent')?.createdAt ?? null);
}

/** Whether the parcel is on its way back to the pickup (the job has ended; its rider still carries it). */
export function isReturning(job: Job): boolean {
  return job.returnTrip?.status === 'returning';
}

/** The rider who holds the job now (accepted it, and it has not ended, or is bringing the parcel back), or null. */
export function heldBy(job: Job): string | null {
  return job.agentId !== null && (ASSIGNED.has(job.status) || isReturning(job)) ? job.agentId : null;
}

/** riderLocation is shown only while a rider is assigned and the parcel is not yet delivered. */
export function visibleRiderLocation(job: Job): RiderLocation | null {
  return heldBy(job) !== null ? job.riderLocation : null;
}

/**
 * A job as the list and the events show it (`JobSummary` in schemas/job.schema.ts describes it; a
 * test holds the two together). Kept here, free of zod, so writing a change's events costs no schema.
 */
export interface JobSummaryData {
  id: string;
  externalOrderId: string | null;
  status: JobStatus;
  agentId: string | null;
  dropName: string;
  dropAddress: string;
  dropCity: string | null;
  dropPincode: string | null;
  dropPhone: string;
  packageDescription: string | null;
  chargeMinor: number | null;
  settlement: Settlement | null;
  createdAt: string;
  updatedAt: string;
}

/** A job as the list shows it. */
export function toJobSummary(job: Job): JobSummaryData {
  return {
    id: job.id,
    externalOrderId: job.externalOrderId,
    status: job.status,
    agentId: job.agentId,
    dropName: job.dropName,
    dropAddress: job.route.dropAddress,
    dropCity: job.route.dropCity ?? null,
    dropPincode: job.route.dropPincode ?? null,
    dropPhone: job.dropPhone,
    packageDescription: job.route.packageDescription ?? null,
    chargeMinor: job.chargeMinor,
    settlement: job.settlement,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
