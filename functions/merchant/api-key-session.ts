import { SessionRequiredError } from '../core/errors.ts';
import type { Merchant } from '../core/store.ts';

/**
 * Refuses an API key on the key-management routes (403 session_required): only a console session's
 * access token may list, make, roll or revoke keys, so a leaked key cannot mint more.
 */
export function requireSession(merchant: Merchant): void {
  if (merchant.via !== 'console') throw new SessionRequiredError();
}

/** What a key change is checked against: the caller's store and token (the write guard) and the store's mode (the new key's prefix). */
export function keyWriter(merchant: Merchant) {
  return { storeId: merchant.storeId, keyHash: merchant.keyHash, sandbox: merchant.store.sandbox };
}
