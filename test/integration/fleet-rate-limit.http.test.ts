import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, fleetRequest, newFleetMember, WELL_FORMED_UNKNOWN_RIDER_KEY, type TestFleetMember } from '../helpers/fleet.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { FLEET_RATE_LIMIT } from '../../functions/core/rate-limits.ts';
import { WRITE_SHARDS } from '../../functions/data/table.ts';

/** What a fleet key may spend: its per-key rate limit, and the DynamoDB calls each fleet request costs. */
const api = useLocalApi();

// A live store with room for many jobs, shared by the tests of this file.
const shop = useMerchant(api, { creditMinor: 10_000_000 });

describe('per-key rate limit', () => {
  it('allows a fleet key exactly 120 requests a minute, also when they arrive at once', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const now = Date.now();

    const decisions = await Promise.all(Array.from({ length: 125 }, () => api.table.rt.rateLimits.consumeForFleetKey(rider.keyId, FLEET_RATE_LIMIT, now)));

    expect(FLEET_RATE_LIMIT).toEqual({ capacity: 120, periodMs: 60_000 });
    expect(decisions.filter((d) => d.allowed)).toHaveLength(120);
    expect(decisions.filter((d) => !d.allowed)).toEqual(Array(5).fill({ allowed: false, retryAfterSeconds: 1 }));
  });

  // The bucket refills one request every 0.5 s, so a run of requests gets its 120 and then a few
  // more as they refill before the first 429: what is counted is that none is refused before 120.
  it('answers 429 rate_limited with Retry-After once a key has used its 120 requests, and leaves other keys alone', async () => {
    const busy = await newFleetMember(api.table.rt, api.server, 'rider');
    const calm = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');

    const answered: Array<Awaited<ReturnType<TestFleetMember['get']>>> = [];
    for (let i = 0; i < 400; i++) {
      const response = await busy.get('/fleet/v1/offers?limit=1');
      answered.push(response);
      if (response.status === 429) break;
    }
    const calmResponse = await calm.get('/fleet/v1/offers?limit=1');
    const opsResponse = await ops.get('/fleet/v1/offers?limit=1');

    const limited = answered.at(-1)!;
    const allowed = answered.slice(0, -1);
    expect(limited.status).toBe(429);
    expect(allowed.length).toBeGreaterThanOrEqual(120);
    expect(allowed.every((r) => r.status === 200)).toBe(true);
    expect([allowed[0]!.headers.get('ratelimit-limit'), allowed[0]!.headers.get('ratelimit-remaining')]).toEqual(['120', '119']);
    expect(limited.body).toEqual({ error: expect.stringMatching(/^Rate limit exceeded; retry in \d+ s$/), code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect([limited.headers.get('ratelimit-limit'), limited.headers.get('ratelimit-remaining')]).toEqual(['120', '0']);
    expect([calmResponse.status, calmResponse.headers.get('ratelimit-limit'), calmResponse.headers.get('ratelimit-remaining')]).toEqual([200, '120', '119']);
    expect([opsResponse.status, opsResponse.headers.get('ratelimit-remaining')]).toEqual([200, '119']);
  });

  it('sends the key’s limit and what is left of it on a fleet key’s first request to a job', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'queued');

    const first = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(first.status).toBe(200);
    expect([first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining'), first.headers.get('ratelimit-reset')]).toEqual(['120', '119', '1']);
  });
});

describe('DynamoDB calls per fleet request (from the access log)', () => {
  useHandlerLogs();

  it('cost a fixed number: read 4, then (the job’s store known) accept 4 in 3 round trips, a rider’s offers 4 + one per zone shard, assignments 4, and fewer for refusals', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-counted');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'queued');

    const { raw, records } = await captureLogs(async () => {
      await rider.get(`/fleet/v1/jobs/${id}`);
      await rider.post(`/fleet/v1/jobs/${id}/accept`);
      await rider.get('/fleet/v1/offers');
      await rider.get('/fleet/v1/assignments');
      await rider.get(`/fleet/v1/jobs/${randomUUID()}`);
      await rider.post(`/fleet/v1/jobs/${id}/location`, { latitude: 91, longitude: 77.6 });
      await ops.post(`/fleet/v1/jobs/${id}/accept`);
      await fleetRequest(api.server, 'GET', '/fleet/v1/offers', { Authorization: `Bearer ${WELL_FORMED_UNKNOWN_RIDER_KEY}` });
      await fleetRequest(api.server, 'GET', '/fleet/v1/offers', {});
    });

    const access = records.filter((record) => record.message === 'request');
    const zoneShards = (await api.table.rt.zones.current()).length * WRITE_SHARDS;
    expect(access.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      // fleet key, rate bucket, job pointer (the container remembers its store from here), job
      ['GET /fleet/v1/jobs/{id}', 200, 4],
      // fleet key, rate bucket alongside the job, then one transaction (the job, conditioned on its version and the key still active)
      ['POST /fleet/v1/jobs/{id}/accept', 200, 4],
      // fleet key, rate bucket, the rider's cash account alongside one Query of each zone's offers shard (together), one BatchGet of their jobs
      ['GET /fleet/v1/offers', 200, 4 + zoneShards],
      // fleet key, rate bucket, the rider's assignment items (Query), one BatchGet of their jobs
      ['GET /fleet/v1/assignments', 200, 4],
      // fleet key, rate bucket, job pointer (none)
      ['GET /fleet/v1/jobs/{id}', 404, 3],
      // fleet key, rate bucket; refused before any read
      ['POST /fleet/v1/jobs/{id}/location', 400, 2],
      // fleet key; the role is refused before the rate limit
      ['POST /fleet/v1/jobs/{id}/accept', 403, 1],
      ['GET /fleet/v1/offers', 401, 1],
      ['GET /fleet/v1/offers', 401, 0],
    ]);
    // A move's critical path: the fleet key; the bucket and the job together; the transaction.
    expect(access[1]!.dynamoRoundTrips).toBe(3);
    expect(access[0]).toMatchObject({
      level: 'INFO',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fleetKeyId: rider.keyId,
      fleetRole: 'rider',
      latencyMs: expect.any(Number),
    });
    expect(access[6]).toMatchObject({ fleetKeyId: ops.keyId, fleetRole: 'ops' });
    expect(raw).not.toContain(rider.fleetKey);
    expect(raw).not.toContain(ops.fleetKey);
  });
});
