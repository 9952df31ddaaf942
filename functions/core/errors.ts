/**
 * The domain's error family. Every failure a client may see has a stable snake_case `code`;
 * the HTTP edge (functions/http/errors.ts) alone decides which status code each one gets.
 */
export type ErrorCode =
  | 'validation_error'
  | 'invalid_json'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'quote_not_found'
  | 'job_not_found'
  | 'event_not_found'
  | 'webhook_endpoint_not_found'
  | 'remittance_not_found'
  | 'endpoint_limit_reached'
  | 'no_subscribed_endpoint'
  | 'redelivery_limited'
  | 'tracking_closed'
  | 'quote_expired'
  | 'quote_used'
  | 'zone_changed'
  | 'idempotency_conflict'
  | 'idempotency_in_progress'
  | 'concurrent_modification'
  | 'parcel_return_required'
  | 'job_not_editable'
  | 'parcel_not_picked_up'
  | 'no_decision_pending'
  | 'collection_not_available'
  | 'collection_limit_exceeded'
  | 'collection_amount_mismatch'
  | 'collection_pending'
  | 'upi_reference_used'
  | 'cash_limit_exceeded'
  | 'deposit_exceeds_cash_in_hand'
  | 'precondition_failed'
  | 'not_cancellable'
  | 'invalid_transition'
  | 'rider_at_capacity'
  | 'wrong_code'
  | 'handoff_locked'
  | 'code_expired'
  | 'outside_service_area'
  | 'route_too_long'
  | 'insufficient_credit'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

/** The shape of `details` on validation errors, exactly as the spec's error body has it. */
export interface ValidationDetails {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/** `details` as any error may carry it: the spec's shape, and what a conflict can name (the job an Idempotency-Key made). */
export interface ErrorDetails extends ValidationDetails {
  jobId?: string;
}

/** The `details` of 409 job_not_editable: the fields sent that can no longer change, and the job's status. */
export interface NotEditableDetails {
  fields: string[];
  status: string;
}

/** The `details` of a refusal that names where to go instead: the job's status and the path of the call to make. */
export type NextCallDetails = { returnPath: string } | { status: string; cancelPath: string } | { status: string } | CollectionDetails;

/** The `details` of the cash-on-delivery refusals: the zone's limit, the amount due (and where to record it), the rider's cash limit. */
export type CollectionDetails =
  | { maxCollectMinor: number }
  | { dueMinor: number }
  | { dueMinor: number; collectionPath: string }
  | { limitMinor: number }
  | { inHandMinor: number }
  | { depositId: string };

/**
 * Base class: a failure with a stable code that is safe to show to the client. Each failure is a
 * subclass that owns its code and its words, built from the ids it names
 * (`new JobNotFoundError(jobId)`), so no message is typed twice.
 */
export abstract class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | NotEditableDetails | NextCallDetails | undefined;

  constructor(code: ErrorCode, message: string, options?: { details?: ErrorDetails | NotEditableDetails | NextCallDetails; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
  }
}

export class ValidationError extends AppError {
  declare readonly details: ValidationDetails;

  constructor(message: string, details: ValidationDetails) {
    super('validation_error', message, { details });
    this.name = 'ValidationError';
  }
}

/** A required body that is missing or blank (a validation error, not bad JSON). */
export class BodyRequiredError extends ValidationError {
  constructor() {
    super('Request body is required', { formErrors: ['Send a JSON object as the request body'], fieldErrors: {} });
    this.name = 'BodyRequiredError';
  }
}

/** An admin top-up that would take the balance past what a store may hold. */
export class TopUpTooLargeError extends ValidationError {
  constructor(maxMinor: number) {
    super(`Top-up would take the balance above ${maxMinor} paise`, { formErrors: [], fieldErrors: { amountMinor: ["Too large for this store's balance"] } });
    this.name = 'TopUpTooLargeError';
  }
}

export class InvalidJsonError extends AppError {
  constructor(cause?: unknown) {
    super('invalid_json', 'Request body is not valid JSON', { cause });
    this.name = 'InvalidJsonError';
  }
}

/**
 * Why a request was not authenticated, and what the client is told. An unknown key, a revoked key
 * and a store with API access off are told alike (a caller probing keys learns nothing); the reason
 * itself goes to the access log.
 */
const UNAUTHORIZED = {
  missing_api_key: 'Missing API key: send it in the X-Api-Key header',
  invalid_api_key: 'Invalid API key',
  revoked_api_key: 'Invalid API key',
  api_access_disabled: 'Invalid API key',
  missing_fleet_key: 'Missing fleet key: send it as "Authorization: Bearer fk_…"',
  invalid_fleet_key: 'Invalid fleet key',
  revoked_fleet_key: 'Invalid fleet key',
} as const;
export type UnauthorizedReason = keyof typeof UNAUTHORIZED;

export class UnauthorizedError extends AppError {
  readonly reason: UnauthorizedReason;

  constructor(reason: UnauthorizedReason) {
    super('unauthorized', UNAUTHORIZED[reason]);
    this.name = 'UnauthorizedError';
    this.reason = reason;
  }
}

/** The key was revoked or the store's API access turned off between auth and the write. */
export class AccessRevokedError extends AppError {
  constructor() {
    super('forbidden', 'API access was disabled or the API key was revoked during the request');
    this.name = 'AccessRevokedError';
  }
}

/** The fleet key was revoked between auth and the write. */
export class FleetKeyRevokedError extends AppError {
  constructor() {
    super('forbidden', 'The fleet key was revoked during the request');
    this.name = 'FleetKeyRevokedError';
  }
}

/** A fleet key of a role the route does not serve. */
export class WrongFleetRoleError extends AppError {
  constructor(routeServes: 'ops' | 'rider') {
    super('forbidden', routeServes === 'ops' ? 'This route is for fleet operations keys' : 'This route is for rider keys');
    this.name = 'WrongFleetRoleError';
  }
}

/** Where a route exists, but not for this method. */
export class MethodNotAllowedError extends AppError {
  constructor(method: string, path: string, allow: readonly string[]) {
    super('method_not_allowed', `${method} is not allowed on ${path}; use ${allow.join(', ')}`);
    this.name = 'MethodNotAllowedError';
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super('payload_too_large', `Request body is larger than ${maxBytes} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/** Which stop is not served: each case has its own words. */
const OUTSIDE = {
  both: 'Pickup and drop are outside every service zone',
  pickup: 'Pickup is outside every service zone',
  drop: 'Drop is outside every service zone',
  different_zones: 'Pickup and drop are in different service zones; both must be in one zone',
} as const;

export class OutsideServiceAreaError extends AppError {
  constructor(which: keyof typeof OUTSIDE) {
    super('outside_service_area', OUTSIDE[which]);
    this.name = 'OutsideServiceAreaError';
  }
}

export class RouteTooLongError extends AppError {
  constructor(distanceMeters: number, maxMeters: number) {
    super('route_too_long', `Route is ${distanceMeters} m long; this zone serves routes up to ${maxMeters} m`);
    this.name = 'RouteTooLongError';
  }
}

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('rate_limited', `Rate limit exceeded; retry in ${retryAfterSeconds} s`);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The datastore is throttling or unreachable: the request may be retried later. */
export class ServiceUnavailableError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(cause?: unknown, retryAfterSeconds = 1) {
    super('service_unavailable', 'Service temporarily unavailable; retry later', { cause });
    this.name = 'ServiceUnavailableError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A fault of ours that is never the client's to see in detail (a generic 500 at the edge). */
export class InternalError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('internal_error', message, { cause });
    this.name = 'InternalError';
  }
}

/** No route for this path (404 at the edge). */
export class RouteNotFoundError extends AppError {
  constructor(method: string, path: string) {
    super('not_found', `No route for ${method} ${path}; every route is in the reference (/docs under npm start) and the API guide (docs/api-guide.md)`);
    this.name = 'RouteNotFoundError';
  }
}

/** No store, key or fleet key with this id (the admin CLI's lookups). */
export class RecordNotFoundError extends AppError {
  constructor(what: 'store' | 'key' | 'fleet key' | 'job', id: string) {
    super('not_found', `No ${what} ${id}`);
    this.name = 'RecordNotFoundError';
  }
}

export class QuoteNotFoundError extends AppError {
  constructor(quoteId: string) {
    super('quote_not_found', `No quote ${quoteId} for this store`);
    this.name = 'QuoteNotFoundError';
  }
}

/** No job with this id for the caller: the store's own jobs, or for a fleet key those on offer or assigned to it. */
export class JobNotFoundError extends AppError {
  constructor(jobId: string, seenBy: 'store' | 'fleet' = 'store') {
    super('job_not_found', seenBy === 'store' ? `No job ${jobId} for this store` : `No job ${jobId} on offer or assigned to this key`);
    this.name = 'JobNotFoundError';
  }
}

/** No event with this id for the store (another store's events are not found either). */
export class EventNotFoundError extends AppError {
  constructor(eventId: string) {
    super('event_not_found', `No event ${eventId} for this store`);
    this.name = 'EventNotFoundError';
  }
}

/** No webhook endpoint with this id for the store. */
export class RemittanceNotFoundError extends AppError {
  constructor(remittanceId: string) {
    super('remittance_not_found', `No remittance ${remittanceId} for this store`);
    this.name = 'RemittanceNotFoundError';
  }
}

export class WebhookEndpointNotFoundError extends AppError {
  constructor(endpointId: string) {
    super('webhook_endpoint_not_found', `No webhook endpoint ${endpointId} for this store`);
    this.name = 'WebhookEndpointNotFoundError';
  }
}

/** The job ended more than a day ago: its tracking page has closed, so no new link is made. */
export class TrackingClosedError extends AppError {
  constructor(jobId: string, closedAt: string) {
    super('tracking_closed', `Job ${jobId} ended more than 24 h ago; its tracking page closed at ${closedAt}`);
    this.name = 'TrackingClosedError';
  }
}

/** A redelivery to every endpoint that takes the event, when no enabled endpoint of the store takes its type. */
export class NoSubscribedEndpointError extends AppError {
  constructor(eventType: string) {
    super(
      'no_subscribed_endpoint',
      `No enabled webhook endpoint of this store takes ${eventType} events; name one with endpointId, or subscribe one to the type`,
    );
    this.name = 'NoSubscribedEndpointError';
  }
}

/** The event was sent to the endpoint by hand too recently (once per REDELIVERY_INTERVAL_MS). */
export class RedeliveryLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(eventId: string, endpointId: string, intervalSeconds: number, retryAfterSeconds: number) {
    super(
      'redelivery_limited',
      `Event ${eventId} was sent to endpoint ${endpointId} by hand less than ${intervalSeconds} s ago; retry in ${retryAfterSeconds} s`,
    );
    this.name = 'RedeliveryLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The store has as many webhook endpoints as it may have. */
export class EndpointLimitError extends AppError {
  constructor(max: number) {
    super('endpoint_limit_reached', `A store may have at most ${max} webhook endpoints; delete one first`);
    this.name = 'EndpointLimitError';
  }
}

export class QuoteUsedError extends AppError {
  constructor() {
    super('quote_used', 'This quote has already been booked; request a new quote');
    this.name = 'QuoteUsedError';
  }
}

export class QuoteExpiredError extends AppError {
  constructor() {
    super('quote_expired', 'This quote has expired; request a new quote');
    this.name = 'QuoteExpiredError';
  }
}

export class ZoneChangedError extends AppError {
  constructor() {
    super('zone_changed', 'The delivery zone changed since this quote and no longer serves this route; request a new quote');
    this.name = 'ZoneChangedError';
  }
}

/**
 * The Idempotency-Key booked other details. It names the job the key made (`details.jobId`), so the
 * client can look it up; a key whose first booking is still running has no job yet and names none.
 */
export class IdempotencyConflictError extends AppError {
  constructor(jobId: string | null) {
    super(
      'idempotency_conflict',
      jobId === null
        ? 'This Idempotency-Key was already used with different booking details'
        : `This Idempotency-Key was already used with different booking details: it booked job ${jobId} (GET /v1/jobs/${jobId}); use a new key for a new booking`,
      jobId === null ? undefined : { details: { formErrors: [], fieldErrors: {}, jobId } },
    );
    this.name = 'IdempotencyConflictError';
  }
}

export class IdempotencyInProgressError extends AppError {
  constructor() {
    super('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');
    this.name = 'IdempotencyInProgressError';
  }
}

/** The job changed between our read and our write (a version condition failed). */
export class ConcurrentModificationError extends AppError {
  constructor() {
    super('concurrent_modification', 'The job changed while this change was being made; fetch it and retry');
    this.name = 'ConcurrentModificationError';
  }
}

/**
 * A change decided again on the job (or endpoint) as it now is lost its race on every try (it kept
 * changing under it): nothing was written, and the same request a moment later is decided on it then.
 */
export class KeptChangingError extends AppError {
  readonly retryAfterSeconds = 1;

  constructor(what: 'job' | 'webhook endpoint') {
    super('service_unavailable', `The ${what} kept changing while this change was being made; send the same request again in a second`);
    this.name = 'KeptChangingError';
  }
}

/** A cancel after pickup: the parcel is with the rider, so the call is a return (POST /v1/jobs/{id}/return). */
export class ParcelReturnRequiredError extends AppError {
  constructor(jobId: string) {
    super(
      'parcel_return_required',
      'The parcel has been picked up; it must be returned before the job can end: POST /v1/jobs/{id}/return recalls it to the pickup',
      { details: { returnPath: `/v1/jobs/${jobId}/return` } },
    );
    this.name = 'ParcelReturnRequiredError';
  }
}

/** A return asked for before the parcel was picked up: nothing to bring back, so the call is a cancel. */
export class ParcelNotPickedUpError extends AppError {
  constructor(jobId: string, status: string) {
    super('parcel_not_picked_up', `A ${status} job has no parcel to bring back: POST /v1/jobs/{id}/cancel ends it`, {
      details: { status, cancelPath: `/v1/jobs/${jobId}/cancel` },
    });
    this.name = 'ParcelNotPickedUpError';
  }
}

/** A decision sent for a job that waits for none (no failed attempt, already decided, or the deadline's default applied). */
export class NoDecisionPendingError extends AppError {
  constructor(status: string) {
    super('no_decision_pending', `The job (${status}) is not waiting for a decision: one is asked for only after a failed delivery attempt`, {
      details: { status },
    });
    this.name = 'NoDecisionPendingError';
  }
}

/** An edit of fields the job's state no longer lets change (the pickup's once picked up, any once the job ended). */
export class JobNotEditableError extends AppError {
  constructor(fields: string[], status: string) {
    super('job_not_editable', `A ${status} job cannot change ${fields.join(', ')}`, { details: { fields, status } });
    this.name = 'JobNotEditableError';
  }
}

/** A conditional request (If-Match) on a job that changed since the client read it. */
export class PreconditionFailedError extends AppError {
  constructor() {
    super('precondition_failed', 'The job changed since you read it (If-Match does not name its current ETag); read it again and retry');
    this.name = 'PreconditionFailedError';
  }
}

export class NotCancellableError extends AppError {
  constructor(status: string) {
    super('not_cancellable', `A ${status} job cannot be cancelled`);
    this.name = 'NotCancellableError';
  }
}

/**
 * A job item DynamoDB will not let grow (its 400 KB limit). The workers count it as a failure of
 * theirs (`worker item failed`); operations end the job with `npm run admin -- job end`.
 */
export class JobFullError extends AppError {
  constructor() {
    super('invalid_transition', 'This job has taken as many changes as it can hold; it cannot change any more');
    this.name = 'JobFullError';
  }
}

/** A rider who already holds as many live jobs as a rider may hold tried to accept another. */
export class RiderAtCapacityError extends AppError {
  constructor(maxHeldJobs: number) {
    super('rider_at_capacity', `You already hold ${maxHeldJobs} jobs; deliver or decline one before accepting another`);
    this.name = 'RiderAtCapacityError';
  }
}

/** An operator's adjustment that would take the store's available credit below zero (the admin CLI's `store adjust`). */
export class AdjustmentBelowZeroError extends AppError {
  constructor(amountMinor: number, availableMinor: number) {
    super('insufficient_credit', `An adjustment of ${amountMinor} paise would take available credit below zero: ${availableMinor} paise is available`);
    this.name = 'AdjustmentBelowZeroError';
  }
}

/** Operations capturing a return charge in review that the store's available credit still does not cover (the admin CLI's `settlement resolve --return`). */
export class ReturnChargeNotCoveredError extends AppError {
  constructor(chargeMinor: number, availableMinor: number) {
    super(
      'insufficient_credit',
      `The return charge of ${chargeMinor} paise is more than the ${availableMinor} paise of credit available: top the store up (store credit) or waive it (--release)`,
    );
    this.name = 'ReturnChargeNotCoveredError';
  }
}

/** The reason id of an adjustment was already used for another amount (the same amount is a replay). */
export class AdjustmentConflictError extends AppError {
  constructor(reasonId: string, amountMinor: number) {
    super('idempotency_conflict', `Reason id "${reasonId}" already adjusted this store by ${amountMinor} paise; use another reason id for another adjustment`);
    this.name = 'AdjustmentConflictError';
  }
}

export class InsufficientCreditError extends AppError {
  constructor(chargeMinor: number, availableMinor: number) {
    super('insufficient_credit', `This booking costs ${chargeMinor} paise; ${availableMinor} paise of credit is available`);
    this.name = 'InsufficientCreditError';
  }
}

type Handoff = 'pickup' | 'delivery' | 'return';

/** A wrong code at the door (the attempt is counted). */
export class WrongCodeError extends AppError {
  constructor(which: Handoff, triesLeft: number) {
    super('wrong_code', `Wrong ${which} code; ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left before the handoff locks`);
    this.name = 'WrongCodeError';
  }
}

export class HandoffLockedError extends AppError {
  constructor(which: Handoff, maxAttempts: number) {
    super('handoff_locked', `The ${which} handoff is locked after ${maxAttempts} wrong codes; fleet operations must reset it`);
    this.name = 'HandoffLockedError';
  }
}

export class CodeExpiredError extends AppError {
  constructor(which: Handoff) {
    super('code_expired', `The ${which} code has expired; fleet operations can re-issue it`);
    this.name = 'CodeExpiredError';
  }
}

/** A quote asking to collect cash on delivery where the zone offers none. */
export class CollectionNotAvailableError extends AppError {
  constructor(zoneId: string) {
    super('collection_not_available', `Cash on delivery is not offered in zone ${zoneId}: quote without collectMinor`);
    this.name = 'CollectionNotAvailableError';
  }
}

/** A quote asking to collect more than the zone lets a rider carry for one job. */
export class CollectionLimitExceededError extends AppError {
  constructor(maxCollectMinor: number) {
    super('collection_limit_exceeded', `A rider collects at most ${maxCollectMinor} paise on one job in this zone`, { details: { maxCollectMinor } });
    this.name = 'CollectionLimitExceededError';
  }
}

/** The rider recorded a payment of another amount than the one due (nothing is recorded). */
export class CollectionAmountMismatchError extends AppError {
  constructor(dueMinor: number, sentMinor: number) {
    super('collection_amount_mismatch', `${dueMinor} paise is due on this job; ${sentMinor} paise was sent`, { details: { dueMinor } });
    this.name = 'CollectionAmountMismatchError';
  }
}

/** The delivery code of a job whose payment is still due: the parcel is never handed over unpaid. */
export class CollectionPendingError extends AppError {
  constructor(jobId: string, dueMinor: number) {
    super('collection_pending', `Collect ${dueMinor} paise first (POST /fleet/v1/jobs/{id}/collection): the parcel is handed over only once paid`, {
      details: { dueMinor, collectionPath: `/fleet/v1/jobs/${jobId}/collection` },
    });
    this.name = 'CollectionPendingError';
  }
}

/**
 * A UPI payment whose transaction reference was already recorded for a payment (any job, any store):
 * one UPI transfer pays for one job, so it is never credited to a store twice.
 */
export class UpiReferenceUsedError extends AppError {
  constructor() {
    super(
      'upi_reference_used',
      'This UPI transaction reference was already recorded for a payment; ask the customer for the reference of their payment for this job',
    );
    this.name = 'UpiReferenceUsedError';
  }
}

/** A rider whose cash in hand, with the cash due on the jobs they hold, would pass the limit (deposit first). */
export class CashLimitExceededError extends AppError {
  constructor(limitMinor: number) {
    super('cash_limit_exceeded', `Taking this job would put more than ${limitMinor} paise of cash in your hands; deposit cash before accepting it`, {
      details: { limitMinor },
    });
    this.name = 'CashLimitExceededError';
  }
}

/** A deposit of more cash than the rider has in hand (nothing is recorded). */
export class DepositExceedsCashInHandError extends AppError {
  constructor(agentId: string, inHandMinor: number, amountMinor: number) {
    super('deposit_exceeds_cash_in_hand', `Rider ${agentId} has ${inHandMinor} paise in hand; a deposit of ${amountMinor} paise cannot be recorded`, {
      details: { inHandMinor },
    });
    this.name = 'DepositExceedsCashInHandError';
  }
}

/** The deposit's Idempotency-Key already recorded a deposit of another amount or reference. */
export class DepositKeyConflictError extends AppError {
  constructor(depositId: string) {
    super(
      'idempotency_conflict',
      `This Idempotency-Key already recorded deposit ${depositId} with another amount or reference; use a new key for a new deposit`,
      {
        details: { depositId },
      },
    );
    this.name = 'DepositKeyConflictError';
  }
}
