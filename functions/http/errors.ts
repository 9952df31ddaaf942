import type { APIGatewayProxyResult } from 'aws-lambda';
import { AppError, InvalidJsonError, type ErrorCode } from '../core/errors.ts';
import type { ErrorBody } from '../schemas/views/error.view.ts';
import { jsonResult } from './responses.ts';

/** The status code each error code is answered with; the only place that knows. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_json: 400,
  not_cancellable: 400,
  unauthorized: 401,
  login_link_invalid: 401,
  session_expired: 401,
  session_revoked: 401,
  forbidden: 403,
  console_header_required: 403,
  api_access_disabled: 403,
  not_found: 404,
  quote_not_found: 404,
  job_not_found: 404,
  event_not_found: 404,
  webhook_endpoint_not_found: 404,
  remittance_not_found: 404,
  rider_not_found: 404,
  zone_not_found: 404,
  api_key_not_found: 404,
  session_required: 403,
  method_not_allowed: 405,
  payload_too_large: 413,
  quote_expired: 409,
  quote_used: 409,
  zone_changed: 409,
  idempotency_conflict: 409,
  idempotency_in_progress: 409,
  concurrent_modification: 409,
  parcel_return_required: 409,
  invalid_transition: 409,
  rider_at_capacity: 409,
  endpoint_limit_reached: 409,
  key_limit_reached: 409,
  api_key_not_active: 409,
  no_subscribed_endpoint: 409,
  tracking_closed: 409,
  handoff_locked: 409,
  code_expired: 409,
  job_not_editable: 409,
  parcel_not_picked_up: 409,
  no_decision_pending: 409,
  decision_deadline_passed: 409,
  collection_amount_mismatch: 409,
  collection_pending: 409,
  upi_reference_used: 409,
  cash_limit_exceeded: 409,
  deposit_exceeds_cash_in_hand: 409,
  deposit_receipt_used: 409,
  no_test_store: 409,
  no_live_store: 409,
  precondition_failed: 412,
  outside_service_area: 422,
  route_too_long: 422,
  weight_limit_exceeded: 422,
  insufficient_credit: 422,
  wrong_code: 422,
  collection_not_available: 422,
  collection_limit_exceeded: 422,
  rate_limited: 429,
  redelivery_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

// A body parser's own errors (415/422 in Middy) mean "this is not JSON" to our clients: 400 invalid_json.
function isBodyParserError(error: unknown): boolean {
  const cause = (error as { cause?: { package?: string } } | null)?.cause;
  return cause?.package === '@middy/http-json-body-parser';
}

/**
 * Turns any error into the spec's error response. AppErrors below 500 are shown as they are;
 * anything else becomes a generic 500 with no internals (the caller logs the original).
 */
export function errorResult(error: unknown): APIGatewayProxyResult {
  const appError = isBodyParserError(error) ? new InvalidJsonError(error) : error;
  if (!(appError instanceof AppError)) {
    return jsonResult(500, { error: 'Internal server error', code: 'internal_error' } satisfies ErrorBody);
  }
  const status = STATUS_BY_CODE[appError.code];
  const body: ErrorBody =
    status >= 500 && appError.code !== 'service_unavailable'
      ? { error: 'Internal server error', code: 'internal_error' }
      : { error: appError.message, code: appError.code, ...(appError.details && { details: appError.details }) };
  const retryAfter = appError.retryAfterSeconds;
  return jsonResult(status, body, retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) });
}
