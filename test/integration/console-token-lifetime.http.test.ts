import { describe, expect, it } from 'vitest';
import { newMerchant } from '../helpers/merchant.ts';
import { consoleHeaders, consoleSession, cookieOf } from '../helpers/console.ts';
import { useLocalApi } from '../helpers/server.ts';

// The browser tests watch a silent refresh by shortening the access token's life for their file's server.
const api = useLocalApi({ env: { CONSOLE_ACCESS_TOKEN_SECONDS: '5' } });

describe('CONSOLE_ACCESS_TOKEN_SECONDS', () => {
  it('sets how long the access tokens of sign-in and refresh live; the sign-in link keeps its 15 minutes', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const link = await api.table.rt.sessions.createLoginLink(merchant.storeId);
    const before = Date.now();
    const signedIn = await consoleSession(api, merchant.storeId);
    const refreshed = await api.server.request('/console/v1/sessions/refresh', { method: 'POST', headers: consoleHeaders(signedIn.cookie) });
    const after = Date.now();
    const renewed = (await refreshed.json()) as { accessTokenExpiresAt: string };

    expect(Date.parse(link.expiresAt) - before).toBeGreaterThan(14 * 60_000);
    for (const expiresAt of [signedIn.accessTokenExpiresAt, renewed.accessTokenExpiresAt]) {
      expect(Date.parse(expiresAt)).toBeGreaterThanOrEqual(before + 5_000);
      expect(Date.parse(expiresAt)).toBeLessThanOrEqual(after + 5_000);
    }
    expect(refreshed.status).toBe(200);
    expect(cookieOf(refreshed)).not.toBe(signedIn.cookie);
  });
});
