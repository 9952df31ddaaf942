/** A store's API keys managed through the API (GET/POST /v1/api-keys…): sessions only, a limit, one key at a time. */
import { AppError } from './base.ts';

/** An API key called a key-management route: only a console session may make, roll or revoke keys (a leaked key cannot mint more). */
export class SessionRequiredError extends AppError {
  constructor() {
    super('session_required', 'API keys are managed from the console: sign in there (an API key cannot manage keys)');
    this.name = 'SessionRequiredError';
  }
}

/** No key with this id for the store (another store's keys are not found either). */
export class ApiKeyNotFoundError extends AppError {
  constructor(keyId: string) {
    super('api_key_not_found', `No API key ${keyId} for this store`);
    this.name = 'ApiKeyNotFoundError';
  }
}

/** The change would leave the store more keys active or expiring than it may have. */
export class KeyLimitError extends AppError {
  constructor(max: number) {
    super('key_limit_reached', `A store may have at most ${max} API keys active or expiring; revoke one first`, { details: { limit: max } });
    this.name = 'KeyLimitError';
  }
}

/** Only an active key can be rolled: a rolled (expiring) or revoked one cannot. */
export class KeyNotActiveError extends AppError {
  constructor(keyId: string, status: 'expiring' | 'revoked') {
    super('api_key_not_active', `API key ${keyId} is ${status}: only an active key can be rolled`, { details: { status } });
    this.name = 'KeyNotActiveError';
  }
}
