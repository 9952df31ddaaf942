import * as z from '../zod.ts';
import { INDIAN_MOBILE, normalizeIndianMobile } from '../core/phone.ts';
import {
  DECISION_ACTIONS,
  DELIVERY_ATTEMPT_REASONS,
  EDITABLE_FIELDS,
  formatWeight,
  JOB_STATUSES,
  MAX_INSTRUCTIONS_LENGTH,
  RETURN_REASONS,
  RETURN_TRIP_STATUSES,
  COLLECTION_STATUSES,
  PAYMENT_METHODS,
  SETTLEMENTS,
  toCollectionData,
  toJobSummary,
  VERIFICATION_STATUSES,
  toHandoffData,
  toReturnTripData,
  visibleRiderLocation,
  type Handoff,
  type Job,
} from '../core/job.ts';
import { minorToRupees } from '../core/money.ts';
import { effectiveHandoff } from '../core/lifecycle.ts';
import { Latitude, Longitude, MinorAmount, QueryInt, refuse } from './common.schema.ts';
import { createdEventExample, EXAMPLE_AT, EXAMPLE_JOB_ID, EXAMPLE_QUOTE_ID, variant } from './examples.ts';
import type { OperationDocs } from './operation.ts';

const IndianMobile = z
  .pipe(
    z.string(),
    z.transform((value, ctx) => {
      const normalized = normalizeIndianMobile(value);
      if (normalized === null) {
        return refuse(ctx, 'Must be an Indian mobile number: ten digits starting 6-9, optionally after +91, 91 or 0');
      }
      return normalized;
    }),
  )
  .check(
    z.meta({
      pattern: INDIAN_MOBILE.source,
      description: 'Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX.',
      examples: ['+91 98765 43210'],
    }),
  );

const ContactName = z.string().check(z.minLength(1), z.maxLength(100));

// Control characters other than whitespace (a NUL, an escape sequence) and bidirectional overrides, which
// could make a rider's screen show other text than was sent.
const HIDDEN_CHARACTERS = /(?![\t\n\r])\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u;

/**
 * `normalizeInstructions` for the rider: runs of whitespace (line breaks and tabs included) become
 * one space and the ends are trimmed; then 1–280 characters (code points). Hidden control characters
 * and broken text (a lone UTF-16 surrogate) are refused rather than silently dropped.
 */
export function normalizeInstructions(value: string): { ok: true; value: string } | { ok: false; message: string } {
  if (!value.isWellFormed()) return { ok: false, message: 'Must be valid text (it holds a lone UTF-16 surrogate)' };
  if (HIDDEN_CHARACTERS.test(value)) return { ok: false, message: 'Must not contain control characters (other than spaces, tabs and line breaks)' };
  const normalized = value.replace(/\s+/g, ' ').trim();
  const length = [...normalized].length;
  if (length === 0) return { ok: false, message: 'Must not be blank: send null to clear an instruction' };
  if (length > MAX_INSTRUCTIONS_LENGTH) return { ok: false, message: `Must be at most ${MAX_INSTRUCTIONS_LENGTH} characters (it has ${length})` };
  return { ok: true, value: normalized };
}

const Instructions = z
  .pipe(
    z.string(),
    z.transform((value, ctx) => {
      const result = normalizeInstructions(value);
      return result.ok ? result.value : refuse(ctx, result.message);
    }),
  )
  .check(
    z.meta({
      description: `Free text for the rider, 1–${MAX_INSTRUCTIONS_LENGTH} characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; control characters are refused. Never shown on the tracking page.`,
      examples: ['Gate behind the temple, 3rd floor'],
    }),
  );

/** Body of POST /v1/jobs; every field but the instructions required, unknown fields rejected; phones normalised to +91XXXXXXXXXX. */
export const BookingRequest = z.strictObject({
  quoteId: z.uuid(),
  externalOrderId: z.string().check(z.minLength(1), z.maxLength(200)),
  pickupName: ContactName,
  pickupPhone: IndianMobile,
  dropName: ContactName,
  dropPhone: IndianMobile,
  pickupInstructions: z.optional(Instructions),
  dropInstructions: z.optional(Instructions),
});
export type BookingRequest = z.infer<typeof BookingRequest>;

/** The Idempotency-Key header: required, 1–128 of letters, digits, `.`, `_`, `:`, `-`. */
export const IdempotencyKey = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required: send a unique Idempotency-Key header with each booking' : undefined) })
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/, 'Only letters, digits, ".", "_", ":" and "-" are allowed'));

/** The headers POST /v1/jobs reads (by canonical name; matched case-insensitively). */
export const BookingHeaders = z.object({ 'Idempotency-Key': IdempotencyKey });
export type BookingHeaders = z.infer<typeof BookingHeaders>;

/**
 * Body of PATCH /v1/jobs/{id}: any non-empty subset of the contacts and instructions, with the
 * booking's rules (phones normalised); null clears an instruction. Unknown fields are rejected.
 */
export const JobEditRequest = z
  .strictObject({
    pickupName: z.optional(ContactName),
    pickupPhone: z.optional(IndianMobile),
    pickupInstructions: z.optional(z.nullable(Instructions)),
    dropName: z.optional(ContactName),
    dropPhone: z.optional(IndianMobile),
    dropInstructions: z.optional(z.nullable(Instructions)),
  })
  .check(
    z.refine((body) => Object.keys(body).length > 0, {
      message: `Send at least one of ${EDITABLE_FIELDS.join(', ')}`,
      // An unknown field is the error to name, not an empty edit.
      when: (payload) => payload.issues.length === 0,
    }),
  );
export type JobEditRequest = z.infer<typeof JobEditRequest>;

/** The ETag of a job: its stored version (a strong tag, the same for every representation of that version). */
export function jobETag(job: Job): string {
  return `"${job.version}"`;
}

// An entity-tag (RFC 9110 §8.8.3): optionally weak, then an opaque tag in double quotes.
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"$/;

/**
 * The If-Match header: `*` (the job as it is, whatever its version) or a comma-separated list of
 * entity-tags, parsed to the job versions its strong tags name. Weak tags (`W/"3"`) and tags that are
 * not ours are accepted but never match (If-Match compares strongly), so they answer 412; a value
 * that is not a list of entity-tags is 400.
 */
const IfMatch = z.pipe(
  z.string(),
  z.transform((value, ctx): '*' | number[] => {
    if (value.trim() === '*') return '*';
    const tags = value.split(',').map((part) => ENTITY_TAG.exec(part.trim()));
    if (tags.some((tag) => tag === null)) return refuse(ctx, 'Must be * or a list of ETags as GET /v1/jobs/{id} sends them, e.g. "3"');
    return tags.filter((tag) => tag![1] === undefined && /^[1-9]\d{0,14}$/.test(tag![2]!)).map((tag) => Number(tag![2]));
  }),
);

/** The headers PATCH /v1/jobs/{id} reads: an optional If-Match. */
export const JobEditHeaders = z.object({ 'If-Match': z.optional(IfMatch) });
export type JobEditHeaders = z.infer<typeof JobEditHeaders>;

/** Body of POST /v1/jobs/{id}/decision: the merchant's choice after a failed delivery attempt. Unknown fields are rejected. */
export const DecisionRequest = z.strictObject({
  action: z
    .enum(DECISION_ACTIONS)
    .check(z.meta({ description: '`reattempt`: the rider tries the drop again (with a fresh delivery code); `return`: the parcel goes back to the pickup.' })),
});
export type DecisionRequest = z.infer<typeof DecisionRequest>;

/** Path of GET /v1/jobs/{id} and POST /v1/jobs/{id}/cancel (a UUID in any letter case). */
export const JobPath = z.object({
  id: z.pipe(
    z.uuid({ error: 'Must be a job id (a UUID)' }),
    z.transform((id) => id.toLowerCase()),
  ),
});

/** Query of GET /v1/jobs; unknown parameters are rejected, so a typo never silently drops a filter. */
export const JobListQuery = z.strictObject({
  status: z.optional(z.enum(JOB_STATUSES)),
  limit: QueryInt(1, 100, 50),
  offset: QueryInt(0, 100_000, 0),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

const DateTime = z.iso.datetime();

/** One status-history entry, as both APIs show it. */
export const JobEventView = z.strictObject({
  id: z.uuid(),
  status: z.enum(JOB_STATUSES),
  actor: z.nullable(z.string()),
  note: z.nullable(z.string()),
  createdAt: DateTime,
});

/** The rider's last reported position. */
export const RiderLocationView = z.strictObject({
  latitude: Latitude,
  longitude: Longitude,
  accuracy: z.nullable(z.number().check(z.minimum(0))),
  recordedAt: DateTime,
});

const HandoffView = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES),
  code: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  expiresAt: z.nullable(DateTime),
  verifiedAt: z.nullable(DateTime),
});

/** One failed attempt to deliver, as the job detail and the `job.delivery_attempted` event show it. */
export const DeliveryAttemptView = z.strictObject({
  number: z.int().check(z.minimum(1)),
  reason: z.enum(DELIVERY_ATTEMPT_REASONS),
  note: z.nullable(z.string()),
  createdAt: DateTime,
});

/** The decision the job waits for after a failed attempt: `defaultAction` is applied at `deadlineAt` if the merchant has not decided. */
export const PendingDecisionView = z
  .strictObject({
    options: z.array(z.enum(DECISION_ACTIONS)),
    deadlineAt: DateTime,
    defaultAction: z.enum(DECISION_ACTIONS),
  })
  .check(z.meta({ description: 'null when the job waits for no decision; else what POST /v1/jobs/{id}/decision may choose, by when, and what happens then.' }));

/** The parcel's way back to the pickup, as the job detail and the return events show it. */
export const ReturnTripView = z
  .strictObject({
    reason: z.enum(RETURN_REASONS),
    status: z.enum(RETURN_TRIP_STATUSES),
    chargeMinor: MinorAmount,
    startedAt: DateTime,
    returnedAt: z.nullable(DateTime),
    verification: HandoffView,
  })
  .check(
    z.meta({
      description:
        'null unless the parcel goes back to the pickup: undeliverable (after the attempts) or recalled (POST /v1/jobs/{id}/return). `status` is `returning` until the store takes it back (`returned`), or `failed` when it was lost or damaged on the way back (the return charge is then our operations’ to settle). `chargeMinor` is the return charge; `verification` is the return handoff (the store gives the rider its code when the parcel is back).',
    }),
  );
export type ReturnTripView = z.infer<typeof ReturnTripView>;

/** A cash-on-delivery job's payment, as the job detail and `job.collection_updated` show it. */
export const CollectionView = z
  .strictObject({
    amountMinor: MinorAmount,
    feeMinor: MinorAmount,
    status: z.enum(COLLECTION_STATUSES),
    method: z.nullable(z.enum(PAYMENT_METHODS)),
    reference: z.nullable(z.string()),
    collectedAt: z.nullable(DateTime),
    remittanceId: z.nullable(z.string()),
  })
  .check(
    z.meta({
      description:
        'null for a prepaid job. For cash on delivery (`collectMinor` on the quote): `amountMinor` is what the rider collects from the customer, `feeMinor` the collection fee (part of `chargeMinor`). `status` is `due` until the rider records the payment (`collected`, with `method` cash or upi, the UPI `reference`, and `collectedAt`), or `not_collected` when the job ended without it (cancelled, failed, returned: the fee is released). `remittanceId` names the remittance (GET /v1/remittances/{id}) that credited the amount to your credit.',
    }),
  );
export type CollectionView = z.infer<typeof CollectionView>;

/** An item of the list response: these fields, always present. */
export const JobSummary = z.strictObject({
  id: z.uuid(),
  externalOrderId: z.nullable(z.string()),
  status: z.enum(JOB_STATUSES),
  agentId: z.nullable(z.string()),
  dropName: z.string(),
  dropAddress: z.string(),
  dropCity: z.nullable(z.string()),
  dropPincode: z.nullable(z.string()),
  dropPhone: z.string(),
  packageDescription: z.nullable(z.string()),
  chargeMinor: z.nullable(MinorAmount),
  settlement: z.nullable(z.enum(SETTLEMENTS)),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type JobSummary = z.infer<typeof JobSummary>;

/** `data` of the create, get and cancel responses: the summary plus these, always present. */
export const JobDetail = z.extend(JobSummary, {
  pickupName: z.nullable(z.string()),
  pickupAddress: z.string(),
  pickupCity: z.nullable(z.string()),
  pickupPincode: z.nullable(z.string()),
  pickupPhone: z.nullable(z.string()),
  pickupLatitude: z.nullable(Latitude),
  pickupLongitude: z.nullable(Longitude),
  dropLatitude: z.nullable(Latitude),
  dropLongitude: z.nullable(Longitude),
  packageWeight: z.nullable(z.string()),
  packageWeightGrams: z.nullable(z.int()),
  packageValue: z.nullable(z.number()),
  packageValueMinor: z.nullable(MinorAmount),
  pickupInstructions: z.nullable(z.string()),
  dropInstructions: z.nullable(z.string()),
  riderLocation: z.nullable(RiderLocationView),
  events: z.array(JobEventView),
  verification: z.strictObject({ testMode: z.boolean(), pickup: HandoffView, delivery: HandoffView }),
  deliveryAttempts: z.array(DeliveryAttemptView).check(z.meta({ description: 'The rider’s failed attempts to deliver, oldest first; [] when none.' })),
  pendingDecision: z.nullable(PendingDecisionView),
  returnTrip: z.nullable(ReturnTripView),
  collection: z.nullable(CollectionView),
});
export type JobDetail = z.infer<typeof JobDetail>;

/** The list response body. */
export const JobListResponse = z.strictObject({ data: z.array(JobSummary), limit: z.int(), offset: z.int() });

function handoffView(stored: Handoff, now: Date) {
  return toHandoffData(effectiveHandoff(stored, now));
}

/**
 * A job as create, get and cancel show it, as of `now` (a code past its expiry shows as expired).
 * A negative declared value (the request allows one) is shown as null.
 */
export function toJobDetail(job: Job, now = new Date()): JobDetail {
  const { route } = job;
  const valueMinor = route.packageValueMinor !== undefined && route.packageValueMinor >= 0 ? route.packageValueMinor : null;
  return {
    ...toJobSummary(job),
    pickupName: job.pickupName,
    pickupAddress: route.pickupAddress,
    pickupCity: route.pickupCity ?? null,
    pickupPincode: route.pickupPincode ?? null,
    pickupPhone: job.pickupPhone,
    pickupLatitude: route.pickupLatitude,
    pickupLongitude: route.pickupLongitude,
    dropLatitude: route.dropLatitude,
    dropLongitude: route.dropLongitude,
    packageWeight: route.packageWeightGrams === undefined ? null : formatWeight(route.packageWeightGrams),
    packageWeightGrams: route.packageWeightGrams ?? null,
    packageValue: valueMinor === null ? null : minorToRupees(valueMinor),
    packageValueMinor: valueMinor,
    pickupInstructions: job.pickupInstructions ?? null,
    dropInstructions: job.dropInstructions ?? null,
    riderLocation: visibleRiderLocation(job),
    events: job.events.map(({ id, status, actor, note, createdAt }) => ({ id, status, actor, note, createdAt })),
    verification: { testMode: job.testMode, pickup: handoffView(job.verification.pickup, now), delivery: handoffView(job.verification.delivery, now) },
    deliveryAttempts: (job.deliveryAttempts ?? []).map(({ number, reason, note, createdAt }) => ({ number, reason, note, createdAt })),
    pendingDecision: job.pendingDecision ? { ...job.pendingDecision, options: [...job.pendingDecision.options] } : null,
    returnTrip: job.returnTrip ? toReturnTripData(job.returnTrip, effectiveHandoff(job.returnTrip.handoff, now)) : null,
    collection: job.collection ? toCollectionData(job.collection) : null,
  };
}

// The routes' API description (read by scripts/openapi-document.ts); bundles drop it.

const jobExample = {
  id: EXAMPLE_JOB_ID,
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
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
};
const jobDetailExample = /* @__PURE__ */ variant(jobExample, {
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
  pickupInstructions: null,
  dropInstructions: 'Gate behind the temple, 3rd floor',
  riderLocation: null,
  events: [createdEventExample],
  verification: {
    testMode: false,
    pickup: { status: 'pending', code: '4821', expiresAt: null, verifiedAt: null },
    delivery: { status: 'pending', code: '1907', expiresAt: null, verifiedAt: null },
  },
  deliveryAttempts: [],
  pendingDecision: null,
  returnTrip: null,
  collection: null,
});
const cancelledJobExample = /* @__PURE__ */ variant(jobDetailExample, {
  status: 'cancelled',
  settlement: 'released',
  verification: {
    testMode: false,
    pickup: { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null },
    delivery: { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null },
  },
});

const PICKED_UP_AT = '2026-11-22T10:21:00.000Z';
const ATTEMPT_AT = '2026-11-22T10:34:00.000Z';
const DECIDED_AT = '2026-11-22T10:36:00.000Z';
const pickedUpEventExample = {
  id: '0b7f3c52-5d1e-4a8f-b0c6-91e2d4a7c3f5',
  status: 'pickup_completed',
  actor: 'rider:rider-7',
  note: null,
  createdAt: PICKED_UP_AT,
};
const attemptExample = { number: 1, reason: 'customer_unreachable', note: 'No answer at the door or on the phone', createdAt: ATTEMPT_AT };
const reattemptJobExample = /* @__PURE__ */ variant(jobDetailExample, {
  status: 'pickup_completed',
  agentId: 'rider-7',
  updatedAt: DECIDED_AT,
  events: [createdEventExample, pickedUpEventExample],
  verification: {
    testMode: false,
    pickup: { status: 'verified', code: null, expiresAt: null, verifiedAt: PICKED_UP_AT },
    delivery: { status: 'active', code: '5930', expiresAt: null, verifiedAt: null },
  },
  deliveryAttempts: [attemptExample],
});
// A cash-on-delivery job at the door: the customer paid ₹850 by UPI; the delivery code is next (the fee is in chargeMinor).
const COLLECTED_AT = '2026-11-22T10:33:00.000Z';
const codJobExample = /* @__PURE__ */ variant(jobDetailExample, {
  status: 'pickup_completed',
  agentId: 'rider-7',
  chargeMinor: 8900,
  updatedAt: COLLECTED_AT,
  events: [createdEventExample, pickedUpEventExample],
  verification: {
    testMode: false,
    pickup: { status: 'verified', code: null, expiresAt: null, verifiedAt: PICKED_UP_AT },
    delivery: { status: 'active', code: '5930', expiresAt: null, verifiedAt: null },
  },
  collection: {
    amountMinor: 85000,
    feeMinor: 2000,
    status: 'collected',
    method: 'upi',
    reference: '432187650912',
    collectedAt: COLLECTED_AT,
    remittanceId: null,
  },
});
const returningJobExample = /* @__PURE__ */ variant(jobDetailExample, {
  status: 'cancelled',
  agentId: 'rider-7',
  settlement: 'captured',
  updatedAt: DECIDED_AT,
  events: [
    createdEventExample,
    pickedUpEventExample,
    {
      id: '9c2e5a71-3f4d-4b8e-a6c0-d1f7e2b9a4c8',
      status: 'cancelled',
      actor: 'merchant',
      note: 'Recalled by the merchant: the parcel goes back to the pickup',
      createdAt: DECIDED_AT,
    },
  ],
  verification: {
    testMode: false,
    pickup: { status: 'verified', code: null, expiresAt: null, verifiedAt: PICKED_UP_AT },
    delivery: { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null },
  },
  returnTrip: {
    reason: 'recalled',
    status: 'returning',
    chargeMinor: 3500,
    startedAt: DECIDED_AT,
    returnedAt: null,
    verification: { status: 'pending', code: '2684', expiresAt: null, verifiedAt: null },
  },
});

export const jobOperations = {
  'POST /v1/jobs': {
    operationId: 'createJob',
    summary: 'Book a quoted delivery',
    description:
      'Books an unexpired, unused quote of the store, reserving its charge from available credit. Send a unique Idempotency-Key: repeating the request with the same key and the same (normalised) details returns the existing job with 200; the same key with other details is 409. After an uncertain outcome (a timeout), retry with the same key and payload.',
    tag: 'Jobs',
    headers: BookingHeaders,
    requestBody: {
      name: 'BookingRequest',
      schema: BookingRequest,
      example: {
        quoteId: EXAMPLE_QUOTE_ID,
        externalOrderId: 'ORD-1001',
        pickupName: 'Chai Point, MG Road',
        pickupPhone: '+91 98765 43210',
        dropName: 'Asha Rao',
        dropPhone: '098450-12345',
      },
    },
    success: [
      { status: 201, description: 'The job was booked', name: 'JobDetailResponse', schema: JobDetail, envelope: true, example: { data: jobDetailExample } },
      {
        status: 200,
        description: 'The same request came again with the same Idempotency-Key: the existing job',
        name: 'JobDetailResponse',
        schema: JobDetail,
        envelope: true,
        example: { data: jobDetailExample },
      },
    ],
    errors: [400, 401, 403, 404, 409, 422, 429, 500, 503],
  },
  'GET /v1/jobs': {
    operationId: 'listJobs',
    summary: 'List jobs',
    description: 'The store’s jobs, newest first, optionally of one status. Counts against the read limit.',
    tag: 'Jobs',
    query: JobListQuery,
    success: [
      {
        status: 200,
        description: 'A page of job summaries',
        name: 'JobListResponse',
        schema: JobListResponse,
        example: { data: [jobExample], limit: 50, offset: 0 },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /v1/jobs/{id}': {
    operationId: 'getJob',
    summary: 'Job details',
    description:
      'The job with its status history, rider location (during an active assignment) and handoff verification; for cash on delivery, its payment (`collection`: the example is a job whose customer paid by UPI at the door, before the delivery code). Counts against the read limit.',
    tag: 'Jobs',
    path: JobPath,
    success: [
      { status: 200, description: 'The job', name: 'JobDetailResponse', schema: JobDetail, envelope: true, example: { data: codJobExample }, etag: true },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'PATCH /v1/jobs/{id}': {
    operationId: 'editJob',
    summary: 'Edit a job’s contacts and instructions',
    description:
      'Changes any non-empty subset of pickupName, pickupPhone, pickupInstructions, dropName, dropPhone and dropInstructions, with the booking’s rules (phones normalised; null clears an instruction). The pickup’s fields change until the parcel is picked up, the drop’s until the job ends; otherwise 409 job_not_editable with `details: {fields, status}`. The rider sees the new details on their next read, and the change writes a `job.updated` event naming the changed fields. An edit that changes nothing writes nothing. Send `If-Match` with the ETag of GET /v1/jobs/{id} to apply the edit only to that version: 412 precondition_failed when the job changed since (any change: a rider’s move too). Without If-Match, an edit that meets another change of the job is decided again on the job as it now is. Counts against the updates limit.',
    tag: 'Jobs',
    path: JobPath,
    headers: JobEditHeaders,
    requestBody: {
      name: 'JobEditRequest',
      schema: JobEditRequest,
      example: { dropPhone: '+91 98450 54321', dropInstructions: 'Gate behind the temple, 3rd floor' },
    },
    success: [
      {
        status: 200,
        description: 'The job after the edit',
        name: 'JobDetailResponse',
        schema: JobDetail,
        envelope: true,
        example: { data: jobDetailExample },
        etag: true,
      },
    ],
    errors: [400, 401, 403, 404, 409, 412, 429, 500, 503],
  },
  'POST /v1/jobs/{id}/cancel': {
    operationId: 'cancelJob',
    summary: 'Cancel a job',
    description:
      'Cancels the job while its state allows (created, queued, picked_by_agent, booking_in_progress, booked) and releases its reservation. After pickup the parcel must be returned first (409 parcel_return_required); finished jobs cannot be cancelled (400). A cancel that meets another change of the job (dispatch, a timeout, a rider) is decided again on the job as it now is, never answered 409 concurrent_modification. Counts against the cancellation limit.',
    tag: 'Jobs',
    path: JobPath,
    success: [
      { status: 200, description: 'The cancelled job', name: 'JobDetailResponse', schema: JobDetail, envelope: true, example: { data: cancelledJobExample } },
    ],
    errors: [400, 401, 403, 404, 409, 429, 500, 503],
  },
  'POST /v1/jobs/{id}/decision': {
    operationId: 'decideDelivery',
    summary: 'Decide after a failed delivery attempt',
    description:
      'After the rider’s first failed attempt at the drop (`job.delivery_attempted`), the job waits for this decision (`pendingDecision`): `reattempt` sends the rider to the drop again with a fresh delivery code (the job stays pickup_completed); `return` sends the parcel back to the pickup: the job becomes failed, the delivery’s charge is captured and the return charge (`returnTrip.chargeMinor`) is reserved. Without a decision by `pendingDecision.deadlineAt` (10 minutes; 60 s for sandbox jobs) the default, `return`, is applied. 409 no_decision_pending when the job waits for no decision (none was asked for, it was already made, or the default was applied first). A decision that meets another change of the job is decided again on the job as it now is. An Idempotency-Key header is not read (as for a cancel): repeating a decision that was made answers 409 no_decision_pending. Counts against the updates limit.',
    tag: 'Jobs',
    path: JobPath,
    requestBody: { name: 'DecisionRequest', schema: DecisionRequest, example: { action: 'reattempt' } },
    success: [
      {
        status: 200,
        description: 'The job after the decision',
        name: 'JobDetailResponse',
        schema: JobDetail,
        envelope: true,
        example: { data: reattemptJobExample },
      },
    ],
    errors: [400, 401, 403, 404, 409, 429, 500, 503],
  },
  'POST /v1/jobs/{id}/return': {
    operationId: 'recallJob',
    summary: 'Recall a picked-up parcel',
    description:
      'Brings a picked-up parcel back to the pickup (the job is pickup_completed): the job becomes cancelled, the delivery’s charge is captured (the rider carried it) and the return trip starts (`returnTrip`, reason `recalled`), its charge reserved; the store gives the rider the return code (`returnTrip.verification.code`) when the parcel is back, and the return charge is captured then. If the store’s available credit cannot cover the return charge, the parcel still comes back and operations settle the charge. Before pickup there is no parcel to bring back: 409 parcel_not_picked_up (cancel is the call); a job that has ended otherwise (or whose parcel is already on its way back) is 409 invalid_transition. Takes no body. A recall that meets another change of the job is decided again on the job as it now is. An Idempotency-Key header is not read (as for a cancel). Counts against the cancellation limit.',
    tag: 'Jobs',
    path: JobPath,
    success: [
      {
        status: 200,
        description: 'The job, cancelled, with its return trip',
        name: 'JobDetailResponse',
        schema: JobDetail,
        envelope: true,
        example: { data: returningJobExample },
      },
    ],
    errors: [400, 401, 403, 404, 409, 429, 500, 503],
  },
} satisfies OperationDocs;
