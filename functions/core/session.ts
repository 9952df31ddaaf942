/**
 * Console sessions, as pure rules: the tokens' shapes, the lifetimes, and what a refresh token presented
 * to a session means (rotate, reuse, expired). The repository (functions/data/session.repository.ts)
 * stores what these decide; nothing here reads a clock of its own (each rule takes `now`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hashApiKey, randomBase62 } from './api-key.ts';
import type { Job } from './job.ts';

/** A sign-in link is good for 15 minutes, once. */
export const LOGIN_LINK_TTL_MS = 15 * 60_000;
/** An access token lives 15 minutes (CONSOLE_ACCESS_TOKEN_SECONDS may shorten it); the app refreshes it. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
/** A session ends 12 hours after sign-in, whatever happens (absolute lifetime). */
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** A session not refreshed for 2 hours has ended (idle lifetime). */
export const SESSION_IDLE_MS = 2 * 3_600_000;
/** How many past refresh tokens a session remembers to recognise reuse. */
export const PREVIOUS_REFRESH_KEPT = 20;

const LOGIN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const REFRESH_TOKEN_PATTERN = /^(sess_[0-9A-Za-z]{20})\.([A-Za-z0-9_-]{43})$/;

/** A session's mode: acting for the live store, or for its sandbox twin. */
export type SessionMode = 'live' | 'test';

/** A session as stored (item `SESSION#<id>`). */
export interface SessionRecord {
  id: string;
  /** The store the link was for. */
  storeId: string;
  testStoreId: string | null;
  mode: SessionMode;
  status: 'active' | 'revoked';
  createdAt: string;
  /** createdAt + 12 h. */
  expiresAt: string;
  refreshedAt: string;
  refreshHash: string;
  previousRefreshHashes: string[];
  /** The access tokens it issued that may still be live, with their ends (ended ones leave at the next rotation). */
  access: AccessEntry[];
}

/** An access token a session issued: its hash (the key of its item) and its end. */
export interface AccessEntry {
  hash: string;
  expiresAt: string;
}

/** A session as the app sees it: the store the link was for, its twin, the mode it acts in. */
export interface SessionView {
  id: string;
  mode: SessionMode;
  store: { id: string; name: string };
  testStore: { id: string; name: string } | null;
}

/** 32 random bytes as base64url (43 characters): a sign-in link's token. */
export function newLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new access token (shown to the app once; stored by its hash like an API key). */
export function newAccessToken(): string {
  return `mdk_sess_${randomBase62(43)}`;
}

/** A new session id. */
export function newSessionId(): string {
  return `sess_${randomBase62(20)}`;
}

/** A new refresh token for a session: `<sessionId>.<43 base64url>`. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(32).toString('base64url')}`;
}

/** The SHA-256 hex under which a login token, access token or refresh token is stored. */
export function hashToken(token: string): string {
  return hashApiKey(token);
}

/** Whether a string has the shape of a sign-in token (checked before any read). */
export function looksLikeLoginToken(value: string): boolean {
  return LOGIN_TOKEN_PATTERN.test(value);
}

/** The session id and the hash of a refresh token's secret, or null when it is not one. */
export function parseRefreshToken(value: string): { sessionId: string; hash: string } | null {
  const match = REFRESH_TOKEN_PATTERN.exec(value);
  return match ? { sessionId: match[1]!, hash: createHash('sha256').update(value, 'utf8').digest('hex') } : null;
}

/** Whether a sign-in link may still be used: never used and not expired. */
export function loginLinkUsable(link: { expiresAt: string; usedAt?: string | null }, now: Date): boolean {
  return !link.usedAt && Date.parse(link.expiresAt) > now.getTime();
}

/** Whether an access token has expired (at its `expiresAt`, exactly). */
export function accessTokenExpired(token: { expiresAt: string }, now: Date): boolean {
  return Date.parse(token.expiresAt) <= now.getTime();
}

/** What a refresh token presented to a session means. */
export type RefreshVerdict = 'rotate' | 'retry' | 'reuse' | 'expired' | 'revoked';

/**
 * How long the token a rotation replaced still counts as its holder's retry: a refresh whose answer was
 * lost (a reload mid-refresh, a dropped connection) left the browser with that token. Within this window
 * it rotates again; after it, it is reuse. A thief who replays it inside the window is still caught: the
 * owner's next refresh presents a token the thief's rotation replaced, and that is reuse.
 */
export const REFRESH_RETRY_GRACE_MS = 10_000;

/**
 * The rule of a refresh: the current token rotates; the one it replaced, within REFRESH_RETRY_GRACE_MS of
 * that rotation, is a retry (it rotates too); a past one is reuse (the session must be revoked);
 * a revoked session, an unknown secret, or a session past its idle (2 h since the last refresh) or
 * absolute (12 h) lifetime has ended. Reuse is checked before the lifetimes: a stolen old token is
 * reported whatever the time.
 */
export function refreshVerdict(session: SessionRecord | null, presentedHash: string, now: Date): RefreshVerdict {
  if (!session) return 'expired';
  if (session.status === 'revoked') return 'revoked';
  if (
    session.previousRefreshHashes[0] === presentedHash &&
    now.getTime() - Date.parse(session.refreshedAt) < REFRESH_RETRY_GRACE_MS &&
    sessionLive(session, now)
  )
    return 'retry';
  if (session.previousRefreshHashes.includes(presentedHash)) return 'reuse';
  if (session.refreshHash !== presentedHash) return 'expired';
  if (!sessionLive(session, now)) return 'expired';
  return 'rotate';
}

/** Whether a session is within both its absolute and its idle lifetime. */
export function sessionLive(session: Pick<SessionRecord, 'expiresAt' | 'refreshedAt'>, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(session.expiresAt) > t && Date.parse(session.refreshedAt) + SESSION_IDLE_MS > t;
}

/** The past refresh hashes after a rotation: the one replaced first, at most PREVIOUS_REFRESH_KEPT. */
export function rotatedHistory(session: Pick<SessionRecord, 'refreshHash' | 'previousRefreshHashes'>): string[] {
  return [session.refreshHash, ...session.previousRefreshHashes].slice(0, PREVIOUS_REFRESH_KEPT);
}

/** The access token's expiry: its lifetime (15 minutes unless configured shorter), never past the session's own end. */
export function accessTokenExpiry(session: Pick<SessionRecord, 'expiresAt'>, now: Date, ttlMs = ACCESS_TOKEN_TTL_MS): string {
  return new Date(Math.min(now.getTime() + ttlMs, Date.parse(session.expiresAt))).toISOString();
}

/** The store a session's access token acts for in its mode. */
export function actingStoreId(session: Pick<SessionRecord, 'storeId' | 'testStoreId' | 'mode'>): string {
  return session.mode === 'test' && session.testStoreId ? session.testStoreId : session.storeId;
}

/** The refresh cookie's name: `__Host-` on https (the browser then insists on Secure, Path=/ and no Domain). */
export function refreshCookieName(https: boolean): string {
  return https ? '__Host-console_refresh' : 'console_refresh';
}

/** The Set-Cookie value carrying a refresh token, for `maxAgeSeconds` (0 clears it). */
export function refreshCookie(value: string, maxAgeSeconds: number, https: boolean): string {
  const attributes = [`${refreshCookieName(https)}=${value}`, 'HttpOnly', 'SameSite=Strict', 'Path=/', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (https) attributes.push('Secure');
  return attributes.join('; ');
}

/** The refresh token in a Cookie header, under the name for this scheme, or null. */
export function refreshTokenFromCookies(cookieHeader: string | undefined, https: boolean): string | null {
  const name = refreshCookieName(https);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

/** What a history note written through the console says: the note, marked "via console" (the actor stays `merchant`). */
export function consoleNote(note: string | null): string {
  return note ? `${note} (via console)` : 'via console';
}

/**
 * The job after a merchant's change, its new history entries marked "via console" when the change came
 * through a console session (`via`); unchanged otherwise. `before` is the job as read (null for a booking).
 */
export function withConsoleNotes(before: Job | null, after: Job, via: 'api_key' | 'console' | undefined): Job {
  if (via !== 'console') return after;
  const kept = before?.events.length ?? 0;
  const events = after.events.map((entry, index) => (index >= kept && entry.actor === 'merchant' ? { ...entry, note: consoleNote(entry.note) } : entry));
  return { ...after, events };
}
