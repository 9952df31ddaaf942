import * as z from '../zod.ts';
import { INDIAN_MOBILE, normalizeIndianMobile } from '../core/phone.ts';
import {
  formatWeight,
  JOB_STATUSES,
  SETTLEMENTS,
  toJobSummary,
  VERIFICATION_STATUSES,
  visibleCode,
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

/** Body of POST /v1/jobs; every field required, unknown fields rejected; phones normalised to +91XXXXXXXXXX. */
export const BookingRequest = z.strictObject({
  quoteId: z.uuid(),
  externalOrderId: z.string().check(z.minLength(1), z.maxLength(200)),
  pickupName: z.string().check(z.minLength(1), z.maxLength(100)),
  pickupPhone: IndianMobile,
  dropName: z.string().check(z.minLength(1), z.maxLength(100)),
  dropPhone: IndianMobile,
});
export type BookingRequest = z.infer<typeof BookingRequest>;

/** The Idempotency-Key header: required, 1–128 of letters, digits, `.`, `_`, `:`, `-`. */
export const IdempotencyKey = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required: send a unique Idempotency-Key header with each booking' : undefined) })
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/, 'Only letters, digits, ".", "_", ":" and "-" are allowed'));

/** The headers POST /v1/jobs reads (by canonical name; matched case-insensitively). */
export const BookingHeaders = z.object({ 'Idempotency-Key': IdempotencyKey });
export type BookingHeaders = z.infer<typeof BookingHeaders>;

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
  riderLocation: z.nullable(RiderLocationView),
  events: z.array(JobEventView),
  verification: z.strictObject({ testMode: z.boolean(), pickup: HandoffView, delivery: HandoffView }),
});
export type JobDetail = z.infer<typeof JobDetail>;

/** The list response body. */
export const JobListResponse = z.strictObject({ data: z.array(JobSummary), limit: z.int(), offset: z.int() });

function handoffView(stored: Handoff, now: Date) {
  const handoff = effectiveHandoff(stored, now);
  return { status: handoff.status, code: visibleCode(handoff), expiresAt: handoff.expiresAt, verifiedAt: handoff.verifiedAt };
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
    riderLocation: visibleRiderLocation(job),
    events: job.events.map(({ id, status, actor, note, createdAt }) => ({ id, status, actor, note, createdAt })),
    verification: { testMode: job.testMode, pickup: handoffView(job.verification.pickup, now), delivery: handoffView(job.verification.delivery, now) },
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
  riderLocation: null,
  events: [createdEventExample],
  verification: {
    testMode: false,
    pickup: { status: 'pending', code: '4821', expiresAt: null, verifiedAt: null },
    delivery: { status: 'pending', code: '1907', expiresAt: null, verifiedAt: null },
  },
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
    description: 'The job with its status history, rider location (during an active assignment) and handoff verification. Counts against the read limit.',
    tag: 'Jobs',
    path: JobPath,
    success: [{ status: 200, description: 'The job', name: 'JobDetailResponse', schema: JobDetail, envelope: true, example: { data: jobDetailExample } }],
    errors: [400, 401, 403, 404, 429, 500, 503],
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
} satisfies OperationDocs;
