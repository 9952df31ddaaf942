import { EXAMPLE_JOB_ID, variant } from './examples.ts';
import { describe } from './describe.ts';
import { fleetJobExample, arrivedHandoffsExample, attemptedExample, returningExample, codJobAtDropExample } from './fleet-examples.ts';
import type { OperationDocs } from './operation.ts';
import { FleetJobPath, HandoffPath } from '../fleet.schema.ts';
import { AttemptNote, DeliveryAttemptRequest } from '../fleet-requests/delivery-attempt.ts';
import { CodeRequest } from '../fleet-requests/code.ts';
import { CollectionRequest, UpiReferenceText } from '../fleet-requests/collection.ts';
import { FailRequest } from '../fleet-requests/fail.ts';
import { LocationRequest } from '../fleet-requests/location.ts';
import { OfferListQuery } from '../fleet-requests/offers.ts';
import { FleetMoveHeaders } from '../fleet-requests/move-key.ts';
import { FleetJob, FleetJobList, FleetOfferList } from '../views/fleet.view.ts';

// The API description of fleet.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

describe(AttemptNote, {
  description:
    'What happened at the door, for the merchant: 1–280 characters once whitespace runs (line breaks included) are folded to one space and the ends trimmed; hidden characters (control, bidi, tag and invisible formatting characters; ZWJ and ZWNJ are kept) are refused.',
  examples: ['Called twice, no answer; the gate was locked'],
});
describe(UpiReferenceText, {
  description:
    'The 12-digit UPI transaction number (UTR/RRN); a single space or hyphen between digits is allowed, and the 12 digits are what is recorded (and must be unique).',
  examples: ['433512345678'],
});

// What a route that names a job can answer besides success.
const JOB_ROUTE_ERRORS = [400, 401, 403, 404, 409, 429, 500, 503] as const;

export const fleetOperations = {
  'GET /fleet/v1/offers': {
    operationId: 'listOffers',
    summary: 'Open offers',
    description:
      'Live jobs waiting for a rider (`queued`), longest waiting first. A cash-on-delivery job shows its `collection`: the amount the rider collects from the customer at the door (cash or UPI, the customer’s choice), never the store’s charge or the collection fee; null for a prepaid job. Send the rider’s `latitude` and `longitude` (together) to get the nearest pickups first, each with `pickupDistanceMeters` (great circle), from the delivery zones around the rider (the zone they are in and any whose edge is within `withinMeters`, 5 km unless sent; far from every zone, the nearest zone), and `withinMeters` to keep only those that close. Offers show where and what, not who: names and phone numbers appear once a rider has accepted. A rider is not offered cash-on-delivery jobs whose amount to collect would take their cash in hand plus the cash due on the jobs they hold past the cash limit (accepting one would be 409 `cash_limit_exceeded`); such offers are left out of the page, which may then hold fewer than `limit`.',
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
              collection: { amountMinor: 85000, status: 'due', method: null, reference: null, collectedAt: null },
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
        example: { data: variant(fleetJobExample, { status: 'picked_by_agent' }) },
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
        example: { data: variant(fleetJobExample, { status: 'booking_in_progress' }) },
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
        example: { data: variant(fleetJobExample, { status: 'queued', agentId: null, riderLocation: null }) },
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
        example: { data: variant(fleetJobExample, { verification: arrivedHandoffsExample }) },
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
        example: { data: variant(fleetJobExample, { status: 'pickup_completed' }) },
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
        example: { data: variant(fleetJobExample, { status: 'failed', riderLocation: null }) },
      },
    ],
    errors: JOB_ROUTE_ERRORS,
  },
  'POST /fleet/v1/jobs/{id}/delivery-attempts': {
    operationId: 'attemptDelivery',
    summary: 'Report a failed delivery attempt',
    description:
      'The rider of a `pickup_completed` job, at the drop (after `handoffs/delivery/arrive`), could not hand the parcel over. The first attempt asks the merchant to decide (`pendingDecision`: `reattempt` or `return`, 10 minutes, default `return`); the rider waits, and the delivery code is `unavailable` until a reattempt makes it usable again. The second attempt starts the return at once: the job becomes `failed`, its charge is captured, and `returnTrip` says where the parcel goes (the pickup) until the store gives the rider the return code. Only the job’s rider; 409 before arriving at the drop, while a decision is pending, and after the job has ended. Send an `Idempotency-Key` with each attempt: the same key and body again (a retry whose answer was lost) answers 200 with the job as it now is, recording nothing twice, even after the job moved on; the same key with another body is 409 `idempotency_conflict` (`details.move`); without a key each request is a new attempt judged on the job as it now is (a repeat while the merchant decides is 409). Once the merchant recalled the parcel, an attempt is 409 saying so (take the parcel back to the pickup). On a cash-on-delivery job whose payment is due, a customer who will not pay is reason `payment_refused` (the merchant then decides, as for any failed attempt); it is 409 on a prepaid job or once the payment is recorded (the parcel is then the customer’s to take). A parcel that goes back collects nothing (`collection.status` `not_collected`).',
    tag: 'Riders',
    path: FleetJobPath,
    headers: FleetMoveHeaders,
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
      'The rider of a cash-on-delivery job (`collection.status` `due`), at the drop (after `handoffs/delivery/arrive`), records the customer’s payment: the whole amount due (`collection.amountMinor`; another amount is 409 `collection_amount_mismatch` with `details.dueMinor`), in `cash` (it joins the rider’s cash in hand until operations record a deposit) or by `upi` to the platform’s account (`reference`, the UPI transaction reference, is required; a cash payment takes no reference). A UPI reference is recorded once across the platform (letters in any case): one already recorded for a payment, on any job of any store, is 409 `upi_reference_used`, so one transfer is never credited twice. The delivery code is refused (409 `collection_pending`) until the payment is recorded: a parcel is never handed over unpaid; a customer who will not pay is a delivery attempt with reason `payment_refused`. The payment is recorded once. Send an `Idempotency-Key`: the same key and body again (a retry whose answer was lost) answers 200 with the job as it now is, recording nothing twice, also after the delivery; the same key with another body is 409 `idempotency_conflict` (`details.move`); without a key a request is a new payment judged on the job as it now is, so a repeat is 409 (the payment was already recorded). Another payment, a recalled parcel, a prepaid job, a job not at the drop, one waiting for the merchant’s decision or one that has ended is 409 `invalid_transition`. Only the job’s rider (another rider gets 404).',
    tag: 'Riders',
    path: FleetJobPath,
    headers: FleetMoveHeaders,
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
