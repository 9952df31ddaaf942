import { describe, expect, it } from 'vitest';
import * as errors from '../../functions/core/errors.ts';
import {
  AccessRevokedError,
  AppError,
  InternalError,
  InvalidJsonError,
  OutsideServiceAreaError,
  QuoteNotFoundError,
  RateLimitedError,
  RouteTooLongError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
  type ErrorCode,
} from '../../functions/core/errors.ts';
import { IllegalTransitionError } from '../../functions/core/lifecycle.ts';
import { errorResult, STATUS_BY_CODE } from '../../functions/http/errors.ts';
import { created, jsonResult, ok } from '../../functions/http/responses.ts';

/** A bare AppError of any code, to test the mapping of every code (production code throws the named classes only). */
class AnyCodeError extends AppError {}

const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json; charset=utf-8' };
const INTERNAL = { statusCode: 500, headers: JSON_CONTENT_TYPE, body: '{"error":"Internal server error","code":"internal_error"}' };

describe('STATUS_BY_CODE', () => {
  it('answers each error code with the spec’s status', () => {
    expect(STATUS_BY_CODE).toEqual({
      validation_error: 400,
      invalid_json: 400,
      not_cancellable: 400,
      unauthorized: 401,
      login_link_invalid: 401,
      session_expired: 401,
      session_revoked: 401,
      forbidden: 403,
      console_header_required: 403,
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
      collection_not_available: 422,
      collection_limit_exceeded: 422,
      precondition_failed: 412,
      invalid_transition: 409,
      rider_at_capacity: 409,
      endpoint_limit_reached: 409,
      key_limit_reached: 409,
      api_key_not_active: 409,
      no_test_store: 409,
      no_live_store: 409,
      api_access_disabled: 403,
      no_subscribed_endpoint: 409,
      tracking_closed: 409,
      handoff_locked: 409,
      code_expired: 409,
      wrong_code: 422,
      outside_service_area: 422,
      route_too_long: 422,
      weight_limit_exceeded: 422,
      insufficient_credit: 422,
      rate_limited: 429,
      redelivery_limited: 429,
      internal_error: 500,
      service_unavailable: 503,
    });
  });
});

describe('errorResult', () => {
  const clientCodes = (Object.keys(STATUS_BY_CODE) as ErrorCode[]).filter((code) => STATUS_BY_CODE[code] < 500);

  it.each(clientCodes)('answers an AppError with code %s with its status and {error, code}', (code) => {
    const result = errorResult(new AnyCodeError(code, `Something about ${code}`));

    expect(result).toEqual({
      statusCode: STATUS_BY_CODE[code],
      headers: JSON_CONTENT_TYPE,
      body: JSON.stringify({ error: `Something about ${code}`, code }),
    });
  });

  it.each([
    ['UnauthorizedError', new UnauthorizedError('invalid_api_key'), 401, 'unauthorized', 'Invalid API key'],
    ['AccessRevokedError', new AccessRevokedError(), 403, 'forbidden', 'API access was disabled or the API key was revoked during the request'],
    ['InvalidJsonError', new InvalidJsonError(new SyntaxError('Unexpected token')), 400, 'invalid_json', 'Request body is not valid JSON'],
    ['QuoteNotFoundError', new QuoteNotFoundError('q-1'), 404, 'quote_not_found', 'No quote q-1 for this store'],
    ['OutsideServiceAreaError', new OutsideServiceAreaError('pickup'), 422, 'outside_service_area', 'Pickup is outside every service zone'],
    ['RouteTooLongError', new RouteTooLongError(40_000, 35_000), 422, 'route_too_long', 'Route is 40000 m long; this zone serves routes up to 35000 m'],
    [
      'WeightLimitExceededError',
      new errors.WeightLimitExceededError(25_000, 20_000),
      422,
      'weight_limit_exceeded',
      'Parcel is 25000 g; this zone carries parcels up to 20000 g',
    ],
  ])('answers a %s with its status, message and code', (_name, error, statusCode, code, message) => {
    expect(errorResult(error)).toEqual({ statusCode, headers: JSON_CONTENT_TYPE, body: JSON.stringify({ error: message, code }) });
  });

  it('adds the details of a ValidationError', () => {
    const details = { formErrors: [], fieldErrors: { pickupAddress: ['Required'] } };

    const result = errorResult(new ValidationError('Invalid quote request: check pickupAddress', details));

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toEqual({
      error: 'Invalid quote request: check pickupAddress',
      code: 'validation_error',
      details,
    });
  });

  it('answers a deposit past the cash in hand with 409 deposit_exceeds_cash_in_hand and the cash in hand', () => {
    const result = errorResult(new errors.DepositExceedsCashInHandError('rider-7', 85_000, 90_000));

    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body)).toEqual({
      error: 'Rider rider-7 has 85000 paise in hand; a deposit of 90000 paise cannot be recorded',
      code: 'deposit_exceeds_cash_in_hand',
      details: { formErrors: [], fieldErrors: {}, inHandMinor: 85_000 },
    });
  });

  it('leaves details out when an error has none', () => {
    const result = errorResult(new UnauthorizedError('missing_api_key'));

    expect(Object.keys(JSON.parse(result.body) as object)).toEqual(['error', 'code']);
  });

  it('answers a RateLimitedError with 429 and Retry-After', () => {
    expect(errorResult(new RateLimitedError(17))).toEqual({
      statusCode: 429,
      headers: { ...JSON_CONTENT_TYPE, 'Retry-After': '17' },
      body: JSON.stringify({ error: 'Rate limit exceeded; retry in 17 s', code: 'rate_limited' }),
    });
  });

  it.each([
    [undefined, '1'],
    [5, '5'],
  ])('answers a ServiceUnavailableError (retry after %s s) with 503, its message and Retry-After', (retryAfter, header) => {
    const error = new ServiceUnavailableError(new Error('ProvisionedThroughputExceededException'), retryAfter);

    expect(errorResult(error)).toEqual({
      statusCode: 503,
      headers: { ...JSON_CONTENT_TYPE, 'Retry-After': header },
      body: JSON.stringify({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' }),
    });
  });

  it('adds no Retry-After to errors that do not carry one', () => {
    expect(errorResult(new OutsideServiceAreaError('drop')).headers).toEqual(JSON_CONTENT_TYPE);
  });

  // retryAfterSeconds lives on AppError (core/errors/base.ts): each error that may be retried says so the same way.
  it.each([
    ['KeptChangingError', new errors.KeptChangingError('job'), 503, '1'],
    ['RedeliveryLimitedError', new errors.RedeliveryLimitedError('evt_1', 'we_1', 60, 42), 429, '42'],
  ])('answers a %s with its Retry-After, read from the base class', (_name, error, status, header) => {
    expect(error).toBeInstanceOf(AppError);
    expect(errorResult(error)).toMatchObject({ statusCode: status, headers: { ...JSON_CONTENT_TYPE, 'Retry-After': header } });
  });

  it('gives an error that cannot be cured by waiting no retryAfterSeconds at all', () => {
    expect('retryAfterSeconds' in new OutsideServiceAreaError('drop')).toBe(false);
    expect(new RateLimitedError(17).retryAfterSeconds).toBe(17);
  });

  it('answers a plain Error with a generic 500 that carries nothing of the error', () => {
    const error = new Error('secret internals');

    const result = errorResult(error);

    expect(result).toEqual(INTERNAL);
    expect(JSON.stringify(result)).not.toContain('secret internals');
    expect(JSON.stringify(result)).not.toContain('stack');
  });

  it('hides the message of an InternalError', () => {
    const result = errorResult(new InternalError('secret internals'));

    expect(result).toEqual(INTERNAL);
  });

  it.each([
    ['a TypeError', new TypeError('Cannot read properties of undefined (reading "secret")')],
    ['a thrown string', 'secret internals'],
    ['null', null],
    ['undefined', undefined],
    ['a plain object', { message: 'secret internals', code: 'validation_error' }],
    ['an error caused by something else', new Error('x', { cause: { package: '@middy/core' } })],
  ])('answers %s with a generic 500', (_what, thrown) => {
    expect(errorResult(thrown)).toEqual(INTERNAL);
  });

  it('answers an error from the JSON body parser as 400 invalid_json', () => {
    const parserError = Object.assign(new Error('Invalid or malformed JSON was provided'), {
      statusCode: 422,
      cause: { package: '@middy/http-json-body-parser', data: 'Unexpected token } in JSON at position 1' },
    });

    expect(errorResult(parserError)).toEqual({
      statusCode: 400,
      headers: JSON_CONTENT_TYPE,
      body: '{"error":"Request body is not valid JSON","code":"invalid_json"}',
    });
  });

  it('answers the body parser’s unsupported media type error as 400 invalid_json too', () => {
    const parserError = Object.assign(new Error('Unsupported Media Type'), {
      statusCode: 415,
      cause: { package: '@middy/http-json-body-parser', data: 'text/plain' },
    });

    expect(errorResult(parserError).statusCode).toBe(400);
    expect(JSON.parse(errorResult(parserError).body)).toEqual({ error: 'Request body is not valid JSON', code: 'invalid_json' });
  });
});

describe('jsonResult, ok and created', () => {
  it('serialises the body and sets the JSON content type', () => {
    expect(jsonResult(202, { a: 1 })).toEqual({ statusCode: 202, headers: JSON_CONTENT_TYPE, body: '{"a":1}' });
  });

  it('adds extra headers to the content type', () => {
    expect(jsonResult(200, null, { 'Cache-Control': 'no-store' })).toEqual({
      statusCode: 200,
      headers: { ...JSON_CONTENT_TYPE, 'Cache-Control': 'no-store' },
      body: 'null',
    });
  });

  it('wraps ok data in {data} with 200', () => {
    expect(ok({ balanceMinor: 100 })).toEqual({ statusCode: 200, headers: JSON_CONTENT_TYPE, body: '{"data":{"balanceMinor":100}}' });
  });

  it('wraps created data in {data} with 201', () => {
    expect(created({ id: 'q1' })).toEqual({ statusCode: 201, headers: JSON_CONTENT_TYPE, body: '{"data":{"id":"q1"}}' });
  });
});

describe('the error family', () => {
  // Every class the domain throws, built with the ids it names; each owns its code and words.
  const thrown: AppError[] = [
    new ValidationError('Invalid request body: check tip', { formErrors: [], fieldErrors: { tip: ['Unknown field'] } }),
    new errors.BodyRequiredError(),
    new errors.TopUpTooLargeError(100),
    new InvalidJsonError(),
    ...(
      ['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'api_access_disabled', 'missing_fleet_key', 'invalid_fleet_key', 'revoked_fleet_key'] as const
    ).map((reason) => new UnauthorizedError(reason)),
    new AccessRevokedError(),
    new errors.FleetKeyRevokedError(),
    new errors.WrongFleetRoleError('ops'),
    new errors.MethodNotAllowedError('PUT', '/v1/balance', ['GET']),
    new errors.PayloadTooLargeError(1024),
    new OutsideServiceAreaError('both'),
    new RouteTooLongError(2, 1),
    new errors.WeightLimitExceededError(2, 1),
    new RateLimitedError(3),
    new ServiceUnavailableError(),
    new InternalError('x'),
    new errors.RouteNotFoundError('GET', '/nope'),
    new errors.ConsoleFileNotFoundError('/console/assets/app-OLD.js'),
    new errors.RecordNotFoundError('store', 'store_x'),
    new QuoteNotFoundError('q'),
    new errors.JobNotFoundError('j'),
    new errors.EventNotFoundError('evt_x'),
    new errors.WebhookEndpointNotFoundError('we_x'),
    new errors.RemittanceNotFoundError('rem_x'),
    new errors.EndpointLimitError(5),
    new errors.NoSubscribedEndpointError('job.created'),
    new errors.RedeliveryLimitedError('evt_x', 'we_x', 60, 42),
    new errors.TrackingClosedError('0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1', '2026-11-23T10:00:00.000Z'),
    new errors.QuoteUsedError(),
    new errors.QuoteExpiredError(),
    new errors.ZoneChangedError(),
    new errors.IdempotencyConflictError('0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1'),
    new errors.IdempotencyConflictError(null),
    new errors.AdjustmentBelowZeroError(-500, 100),
    new errors.ReturnChargeNotCoveredError(3500, 1000),
    new errors.AdjustmentConflictError('ticket-42', 500),
    new errors.IdempotencyInProgressError(),
    new errors.ConcurrentModificationError(),
    new errors.KeptChangingError('job'),
    new errors.ParcelReturnRequiredError('0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1'),
    new errors.ParcelNotPickedUpError('0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1', 'booked'),
    new errors.NoDecisionPendingError('delivered'),
    new errors.DecisionDeadlinePassedError('return', '2026-11-25T10:10:00.000Z'),
    new errors.MoveKeyConflictError('collect'),
    new errors.JobNotEditableError(['pickupPhone'], 'pickup_completed'),
    new errors.PreconditionFailedError(),
    new errors.NotCancellableError('delivered'),
    new errors.InsufficientCreditError(2, 1),
    new errors.RiderAtCapacityError(2),
    new errors.JobFullError(),
    new errors.WrongCodeError('pickup', 4),
    new errors.HandoffLockedError('pickup', 5),
    new errors.CodeExpiredError('delivery'),
    new errors.CollectionNotAvailableError('bengaluru'),
    new errors.CollectionLimitExceededError(1_000_000),
    new errors.CollectionAmountMismatchError(50_000, 40_000),
    new errors.CollectionPendingError('0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1', 50_000),
    new errors.CashLimitExceededError(2_000_000),
    new errors.UpiReferenceUsedError(),
    new errors.RiderNotFoundError('AGENT-1'),
    new errors.ZoneNotFoundError('goa'),
    new errors.SessionRequiredError(),
    new errors.ApiKeyNotFoundError('key_x'),
    new errors.KeyLimitError(10),
    new errors.KeyNotActiveError('key_x', 'expiring'),
    new errors.LoginLinkInvalidError(),
    new errors.SessionExpiredError(),
    new errors.SessionRevokedError(),
    new errors.ConsoleHeaderRequiredError(),
    new errors.NoTestStoreError(),
    new errors.NoLiveStoreError(),
    new errors.ApiAccessDisabledError(),
    new errors.DepositExceedsCashInHandError('rider-7', 1000, 2000),
    new errors.DepositKeyConflictError('7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d'),
    new errors.DepositReceiptUsedError('7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d'),
  ];

  it('has a class for every error code, so no throw site needs a bare code and message', () => {
    const codes = new Set([...thrown.map((error) => error.code), new IllegalTransitionError({ status: 'delivered' } as never, 'cancel').code]);

    expect([...codes].sort()).toEqual(Object.keys(STATUS_BY_CODE).sort());
  });

  it('names every exported class after itself', () => {
    const classes = Object.entries(errors).filter(([, value]) => typeof value === 'function' && value.prototype instanceof AppError);
    const instances = new Map(thrown.map((error) => [error.constructor, error]));

    for (const [name, cls] of classes) expect(instances.get(cls as never)?.name, name).toBe(name);
  });
});
