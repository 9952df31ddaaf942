import { describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { authHeaders, bengaluruQuote, createStore } from '../helpers/fixtures.ts';
import { CLOCK_TOLERANCE_MS } from '../../functions/data/rate-limit.repository.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { newMerchant } from '../helpers/merchant.ts';

const api = useLocalApi();

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
