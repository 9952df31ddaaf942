import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, usageKeyValue } from '../../functions/core/api-key.ts';
import { readConfig } from '../../functions/config.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { merchantAuthorizer, merchantRoutesArns } from '../../functions/merchant/authorizer.ts';
import { routes, type Route } from '../../functions/http/routes.ts';
import { createRuntime } from '../../functions/runtime.ts';
import { createStore } from '../helpers/fixtures.ts';
import { signIn } from '../../functions/use-cases/console-session.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { createTestTable, type TestTable } from '../helpers/table.ts';

// The merchant authorizer as API Gateway calls it (a REQUEST authorizer), against DynamoDB Local.
let table: TestTable;
let authorize: ReturnType<typeof merchantAuthorizer>;

beforeAll(async () => {
  table = await createTestTable({ seedZones: false });
  authorize = merchantAuthorizer(() => table.rt);
});
afterAll(() => table.drop());
useHandlerLogs();

const API_ARN = 'arn:aws:execute-api:ap-south-1:123456789012:a1b2c3d4e5/prod';
const arnOf = (method: string, path: string) => `${API_ARN}/${method}${path.replace(/\{\w+\}/g, '0b6a3c0e-5f5e-4a55-9c1f-3b1e8a1f2c3d')}`;
const MERCHANT = (routes as readonly Route[]).filter((r) => r.api === 'merchant');
const FLEET = (routes as readonly Route[]).filter((r) => r.api === 'fleet');

function eventFor(headers: Record<string, string> | null, route: Route = MERCHANT[0]!): APIGatewayRequestAuthorizerEvent {
  return {
    type: 'REQUEST',
    methodArn: arnOf(route.method, route.path),
    resource: route.path,
    path: route.path,
    httpMethod: route.method,
    headers,
    multiValueHeaders: null,
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: {} as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

/** Whether IAM resource patterns of execute-api (`*` any run of characters, `/` included; `?` one) cover an ARN. */
function covers(patterns: string[], arn: string): boolean {
  return patterns.some((pattern) => {
    const regex = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    return new RegExp(`^${regex}$`).test(arn);
  });
}

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const scope = newDynamoTally();
  const result = await dynamoCallScope.run(scope, work);
  return { result, calls: scope.calls };
}

describe('the merchant authorizer', () => {
  it('names an active key’s store’s usage key, with one read, in an answer that holds for every merchant route', async () => {
    const store = await createStore(table.rt);
    const { keyId } = (await table.rt.apiKeys.findByHash(hashApiKey(store.apiKey)))!;

    const { result, calls } = await counted(() => authorize(eventFor({ 'X-Api-Key': store.apiKey })));

    expect(calls).toBe(1);
    expect(result).toEqual({
      principalId: store.storeId,
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Action: 'execute-api:Invoke',
            Effect: 'Allow',
            Resource: [`${API_ARN}/GET/v1/*`, `${API_ARN}/POST/v1/*`, `${API_ARN}/PATCH/v1/*`, `${API_ARN}/DELETE/v1/*`],
          },
        ],
      },
      usageIdentifierKey: usageKeyValue(store.storeId),
      context: { storeId: store.storeId, keyId },
    });
  });

  it('lets a console access token through to its store’s usage key, live, expired or revoked (the function behind says session_expired or session_revoked)', async () => {
    const store = await createStore(table.rt);
    const { token } = await table.rt.sessions.createLoginLink(store.storeId);
    const expired = await signIn(table.rt, token, new Date(Date.now() - 16 * 60_000));
    const { token: second } = await table.rt.sessions.createLoginLink(store.storeId);
    const revoked = await signIn(table.rt, second, new Date());
    await table.rt.sessions.revoke(revoked.tokens.session.id);

    for (const accessToken of [expired.tokens.accessToken, revoked.tokens.accessToken]) {
      const result = await authorize(eventFor({ 'X-Api-Key': accessToken }));

      expect(result).toMatchObject({ principalId: store.storeId, usageIdentifierKey: usageKeyValue(store.storeId), context: { storeId: store.storeId } });
      expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
    }
  });

  it('answers for every merchant route and method of the stage (the gateway caches one answer per key), and for no fleet route', () => {
    const pattern = merchantRoutesArns(arnOf('GET', '/v1/balance'));

    for (const route of MERCHANT) expect(covers(pattern, arnOf(route.method, route.path)), `${route.method} ${route.path}`).toBe(true);
    for (const route of FLEET) expect(covers(pattern, arnOf(route.method, route.path)), route.path).toBe(false);
    // Another stage or another API of the account is not covered.
    expect(covers(pattern, arnOf('GET', '/v1/balance').replace('/prod/', '/dev/'))).toBe(false);
    expect(covers(pattern, arnOf('GET', '/v1/balance').replace('a1b2c3d4e5', 'zzzzzzzzzz'))).toBe(false);
  });

  it.each(['X-Api-Key', 'x-api-key', 'X-API-KEY'])('reads the key from the %s header', async (name) => {
    const store = await createStore(table.rt);

    const result = await authorize(eventFor({ [name]: ` ${store.apiKey} ` }));

    expect(result.usageIdentifierKey).toBe(usageKeyValue(store.storeId));
  });

  it.each([
    ['a well-formed key nobody has', () => generateApiKey(false), 'invalid_api_key', 1],
    ['a malformed key (no lookup)', () => 'mdk_live_short', 'invalid_api_key', 0],
    ['a fleet key', () => 'fk_rider_00000000000000000000000000000000', 'invalid_api_key', 0],
  ])('denies %s, and logs why', async (_case, key, reason, reads) => {
    const apiKey = key();

    let outcome!: { result: Awaited<ReturnType<typeof authorize>>; calls: number };
    const logs = await captureLogs(async () => {
      outcome = await counted(() => authorize(eventFor({ 'X-Api-Key': apiKey })));
    });

    expect(outcome.calls).toBe(reads);
    expect(outcome.result).toEqual({
      principalId: 'refused',
      policyDocument: {
        Version: '2012-10-17',
        Statement: [
          {
            Action: 'execute-api:Invoke',
            Effect: 'Deny',
            Resource: [`${API_ARN}/GET/v1/*`, `${API_ARN}/POST/v1/*`, `${API_ARN}/PATCH/v1/*`, `${API_ARN}/DELETE/v1/*`],
          },
        ],
      },
    });
    expect(logs.records).toEqual([expect.objectContaining({ message: 'merchant key refused', authFailure: reason })]);
    expect(logs.raw).not.toContain(apiKey);
  });

  it('denies a revoked key', async () => {
    const store = await createStore(table.rt);
    await table.rt.apiKeys.revoke(store.keyId);

    let result!: Awaited<ReturnType<typeof authorize>>;
    const logs = await captureLogs(async () => {
      result = await authorize(eventFor({ 'X-Api-Key': store.apiKey }));
    });

    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Deny' });
    expect(logs.records).toEqual([expect.objectContaining({ authFailure: 'revoked_api_key' })]);
  });

  it('lets a store with API access off through: its functions refuse it at once, and let it in at once when access is back (no cached answer decides)', async () => {
    const store = await createStore(table.rt);
    await table.rt.stores.setApiAccess(store.storeId, false);

    const result = await authorize(eventFor({ 'X-Api-Key': store.apiKey }));

    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
  });

  it.each([[null], [{}], [{ 'X-Api-Key': '   ' }]])('answers the gateway’s own 401 (“Unauthorized”) when there is no key: headers %j', async (headers) => {
    await expect(authorize(eventFor(headers))).rejects.toThrow(/^Unauthorized$/);
  });

  it('reads the key among headers named after every Object.prototype member, and refuses them alone the gateway’s way', async () => {
    const store = await createStore(table.rt);
    const hostile = JSON.parse(JSON.stringify(Object.fromEntries(Object.getOwnPropertyNames(Object.prototype).map((name) => [name, 'x'])))) as Record<
      string,
      string
    >;
    const withProto = JSON.parse(`{"__proto__":"x",${JSON.stringify(hostile).slice(1)}`) as Record<string, string>;

    expect((await authorize(eventFor({ ...withProto, 'x-api-key': store.apiKey }))).usageIdentifierKey).toBe(usageKeyValue(store.storeId));
    await expect(authorize(eventFor(withProto))).rejects.toThrow(/^Unauthorized$/);
  });

  it('fails (the gateway’s AUTHORIZER_FAILURE, answered as 503) when DynamoDB cannot be reached, and logs it', async () => {
    const down = createRuntime(readConfig({ ...process.env, DYNAMODB_ENDPOINT: 'http://127.0.0.1:9', DYNAMODB_REQUEST_TIMEOUT_MS: '200' }));
    const unreachable = merchantAuthorizer(() => down);
    const store = await createStore(table.rt);

    let failure: unknown;
    const logs = await captureLogs(async () => {
      failure = await unreachable(eventFor({ 'X-Api-Key': store.apiKey })).catch((error: unknown) => error);
    });

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toBe('Unauthorized');
    expect(logs.records).toEqual([expect.objectContaining({ level: 'ERROR', message: 'merchant authorizer failed' })]);
    expect(logs.raw).not.toContain(store.apiKey);
  });
});
