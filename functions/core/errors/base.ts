/**
 * The base of the domain's error family: every code a client may see (stable, snake_case), the shapes
 * of `details`, and AppError. The failures themselves are by area beside this file; import them all
 * from functions/core/errors.ts. The HTTP edge (functions/http/errors.ts) alone decides each code's status.
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
  | 'rider_not_found'
  | 'zone_not_found'
  | 'api_key_not_found'
  | 'session_required'
  | 'key_limit_reached'
  | 'api_key_not_active'
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
  | 'decision_deadline_passed'
  | 'collection_not_available'
  | 'collection_limit_exceeded'
  | 'collection_amount_mismatch'
  | 'collection_pending'
  | 'upi_reference_used'
  | 'cash_limit_exceeded'
  | 'deposit_exceeds_cash_in_hand'
  | 'deposit_receipt_used'
  | 'precondition_failed'
  | 'not_cancellable'
  | 'invalid_transition'
  | 'rider_at_capacity'
  | 'wrong_code'
  | 'handoff_locked'
  | 'code_expired'
  | 'outside_service_area'
  | 'route_too_long'
  | 'weight_limit_exceeded'
  | 'insufficient_credit'
  | 'login_link_invalid'
  | 'session_expired'
  | 'session_revoked'
  | 'console_header_required'
  | 'no_test_store'
  | 'no_live_store'
  | 'api_access_disabled'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable';

/** The seed's shape of `details`, exactly as the spec's error body has it: every error's `details` carries both keys. */
// A type, not an interface, so it is assignable to the open record every `details` is.
export type ValidationDetails = {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
};

/** What a conflict can name beside the seed's keys: the job an Idempotency-Key made. */
export interface ErrorDetails extends ValidationDetails {
  jobId?: string;
}

/** The own keys of 409 job_not_editable: the fields sent that can no longer change, and the job's status. */
export interface NotEditableDetails {
  fields: string[];
  status: string;
}

/** The own keys of a refusal that names where to go instead: the job's status and the path of the call to make. */
export type NextCallDetails =
  | { returnPath: string }
  | { status: string; cancelPath: string }
  | { status: string }
  | { defaultAction: 'reattempt' | 'return' }
  | { move: string }
  | CollectionDetails;

/** The own keys of the cash-on-delivery refusals: the zone's limit, the amount due (and where to record it), the rider's cash limit. */
export type CollectionDetails =
  | { maxCollectMinor: number }
  | { dueMinor: number }
  | { dueMinor: number; collectionPath: string }
  | { limitMinor: number }
  | { inHandMinor: number }
  | { depositId: string };

/** What an error class passes as `details`: its own keys, and the seed's keys only when it carries form or field errors. */
export type GivenDetails = Partial<ValidationDetails> & Record<string, unknown>;

/** `details` as a client sees it on any error: the seed's two keys (empty when unused), the error's own keys beside them. */
export type SeedDetails<Own extends object = Record<string, unknown>> = ValidationDetails & Own;

/** Puts a refusal's own keys beside the seed's (empty) formErrors and fieldErrors: the one place every `details` is shaped. */
export function seedDetails<Own extends GivenDetails>(own: Own): SeedDetails<Own> {
  return { formErrors: [], fieldErrors: {}, ...own };
}

/**
 * Base class: a failure with a stable code that is safe to show to the client. Each failure is a
 * subclass that owns its code and its words, built from the ids it names
 * (`new JobNotFoundError(jobId)`), so no message is typed twice.
 */
export abstract class AppError extends Error {
  readonly code: ErrorCode;
  /** Present on the refusals that name more: always the seed's formErrors and fieldErrors, the error's own keys beside them. */
  readonly details: SeedDetails | undefined;
  /** On the failures a retry may cure: the seconds to wait (the HTTP edge's Retry-After header). Absent on the others. */
  declare readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options?: { details?: GivenDetails; cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details === undefined ? undefined : seedDetails(options.details);
    // Set only when given, so an error without one carries no such property (as before it moved here).
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
