import { beforeAll, describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { BENGALURU_RATE_CARD, createStore } from '../helpers/fixtures.ts';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import { DEFAULT_RETURN_CHARGE_PERCENT } from '../../functions/core/pricing.ts';
import type { Zone } from '../../functions/core/zone.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { squareRing } from '../helpers/zones.ts';

const api = useLocalApi();
useHandlerLogs();

// A zone that collects no cash and names its own return share, and one that is switched off.
const mysuru: Zone = {
  id: 'mysuru',
  name: 'Mysuru',
  active: true,
  polygon: squareRing(12.3, 76.64),
  roadFactor: 1.3,
  maxRouteMeters: 20_000,
  rateCard: { baseFareMinor: 3000, includedMeters: 1500, perKmMinor: 800, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }], returnChargePercent: 40 },
};
const kochi: Zone = { ...mysuru, id: 'kochi', name: 'Kochi', active: false, polygon: squareRing(9.93, 76.26) };

// Before any request, so the route's zone catalogue first loads with them.
beforeAll(async () => {
  await api.table.rt.zones.repository.import([mysuru, kochi], { onlyMissing: false });
});

const rateCard = async (headers: Record<string, string>) => readResponse(await api.server.request('/v1/rate-card', { headers }));

describe('GET /v1/rate-card', () => {
  it('returns every active zone by id with its prices and collection terms, and no internal fields', async () => {
    const { apiKey } = await createStore(api.table.rt);

    const { status, headers, body } = await rateCard({ 'X-Api-Key': apiKey });

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('ratelimit-limit')).toBe('60');
    const seed = readZoneFile().zones;
    const expected = [...seed, mysuru]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((zone) => ({
        zoneId: zone.id,
        name: zone.name,
        version: 1,
        maxRouteMeters: zone.maxRouteMeters,
        baseFareMinor: zone.rateCard.baseFareMinor,
        includedMeters: zone.rateCard.includedMeters,
        perKmMinor: zone.rateCard.perKmMinor,
        weightSlabs: zone.rateCard.weightSlabs,
        returnChargePercent: zone.rateCard.returnChargePercent ?? DEFAULT_RETURN_CHARGE_PERCENT,
        collection: zone.rateCard.collection ?? null,
      }));
    expect(body).toEqual({ data: expected });
    expect((body as { data: Array<{ zoneId: string }> }).data.map((zone) => zone.zoneId)).toEqual([
      'bengaluru',
      'chennai',
      'delhi-ncr',
      'hyderabad',
      'kolkata',
      'mumbai',
      'mysuru',
      'pune',
    ]);
  });

  it('shows the seed’s Bengaluru card as written: ₹40 base, 2 km included, ₹10 a km, half back for a return, COD up to ₹10,000 for 2 % (at least ₹20)', async () => {
    const { apiKey } = await createStore(api.table.rt);

    const { body } = await rateCard({ 'X-Api-Key': apiKey });

    expect((body as { data: unknown[] }).data[0]).toEqual({
      zoneId: 'bengaluru',
      name: 'Bengaluru',
      version: 1,
      maxRouteMeters: 35_000,
      baseFareMinor: 4000,
      includedMeters: 2000,
      perKmMinor: 1000,
      // Up to 1 kg +₹0, 5 kg +₹20, 10 kg +₹50, 20 kg +₹100, 100 kg +₹250 (the fixtures' copy of the seed's card).
      weightSlabs: BENGALURU_RATE_CARD.weightSlabs,
      returnChargePercent: 50,
      collection: { maxCollectMinor: 1_000_000, feeBasisPoints: 200, minFeeMinor: 2000 },
    });
  });

  it('shows a zone that collects no cash with collection null and its own return share', async () => {
    const { apiKey } = await createStore(api.table.rt);

    const { body } = await rateCard({ 'X-Api-Key': apiKey });

    expect((body as { data: Array<{ zoneId: string }> }).data.find((zone) => zone.zoneId === 'mysuru')).toEqual({
      zoneId: 'mysuru',
      name: 'Mysuru',
      version: 1,
      maxRouteMeters: 20_000,
      baseFareMinor: 3000,
      includedMeters: 1500,
      perKmMinor: 800,
      weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }],
      returnChargePercent: 40,
      collection: null,
    });
  });

  it('reads the zones once per container and cache period: a request then costs the key, the store and the bucket (3 DynamoDB calls)', async () => {
    const { apiKey } = await createStore(api.table.rt);
    await rateCard({ 'X-Api-Key': apiKey });

    const records = await captureAccessLog(() => rateCard({ 'X-Api-Key': apiKey }));

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([['GET /v1/rate-card', 200, 3]]);
  });

  it('returns 401 without a key, and for a key that does not exist', async () => {
    const missing = await rateCard({});
    const unknown = await rateCard({ 'X-Api-Key': 'mdk_live_00000000000000000000000000000000' });

    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
  });

  it('answers 405 to a write, allowing GET', async () => {
    const { apiKey } = await createStore(api.table.rt);

    const { status, headers } = await readResponse(await api.server.request('/v1/rate-card', { method: 'POST', headers: { 'X-Api-Key': apiKey }, body: '{}' }));

    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET');
  });
});
