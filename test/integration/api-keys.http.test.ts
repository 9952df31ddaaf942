import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { hashApiKey, istDate } from '../../functions/core/api-key.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { keys } from '../../functions/data/table.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { consoleSession } from '../helpers/console.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { dbOf } from '../helpers/table.ts';

// Issue 36, part K: a store's API keys managed over HTTP from a console session (the access token in
// X-Api-Key), through the real local server; an API key on these routes is 403 session_required.

const api = useLocalApi();

interface KeyView {
  id: string;
  name: string | null;
  prefix: string | null;
  status: 'active' | 'expiring' | 'revoked';
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedOn: string | null;
  secret?: string;
}

/** A store, its merchant (with the store's first key), and a console signed in to it. */
async function storeWithConsole(): Promise<{ merchant: TestMerchant; token: string }> {
  const merchant = await newMerchant(api.table.rt, api.server);
  const { accessToken } = await consoleSession(api, merchant.storeId);
  return { merchant, token: accessToken };
}

async function call(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await api.server.request(path, {
    method,
    headers: { 'X-Api-Key': token, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const balanceWith = async (key: string) => (await api.server.request('/v1/balance', { headers: { 'X-Api-Key': key } })).status;
const data = <T>(reply: { body: Record<string, unknown> }) => reply.body.data as T;

// Moves a rolled key's end into the past, as time passing would (the handlers read the real clock).
async function expireNow(key: string): Promise<string> {
  const past = new Date(Date.now() - 1000).toISOString();
  await dbOf(api.table.rt).send(
    new UpdateCommand({
      TableName: api.table.tableName,
      Key: keys.apiKeyByHash(hashApiKey(key)),
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
  return past;
}

describe('GET and POST /v1/api-keys with a console session', () => {
  it('lists the store’s keys, newest first, without secrets', async () => {
    const { merchant, token } = await storeWithConsole();

    const listed = await call(token, 'GET', '/v1/api-keys');

    expect(listed.status).toBe(200);
    expect(data<KeyView[]>(listed)).toEqual([
      {
        id: merchant.keyId,
        name: null,
        prefix: merchant.apiKey.slice(0, 13),
        status: 'active',
        createdAt: expect.any(String),
        expiresAt: null,
        revokedAt: null,
        lastUsedOn: null,
      },
    ]);
  });

  it('makes a named key whose secret is shown once and works with fetch on a merchant route', async () => {
    const { merchant, token } = await storeWithConsole();

    const made = await call(token, 'POST', '/v1/api-keys', { name: 'Shopify sync' });
    const key = data<KeyView>(made);
    const works = await fetch(`${api.server.url}/v1/balance`, { headers: { 'X-Api-Key': key.secret! } });
    const listed = data<KeyView[]>(await call(token, 'GET', '/v1/api-keys'));

    expect(made.status).toBe(201);
    expect(key).toEqual({
      id: expect.stringMatching(/^key_[0-9A-Za-z]{20}$/),
      name: 'Shopify sync',
      prefix: key.secret!.slice(0, 13),
      status: 'active',
      createdAt: expect.any(String),
      expiresAt: null,
      revokedAt: null,
      lastUsedOn: null,
      secret: expect.stringMatching(/^mdk_live_[0-9A-Za-z]{32}$/),
    });
    expect(works.status).toBe(200);
    expect(listed.map((k) => k.id)).toEqual([key.id, merchant.keyId]);
    expect(listed[0]).toEqual({ ...key, secret: undefined, lastUsedOn: istDate(new Date()) });
    expect(JSON.stringify(listed)).not.toContain(key.secret);
  });

  it('refuses an 11th key active or expiring with 409 key_limit_reached, and makes one again once a key is revoked', async () => {
    const { merchant, token } = await storeWithConsole();
    for (let i = 2; i <= 10; i++) expect((await call(token, 'POST', '/v1/api-keys', { name: `key ${i}` })).status).toBe(201);

    const refused = await call(token, 'POST', '/v1/api-keys', { name: 'key 11' });
    const rollRefused = await call(token, 'POST', `/v1/api-keys/${merchant.keyId}/roll`, { expiresInSeconds: 60 });
    await call(token, 'POST', `/v1/api-keys/${merchant.keyId}/revoke`);
    const after = await call(token, 'POST', '/v1/api-keys', { name: 'key 11' });

    expect(refused).toEqual({
      status: 409,
      body: {
        error: 'A store may have at most 10 API keys active or expiring; revoke one first',
        code: 'key_limit_reached',
        details: { formErrors: [], fieldErrors: {}, limit: 10 },
      },
    });
    expect(rollRefused.body.code).toBe('key_limit_reached');
    expect(after.status).toBe(201);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(65) }, 'name'],
    [{ name: 'ok', extra: 1 }, null],
  ])('refuses the body %j with 400 validation_error', async (body, field) => {
    const { token } = await storeWithConsole();

    const refused = await call(token, 'POST', '/v1/api-keys', body);

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    if (field) expect(Object.keys((refused.body.details as { fieldErrors: object }).fieldErrors)).toEqual([field]);
  });
});

describe('POST /v1/api-keys/{id}/roll and /revoke with a console session', () => {
  it('rolls a key: the new one works, the old one is expiring and works until its expiry, then answers 401', async () => {
    const { merchant, token } = await storeWithConsole();
    const before = Date.now();

    const rolled = await call(token, 'POST', `/v1/api-keys/${merchant.keyId}/roll`, { expiresInSeconds: 3600 });
    const fresh = data<KeyView>(rolled);
    const listed = data<KeyView[]>(await call(token, 'GET', '/v1/api-keys'));
    const old = listed.find((k) => k.id === merchant.keyId)!;
    const [newWorks, oldWorks] = [await balanceWith(fresh.secret!), await balanceWith(merchant.apiKey)];
    const again = await call(token, 'POST', `/v1/api-keys/${merchant.keyId}/roll`, { expiresInSeconds: 0 });
    const end = await expireNow(merchant.apiKey);
    const oldAfter = await balanceWith(merchant.apiKey);
    const listedAfter = data<KeyView[]>(await call(token, 'GET', '/v1/api-keys')).find((k) => k.id === merchant.keyId)!;

    expect(rolled.status).toBe(201);
    expect(fresh).toMatchObject({ name: null, status: 'active', expiresAt: null, secret: expect.stringMatching(/^mdk_live_/) });
    expect(old.status).toBe('expiring');
    expect(Date.parse(old.expiresAt!) - before).toBeGreaterThanOrEqual(3600_000);
    expect(Date.parse(old.expiresAt!) - Date.now()).toBeLessThanOrEqual(3600_000);
    expect([newWorks, oldWorks]).toEqual([200, 200]);
    expect(again).toMatchObject({ status: 409, body: { code: 'api_key_not_active', details: { status: 'expiring' } } });
    expect(oldAfter).toBe(401);
    expect(listedAfter).toMatchObject({ status: 'revoked', expiresAt: end, revokedAt: end });
  });

  it('rolls with expiresInSeconds 0: the old key is revoked at once', async () => {
    const { merchant, token } = await storeWithConsole();

    const rolled = await call(token, 'POST', `/v1/api-keys/${merchant.keyId}/roll`, { expiresInSeconds: 0 });
    const old = data<KeyView[]>(await call(token, 'GET', '/v1/api-keys')).find((k) => k.id === merchant.keyId)!;

    expect(rolled.status).toBe(201);
    expect(await balanceWith(merchant.apiKey)).toBe(401);
    expect(await balanceWith(data<KeyView>(rolled).secret!)).toBe(200);
    expect(old).toMatchObject({ status: 'revoked', revokedAt: expect.any(String), expiresAt: null });
  });

  it('revokes a key: 200 with the key revoked, 401 on its next request, the same answer when revoked again', async () => {
    const { token } = await storeWithConsole();
    const key = data<KeyView>(await call(token, 'POST', '/v1/api-keys', { name: 'Old laptop' }));
    expect(await balanceWith(key.secret!)).toBe(200);

    const revoked = await call(token, 'POST', `/v1/api-keys/${key.id}/revoke`);
    const next = await api.server.request('/v1/balance', { headers: { 'X-Api-Key': key.secret! } });
    const again = await call(token, 'POST', `/v1/api-keys/${key.id}/revoke`);

    expect(revoked.status).toBe(200);
    expect(data<KeyView>(revoked)).toEqual({ ...key, secret: undefined, status: 'revoked', revokedAt: expect.any(String), lastUsedOn: istDate(new Date()) });
    expect(next.status).toBe(401);
    expect(await next.json()).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
    expect(again).toEqual(revoked);
  });

  it('answers 404 api_key_not_found for another store’s key and an unknown id, and changes nothing', async () => {
    const { token } = await storeWithConsole();
    const other = await newMerchant(api.table.rt, api.server);

    const answers = [
      await call(token, 'POST', `/v1/api-keys/${other.keyId}/revoke`),
      await call(token, 'POST', `/v1/api-keys/${other.keyId}/roll`, { expiresInSeconds: 0 }),
      await call(token, 'POST', '/v1/api-keys/key_00000000000000000000/revoke'),
    ];

    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [404, 'api_key_not_found'],
      [404, 'api_key_not_found'],
      [404, 'api_key_not_found'],
    ]);
    expect(await balanceWith(other.apiKey)).toBe(200);
  });

  it.each([
    ['/v1/api-keys/nope/revoke', undefined, 'id'],
    ['/v1/api-keys/key_00000000000000000000/roll', { expiresInSeconds: 604_801 }, 'expiresInSeconds'],
    ['/v1/api-keys/key_00000000000000000000/roll', { expiresInSeconds: -1 }, 'expiresInSeconds'],
    ['/v1/api-keys/key_00000000000000000000/roll', { expiresInSeconds: 1.5 }, 'expiresInSeconds'],
    ['/v1/api-keys/key_00000000000000000000/roll', {}, 'expiresInSeconds'],
  ])('refuses POST %s %j with 400 validation_error on %s', async (path, body, field) => {
    const { token } = await storeWithConsole();

    const refused = await call(token, 'POST', path, body);

    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    expect(Object.keys((refused.body.details as { fieldErrors: object }).fieldErrors)).toEqual([field]);
  });
});

describe('/v1/api-keys with an API key', () => {
  it.each([
    ['GET', '/v1/api-keys', undefined],
    ['POST', '/v1/api-keys', { name: 'minted by a leak' }],
    ['POST', '/v1/api-keys/KEY/roll', { expiresInSeconds: 0 }],
    ['POST', '/v1/api-keys/KEY/revoke', undefined],
  ] as const)('answers %s %s with 403 session_required and changes nothing', async (method, path, body) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const refused = await call(merchant.apiKey, method, path.replace('KEY', merchant.keyId), body);

    expect(refused).toEqual({
      status: 403,
      body: { error: 'API keys are managed from the console: sign in there (an API key cannot manage keys)', code: 'session_required' },
    });
    expect((await api.table.rt.storeApiKeys.list(merchant.storeId)).map((k) => [k.id, k.status])).toEqual([[merchant.keyId, 'active']]);
  });
});

describe('lastUsedOn', () => {
  useHandlerLogs();

  it('is written on a key’s first request of the day only: one more DynamoDB call then, none after in a warm container', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const byHash = keys.apiKeyByHash(hashApiKey(merchant.apiKey));

    const records = await captureAccessLog(async () => {
      await merchant.get('/v1/balance');
      await merchant.get('/v1/balance');
      // Another container's write of an earlier day would not make this one write again: it remembers today.
      await dbOf(api.table.rt).send(
        new UpdateCommand({
          TableName: api.table.tableName,
          Key: byHash,
          UpdateExpression: 'SET lastUsedOn = :d',
          ExpressionAttributeValues: { ':d': '2026-01-01' },
        }),
      );
      await merchant.get('/v1/balance');
    });
    const listed = await api.table.rt.apiKeys.findByHash(hashApiKey(merchant.apiKey));

    // First: key, store (the container meets the key), bucket, lastUsedOn. Then key and store together, bucket.
    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['GET /v1/balance', 200, 4],
      ['GET /v1/balance', 200, 3],
      ['GET /v1/balance', 200, 3],
    ]);
    expect(listed!.lastUsedOn).toBe('2026-01-01');
  });

  it('writes once per key per day, with a condition: a second container of the same day writes nothing it reads already written', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const hash = hashApiKey(merchant.apiKey);
    const { createRuntime } = await import('../../functions/runtime.ts');
    const { readConfig } = await import('../../functions/config.ts');
    const [one, two] = [createRuntime(readConfig()).apiKeys, createRuntime(readConfig()).apiKeys];
    const calls = async (work: () => Promise<void>) => {
      const tally = newDynamoTally();
      await dynamoCallScope.run(tally, work);
      return tally.calls;
    };
    const day1 = new Date('2026-11-27T06:00:00.000Z');
    const day2 = new Date('2026-11-27T19:00:00.000Z'); // 00:30 on the 28th in India

    const counted = [
      await calls(() => one.recordUse(hash, { lastUsedOn: null }, day1)),
      await calls(() => one.recordUse(hash, { lastUsedOn: null }, day1)),
      await calls(async () => two.recordUse(hash, (await two.findByHash(hash))!, day1)),
      await calls(() => one.recordUse(hash, { lastUsedOn: '2026-11-27' }, day2)),
      await calls(() => two.recordUse(hash, { lastUsedOn: null }, day2)),
    ];

    // Written; remembered; read as today's (the read only); the next IST day written; another container's stale view: its conditional write fails, nothing changes.
    expect(counted).toEqual([1, 0, 1, 1, 1]);
    expect((await one.findByHash(hash))!.lastUsedOn).toBe('2026-11-28');
  });
});
