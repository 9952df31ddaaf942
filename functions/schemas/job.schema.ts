import * as z from '../zod.ts';
import { normalizeIndianMobile } from '../core/phone.ts';
import {
  DECISION_ACTIONS,
  EDITABLE_FIELDS,
  formatWeight,
  toCollectionData,
  toHandoffData,
  toJobSummary,
  toReturnTripData,
  visibleRiderLocation,
  type Handoff,
  type Job,
} from '../core/job.ts';
import { minorToRupees } from '../core/money.ts';
import { effectiveHandoff } from '../core/lifecycle.ts';
import { refuse, Text } from './common.schema.ts';
import { attemptViews, eventViews, JobPath, normalizeInstructions, pendingDecisionView } from './job-parts.ts';
import type { JobDetail } from './views/job.view.ts';

/**
 * The merchant API's job routes at run time: what they read (bodies, headers, paths, queries) and
 * the job as they answer it (toJobDetail; its schema is views/job.view.ts, its words docs/job.docs.ts).
 */

export { JobPath };

/** An Indian mobile number, normalised to +91XXXXXXXXXX. */
export const IndianMobile = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const normalized = normalizeIndianMobile(value);
    if (normalized === null) {
      return refuse(ctx, 'Must be an Indian mobile number: ten digits starting 6-9, optionally after +91, 91 or 0');
    }
    return normalized;
  }),
);

/** A contact's name: 1–100 characters, the text rules of every name (Text). */
const ContactName = Text({ max: 100 });

/** Free text for the rider (normalizeInstructions). */
export const Instructions = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    const result = normalizeInstructions(value);
    return result.ok ? result.value : refuse(ctx, result.message);
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
 * entity-tags (empty elements skipped), parsed to the job versions its strong tags name. Weak tags (`W/"3"`) and tags that are
 * not ours are accepted but never match (If-Match compares strongly), so they answer 412; a value
 * that is not a list of entity-tags is 400.
 */
const IfMatch = z.pipe(
  z.string(),
  z.transform((value, ctx): '*' | number[] => {
    if (value.trim() === '*') return '*';
    // RFC 9110 §5.6.1: a recipient accepts empty list elements (`"6",`, `, "6"`); a list of nothing but them names no tag.
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    const tags = parts.map((part) => ENTITY_TAG.exec(part));
    if (tags.length === 0 || tags.some((tag) => tag === null)) return refuse(ctx, 'Must be * or a list of ETags as GET /v1/jobs/{id} sends them, e.g. "3"');
    return tags.filter((tag) => tag![1] === undefined && /^[1-9]\d{0,14}$/.test(tag![2]!)).map((tag) => Number(tag![2]));
  }),
);

/** The headers PATCH /v1/jobs/{id} reads: an optional If-Match. */
export const JobEditHeaders = z.object({ 'If-Match': z.optional(IfMatch) });
export type JobEditHeaders = z.infer<typeof JobEditHeaders>;

/** Body of POST /v1/jobs/{id}/decision: the merchant's choice after a failed delivery attempt. Unknown fields are rejected. */
export const DecisionRequest = z.strictObject({
  action: z.enum(DECISION_ACTIONS),
});
export type DecisionRequest = z.infer<typeof DecisionRequest>;

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
    events: eventViews(job),
    verification: { testMode: job.testMode, pickup: handoffView(job.verification.pickup, now), delivery: handoffView(job.verification.delivery, now) },
    deliveryAttempts: attemptViews(job),
    pendingDecision: pendingDecisionView(job),
    returnTrip: job.returnTrip ? toReturnTripData(job.returnTrip, effectiveHandoff(job.returnTrip.handoff, now)) : null,
    collection: job.collection ? toCollectionData(job.collection) : null,
  };
}
