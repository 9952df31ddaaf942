/** Console sessions: sign-in links, refresh cookies and access tokens (functions/core/session.ts). */
import { AppError } from './base.ts';

/** A sign-in link unknown, used or expired: one answer for all three, so a caller probing links learns nothing. */
export class LoginLinkInvalidError extends AppError {
  constructor() {
    super('login_link_invalid', 'This sign-in link is invalid, used or expired: ask for a new one');
    this.name = 'LoginLinkInvalidError';
  }
}

/** The session (or its access token) has ended by time, or there is none: the app refreshes or signs in again. */
export class SessionExpiredError extends AppError {
  constructor() {
    super('session_expired', 'The console session has expired: refresh it or sign in again');
    this.name = 'SessionExpiredError';
  }
}

/** The session was revoked (signed out, a refresh token reused, a mode switch replaced the token). */
export class SessionRevokedError extends AppError {
  constructor() {
    super('session_revoked', 'The console session was revoked: sign in again');
    this.name = 'SessionRevokedError';
  }
}

/** A session route called without `X-Console: 1`, which a cross-site form cannot send. */
export class ConsoleHeaderRequiredError extends AppError {
  constructor() {
    super('console_header_required', 'Console session routes require the header X-Console: 1');
    this.name = 'ConsoleHeaderRequiredError';
  }
}

/** A switch to test mode for a store without a linked sandbox twin. */
export class NoTestStoreError extends AppError {
  constructor() {
    super('no_test_store', 'This store has no linked sandbox store');
    this.name = 'NoTestStoreError';
  }
}

/** A switch to live mode for a session signed in to a sandbox store. */
export class NoLiveStoreError extends AppError {
  constructor() {
    super('no_live_store', 'This session was signed in to a sandbox store: there is no live store to switch to');
    this.name = 'NoLiveStoreError';
  }
}

/**
 * A console session for a store whose API access is off: sign-in, refresh and the mode switch refuse it
 * (the API's own 401 for such a store cannot say why), and the app shows its one full-page notice.
 */
export class ApiAccessDisabledError extends AppError {
  constructor() {
    super('api_access_disabled', 'This store’s API access is switched off: the console cannot act for it');
    this.name = 'ApiAccessDisabledError';
  }
}
