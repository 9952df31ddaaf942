import { beforeAll, describe, expect, it, vi } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { createStore } from '../helpers/fixtures.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import { routes } from '../../functions/http/routes.ts';
import type { Zone } from '../../functions/core/zone.ts';
import { squareRing } from '../helpers/zones.ts';

/**
 * GET /v1/zones and GET /v1/zones/{id}: the active zones as RFC 7946 GeoJSON, `{data}` JSON or bare
 * application/geo+json, with an ETag per representation, 304 on If-None-Match, and the quote's zone
 * catalogue (no read of its own once the container has it).
 */
const api = useLocalApi();
useHandlerLogs();

type Position = [number, number];
type Feature = { type: string; id: string; geometry: { type: string; coordinates: Position[][] }; properties: Record<string, unknown> };
type Collection = { type: string; features: Feature[] };

const card = { baseFareMinor: 3000, includedMeters: 1500, perKmMinor: 800, weightSlabs: [{ upToGrams: 5000, surchargeMinor: 0 }] };
// Stored counterclockwise and closed, with no cash on delivery.
const mysuru: Zone = { id: 'mysuru', name: 'Mysuru', active: true, polygon: squareRing(12.3, 76.64), roadFactor: 1.3, maxRouteMeters: 20_000, rateCard: card };
// Stored clockwise and open (a zone file may have it either way).
const kochi: Zone = { ...mysuru, id: 'kochi', name: 'Kochi', polygon: squareRing(9.93, 76.26).slice(0, 4).reverse() };
const goa: Zone = { ...mysuru, id: 'goa', name: 'Goa', active: false, polygon: squareRing(15.5, 73.8) };

beforeAll(async () => {
  await api.table.rt.zones.repository.import([mysuru, kochi, goa], { onlyMissing: false });
});

let apiKey = '';
beforeAll(async () => {
  ({ apiKey } = await createStore(api.table.rt));
});

const get = async (path: string, headers: Record<string, string> = {}) =>
  readResponse(await api.server.request(path, { headers: { 'X-Api-Key': apiKey, ...headers } }));
const GEO = { Accept: 'application/geo+json' };

// Twice the ring's signed area (shoelace): positive when counterclockwise. Written here, not imported, so the test checks the code.
const twiceArea = (ring: Position[]) => ring.slice(0, -1).reduce((sum, [x1, y1], i) => sum + x1 * ring[i + 1]![1] - ring[i + 1]![0] * y1, 0);
const key = ([lon, lat]: Position) => `${lon},${lat}`;

/** RFC 7946's rules, checked on a Feature: members, a Polygon's closed rings, the exterior counterclockwise, positions in range. */
function expectRfc7946Feature(feature: Feature): void {
  expect(Object.keys(feature).sort()).toEqual(['geometry', 'id', 'properties', 'type']);
  expect(feature.type).toBe('Feature');
  expect(Object.keys(feature.geometry).sort()).toEqual(['coordinates', 'type']);
  expect(feature.geometry.type).toBe('Polygon');
  expect(Object.keys(feature.properties).sort()).toEqual(['active', 'collection', 'maxRouteMeters', 'name', 'version']);
  const [exterior, ...holes] = feature.geometry.coordinates;
  expect(holes).toEqual([]);
  expect(exterior!.length).toBeGreaterThanOrEqual(4);
  expect(exterior!.at(-1)).toEqual(exterior![0]);
  expect(twiceArea(exterior!)).toBeGreaterThan(0);
  for (const position of exterior!) {
    expect(position).toHaveLength(2);
    expect(Math.abs(position[0])).toBeLessThanOrEqual(180);
    expect(Math.abs(position[1])).toBeLessThanOrEqual(90);
  }
}

describe('GET /v1/zones', () => {
  it('answers {data: FeatureCollection} of the active zones by id, each ring closed, counterclockwise, [longitude, latitude]', async () => {
    const { status, headers, body } = await get('/v1/zones');

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('cache-control')).toBe('private, max-age=300');
    expect(Object.keys(body as object)).toEqual(['data']);
    const { data } = body as { data: Collection };
    expect(Object.keys(data).sort()).toEqual(['features', 'type']);
    expect(data.type).toBe('FeatureCollection');
    const expected = [...readZoneFile().zones.filter((zone) => zone.active), mysuru, kochi].sort((a, b) => a.id.localeCompare(b.id));
    expect(data.features.map((feature) => feature.id)).toEqual(expected.map((zone) => zone.id));
    for (const feature of data.features) {
      expectRfc7946Feature(feature);
      const zone = expected.find((candidate) => candidate.id === feature.id)!;
      expect(feature.properties).toEqual({
        name: zone.name,
        version: 1,
        active: true,
        maxRouteMeters: zone.maxRouteMeters,
        collection: zone.rateCard.collection ?? null,
      });
      // The same corners as stored, longitude first (none are reordered or invented).
      expect(new Set(feature.geometry.coordinates[0]!.map(key))).toEqual(new Set(zone.polygon.map((p) => key(p as Position))));
    }
    const byId = (id: string) => data.features.find((feature) => feature.id === id)!.geometry.coordinates[0];
    // Stored counterclockwise and closed: as it is. Stored clockwise and open: closed and reversed.
    expect(byId('mysuru')).toEqual(mysuru.polygon);
    expect(byId('kochi')).toEqual([kochi.polygon[0], ...kochi.polygon.slice(1).reverse(), kochi.polygon[0]]);
    // The seed's Bengaluru ring runs clockwise: it is answered reversed. Its corners are near 77.6° E, 13.0° N.
    const bengaluru = readZoneFile().zones.find((zone) => zone.id === 'bengaluru')!;
    expect(byId('bengaluru')).toEqual([...bengaluru.polygon].reverse());
    expect(byId('bengaluru')!.every(([lon, lat]) => lon > 77 && lon < 78 && lat > 12 && lat < 14)).toBe(true);
  });

  it('answers the bare FeatureCollection as application/geo+json when asked for it, and JSON to any other Accept', async () => {
    const json = await get('/v1/zones');
    const geo = await get('/v1/zones', GEO);
    const among = await get('/v1/zones', { Accept: 'application/json;q=0.5, application/geo+json' });
    const other = await get('/v1/zones', { Accept: 'text/csv' });

    expect(geo.status).toBe(200);
    expect(geo.headers.get('content-type')).toBe('application/geo+json');
    expect(geo.body).toEqual((json.body as { data: unknown }).data);
    expect(among.headers.get('content-type')).toBe('application/geo+json');
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(other.body).toEqual(json.body);
    expect(geo.headers.get('vary')).toBe('Accept');
  });

  it('sends an ETag per representation and answers 304 with no body to If-None-Match naming it', async () => {
    const json = await get('/v1/zones');
    const geo = await get('/v1/zones', GEO);
    const jsonTag = json.headers.get('etag')!;
    const geoTag = geo.headers.get('etag')!;
    expect(jsonTag).toMatch(/^"[A-Za-z0-9_-]{16}\.json"$/);
    expect(geoTag).toMatch(/^"[A-Za-z0-9_-]{16}\.geojson"$/);
    expect(geoTag).not.toBe(jsonTag);
    expect((await get('/v1/zones')).headers.get('etag')).toBe(jsonTag);

    for (const ifNoneMatch of [jsonTag, `W/${jsonTag}`, `"other", ${jsonTag}`, '*']) {
      const notModified = await get('/v1/zones', { 'If-None-Match': ifNoneMatch });
      expect(notModified.status).toBe(304);
      expect(notModified.body).toBeNull();
      expect(notModified.headers.get('etag')).toBe(jsonTag);
      expect(notModified.headers.get('cache-control')).toBe('private, max-age=300');
    }
    expect((await get('/v1/zones', { ...GEO, 'If-None-Match': geoTag })).status).toBe(304);
    // Another representation's tag is not this one's.
    expect((await get('/v1/zones', { ...GEO, 'If-None-Match': jsonTag })).status).toBe(200);
    expect((await get('/v1/zones', { 'If-None-Match': '"nope.json"' })).status).toBe(200);
  });

  it('counts against the reads group: the same bucket as the rate card, 60 a minute', async () => {
    const { apiKey: own } = await createStore(api.table.rt);
    const first = await api.server.request('/v1/zones', { headers: { 'X-Api-Key': own } });
    const second = await api.server.request('/v1/rate-card', { headers: { 'X-Api-Key': own } });
    const third = await api.server.request('/v1/zones/bengaluru', { headers: { 'X-Api-Key': own } });

    expect(first.headers.get('ratelimit-limit')).toBe('60');
    expect(Number(first.headers.get('ratelimit-remaining')) - Number(second.headers.get('ratelimit-remaining'))).toBe(1);
    expect(Number(second.headers.get('ratelimit-remaining')) - Number(third.headers.get('ratelimit-remaining'))).toBe(1);
    for (const name of ['list-zones', 'get-zone']) {
      expect(routes.find((route) => route.name === name)).toMatchObject({ api: 'merchant', method: 'GET', rateGroup: 'reads', access: 'read-feed' });
    }
  });

  it('reads no zone once the container has the catalogue: the key, the store and the bucket (3 DynamoDB calls), 304s included', async () => {
    await get('/v1/zones');
    const etag = (await get('/v1/zones/bengaluru')).headers.get('etag')!;

    const records = await captureAccessLog(async () => {
      await get('/v1/zones');
      await get('/v1/zones/bengaluru', GEO);
      await get('/v1/zones/bengaluru', { 'If-None-Match': etag });
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['GET /v1/zones', 200, 3],
      ['GET /v1/zones/{id}', 200, 3],
      ['GET /v1/zones/{id}', 304, 3],
    ]);
  });

  it('shows a sandbox store the same catalogue', async () => {
    const sandbox = await createStore(api.table.rt, { sandbox: true });
    const live = await get('/v1/zones');

    const test = await readResponse(await api.server.request('/v1/zones', { headers: { 'X-Api-Key': sandbox.apiKey } }));

    expect(sandbox.apiKey).toMatch(/^mdk_test_/);
    expect(test.status).toBe(200);
    expect(test.body).toEqual(live.body);
    expect(test.headers.get('etag')).toBe(live.headers.get('etag'));
  });
});

describe('GET /v1/zones/{id}', () => {
  it('answers one active zone as {data: Feature}, or bare as application/geo+json, with its own ETag', async () => {
    const list = await get('/v1/zones');
    const one = await get('/v1/zones/kochi');
    const geo = await get('/v1/zones/kochi', GEO);

    expect(one.status).toBe(200);
    const feature = (one.body as { data: Feature }).data;
    expectRfc7946Feature(feature);
    expect(feature).toEqual((list.body as { data: Collection }).data.features.find((f) => f.id === 'kochi'));
    expect(geo.headers.get('content-type')).toBe('application/geo+json');
    expect(geo.body).toEqual(feature);
    expect(one.headers.get('cache-control')).toBe('private, max-age=300');
    const tags = [list.headers.get('etag'), one.headers.get('etag'), geo.headers.get('etag'), (await get('/v1/zones/mysuru')).headers.get('etag')];
    expect(new Set(tags).size).toBe(4);
    const notModified = await get('/v1/zones/kochi', { 'If-None-Match': one.headers.get('etag')! });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
  });

  it('answers 404 zone_not_found to an unknown id, an inactive zone, and every Object.prototype name, never 5xx', async () => {
    const names = ['nowhere', 'goa', 'BENGALURU', ...Object.getOwnPropertyNames(Object.prototype)];

    const answers = await Promise.all(names.map(async (id) => ({ id, ...(await get(`/v1/zones/${encodeURIComponent(id)}`)) })));

    for (const { id, status, body } of answers) {
      expect([id, status, body]).toEqual([id, 404, { error: `No active zone ${id}`, code: 'zone_not_found' }]);
    }
  });
});

describe('a changed zone', () => {
  it('changes the ETags once the catalogue reloads: a new version shows, a deactivated zone leaves', async () => {
    const before = await get('/v1/zones');
    const beforeOne = await get('/v1/zones/mysuru');
    await api.table.rt.zones.repository.import(
      [
        { ...mysuru, name: 'Mysuru city' },
        { ...kochi, active: false },
      ],
      { onlyMissing: false },
    );

    // Past the container's zone cache period, so the catalogue is read again (the clock is moved, not waited out).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    let after, afterOne, gone;
    try {
      vi.setSystemTime(Date.now() + api.table.rt.config.ZONE_CACHE_SECONDS * 1000 + 1000);
      after = await get('/v1/zones', { 'If-None-Match': before.headers.get('etag')! });
      afterOne = await get('/v1/zones/mysuru', { 'If-None-Match': beforeOne.headers.get('etag')! });
      gone = await get('/v1/zones/kochi');
    } finally {
      vi.useRealTimers();
    }

    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const features = (after.body as { data: Collection }).data.features;
    expect(features.map((f) => f.id)).not.toContain('kochi');
    expect(features.find((f) => f.id === 'mysuru')!.properties).toMatchObject({ name: 'Mysuru city', version: 2 });
    expect(afterOne.status).toBe(200);
    expect(afterOne.headers.get('etag')).not.toBe(beforeOne.headers.get('etag'));
    expect(gone.status).toBe(404);
  });
});
