import { describe, expect, it } from 'vitest';
import {
  accessTokenExpired,
  accessTokenExpiry,
  actingStoreId,
  loginLinkUsable,
  parseRefreshToken,
  refreshCookie,
  refreshTokenFromCookies,
  refreshVerdict,
  REFRESH_RETRY_GRACE_MS,
  rotatedHistory,
  type SessionRecord,
} from '../../functions/core/session.ts';

const T0 = new Date('2026-11-27T06:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function session(changes: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: 'sess_AAAAAAAAAAAAAAAAAAAA',
    storeId: 'store_live',
    testStoreId: 'store_twin',
    mode: 'live',
    status: 'active',
    createdAt: T0.toISOString(),
    expiresAt: at(12 * HOUR).toISOString(),
    refreshedAt: T0.toISOString(),
    refreshHash: 'current',
    previousRefreshHashes: ['older', 'oldest'],
    access: [],
    ...changes,
  };
}

describe('sign-in links', () => {
  it('are usable once, until their 15 minutes end', () => {
    const link = { expiresAt: at(15 * MINUTE).toISOString() };

    expect(loginLinkUsable(link, at(14 * MINUTE))).toBe(true);
    expect(loginLinkUsable(link, at(15 * MINUTE))).toBe(false);
    expect(loginLinkUsable({ ...link, usedAt: at(MINUTE).toISOString() }, at(2 * MINUTE))).toBe(false);
  });
});

describe('refreshVerdict', () => {
  it('rotates the current token of a live session', () => {
    expect(refreshVerdict(session(), 'current', at(HOUR))).toBe('rotate');
  });

  it('calls a past token reuse, whatever the time', () => {
    expect(refreshVerdict(session(), 'older', at(HOUR))).toBe('reuse');
    expect(refreshVerdict(session(), 'oldest', at(13 * HOUR))).toBe('reuse');
  });

  // A refresh whose answer never arrived (the page reloaded mid-refresh, the connection dropped) leaves the
  // browser holding the token that rotation replaced: presented again at once, it is a retry, not a theft.
  it('takes the token the last rotation replaced as a retry for 10 s after that rotation, and as reuse from then on', () => {
    const rotated = session({ refreshedAt: at(HOUR).toISOString() });

    expect(refreshVerdict(rotated, 'older', at(HOUR + REFRESH_RETRY_GRACE_MS - 1))).toBe('retry');
    expect(refreshVerdict(rotated, 'older', at(HOUR + REFRESH_RETRY_GRACE_MS))).toBe('reuse');
    expect(refreshVerdict(rotated, 'oldest', at(HOUR + 1))).toBe('reuse');
    expect(refreshVerdict({ ...rotated, status: 'revoked' }, 'older', at(HOUR + 1))).toBe('revoked');
    expect(REFRESH_RETRY_GRACE_MS).toBe(10_000);
  });

  it('ends a session idle for 2 hours since its last refresh', () => {
    const refreshed = session({ refreshedAt: at(5 * HOUR).toISOString() });

    expect(refreshVerdict(refreshed, 'current', at(7 * HOUR - 1))).toBe('rotate');
    expect(refreshVerdict(refreshed, 'current', at(7 * HOUR))).toBe('expired');
  });

  it('ends a session 12 hours after sign-in however often it was refreshed', () => {
    const busy = session({ refreshedAt: at(11 * HOUR + 50 * MINUTE).toISOString() });

    expect(refreshVerdict(busy, 'current', at(12 * HOUR - 1))).toBe('rotate');
    expect(refreshVerdict(busy, 'current', at(12 * HOUR))).toBe('expired');
  });

  it('calls an unknown secret or session expired, a revoked session revoked', () => {
    expect(refreshVerdict(session(), 'forged', at(MINUTE))).toBe('expired');
    expect(refreshVerdict(null, 'current', at(MINUTE))).toBe('expired');
    expect(refreshVerdict(session({ status: 'revoked' }), 'current', at(MINUTE))).toBe('revoked');
  });
});

describe('rotation', () => {
  it('keeps the replaced token first and at most the last 20', () => {
    const many = session({ previousRefreshHashes: Array.from({ length: 20 }, (_, i) => `h${i}`) });

    const history = rotatedHistory(many);

    expect(history).toHaveLength(20);
    expect(history[0]).toBe('current');
    expect(history.at(-1)).toBe('h18');
  });
});

describe('access tokens', () => {
  it('live 15 minutes, never past the session’s end, and expire at that instant', () => {
    expect(accessTokenExpiry(session(), at(HOUR))).toBe(at(HOUR + 15 * MINUTE).toISOString());
    expect(accessTokenExpiry(session(), at(12 * HOUR - 5 * MINUTE))).toBe(at(12 * HOUR).toISOString());
    expect(accessTokenExpired({ expiresAt: at(15 * MINUTE).toISOString() }, at(15 * MINUTE - 1))).toBe(false);
    expect(accessTokenExpired({ expiresAt: at(15 * MINUTE).toISOString() }, at(15 * MINUTE))).toBe(true);
  });

  it('live as long as configured (CONSOLE_ACCESS_TOKEN_SECONDS), still never past the session’s end', () => {
    expect(accessTokenExpiry(session(), at(HOUR), 5_000)).toBe(at(HOUR + 5_000).toISOString());
    expect(accessTokenExpiry(session(), at(12 * HOUR - 2_000), 5_000)).toBe(at(12 * HOUR).toISOString());
  });

  it('act for the live store in live mode, for the twin in test mode', () => {
    expect(actingStoreId(session())).toBe('store_live');
    expect(actingStoreId(session({ mode: 'test' }))).toBe('store_twin');
    expect(actingStoreId(session({ mode: 'test', testStoreId: null }))).toBe('store_live');
  });
});

describe('the refresh cookie', () => {
  it('is __Host- prefixed and Secure on https, plain over http', () => {
    expect(refreshCookie('v', 60.9, true)).toBe('__Host-console_refresh=v; HttpOnly; SameSite=Strict; Path=/; Max-Age=60; Secure');
    expect(refreshCookie('v', 60, false)).toBe('console_refresh=v; HttpOnly; SameSite=Strict; Path=/; Max-Age=60');
  });

  it('is read under the name of the request’s scheme only', () => {
    const header = 'other=1; console_refresh=sess_AAAAAAAAAAAAAAAAAAAA.x; __Host-console_refresh=secure';

    expect(refreshTokenFromCookies(header, false)).toBe('sess_AAAAAAAAAAAAAAAAAAAA.x');
    expect(refreshTokenFromCookies(header, true)).toBe('secure');
    expect(refreshTokenFromCookies(undefined, true)).toBeNull();
  });

  it('carries a token parsed into its session and the hash of the whole token', () => {
    const token = `sess_AAAAAAAAAAAAAAAAAAAA.${'a'.repeat(43)}`;

    expect(parseRefreshToken(token)).toEqual({ sessionId: 'sess_AAAAAAAAAAAAAAAAAAAA', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(parseRefreshToken('sess_short.x')).toBeNull();
  });
});
