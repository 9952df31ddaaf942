import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { merchantView, useMerchant } from '../helpers/merchant.ts';
import { bookJobAt, fleetRequest, newFleetMember, WELL_FORMED_UNKNOWN_RIDER_KEY } from '../helpers/fleet.ts';
import { createStore } from '../helpers/fixtures.ts';

/** Who may call the fleet API: fleet keys (and only they), and which role may make which move. */
const api = useLocalApi();

type Offer = { id: string; offeredAt: string };
type FleetJobBody = { data: Record<string, unknown> & { status: string } };

const WELL_FORMED_UNKNOWN_OPS_KEY = `fk_ops_${'A'.repeat(32)}`;

// A live store with room for many jobs, shared by the tests of this file.
const shop = useMerchant(api, { creditMinor: 10_000_000 });

describe('fleet authentication', () => {
  const routes = [
    ['GET', '/fleet/v1/offers'],
    ['POST', `/fleet/v1/jobs/${randomUUID()}/accept`],
  ] as const;

  it.each(routes)('returns 401 on %s %s when Authorization is missing', async (method, path) => {
    const response = await fleetRequest(api.server, method, path, {});

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing fleet key: send it as "Authorization: Bearer fk_…"', code: 'unauthorized' });
    expect(response.headers.get('ratelimit-limit')).toBeNull();
  });

  it.each(routes)('returns 401 on %s %s for a merchant key sent as a bearer token', async (method, path) => {
    const store = await createStore(api.table.rt);

    const response = await fleetRequest(api.server, method, path, { Authorization: `Bearer ${store.apiKey}` });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid fleet key', code: 'unauthorized' });
  });

  it.each(routes)('returns 401 on %s %s for a valid merchant key in X-Api-Key and no Authorization', async (method, path) => {
    const store = await createStore(api.table.rt);

    const response = await fleetRequest(api.server, method, path, { 'X-Api-Key': store.apiKey });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing fleet key: send it as "Authorization: Bearer fk_…"', code: 'unauthorized' });
  });

  const malformed = (key: string) => [
    ['the key without "Bearer"', key],
    ['Basic credentials', `Basic ${Buffer.from(`user:${key}`).toString('base64')}`],
    ['Basic with the fleet key', `Basic ${key}`],
    ['a rider key one character short', `Bearer ${key.slice(0, -1)}`],
    ['a rider key one character long', `Bearer ${key}x`],
    ['an unknown role prefix', `Bearer fk_admin_${key.slice(-32)}`],
    ['a non-base62 character', `Bearer ${key.slice(0, -1)}-`],
    ['"Bearer" and nothing else', 'Bearer'],
    ['two tokens', `Bearer ${key} ${key}`],
  ];

  it.each(routes)('returns 401 on %s %s for every malformed Authorization value, even around a valid key', async (method, path) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    for (const [what, value] of malformed(rider.fleetKey)) {
      const response = await fleetRequest(api.server, method, path, { Authorization: value! });

      expect({ what, status: response.status, body: response.body }).toEqual({ what, status: 401, body: { error: 'Invalid fleet key', code: 'unauthorized' } });
    }
  });

  it.each(routes)('returns 401 on %s %s for well-formed fleet keys that were never issued', async (method, path) => {
    for (const key of [WELL_FORMED_UNKNOWN_RIDER_KEY, WELL_FORMED_UNKNOWN_OPS_KEY]) {
      const response = await fleetRequest(api.server, method, path, { Authorization: `Bearer ${key}` });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Invalid fleet key', code: 'unauthorized' });
    }
  });

  it.each(routes)('returns 401 on %s %s for a revoked fleet key, as for any invalid key', async (method, path) => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    await api.table.rt.fleetKeys.revoke(rider.keyId);
    await api.table.rt.fleetKeys.revoke(ops.keyId);

    const riderResponse = await fleetRequest(api.server, method, path, { Authorization: `Bearer ${rider.fleetKey}` });
    const opsResponse = await fleetRequest(api.server, method, path, { Authorization: `Bearer ${ops.fleetKey}` });

    expect(riderResponse.status).toBe(401);
    expect(riderResponse.body).toEqual({ error: 'Invalid fleet key', code: 'unauthorized' });
    expect(opsResponse.status).toBe(401);
    expect(opsResponse.body).toEqual({ error: 'Invalid fleet key', code: 'unauthorized' });
  });

  it('accepts the Bearer scheme in any letter case', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const lower = await fleetRequest(api.server, 'GET', '/fleet/v1/offers', { authorization: `bearer ${rider.fleetKey}` });
    const upper = await fleetRequest(api.server, 'GET', '/fleet/v1/offers', { AUTHORIZATION: `BEARER ${rider.fleetKey}` });

    expect(lower.status).toBe(200);
    expect(upper.status).toBe(200);
  });

  it('leaves a rider’s other keys working when one of them is revoked', async () => {
    const first = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-two-keys');
    const second = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-two-keys');
    await api.table.rt.fleetKeys.revoke(first.keyId);

    const revoked = await first.get('/fleet/v1/offers');
    const other = await second.get('/fleet/v1/offers');

    expect(revoked.status).toBe(401);
    expect(other.status).toBe(200);
  });
});

describe('fleet keys on the merchant API', () => {
  it('returns 401 for a rider key in X-Api-Key', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await readResponse(await api.server.request('/v1/balance', { headers: { 'X-Api-Key': rider.fleetKey } }));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
  });

  it('returns 401 for an operations key in X-Api-Key on a write route', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');

    const response = await readResponse(
      await api.server.request('/v1/job-quotes', { method: 'POST', headers: { 'X-Api-Key': ops.fleetKey, 'Content-Type': 'application/json' }, body: '{}' }),
    );

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
  });

  it('returns 401 for a fleet key sent only as Authorization: Bearer', async () => {
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');

    const response = await readResponse(await api.server.request('/v1/balance', { headers: { Authorization: `Bearer ${rider.fleetKey}` } }));

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
  });
});

describe('fleet roles', () => {
  it.each(['pickup/reset-lock', 'pickup/reissue-code', 'return/reset-lock', 'return/reissue-code'])(
    'returns 403 to a rider key on the operations route …/handoffs/%s',
    async (action) => {
      const rider = await newFleetMember(api.table.rt, api.server, 'rider');
      const { id } = await bookJobAt(api.table.rt, shop.merchant, 'picked_by_agent', rider);

      const response = await rider.post(`/fleet/v1/jobs/${id}/handoffs/${action}`);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'This route is for fleet operations keys', code: 'forbidden' });
    },
  );

  it.each(['accept', 'start-confirmation', 'confirm', 'decline', 'delivery-attempts'])(
    'returns 403 to an operations key on the rider route …/%s and leaves the job as it was',
    async (action) => {
      const ops = await newFleetMember(api.table.rt, api.server, 'ops');
      const { id } = await bookJobAt(api.table.rt, shop.merchant, 'queued');

      const response = await ops.post(`/fleet/v1/jobs/${id}/${action}`);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'This route is for rider keys', code: 'forbidden' });
      expect(await merchantView(shop.merchant, id)).toMatchObject({ status: 'queued', agentId: null });
    },
  );

  it('lets operations read any live job: on offer, accepted by a rider, or not yet dispatched', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const rider = await newFleetMember(api.table.rt, api.server, 'rider', 'rider-seen-by-ops');
    const { id: queued } = await bookJobAt(api.table.rt, shop.merchant, 'queued');
    const { id: accepted } = await bookJobAt(api.table.rt, shop.merchant, 'picked_by_agent', rider);
    const created = (await shop.merchant.bookJob()).id;

    const responses = await Promise.all([queued, accepted, created].map((id) => ops.get(`/fleet/v1/jobs/${id}`)));

    expect(responses.map((r) => [r.status, (r.body as FleetJobBody).data.status])).toEqual([
      [200, 'queued'],
      [200, 'picked_by_agent'],
      [200, 'created'],
    ]);
    expect((responses[1]!.body as FleetJobBody).data).toMatchObject({
      agentId: 'rider-seen-by-ops',
      pickup: { name: 'Chai Point, MG Road', phone: '+919876543210' },
    });
  });

  it('lets operations list the offers', async () => {
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id } = await bookJobAt(api.table.rt, shop.merchant, 'queued');

    const response = await ops.get('/fleet/v1/offers?limit=50');

    expect(response.status).toBe(200);
    expect((response.body as { data: Offer[] }).data.map((offer) => offer.id)).toContain(id);
  });
});
