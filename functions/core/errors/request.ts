/** The request as a whole: its body, its route and method, what it names, and the service being unavailable. */
import { AppError, type ValidationDetails } from './base.ts';

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

export class InvalidJsonError extends AppError {
  constructor(cause?: unknown) {
    super('invalid_json', 'Request body is not valid JSON', { cause });
    this.name = 'InvalidJsonError';
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

/** No route for this path (404 at the edge). */
export class RouteNotFoundError extends AppError {
  constructor(method: string, path: string) {
    super('not_found', `No route for ${method} ${path}; every route is in the reference (/docs under npm start) and the API guide (docs/api-guide.md)`);
    this.name = 'RouteNotFoundError';
  }
}

/** No file of the console web app at this path (an unknown or stale asset, or a path that tries to leave the app's files). */
export class ConsoleFileNotFoundError extends AppError {
  constructor(path: string) {
    super('not_found', `No console file ${path.slice(0, 200)}`);
    this.name = 'ConsoleFileNotFoundError';
  }
}

/** No store, key or fleet key with this id (the admin CLI's lookups). */
export class RecordNotFoundError extends AppError {
  constructor(what: 'store' | 'key' | 'fleet key' | 'job', id: string) {
    super('not_found', `No ${what} ${id}`);
    this.name = 'RecordNotFoundError';
  }
}

/** The datastore is throttling or unreachable: the request may be retried later. */
export class ServiceUnavailableError extends AppError {
  declare readonly retryAfterSeconds: number;

  constructor(cause?: unknown, retryAfterSeconds = 1) {
    super('service_unavailable', 'Service temporarily unavailable; retry later', { cause, retryAfterSeconds });
    this.name = 'ServiceUnavailableError';
  }
}

/** A fault of ours that is never the client's to see in detail (a generic 500 at the edge). */
export class InternalError extends AppError {
  constructor(message: string, cause?: unknown) {
    super('internal_error', message, { cause });
    this.name = 'InternalError';
  }
}
