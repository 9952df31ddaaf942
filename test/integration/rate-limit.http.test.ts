import { describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { authHeaders, bengaluruQuote, createStore } from '../helpers/fixtures.ts';
import { CLOCK_TOLERANCE_MS } from '../../functions/data/rate-limit.repository.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';

const api = useLocalApi();

useHandlerLogs();

const postQuote = (apiKey: string) =>
  api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(apiKey), body: JSON.stringify(bengaluruQuote) }).then(readResponse);
const getBalance = (apiKey: string) => api.server.request('/v1/balance', { headers: { 'X-Api-Key': apiKey } }).then(readResponse);

// The store's items but its rate-limit buckets (every request spends a token, refused or not).
async function storeItems(storeId: string): Promise<unknown[]> {
  return (await partitionItems(api.table.rt, `STORE#${storeId}`)).filter((item) => !String(item.SK).startsWith('RATE#'));
}

// How many tracking links the store has (they are items of their own, keyed by token hash).
async function trackingLinks(storeId: string): Promise<number> {
  const { Items } = await dbOf(api.table.rt).send(
    new ScanCommand({
      TableName: api.table.rt.config.TABLE_NAME,
      FilterExpression: '#type = :t AND storeId = :s',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':t': 'tracking_link', ':s': storeId },
    }),
  );
  return Items?.length ?? 0;
}

describe('per-store rate limits', () => {
  it('lets exactly 10 of 30 parallel quote requests through and answers the rest 429 with Retry-After', async () => {
    const { apiKey } = await createStore(api.table.rt);

    const responses = await Promise.all(Array.from({ length: 30 }, () => postQuote(apiKey)));

    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const limited of responses.filter((r) => r.status === 429)) {
      expect(limited.body).toEqual({ error: expect.stringMatching(/^Rate limit exceeded; retry in \d+ s$/), code: 'rate_limited' });
      const retryAfter = limited.headers.get('retry-after')!;
      expect(retryAfter).toMatch(/^[1-9]\d*$/);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    }
  });

  it('shares one budget across all of a store’s keys', async () => {
    const store = await createStore(api.table.rt);
    const second = await api.table.rt.apiKeys.create(store.storeId);

    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => postQuote(i % 2 === 0 ? store.apiKey : second.apiKey)));

    expect(responses.filter((r) => r.status === 201)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('writes nothing for a refused request, on every route that writes: the write waits for the rate decision its reads run alongside', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    // Every group spent: bookings (10), cancellations (9 of the 10 jobs), reads (3).
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 1_000, cancellations: 9, reads: 3 });
    const jobs: string[] = [];
    for (let i = 0; i < 10; i++) jobs.push(((await m.book(await m.quote())).body as { data: { id: string } }).data.id);
    for (let i = 0; i < 9; i++) expect((await m.post(`/v1/jobs/${jobs[i]}/cancel`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await m.get('/v1/balance')).status).toBe(200);
    const quoteId = await m.quote();
    const live = jobs[9]!;
    const before = await storeItems(m.storeId);

    const refused = [
      await m.book(quoteId, { idempotencyKey: 'refused-booking' }),
      await m.post(`/v1/jobs/${live}/cancel`),
      await m.post(`/v1/jobs/${live}/tracking-link`),
    ];
    const links = await trackingLinks(m.storeId);

    expect(refused.map((r) => [r.status, (r.body as { code: string }).code])).toEqual([
      [429, 'rate_limited'],
      [429, 'rate_limited'],
      [429, 'rate_limited'],
    ]);
    expect(await storeItems(m.storeId)).toEqual(before);
    expect(links).toBe(0);
  });

  // A container that knows a key's store takes the token alongside the key's and the store's reads,
  // with the agreed limit it read last time; the store read on this very request decides.
  it('decides with the agreed limit read on the request itself, whatever the container read before: lowered, raised, set for another group', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    expect((await m.post('/v1/job-quotes', bengaluruQuote)).status).toBe(201); // quotes: 10 a minute; the container knows the key

    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 2 });
    const lowered = [await m.post('/v1/job-quotes', bengaluruQuote), await m.post('/v1/job-quotes', bengaluruQuote)];
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 2, reads: 3 });
    const records = await captureAccessLog(async () => {
      for (let i = 0; i < 4; i++) await m.get('/v1/balance');
    });
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 20, reads: 3 });
    const raised = await m.post('/v1/job-quotes', bengaluruQuote);

    // Lowered to 2 a minute with one spent at 10: one more (what the lower limit leaves), then none.
    expect(lowered.map((r) => [r.status, r.headers.get('ratelimit-limit'), r.headers.get('ratelimit-remaining')])).toEqual([
      [201, '2', '0'],
      [429, '2', '0'],
    ]);
    // Reads set to 3 after the container last read 60: exactly 3; the first takes its token again at the new
    // limit; the fourth is refused by what the container saw of the bucket (no call).
    expect(records.map((r) => [r.status, r.dynamoRoundTrips, r.dynamoCalls])).toEqual([
      [200, 3, 5],
      [200, 1, 3],
      [200, 1, 3],
      [429, 1, 2],
    ]);
    // Raised to 20 with the bucket spent at 2 a minute: the tokens spent still count (36 s of 60 at 3 s a token).
    expect([raised.status, raised.headers.get('ratelimit-limit')]).toEqual([201, '20']);
  });

  it('gives back the token a request took alongside its key’s reads when the key is revoked or the store’s access off, and forgets the key', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    const other = await api.table.rt.apiKeys.create(m.storeId);
    expect((await getBalance(other.apiKey)).headers.get('ratelimit-remaining')).toBe('59');
    await api.table.rt.apiKeys.revoke(other.keyId);

    const revoked = await captureAccessLog(async () => {
      for (let i = 0; i < 3; i++) expect((await getBalance(other.apiKey)).status).toBe(401);
    });
    const afterRevoked = await m.get('/v1/balance');
    await api.table.rt.stores.setApiAccess(m.storeId, false);
    const off = await captureAccessLog(async () => {
      for (let i = 0; i < 2; i++) expect((await m.get('/v1/balance')).status).toBe(401);
    });
    await api.table.rt.stores.setApiAccess(m.storeId, true);
    const afterOff = await m.get('/v1/balance');

    // The first refusal took a token with the key's reads and gave it back; then the key is unknown here (one read).
    expect(revoked.map((r) => [r.authFailure, r.dynamoCalls])).toEqual([
      ['revoked_api_key', 4],
      ['revoked_api_key', 1],
      ['revoked_api_key', 1],
    ]);
    expect(off.map((r) => [r.authFailure, r.dynamoCalls])).toEqual([
      ['api_access_disabled', 4],
      ['api_access_disabled', 2],
    ]);
    // Only the requests that were let in spent a token.
    expect([afterRevoked.status, afterRevoked.headers.get('ratelimit-remaining')]).toEqual([200, '58']);
    expect([afterOff.status, afterOff.headers.get('ratelimit-remaining')]).toEqual([200, '57']);
  });

  it('keeps stores apart: one store’s burst does not limit another', async () => {
    const busy = await createStore(api.table.rt);
    const calm = await createStore(api.table.rt);
    await Promise.all(Array.from({ length: 11 }, () => postQuote(busy.apiKey)));

    const { status } = await postQuote(calm.apiKey);

    expect(status).toBe(201);
  });

  it('keeps groups apart: exhausted quotes leave reads untouched', async () => {
    const { apiKey } = await createStore(api.table.rt);
    await Promise.all(Array.from({ length: 11 }, () => postQuote(apiKey)));

    const reads = await Promise.all(Array.from({ length: 5 }, () => getBalance(apiKey)));
    const quoteAgain = await postQuote(apiKey);

    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(quoteAgain.status).toBe(429);
  });

  // Reads refill one token a second, so the exact capacity is checked with a fixed clock.
  it('allows exactly 60 reads in a minute', async () => {
    const { storeId } = await createStore(api.table.rt);
    const limit = { capacity: 60, periodMs: 60_000 };
    const now = Date.now();

    const decisions = await Promise.all(Array.from({ length: 65 }, () => api.table.rt.rateLimits.consumeForStore(storeId, 'reads', limit, now)));

    expect(decisions.filter((d) => d.allowed)).toHaveLength(60);
    expect(decisions.filter((d) => !d.allowed)).toEqual(Array(5).fill({ allowed: false, retryAfterSeconds: 1 }));
  });

  it('answers every request of a burst of exactly the limit, whatever order their clocks reach DynamoDB in (30 bursts)', async () => {
    const limit = { capacity: 10, periodMs: 60_000 };
    const refused: number[] = [];
    for (let round = 0; round < 30; round++) {
      const { storeId } = await createStore(api.table.rt);
      const t = Date.now();
      // Each request read its clock at a slightly different moment (up to 50 ms apart), and they land in any order.
      const clocks = Array.from({ length: 10 }, (_, i) => t + ((i * 37 + round * 11) % 50));

      const burst = await Promise.all(clocks.map((now) => api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, now)));
      const eleventh = await api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, t + 50);

      refused.push(burst.filter((decision) => !decision.allowed).length);
      expect(eleventh.allowed).toBe(false);
    }

    expect(refused).toEqual(Array(30).fill(0));
  });

  it('counts remaining requests down in RateLimit-Remaining', async () => {
    const { apiKey } = await createStore(api.table.rt);

    const first = await getBalance(apiKey);
    const second = await getBalance(apiKey);

    expect(first.headers.get('ratelimit-remaining')).toBe('59');
    expect(second.headers.get('ratelimit-remaining')).toBe('58');
  });

  it('refills the bucket over the minute (one quote token every 6 s, up to the clock tolerance early)', async () => {
    const { storeId } = await createStore(api.table.rt);
    const limit = { capacity: 10, periodMs: 60_000 };
    const start = Date.now();
    for (let i = 0; i < 10; i++) await api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, start);

    const empty = await api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, start);
    const almost = await api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, start + 6_000 - CLOCK_TOLERANCE_MS - 1);
    const refilled = await api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, start + 6_000);
    const afterIdle = await api.table.rt.rateLimits.consumeForStore(storeId, 'quotes', limit, start + 10 * 60_000);

    expect(empty).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(almost).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(refilled).toEqual({ allowed: true, remaining: 0, resetSeconds: 60 });
    // A long idle never banks more than the capacity.
    expect(afterIdle).toEqual({ allowed: true, remaining: 9, resetSeconds: 6 });
  });
});
