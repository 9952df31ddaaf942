/** Keys and access: a request not authenticated, or a key or role that may not do this. */
import { AppError } from './base.ts';

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
