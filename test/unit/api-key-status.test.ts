import { describe, expect, it } from 'vitest';
import { istDate, keyStatus } from '../../functions/core/api-key.ts';

const NOW = new Date('2026-11-27T10:00:00.000Z');

describe('keyStatus', () => {
  it('calls a key never rolled nor revoked active', () => {
    expect(keyStatus({ status: 'active', revokedAt: null, expiresAt: null }, NOW)).toEqual({ status: 'active', revokedAt: null });
  });

  it('calls a rolled key expiring until its expiresAt', () => {
    const rolled = { status: 'active' as const, revokedAt: null, expiresAt: '2026-11-27T10:00:00.001Z' };

    expect(keyStatus(rolled, NOW)).toEqual({ status: 'expiring', revokedAt: null });
  });

  it('calls a rolled key revoked from the instant of its expiresAt, revoked at that instant', () => {
    const at = { status: 'active' as const, revokedAt: null, expiresAt: NOW.toISOString() };
    const past = { status: 'active' as const, revokedAt: null, expiresAt: '2026-11-20T00:00:00.000Z' };

    expect(keyStatus(at, NOW)).toEqual({ status: 'revoked', revokedAt: NOW.toISOString() });
    expect(keyStatus(past, NOW)).toEqual({ status: 'revoked', revokedAt: '2026-11-20T00:00:00.000Z' });
  });

  it('keeps a revocation by hand, made before the expiry, as the moment it was revoked', () => {
    const revoked = { status: 'revoked' as const, revokedAt: '2026-11-26T08:00:00.000Z', expiresAt: '2026-11-28T00:00:00.000Z' };

    expect(keyStatus(revoked, NOW)).toEqual({ status: 'revoked', revokedAt: '2026-11-26T08:00:00.000Z' });
  });

  it('reads a key item from before expiry existed (no expiresAt at all) as active', () => {
    const old = { status: 'active', revokedAt: null } as unknown as Parameters<typeof keyStatus>[0];

    expect(keyStatus(old, NOW)).toEqual({ status: 'active', revokedAt: null });
  });
});

describe('istDate', () => {
  it('is the date in India, UTC+05:30, which turns at 18:30 UTC', () => {
    expect(istDate(new Date('2026-11-27T18:29:59.999Z'))).toBe('2026-11-27');
    expect(istDate(new Date('2026-11-27T18:30:00.000Z'))).toBe('2026-11-28');
    expect(istDate(new Date('2026-11-26T18:30:00.000Z'))).toBe('2026-11-27');
  });

  it('turns the year at 18:30 UTC on 31 December', () => {
    expect(istDate(new Date('2026-12-31T18:29:59.000Z'))).toBe('2026-12-31');
    expect(istDate(new Date('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
  });
});
