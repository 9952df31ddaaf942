import { describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { authHeaders, bengaluruQuote, createStore } from '../helpers/fixtures.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { merchantHandler } from '../../functions/http/handler.ts';
import { lambdaContext, proxyEvent } from '../helpers/event.ts';
import { captureAccessLog, captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';

const api = useLocalApi();

useHandlerLogs();

describe('access logs', () => {
  it('write one structured line per request with request id, store, route, status, latency and DynamoDB calls', async () => {
    const store = await createStore(api.table.rt);

    const { records } = await captureLogs(() => api.server.request('/v1/balance', { headers: { 'X-Api-Key': store.apiKey } }));

    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      level: 'INFO',
      message: 'request',
      service: 'delivery-api',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      storeId: store.storeId,
      keyId: store.keyId,
      route: 'GET /v1/balance',
      status: 200,
      latencyMs: expect.any(Number),
      // key, store, the key's lastUsedOn (issue 36: this is the new key's first request of the day), bucket
      dynamoCalls: 4,
    });
  });

  it('say what each request spent in DynamoDB: round trips, time (within the request’s) and capacity units, read and write', async () => {
    const store = await createStore(api.table.rt);

    const { records } = await captureLogs(() => api.server.request('/v1/balance', { headers: { 'X-Api-Key': store.apiKey } }));
    const line = records[0] as { latencyMs: number; dynamoMs: number; dynamoRoundTrips: number; readUnits: number; writeUnits: number };

    // key (strongly consistent Get), then store (the same), then the key's lastUsedOn (an Update: issue 36,
    // the new key's first request of the day), then the bucket (an Update): one after another.
    expect([line.dynamoRoundTrips, line.readUnits, line.writeUnits]).toEqual([4, 2, 2]);
    expect(line.dynamoMs).toBeGreaterThan(0);
    expect(line.dynamoMs).toBeLessThanOrEqual(line.latencyMs);
  });

  it('take 1 round trip for the key and the store once the container knows the key’s store, then the token alongside the route’s reads: 2 for a read, 3 for a quote or a cancel', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const job = await m.bookJob();
    const other = await m.bookJob();
    await m.get('/v1/balance'); // the container learns which store the key belongs to

    const records = await captureAccessLog(async () => {
      await m.get('/v1/balance');
      await m.quote();
      await m.get(`/v1/jobs/${job.id}`);
      await m.get('/v1/jobs?limit=10');
      await m.get('/v1/events?limit=10');
      await m.post(`/v1/jobs/${other.id}/cancel`);
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoRoundTrips, r.dynamoCalls])).toEqual([
      // key and store; the bucket (the store is the balance)
      ['GET /v1/balance', 200, 2, 3],
      // key and store; the bucket; the quote's transaction, which waits for the bucket's answer
      ['POST /v1/job-quotes', 201, 3, 4],
      // key and store; the bucket and the route's read together
      ['GET /v1/jobs/{id}', 200, 2, 4],
      ['GET /v1/jobs', 200, 2, 4],
      ['GET /v1/events', 200, 2, 4],
      // key and store; the bucket and the job's read together; the cancel's transaction
      ['POST /v1/jobs/{id}/cancel', 200, 3, 5],
    ]);
  });

  it('count calls made together as one round trip, and calls made one after another as one each', async () => {
    const store = await createStore(api.table.rt);
    const { rt } = api.table;

    const together = newDynamoTally();
    await dynamoCallScope.run(together, () => Promise.all([rt.stores.get(store.storeId), rt.stores.get(store.storeId), rt.stores.get(store.storeId)]));
    const inTurn = newDynamoTally();
    await dynamoCallScope.run(inTurn, async () => {
      await rt.stores.get(store.storeId);
      await Promise.all([rt.stores.get(store.storeId), rt.stores.get(store.storeId)]);
      await rt.stores.get(store.storeId);
    });

    expect([together.calls, together.roundTrips, together.inFlight]).toEqual([3, 1, 0]);
    expect([inTurn.calls, inTurn.roundTrips, inTurn.inFlight]).toEqual([4, 3, 0]);
    expect(inTurn.readUnits).toBeGreaterThan(together.readUnits);
  });

  it('cost a fixed number of DynamoDB calls per endpoint: balance 3, quote 4 with a warm zone cache', async () => {
    const store = await createStore(api.table.rt);
    const quote = () => api.server.request('/v1/job-quotes', { method: 'POST', headers: authHeaders(store.apiKey), body: JSON.stringify(bengaluruQuote) });
    await quote(); // warms this process's zone catalogue

    const { records } = await captureLogs(async () => {
      await quote();
      await quote();
      await api.server.request('/v1/balance', { headers: { 'X-Api-Key': store.apiKey } });
      await api.server.request('/v1/balance', { headers: { 'X-Api-Key': store.apiKey } });
    });

    // key lookup + store read + one rate-limit write (+ the quote put)
    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['POST /v1/job-quotes', 201, 4],
      ['POST /v1/job-quotes', 201, 4],
      ['GET /v1/balance', 200, 3],
      ['GET /v1/balance', 200, 3],
    ]);
  });

  it('take 5 round trips for every booking: key and store; the bucket and the quote together; powertools’ record; the booking; the record’s update', async () => {
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 1_000_000 });
    const quotes: string[] = [];
    for (let i = 0; i < 30; i++) quotes.push(await m.quote());

    const records = await captureAccessLog(async () => {
      for (const quoteId of quotes) expect((await m.book(quoteId)).status).toBe(201);
    });

    expect(records.map((r) => r.dynamoRoundTrips)).toEqual(Array(30).fill(5));
  });

  it('cost a fixed number of DynamoDB calls for bookings and jobs', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const quoteId = await m.quote();
    const other = await m.quote();

    const { records } = await captureLogs(async () => {
      const booked = await m.book(quoteId, { idempotencyKey: 'calls-1' });
      await m.book(quoteId, { idempotencyKey: 'calls-1' });
      const id = (booked.body as { data: { id: string } }).data.id;
      await m.get(`/v1/jobs/${id}`);
      await m.get('/v1/jobs?limit=10');
      await m.get('/v1/jobs?status=created&limit=10');
      await m.post(`/v1/jobs/${id}/cancel`);
      await m.book(other, { idempotencyKey: 'calls-2', body: { dropPhone: 'not a phone' } });
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls, r.dynamoRoundTrips])).toEqual([
      // key and store; the bucket and the quote together; the idempotency record's put; the booking transaction; the record's update
      ['POST /v1/jobs', 201, 7, 5],
      // the same start (its quote read unused), the idempotency record (replayed from it), the job as it is now
      ['POST /v1/jobs', 200, 6, 4],
      ['GET /v1/jobs/{id}', 200, 4, 2],
      // one key-range Query for the page
      ['GET /v1/jobs', 200, 4, 2],
      // the status index Query (it waits for the bucket's answer: its cost grows with the data), then one BatchGet of the page's jobs
      ['GET /v1/jobs', 200, 5, 4],
      // job read, then one transaction: job, store, ledger entry
      ['POST /v1/jobs/{id}/cancel', 200, 5, 3],
      // refused before any work: key and store, then the bucket
      ['POST /v1/jobs', 400, 3, 2],
    ]);
  });

  it('never contain API keys or phone numbers, whatever the request carried', async () => {
    const store = await createStore(api.table.rt);
    const phone = '+91 98765 43210';

    const { raw, records } = await captureLogs(async () => {
      await api.server.request('/v1/balance', { headers: { 'X-Api-Key': store.apiKey } });
      await api.server.request('/v1/job-quotes', {
        method: 'POST',
        headers: authHeaders(store.apiKey),
        body: JSON.stringify({ ...bengaluruQuote, dropPhone: phone }),
      });
      await api.server.request('/v1/balance', { headers: { 'X-Api-Key': `${store.apiKey.slice(0, -1)}x` } });
    });

    expect(records).toHaveLength(3);
    expect(raw).not.toContain(store.apiKey);
    expect(raw).not.toContain(store.apiKey.slice(9));
    expect(raw).not.toContain('98765');
  });
});

describe('unexpected errors', () => {
  it('answer a generic 500 and log the error in full, redacted', async () => {
    const store = await createStore(api.table.rt);
    const handler = merchantHandler('GET /v1/balance', {}, async () => {
      throw new Error(`database exploded for ${store.apiKey} calling 9876543210`);
    });
    const event = proxyEvent({ method: 'GET', path: '/v1/balance', headers: { 'X-Api-Key': store.apiKey } });
    event.requestContext.requestId = 'req-500';
    let result: Awaited<ReturnType<typeof handler>> | undefined;
    const { raw, records } = await captureLogs(async () => {
      result = await handler(event, lambdaContext);
    });

    expect(result!.statusCode).toBe(500);
    expect(JSON.parse(result!.body)).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(result!.body).not.toContain('exploded');
    const failure = records.find((r) => r.message === 'request failed')!;
    expect(failure).toMatchObject({
      level: 'ERROR',
      requestId: 'req-500',
      error: { name: 'Error', message: 'database exploded for mdk_live_[REDACTED] calling [REDACTED-PHONE]', stack: expect.any(String) },
    });
    expect(raw).not.toContain(store.apiKey);
    expect(raw).not.toContain('9876543210');
  });
});

describe('responses through the local server', () => {
  it('carry the error body on every failure status, as JSON', async () => {
    const response = await readResponse(await api.server.request('/v1/balance'));

    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
