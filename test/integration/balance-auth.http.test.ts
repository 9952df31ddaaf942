import { describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { authHeaders, bengaluruQuote, createStore } from '../helpers/fixtures.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';

const api = useLocalApi();

const balance = async (headers: Record<string, string>) => readResponse(await api.server.request('/v1/balance', { headers }));

describe('GET /v1/balance', () => {
  it('returns 200 with exactly the balance fields', async () => {
    const { apiKey } = await createStore(api.table.rt, { creditMinor: 250_075 });

    const { status, headers, body } = await balance({ 'X-Api-Key': apiKey });

    expect(status).toBe(200);
    expect(body).toEqual({ data: { apiEnabled: true, balanceMinor: 250_075, reservedMinor: 0, availableMinor: 250_075, currency: 'INR' } });
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(headers.get('ratelimit-limit')).toBe('60');
    expect(headers.get('ratelimit-remaining')).toBe('59');
    expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a top-up at once', async () => {
    const { apiKey, storeId } = await createStore(api.table.rt, { creditMinor: 0 });
    await api.table.rt.stores.credit(storeId, 10_000, 'test top-up');

    const { body } = await balance({ 'X-Api-Key': apiKey });

    expect(body).toEqual({ data: { apiEnabled: true, balanceMinor: 10_000, reservedMinor: 0, availableMinor: 10_000, currency: 'INR' } });
  });

  it('ignores query parameters it does not define', async () => {
    const { apiKey } = await createStore(api.table.rt, { creditMinor: 1 });

    const { status } = await readResponse(await api.server.request('/v1/balance?verbose=1', { headers: { 'X-Api-Key': apiKey } }));

    expect(status).toBe(200);
  });
});

describe('API-key authentication', () => {
  it.each([
    ['lower case', 'x-api-key'],
    ['upper case', 'X-API-KEY'],
    ['mixed case', 'X-Api-Key'],
  ])('accepts the key header in %s', async (_case, header) => {
    const { apiKey } = await createStore(api.table.rt);

    const { status } = await balance({ [header]: apiKey });

    expect(status).toBe(200);
  });

  it('returns 401 when the key is missing', async () => {
    const { status, headers, body } = await balance({});

    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
    expect(headers.get('ratelimit-limit')).toBeNull();
  });

  it.each([
    ['malformed', 'not-a-key'],
    ['well-formed but unknown', 'mdk_live_00000000000000000000000000000000'],
  ])('returns 401 for a %s key', async (_case, key) => {
    const { status, body } = await balance({ 'X-Api-Key': key });

    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
  });

  it('returns 401 for a revoked key while the store’s other keys keep working', async () => {
    const store = await createStore(api.table.rt);
    const second = await api.table.rt.apiKeys.create(store.storeId);
    await api.table.rt.apiKeys.revoke(store.keyId);

    const revoked = await balance({ 'X-Api-Key': store.apiKey });
    const other = await balance({ 'X-Api-Key': second.apiKey });

    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
    expect(other.status).toBe(200);
  });

  it('refuses a key on the very next request after it is revoked or its store’s access is turned off, though the container knows the key’s store', async () => {
    const [revokedStore, closedStore] = [await createStore(api.table.rt), await createStore(api.table.rt)];
    const warm = [await balance({ 'X-Api-Key': revokedStore.apiKey }), await balance({ 'X-Api-Key': closedStore.apiKey })];

    await api.table.rt.apiKeys.revoke(revokedStore.keyId);
    await api.table.rt.stores.setApiAccess(closedStore.storeId, false);
    const after = [await balance({ 'X-Api-Key': revokedStore.apiKey }), await balance({ 'X-Api-Key': closedStore.apiKey })];

    expect(warm.map((r) => r.status)).toEqual([200, 200]);
    expect(after.map((r) => [r.status, r.body])).toEqual([
      [401, { error: 'Invalid API key', code: 'unauthorized' }],
      [401, { error: 'Invalid API key', code: 'unauthorized' }],
    ]);
  });

  it('returns 401 on every route when the store’s API access is disabled, and 200 once re-enabled', async () => {
    const store = await createStore(api.table.rt);
    await api.table.rt.stores.setApiAccess(store.storeId, false);

    const read = await balance({ 'X-Api-Key': store.apiKey });
    const write = await readResponse(
      await api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(store.apiKey), body: JSON.stringify(bengaluruQuote) }),
    );
    await api.table.rt.stores.setApiAccess(store.storeId, true);
    const again = await balance({ 'X-Api-Key': store.apiKey });

    expect(read).toMatchObject({ status: 401, body: { error: 'Invalid API key', code: 'unauthorized' } });
    expect(write).toMatchObject({ status: 401, body: { error: 'Invalid API key', code: 'unauthorized' } });
    expect(again.status).toBe(200);
  });

  it('authenticates before validating: a bad body with no key is a 401', async () => {
    const response = await readResponse(await api.server.request('/v1/job-quotes', { method: 'POST', body: '{not json' }));

    expect(response).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
  });

  it('scopes quotes to the caller’s store: another store cannot read them', async () => {
    const owner = await createStore(api.table.rt);
    const other = await createStore(api.table.rt);
    const created = await readResponse(
      await api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(owner.apiKey), body: JSON.stringify(bengaluruQuote) }),
    );
    const { id } = (created.body as { data: { id: string } }).data;

    expect(await api.table.rt.quotes.get(owner.storeId, id)).not.toBeNull();
    expect(await api.table.rt.quotes.get(other.storeId, id)).toBeNull();
  });
});

describe('unknown routes and methods', () => {
  it('returns 404 not_found for an unknown path', async () => {
    const { status, body } = await readResponse(await api.server.request('/v1/nothing-here'));

    expect(status).toBe(404);
    expect(body).toEqual({
      error: 'No route for GET /v1/nothing-here; every route is in the reference (/docs under npm start) and the API guide (docs/api-guide.md)',
      code: 'not_found',
    });
  });

  it('returns 405 with Allow for a known path and the wrong method', async () => {
    const { status, headers, body } = await readResponse(await api.server.request('/v1/job-quotes', { method: 'GET' }));

    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
    expect(body).toEqual({ error: 'GET is not allowed on /v1/job-quotes; use POST', code: 'method_not_allowed' });
  });
});

describe('why an API key was refused', () => {
  useHandlerLogs();

  it('answers an unknown key, a revoked key and a store with access off alike, and keeps the reason in the access log', async () => {
    const revokedStore = await createStore(api.table.rt);
    await api.table.rt.apiKeys.revoke(revokedStore.keyId);
    const offStore = await createStore(api.table.rt);
    await api.table.rt.stores.setApiAccess(offStore.storeId, false);
    const keys = ['mdk_live_00000000000000000000000000000000', revokedStore.apiKey, offStore.apiKey];

    const answers: unknown[] = [];
    const lines = await captureAccessLog(async () => {
      for (const key of keys) answers.push(await balance({ 'X-Api-Key': key }));
    });

    expect(answers.map((answer) => (answer as { body: unknown }).body)).toEqual(Array(3).fill({ error: 'Invalid API key', code: 'unauthorized' }));
    expect(lines.map((line) => [line.status, line.authFailure])).toEqual([
      [401, 'invalid_api_key'],
      [401, 'revoked_api_key'],
      [401, 'api_access_disabled'],
    ]);
  });
});
