import { describe, expect, it } from 'vitest';
import { useLocalApi, readResponse } from '../helpers/server.ts';
import { createStore } from '../helpers/fixtures.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';

const api = useLocalApi();
useHandlerLogs();

const getStore = async (apiKey: string) => readResponse(await api.server.request('/v1/store', { headers: { 'X-Api-Key': apiKey } }));

describe('GET /v1/store', () => {
  it('returns a live store with the standard limits a minute of every group', async () => {
    const { storeId, apiKey } = await createStore(api.table.rt, { name: 'Koramangala Kitchen' });

    const { status, body } = await getStore(apiKey);

    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        id: storeId,
        name: 'Koramangala Kitchen',
        livemode: true,
        apiEnabled: true,
        testStoreId: null,
        rateLimits: { quotes: 10, bookings: 10, cancellations: 10, updates: 30, reads: 60, webhooks: 30, checks: 60, console: 120 },
      },
    });
  });

  it('returns a sandbox store with livemode false and its agreed limits in place of the standard ones', async () => {
    const { storeId, apiKey } = await createStore(api.table.rt, { name: 'Test kitchen', sandbox: true });
    await api.table.rt.stores.setRateLimits(storeId, { reads: 600, bookings: 25 });

    const { status, body } = await getStore(apiKey);

    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        id: storeId,
        name: 'Test kitchen',
        livemode: false,
        apiEnabled: true,
        testStoreId: null,
        rateLimits: { quotes: 10, bookings: 25, cancellations: 10, updates: 30, reads: 600, webhooks: 30, checks: 60, console: 120 },
      },
    });
  });

  it('counts in the reads group and costs what auth reads and its bucket: the key, the store and the bucket (3 DynamoDB calls)', async () => {
    const { apiKey } = await createStore(api.table.rt);
    let limit: string | null = null;

    // A key's first request of the day also writes its lastUsedOn (one call more, once a day); the second is the steady cost.
    const records = await captureAccessLog(async () => {
      await getStore(apiKey);
      limit = (await getStore(apiKey)).headers.get('RateLimit-Limit');
    });

    expect(limit).toBe('60');
    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['GET /v1/store', 200, 4],
      ['GET /v1/store', 200, 3],
    ]);
  });

  it('returns 401 for a store whose API access is off, as every merchant route', async () => {
    const { storeId, apiKey } = await createStore(api.table.rt);
    await api.table.rt.stores.setApiAccess(storeId, false);

    const { status, body } = await getStore(apiKey);

    expect(status).toBe(401);
    expect((body as { code: string }).code).toBe('unauthorized');
  });
});
