import { describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { authHeaders, bengaluruQuote, createStore } from '../helpers/fixtures.ts';
import { CLOCK_TOLERANCE_MS } from '../../functions/data/rate-limit.repository.ts';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { StoreAdminRepository } from '../../functions/data/store-admin.repository.ts';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { authenticate, type ApiContext, type ApiMiddleware } from '../../functions/http/middleware.ts';
import { storeRateLimit } from '../../functions/http/rate-limit.ts';
import { routeFor, type MerchantRouteKey } from '../../functions/http/routes.ts';
import { createRuntime, type Runtime } from '../../functions/runtime.ts';
import { readConfig } from '../../functions/config.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';

const api = useLocalApi();

useHandlerLogs();

const postQuote = (apiKey: string) =>
  api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(apiKey), body: JSON.stringify(bengaluruQuote) }).then(readResponse);
const getBalance = (apiKey: string) => api.server.request('/v1/balance', { headers: { 'X-Api-Key': apiKey } }).then(readResponse);

// The store's items but its rate-limit buckets (every request spends a token, refused or not).
async function storeItems(storeId: string): Promise<unknown[]> {
  return (await partitionItems(api.table.rt, `STORE#${storeId}`)).filter((item) => !String(item.SK).startsWith('RATE#'));
}

// A container's authentication and rate limit for a route, without the rest of the chain: the
// request's outcome once its rate decision is made (the caller, the bucket's state, or the refusal).
function accessOf(rt: () => Runtime, key: MerchantRouteKey) {
  const chain: ApiMiddleware[] = [authenticate(rt), storeRateLimit(rt, routeFor(key) as Parameters<typeof storeRateLimit>[1])];
  return (apiKey: string) =>
    dynamoCallScope.run(newDynamoTally(), async () => {
      const request = { event: { headers: { 'x-api-key': apiKey } }, context: {} as ApiContext } as unknown as Parameters<
        NonNullable<ApiMiddleware['before']>
      >[0];
      try {
        for (const middleware of chain) await middleware.before!(request);
        await request.context.rateDecision;
        return { code: 'ok', remaining: request.context.rate!.remaining };
      } catch (error) {
        return { code: (error as { code?: string }).code, reason: (error as { reason?: string }).reason };
      }
    });
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
    // Every group spent: bookings (10), cancellations (9 of the 10 jobs), updates (1), reads (3).
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 1_000, cancellations: 9, updates: 1, reads: 3 });
    const jobs: string[] = [];
    for (let i = 0; i < 10; i++) jobs.push(((await m.book(await m.quote())).body as { data: { id: string } }).data.id);
    for (let i = 0; i < 9; i++) expect((await m.post(`/v1/jobs/${jobs[i]}/cancel`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await m.get('/v1/balance')).status).toBe(200);
    const quoteId = await m.quote();
    const live = jobs[9]!;
    const edit = (dropName: string) =>
      api.server
        .request(`/v1/jobs/${live}`, {
          method: 'PATCH',
          headers: { 'X-Api-Key': m.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ dropName }),
        })
        .then(readResponse);
    expect((await edit('First edit')).status).toBe(200);
    // One a minute from now on: the minute the groups have used stays used, and no token refills while
    // the test runs, however slow the machine (at 10 a minute, one would after 6 s).
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 1_000, bookings: 1, cancellations: 1, updates: 1, reads: 1 });
    const before = await storeItems(m.storeId);

    const refused = [
      await m.book(quoteId, { idempotencyKey: 'refused-booking' }),
      await m.post(`/v1/jobs/${live}/cancel`),
      await m.post(`/v1/jobs/${live}/tracking-link`),
      await edit('Refused edit'),
    ];
    const links = await trackingLinks(m.storeId);

    expect(refused.map((r) => [r.status, (r.body as { code: string }).code])).toEqual([
      [429, 'rate_limited'],
      [429, 'rate_limited'],
      [429, 'rate_limited'],
      [429, 'rate_limited'],
    ]);
    expect(await storeItems(m.storeId)).toEqual(before);
    expect(links).toBe(0);
  });

  // Review (issue 23 §2): a filtered GET /v1/events cost 175 read units answered 200 or 429 alike. The
  // reads whose cost grows with the data (filtered feed pages, statements, status walks) wait for the
  // rate decision: a refused one costs what a refused balance does.
  it('spends no reads on the route for a refused request whose reads cost much: filtered events, statements, status lists', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    const job = await m.bookJob();
    await api.table.rt.stores.setRateLimits(m.storeId, { reads: 1 });
    expect((await m.get('/v1/balance')).status).toBe(200); // the one read of the minute; the container knows the limit

    const records = await captureAccessLog(async () => {
      for (const path of [
        '/v1/balance',
        '/v1/events?type=job.created&limit=10',
        `/v1/events?jobId=${job.id}&limit=10`,
        '/v1/jobs?status=created&limit=10',
        '/v1/ledger?limit=10',
        `/v1/ledger?jobId=${job.id}&limit=10`,
      ])
        expect((await m.get(path)).status).toBe(429);
    });

    // key and store (the bucket is known spent here, so it is not asked): the same for each, and nothing more
    expect(records.map((r) => [r.route, r.status, r.dynamoCalls, r.readUnits])).toEqual(
      ['GET /v1/balance', 'GET /v1/events', 'GET /v1/events', 'GET /v1/jobs', 'GET /v1/ledger', 'GET /v1/ledger'].map((route) => [route, 429, 2, 2]),
    );
  });

  // The token is taken after the store is read, at the limit read on this very request, whatever the container read before.
  it('decides with the agreed limit read on the request itself, whatever the container read before: lowered, raised, set for another group', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    expect((await m.post('/v1/job-quotes', bengaluruQuote)).status).toBe(201); // quotes: 10 a minute; the container knows the key

    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 2 });
    const lowered = [];
    for (let i = 0; i < 3; i++) lowered.push(await m.post('/v1/job-quotes', bengaluruQuote));
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 2, reads: 3 });
    const records = await captureAccessLog(async () => {
      for (let i = 0; i < 4; i++) await m.get('/v1/balance');
    });
    await api.table.rt.stores.setRateLimits(m.storeId, { quotes: 20, reads: 3 });
    const raised = await m.post('/v1/job-quotes', bengaluruQuote);

    // Lowered to 2 a minute with one spent at 10 (6 s of the minute): one more (what the lower limit leaves), then none.
    expect(lowered.map((r) => [r.status, r.headers.get('ratelimit-limit'), r.headers.get('ratelimit-remaining')])).toEqual([
      [201, '2', '0'],
      [429, '2', '0'],
      [429, '2', '0'],
    ]);
    // Reads set to 3 after the container last read 60 (none spent): exactly 3, each the key and the store
    // together, then the bucket; the fourth is refused by what the container saw of the bucket (no call).
    expect(records.map((r) => [r.status, r.dynamoRoundTrips, r.dynamoCalls])).toEqual([
      [200, 2, 3],
      [200, 2, 3],
      [200, 2, 3],
      [429, 1, 2],
    ]);
    // Raised to 20 with 36 s of the minute spent at 2 a minute: the spent time still counts (7 of 20 left).
    expect([raised.status, raised.headers.get('ratelimit-limit')]).toEqual([201, '20']);
  });

  it('spends no token on a request the key (revoked) or the store (access off) refuses, though the container knew the key', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    await api.table.rt.stores.setRateLimits(m.storeId, { reads: 10 }); // one token every 6 s: nothing refills while the test runs
    const other = await api.table.rt.apiKeys.create(m.storeId);
    expect((await getBalance(other.apiKey)).headers.get('ratelimit-remaining')).toBe('9');
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

    // The key and its store, read together (the container knows which store); no bucket asked.
    expect(revoked.map((r) => [r.authFailure, r.dynamoCalls])).toEqual([
      ['revoked_api_key', 2],
      ['revoked_api_key', 2],
      ['revoked_api_key', 2],
    ]);
    expect(off.map((r) => [r.authFailure, r.dynamoCalls])).toEqual([
      ['api_access_disabled', 2],
      ['api_access_disabled', 2],
    ]);
    // 10: the other key's request, this request (8); then this request (7). Refusals spend none.
    expect([afterRevoked.status, afterRevoked.headers.get('ratelimit-remaining')]).toEqual([200, '8']);
    expect([afterOff.status, afterOff.headers.get('ratelimit-remaining')]).toEqual([200, '7']);
  });

  // Review (issue 23 §2): a burst of 30 with a revoked key the container still remembered got 30 × 401
  // and emptied the store's quote bucket; the valid key then got 12 × 429 where 9 should have passed.
  it('spends none of the store’s tokens on a burst of a revoked key the container remembers: the valid key still gets what is left', async () => {
    const store = await createStore(api.table.rt);
    const other = await api.table.rt.apiKeys.create(store.storeId);
    expect((await postQuote(other.apiKey)).status).toBe(201); // the container knows the key; 9 quotes left
    await api.table.rt.apiKeys.revoke(other.keyId);

    const revoked = await Promise.all(Array.from({ length: 30 }, () => postQuote(other.apiKey)));
    const valid = await Promise.all(Array.from({ length: 12 }, () => postQuote(store.apiKey)));

    expect(revoked.map((r) => r.status)).toEqual(Array(30).fill(401));
    expect(valid.map((r) => r.status).sort()).toEqual([...Array(9).fill(201), ...Array(3).fill(429)]);
  });

  // Every change of a store's agreed limit meeting a parallel burst from a key the container already
  // knows (the key and the store read together, at the limit the container read last): the burst gets
  // exactly what the new limit leaves of the minute already spent, and not a request more. Quotes refill
  // slowly (one token every 60 s / the limit) and each case is 4.75 s or more from its next whole token,
  // so nothing depends on how long the test takes.
  it('lets a concurrent burst have exactly what a store’s changed agreed limit leaves once the container knows the key: lowered, raised, removed', async () => {
    // One quote spent at the old limit (60 s / from): the new limit leaves floor(to × (1 − 1 / from)).
    const changes: Array<{ from: number; to: number | null; left: number }> = [
      { from: 10, to: 5, left: 4 }, // 4.5
      { from: 10, to: 1, left: 0 }, // 0.9
      { from: 6, to: 3, left: 2 }, // 2.5
      { from: 4, to: 2, left: 1 }, // 1.5
      { from: 2, to: 10, left: 5 },
      { from: 2, to: 6, left: 3 },
      { from: 3, to: 6, left: 4 },
      { from: 1, to: 5, left: 0 },
      { from: 5, to: null, left: 8 }, // removed: the standard 10
      { from: 2, to: null, left: 5 },
      { from: 12, to: null, left: 9 }, // 9.17
    ];
    const outcomes: Array<{ change: string; admitted: number; next: number[] }> = [];
    for (const { from, to } of changes) {
      const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
      await api.table.rt.stores.setRateLimits(m.storeId, { quotes: from });
      expect((await m.post('/v1/job-quotes', bengaluruQuote)).status).toBe(201); // the container knows the key, at `from`
      await api.table.rt.stores.setRateLimits(m.storeId, to === null ? {} : { quotes: to });

      const burst = await Promise.all(Array.from({ length: Math.max(from, to ?? 10) + 5 }, () => m.post('/v1/job-quotes', bengaluruQuote)));
      const next = [await m.post('/v1/job-quotes', bengaluruQuote), await m.post('/v1/job-quotes', bengaluruQuote)];

      // Every answer is a 201 or a 429 at the new limit; a 429 says nothing remains and when to retry.
      const answers = [...burst, ...next];
      expect(answers.map((r) => [r.status, r.headers.get('ratelimit-limit')])).toEqual(answers.map((r) => [r.status === 201 ? 201 : 429, String(to ?? 10)]));
      for (const r of answers.filter((a) => a.status === 429)) {
        expect([r.headers.get('ratelimit-remaining'), r.headers.get('retry-after')]).toEqual(['0', expect.stringMatching(/^[1-9]\d*$/)]);
      }
      outcomes.push({ change: `${from} -> ${to ?? 'removed'}`, admitted: burst.filter((r) => r.status === 201).length, next: next.map((r) => r.status) });
    }

    expect(outcomes).toEqual(changes.map(({ from, to, left }) => ({ change: `${from} -> ${to ?? 'removed'}`, admitted: left, next: [429, 429] })));
  }, 120_000);

  // Changing a limit back and forth never hands out a fresh bucket: what was spent in the minute still counts.
  it('lets a store have no more in a minute than its limits allow, however often they change: 10, 5, back to 10, 4, 3', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    const admitted: number[] = [];
    for (const limit of [10, 5, 10, 4, 3]) {
      await api.table.rt.stores.setRateLimits(m.storeId, { quotes: limit });
      const burst = await Promise.all(Array.from({ length: 12 }, () => m.post('/v1/job-quotes', bengaluruQuote)));
      admitted.push(burst.filter((r) => r.status === 201).length);
    }

    expect(admitted).toEqual([10, 0, 0, 0, 0]);
  });

  // Review of 70cd22f/3d25b0e: where requests interleave (the local server; any container serving more
  // than one request at a time), a request that read its key as active just before the key was revoked
  // is let in; the key's requests after the revocation must spend none of the store's tokens.
  it('spends no token on a revoked key’s burst that follows a request of the key in flight as it was revoked', async () => {
    const rt = createRuntime(readConfig()); // a container of its own, so that its memory of keys is this test's
    const store = await createStore(rt);
    const other = await rt.apiKeys.create(store.storeId);
    const run = accessOf(() => rt, 'GET /v1/balance');
    expect((await run(other.apiKey)).code).toBe('ok'); // the container knows the key

    // The next request reads the key (active) but its store read is held until the key is revoked and
    // another request of the key has been refused.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const realGet = rt.stores.get.bind(rt.stores);
    let holdNext = true;
    rt.stores.get = async (storeId) => {
      const store = await realGet(storeId);
      if (holdNext) {
        holdNext = false;
        await held;
      }
      return store;
    };
    const realFind = rt.apiKeys.findByHash.bind(rt.apiKeys);
    let keyRead!: () => void;
    const firstKeyRead = new Promise<void>((resolve) => (keyRead = resolve));
    rt.apiKeys.findByHash = async (hash) => {
      const key = await realFind(hash);
      keyRead();
      return key;
    };
    const inFlight = run(other.apiKey);
    await firstKeyRead;
    rt.apiKeys.findByHash = realFind;
    await api.table.rt.apiKeys.revoke(other.keyId);
    expect(await run(other.apiKey)).toEqual({ code: 'unauthorized', reason: 'revoked_api_key' });
    release();
    expect((await inFlight).code).toBe('ok'); // read as active before the revocation: let in, as it should be
    rt.stores.get = realGet;

    const burst = await Promise.all(Array.from({ length: 5 }, () => run(other.apiKey)));
    const after = await run(store.apiKey);

    expect(burst.map((r) => r.reason)).toEqual(Array(5).fill('revoked_api_key'));
    // 60 reads: the key's first request, the one in flight, this request: 57 remain. Refusals take none.
    expect(after.remaining).toBe(57);
  });

  // Review (issue 23 §2): a limit change made during a burst let in more than the docs promise (20 → 10
  // mid-burst let in 25–29; 10 → 30 let in 34–37): with a bucket per limit, tokens taken from the old
  // bucket after the change had read it were not carried over. With one bucket per group, whatever the
  // limit, there is nothing to carry over. Every decision here uses one fixed clock, so nothing refills.
  describe('a limit change in the middle of a burst', () => {
    const T = Date.now();

    // A container of its own whose decisions all use the clock T; `hold` keeps its bucket calls back until released.
    function container() {
      const rt = createRuntime(readConfig());
      const consume = rt.rateLimits.consumeForStore.bind(rt.rateLimits);
      let gate: Promise<void> | null = null;
      let storeReads = 0;
      const getStore = rt.stores.get.bind(rt.stores);
      rt.stores.get = async (storeId) => {
        const store = await getStore(storeId);
        storeReads += 1;
        return store;
      };
      rt.rateLimits.consumeForStore = async (storeId, group, limit) => {
        if (gate) await gate;
        return consume(storeId, group, limit, T);
      };
      const access = accessOf(() => rt, 'POST /v1/job-quotes');
      const run = async (apiKey: string) => {
        const { code } = await access(apiKey);
        return code === 'ok' ? 201 : code === 'rate_limited' ? 429 : 500;
      };
      return {
        rt,
        run,
        storeReads: () => storeReads,
        hold: () => {
          let release!: () => void;
          gate = new Promise((resolve) => (release = resolve));
          return () => {
            gate = null;
            release();
          };
        },
      };
    }
    const admitted = (statuses: number[]) => statuses.filter((status) => status === 201).length;

    // Requests that read the store before the change and reach the bucket after it (late takers): each is
    // decided at the limit it read, on the share of the minute already used, as the rest are at the new one.
    it.each([
      { from: 20, to: 10, late: 10, after: 2 }, // 5 at 20 use 15 s of the minute; 10 more at 20, 45 s; at 10, 2 fit below 60 s
      { from: 10, to: 30, late: 5, after: 0 }, // 5 at 10 use 30 s; 5 more at 10 fill the minute; at 30, none
    ])(
      'lets a burst across $from → $to have no more in the minute than the higher limit: $late at $from after the change, then $after at $to',
      async ({ from, to, late, after }) => {
        const c = container();
        const store = await createStore(c.rt);
        await c.rt.stores.setRateLimits(store.storeId, { quotes: from });
        const before: number[] = [];
        for (let i = 0; i < 5; i++) before.push(await c.run(store.apiKey)); // the container knows the key, at `from`

        const release = c.hold();
        const reads = c.storeReads();
        const lateTakers = Array.from({ length: 10 }, () => c.run(store.apiKey));
        while (c.storeReads() < reads + 10) await new Promise((resolve) => setImmediate(resolve)); // each read the store at `from`
        await api.table.rt.stores.setRateLimits(store.storeId, { quotes: to });
        release();
        const lateStatuses = await Promise.all(lateTakers);
        const burst = await Promise.all(Array.from({ length: to + 5 }, () => c.run(store.apiKey)));

        const outcome = { before: admitted(before), late: admitted(lateStatuses), after: admitted(burst) };
        expect(outcome).toEqual({ before: 5, late, after });
        expect(outcome.before + outcome.late + outcome.after).toBeLessThanOrEqual(Math.max(from, to));
      },
    );

    // Tokens taken between the change's read of the store and its write.
    it('counts the tokens taken while the change is made: 10 → 30 with 2 spent and 3 more taken meanwhile leaves 15', async () => {
      const c = container();
      const store = await createStore(c.rt);
      await c.rt.stores.setRateLimits(store.storeId, { quotes: 10 });
      for (let i = 0; i < 2; i++) expect(await c.run(store.apiKey)).toBe(201);
      const db = dbOf(c.rt);
      let meanwhile: number[] = [];
      const interleaved = {
        send: async (command: { input: { Key?: { SK?: string } } }) => {
          const output = await db.send(command as never);
          if (command instanceof GetCommand && command.input.Key?.SK === 'STORE' && meanwhile.length === 0)
            meanwhile = await Promise.all(Array.from({ length: 3 }, () => c.run(store.apiKey)));
          return output;
        },
      };
      const stores = new StoreAdminRepository(interleaved as unknown as typeof db, c.rt.config.TABLE_NAME);

      await stores.setRateLimits(store.storeId, { quotes: 30 });
      const burst = await Promise.all(Array.from({ length: 35 }, () => c.run(store.apiKey)));

      expect({ meanwhile: admitted(meanwhile), after: admitted(burst) }).toEqual({ meanwhile: 3, after: 15 });
    });
  });

  // The decision is waited for by the write gate, after the route has read: that wait must never be a
  // rejection nobody handles (Lambda would end the container; the answer would be the gateway's 502).
  it('answers 429 with nothing unhandled when the bucket refuses while the route is still reading', async () => {
    const m = await newMerchant(api.table.rt, api.server, { defaultLimits: true });
    const job = await m.bookJob();
    expect((await m.get(`/v1/jobs/${job.id}`)).status).toBe(200); // the container knows the key, at 60 reads
    await api.table.rt.stores.setRateLimits(m.storeId, { reads: 1 });
    await api.table.rt.rateLimits.consumeForStore(m.storeId, 'reads', { capacity: 1, periodMs: 60_000 }); // the bucket spent at the new limit
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);

    // A filtered list reads twice in turn (the status index, then the jobs): the decision comes first.
    const refused = await m.get('/v1/jobs?status=created&limit=10');
    // Node reports a rejection nobody handled once the microtasks of the turn that made it have run:
    // every turn of the request has, and one more turn (setImmediate runs after that check) closes it.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);

    expect([refused.status, (refused.body as { code: string }).code, refused.headers.get('ratelimit-limit')]).toEqual([429, 'rate_limited', '1']);
    expect(unhandled).toEqual([]);
  });

  it('keeps stores apart: one store’s burst does not limit another', async () => {
    const busy = await createStore(api.table.rt);
    const calm = await createStore(api.table.rt);
    await Promise.all(Array.from({ length: 11 }, () => postQuote(busy.apiKey)));

    const { status } = await postQuote(calm.apiKey);

    expect(status).toBe(201);
  });

  it('counts invalid and refused requests against the limit as the API guide says: ten 400s and 422s spend the ten quotes a minute', async () => {
    const { apiKey } = await createStore(api.table.rt);
    const invalid = () => api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(apiKey), body: '{"tip": 5}' }).then(readResponse);
    const outside = () =>
      api.server
        .request('/v1/job-quotes', {
          method: 'POST',
          headers: authHeaders(apiKey),
          body: JSON.stringify({ ...bengaluruQuote, dropLatitude: 28.6, dropLongitude: 77.2 }),
        })
        .then(readResponse);

    const spent = [];
    for (let i = 0; i < 10; i++) spent.push(await (i % 2 === 0 ? invalid() : outside()));
    const valid = await postQuote(apiKey);

    expect(spent.map((r) => r.status)).toEqual([400, 422, 400, 422, 400, 422, 400, 422, 400, 422]);
    expect(valid.status).toBe(429);
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
