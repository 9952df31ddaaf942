import { INDIAN_MOBILE } from '../../core/phone.ts';
import { MAX_INSTRUCTIONS_LENGTH } from '../../core/job.ts';
import { createdEventExample, EXAMPLE_AT, EXAMPLE_JOB_ID, EXAMPLE_QUOTE_ID, variant } from './examples.ts';
import { describe } from './describe.ts';
import { JobListQuery } from '../job-list.schema.ts';
import type { OperationDocs } from './operation.ts';
import { BookingHeaders, BookingRequest, DecisionRequest, IndianMobile, Instructions, JobEditHeaders, JobEditRequest, JobPath } from '../job.schema.ts';
import { CollectionView, JobDetail, JobListResponse, PendingDecisionView, ReturnTripView } from '../views/job.view.ts';

// The API description of job.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

const listQuery = JobListQuery.shape;
describe(listQuery.externalOrderId, { description: 'Only the jobs booked with exactly this order id (not combined with other filters).' });
describe(listQuery.createdFrom, { description: 'Only jobs created at or after this instant (ISO 8601, with Z or an offset).' });
describe(listQuery.createdTo, { description: 'Only jobs created before this instant (ISO 8601); after createdFrom.' });
describe(listQuery.needsDecision, {
  description:
    '`true`: only the jobs waiting for your decision after a failed delivery attempt (`pendingDecision` set; decide before its deadline). `false`: no filter.',
});

describe(IndianMobile, {
  pattern: INDIAN_MOBILE.source,
  description: 'Indian mobile number: optional +91, 91 or 0, then ten digits starting 6-9; spaces and hyphens allowed. Returned as +91XXXXXXXXXX.',
  examples: ['+91 98765 43210'],
});
describe(Instructions, {
  description: `Free text for the rider, 1–${MAX_INSTRUCTIONS_LENGTH} characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; hidden characters (control, bidi, tag and invisible formatting characters; ZWJ and ZWNJ are kept) are refused. Never shown on the tracking page.`,
  examples: ['Gate behind the temple, 3rd floor'],
});
describe(DecisionRequest.shape.action, {
  description: '`reattempt`: the rider tries the drop again (with a fresh delivery code); `return`: the parcel goes back to the pickup.',
});
describe(PendingDecisionView, {
  description: 'null when the job waits for no decision; else what POST /v1/jobs/{id}/decision may choose, by when, and what happens then.',
});
describe(ReturnTripView, {
  description:
    'null unless the parcel goes back to the pickup: undeliverable (after the attempts) or recalled (POST /v1/jobs/{id}/return). `status` is `returning` until the store takes it back (`returned`), or `failed` when it was lost or damaged on the way back (the return charge is then our operations’ to settle). `chargeMinor` is the return charge; `verification` is the return handoff (the store gives the rider its code when the parcel is back).',
});
describe(CollectionView, {
  description:
    "null for a prepaid job. For cash on delivery (`collectMinor` on the quote): `amountMinor` is what the rider collects from the customer, `feeMinor` the collection fee (part of `chargeMinor`). `status` is `due` until the rider records the payment (`collected`, with `method` cash or upi, the UPI `reference`, and `collectedAt`), or `not_collected` when the job ended without it (cancelled, failed, returned: the fee is released). `remittanceId` names the remittance (GET /v1/remittances/{id}) that credited the amount to your credit. `verifiedAt` is when the platform came to stand behind the payment, and only then is it remitted: a cash payment when collected (it is on the rider's cash account); a UPI payment when the platform's receiving account confirmed it, or, unconfirmed after UPI_VERIFY_HOURS (48 h), when the rider who recorded it was charged with it; null until then (and while due).",
});
describe(JobDetail.shape.deliveryAttempts, { description: 'The rider’s failed attempts to deliver, oldest first; [] when none.' });

/** The example job as GET /v1/jobs lists it (and events carry it), at its booking. */
export const jobExample = {
  id: EXAMPLE_JOB_ID,
  externalOrderId: 'ORD-1001',
  status: 'created',
  agentId: null as string | null,
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
const jobDetailExample = variant(jobExample, {
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
const cancelledJobExample = variant(jobDetailExample, {
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
export const attemptExample = { number: 1, reason: 'customer_unreachable', note: 'No answer at the door or on the phone', createdAt: ATTEMPT_AT };
const reattemptJobExample = variant(jobDetailExample, {
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
export const codJobExample = variant(jobDetailExample, {
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
    verifiedAt: null,
  },
});
export const returningJobExample = variant(jobDetailExample, {
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
    description:
      'The store’s jobs, newest first, optionally of one status, created in a range (`createdFrom` included, `createdTo` excluded), waiting for your decision (`needsDecision=true`), or of one order id (`externalOrderId`, on its own). Filters combine, except `externalOrderId` with any other and `needsDecision` with `status` (400). Counts against the read limit.',
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
      'After the rider’s first failed attempt at the drop (`job.delivery_attempted`), the job waits for this decision (`pendingDecision`): `reattempt` sends the rider to the drop again with a fresh delivery code (the job stays pickup_completed); `return` sends the parcel back to the pickup: the job becomes failed, the delivery’s charge is captured and the return charge (`returnTrip.chargeMinor`) is reserved. Without a decision by `pendingDecision.deadlineAt` (10 minutes; 60 s for sandbox jobs) the default, `return`, is applied. The deadline is exact: a decision after `deadlineAt` is 409 decision_deadline_passed (`details.defaultAction`), and the default applies (this request applies it if no worker has yet). 409 no_decision_pending when the job waits for no decision (none was asked for, it was already made, or the default was applied first). A decision that meets another change of the job is decided again on the job as it now is. An Idempotency-Key header is not read (as for a cancel): repeating a decision that was made answers 409 no_decision_pending. Counts against the updates limit.',
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
