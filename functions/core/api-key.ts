import { createHash, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Live keys start `mdk_live_`, sandbox keys `mdk_test_`; 32 base62 characters follow. */
export const API_KEY_PATTERN = /^mdk_(live|test)_[0-9A-Za-z]{32}$/;

/** `length` characters of base62 from the CSPRNG (randomInt is uniform: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** A new API key; the caller shows it once and stores only its hash. */
export function generateApiKey(sandbox: boolean): string {
  return `mdk_${sandbox ? 'test' : 'live'}_${randomBase62(32)}`;
}

/** The SHA-256 hex digest under which a key is stored and looked up. */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/** A console session's access token (functions/core/session.ts): accepted wherever a key is. */
const ACCESS_TOKEN_SHAPE = /^mdk_sess_[0-9A-Za-z]{43}$/;

/** Whether a string has the shape of an API key or a console access token (checked before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value) || ACCESS_TOKEN_SHAPE.test(value);
}

/** Identifiers for stores, keys, fleet keys and riders: a readable prefix and 20 base62 characters. */
export function newId(prefix: 'store' | 'key' | 'fleetkey' | 'rider'): string {
  return `${prefix}_${randomBase62(20)}`;
}

/**
 * The value of a store's usage key at API Gateway: the key the merchant authorizer names as the
 * request's usage identifier, so the usage plan throttles per store. It is not a secret (with the
 * API's key source AUTHORIZER, a client cannot present it: only the authorizer names it), so it is
 * derived from the store id: 30 letters and digits (API Gateway takes 20 to 128, and may refuse `_`).
 */
export function usageKeyValue(storeId: string): string {
  return `usage${storeId.replace(/[^0-9A-Za-z]/g, '')}`;
}

/** What a store's key is now: `expiring` once rolled, `revoked` when revoked or past its `expiresAt`. */
export type ApiKeyStatus = 'active' | 'expiring' | 'revoked';

/** The stored facts a key's status is derived from (`status` as stored: only a revocation writes `revoked`). */
export interface StoredKeyState {
  status: 'active' | 'revoked';
  revokedAt: string | null;
  expiresAt: string | null;
}

/**
 * A key's status at `now`, and when it was revoked: a rolled key past its `expiresAt` is revoked at
 * that instant (no write marks it: time alone ends it), so auth and listings agree without a sweep.
 */
export function keyStatus(key: StoredKeyState, now: Date): { status: ApiKeyStatus; revokedAt: string | null } {
  if (key.status === 'revoked') return { status: 'revoked', revokedAt: key.revokedAt };
  if (!key.expiresAt) return { status: 'active', revokedAt: null };
  if (Date.parse(key.expiresAt) <= now.getTime()) return { status: 'revoked', revokedAt: key.expiresAt };
  return { status: 'expiring', revokedAt: null };
}

/** India's offset from UTC (IST has no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;

/** The date in India (IST, UTC+05:30) at `now`, as YYYY-MM-DD: the day a key's `lastUsedOn` names. */
export function istDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** How many of a store's keys may be active or expiring at once (POST /v1/api-keys, roll). */
export const MAX_LIVE_KEYS = 10;

/** The longest a rolled key may keep working beside its successor: 7 days. */
export const MAX_ROLL_EXPIRY_SECONDS = 604_800;
