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
  | 'quote_expired'
  | 'quote_used'
  | 'zone_changed'
  | 'idempotency_conflict'
  | 'idempotency_in_progress'
  | 'concurrent_modification'
  | 'parcel_return_required'
  | 'not_cancellable'
  | 'invalid_transition'
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

/** Base class: a failure with a stable code that is safe to show to the client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ValidationDetails | undefined;

  constructor(code: ErrorCode, message: string, options?: { details?: ValidationDetails; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: ValidationDetails) {
    super('validation_error', message, { details });
    this.name = 'ValidationError';
  }
}

export class InvalidJsonError extends AppError {
  constructor(cause?: unknown) {
    super('invalid_json', 'Request body is not valid JSON', { cause });
    this.name = 'InvalidJsonError';
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Missing or invalid API key') {
    super('unauthorized', message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'API access was disabled or the API key was revoked during the request') {
    super('forbidden', message);
    this.name = 'ForbiddenError';
  }
}

export class OutsideServiceAreaError extends AppError {
  constructor(message: string) {
    super('outside_service_area', message);
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

export class NotFoundError extends AppError {
  constructor(code: 'not_found' | 'quote_not_found' | 'job_not_found', message: string) {
    super(code, message);
    this.name = 'NotFoundError';
  }
}

/** A booking or cancellation met a state that forbids it (409 or 400 at the edge, by code). */
export class ConflictError extends AppError {
  constructor(
    code: 'quote_expired' | 'quote_used' | 'zone_changed' | 'idempotency_conflict' | 'idempotency_in_progress' | 'concurrent_modification' | 'parcel_return_required' | 'not_cancellable',
    message: string,
  ) {
    super(code, message);
    this.name = 'ConflictError';
  }
}

export class InsufficientCreditError extends AppError {
  constructor(chargeMinor: number, availableMinor: number) {
    super('insufficient_credit', `This booking costs ${chargeMinor} paise; ${availableMinor} paise of credit is available`);
    this.name = 'InsufficientCreditError';
  }
}

/** A handoff code was refused at the door: wrong (counted), the handoff locked, or the code expired. */
export class HandoffRefusedError extends AppError {
  constructor(code: 'wrong_code' | 'handoff_locked' | 'code_expired', message: string) {
    super(code, message);
    this.name = 'HandoffRefusedError';
  }
}
