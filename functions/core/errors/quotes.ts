/** Quotes and the booking of one: the zone, the route, the quote itself and the Idempotency-Key. */
import { AppError } from './base.ts';

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

/** A parcel heavier than the serving zone's heaviest weight slab: no slab prices it, so no rider is sent for it. */
export class WeightLimitExceededError extends AppError {
  constructor(weightGrams: number, maxGrams: number) {
    super('weight_limit_exceeded', `Parcel is ${weightGrams} g; this zone carries parcels up to ${maxGrams} g`);
    this.name = 'WeightLimitExceededError';
  }
}

/** A zone id that names no active zone (GET /v1/zones/{id}): an inactive zone is not shown either. */
export class ZoneNotFoundError extends AppError {
  constructor(zoneId: string) {
    super('zone_not_found', `No active zone ${zoneId}`);
    this.name = 'ZoneNotFoundError';
  }
}

export class QuoteNotFoundError extends AppError {
  constructor(quoteId: string) {
    super('quote_not_found', `No quote ${quoteId} for this store`);
    this.name = 'QuoteNotFoundError';
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
      jobId === null ? undefined : { details: { jobId } },
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
