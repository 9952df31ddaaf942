import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResponse, startTestServer, type TestServer } from '../helpers/server.ts';
import { authHeaders, bengaluruQuote } from '../helpers/fixtures.ts';
import { freePort } from '../../bin/local/net.ts';

let server: TestServer;

beforeAll(async () => {
  // A port nothing listens on: every DynamoDB call fails to connect.
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
  process.env.TABLE_NAME = 'unreachable';
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('when DynamoDB is unreachable', () => {
  it.each([
    ['GET /v1/balance', () => server.request('/v1/balance', { headers: { 'X-Api-Key': 'mdk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' } })],
    [
      'POST /v1/job-quotes',
      () =>
        server.request('/v1/job-quotes', {
          method: 'POST',
          headers: authHeaders('mdk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
          body: JSON.stringify(bengaluruQuote),
        }),
    ],
  ])('%s answers 503 service_unavailable with Retry-After', async (_route, send) => {
    const { status, headers, body } = await readResponse(await send());

    expect(status).toBe(503);
    expect(headers.get('retry-after')).toBe('1');
    expect(body).toEqual({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' });
  });

  it('still answers 401 without touching DynamoDB when the key is malformed', async () => {
    const { status } = await readResponse(await server.request('/v1/balance', { headers: { 'X-Api-Key': 'nope' } }));

    expect(status).toBe(401);
  });
});
