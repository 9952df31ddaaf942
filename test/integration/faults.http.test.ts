import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createTestTable, dbOf, type TestTable } from '../helpers/table.ts';
import { jobItem } from '../../functions/data/job-writes/job.ts';
import { readResponse, startTestServer, type TestServer } from '../helpers/server.ts';
import { startFaultProxy, type Fault, type FaultProxy } from '../helpers/fault-proxy.ts';
import { allJobs, expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { bengaluruQuote, bookingBody, bookingHeaders } from '../helpers/fixtures.ts';
import { bookJobAt, driveJob, expectFleetIndexes, newFleetMember } from '../helpers/fleet.ts';
import { routes, type Route } from '../../functions/http/routes.ts';
import { consoleHeaders, consoleSession } from '../helpers/console.ts';
import { ACCESS } from '../../lib/access.ts';

/**
 * DynamoDB failing under the service: throttling, server errors, transaction conflicts, dropped
 * connections (before and after DynamoDB did the work) and stalls, injected by a proxy between the
 * handlers and DynamoDB Local. Every answer is the spec's (a transient failure is 503
 * service_unavailable with Retry-After), never a 500, and nothing is half-done.
 */
let table: TestTable;
let proxy: FaultProxy;
let server: TestServer;

beforeAll(async () => {
  table = await createTestTable();
  proxy = await startFaultProxy(table.endpoint);
  // The handlers' runtime is built on first use: from here on they reach DynamoDB through the proxy
  // (the test's own `table.rt` still talks to DynamoDB Local directly).
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
  // DynamoDB's own attempt limit (1.5 s), not the 10 s given to DynamoDB Local: the stalls are timed against it.
  process.env.DYNAMODB_REQUEST_TIMEOUT_MS = '1500';
  server = await startTestServer();
});

afterAll(async () => {
  delete process.env.DYNAMODB_REQUEST_TIMEOUT_MS;
  await server?.close();
  await proxy?.close();
  await table?.drop();
});

const UNAVAILABLE = { error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' };
// The routes that read the table, and those that touch no item (their kind has no table action: lib/access.ts).
const TABLE_ROUTES = (routes as readonly Route[]).filter((route) => ACCESS[route.access].table.length > 0);
const NO_TABLE_ROUTES = (routes as readonly Route[]).filter((route) => ACCESS[route.access].table.length === 0);

// A request each route can act on, made with faults off (the route's own call is the one that meets them).
async function requestFor(route: Route, m: TestMerchant): Promise<{ path: string; init: RequestInit }> {
  proxy.inject([]);
  const job = route.path.includes('{id}') && !route.path.startsWith('/v1/remittances/') ? await m.bookJob() : null;
  // A remittance's route: a well-formed id (the store has none: 404 without faults), so the fault meets its read.
  const path = route.path.replace('{id}', job?.id ?? 'rem_0000000000000000000000zz').replace('{handoff}', 'pickup');
  if (route.name === 'console-assets') return { path: '/console/jobs/anything', init: { method: route.method } };
  if (route.api === 'public' && route.path.startsWith('/console/')) {
    // A console session route: a fresh sign-in link's token to post, or a signed-in session's cookie.
    if (route.path === '/console/v1/sessions') {
      const { token } = await table.rt.sessions.createLoginLink(m.storeId);
      return { path: route.path, init: { method: route.method, headers: consoleHeaders(), body: JSON.stringify({ loginToken: token }) } };
    }
    const { cookie } = await consoleSession({ table, server }, m.storeId);
    const body = route.path.endsWith('/mode') ? JSON.stringify({ mode: 'test' }) : undefined;
    return { path: route.path, init: { method: route.method, headers: consoleHeaders(cookie), ...(body && { body }) } };
  }
  if (route.api === 'public') {
    const link = await m.post(`/v1/jobs/${(await m.bookJob()).id}/tracking-link`);
    return { path: new URL((link.body as { data: { url: string } }).data.url).pathname, init: { method: route.method } };
  }
  if (route.api === 'fleet') {
    const member = await newFleetMember(table.rt, server, route.roles.includes('rider') ? 'rider' : 'ops');
    return {
      path,
      init: {
        method: route.method,
        headers: { Authorization: `Bearer ${member.fleetKey}`, 'Content-Type': 'application/json' },
        body: route.method === 'POST' ? '{}' : undefined,
      },
    };
  }
  const body =
    route.path === '/v1/job-quotes'
      ? JSON.stringify(bengaluruQuote)
      : route.path === '/v1/jobs' && route.method === 'POST'
        ? JSON.stringify(bookingBody(await m.quote()))
        : undefined;
  return { path, init: { method: route.method, headers: bookingHeaders(m.apiKey, randomUUID()), ...(body && { body }) } };
}

describe.each([
  ['a server error on every call', { kind: 'internal' }],
  ['a dropped connection on every call', { kind: 'drop' }],
] as Array<[string, Fault]>)('%s', (_case, fault) => {
  it.each(TABLE_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'answers %s with 503 service_unavailable and Retry-After, never a 500',
    async (_key, route) => {
      const m = await newMerchant(table.rt, server);
      const { path, init } = await requestFor(route, m);
      const before = await table.rt.stores.get(m.storeId);

      proxy.inject([{ operation: '*', fault }]);
      const response = await server.request(path, init);
      proxy.inject([]);
      // The tracking page answers as a page; the console's session routes, as the APIs do.
      const page = route.api === 'public' && !route.path.startsWith('/console/');
      const { status, headers, body } = page
        ? { status: response.status, headers: response.headers, body: await response.text() }
        : await readResponse(response);

      expect(status).toBe(503);
      // The public tracking page says so as a page; the APIs, in the spec's error body.
      if (page) expect(body).toContain('We can’t show your delivery right now');
      else expect(body).toEqual(UNAVAILABLE);
      expect(headers.get('retry-after')).toBe('1');
      expect(await table.rt.stores.get(m.storeId)).toEqual(before);
    },
  );

  // A route that reads no item (the console web app's files) answers as it always does.
  it.each(NO_TABLE_ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'answers %s as without the fault: it reads no item',
    async (_key, route) => {
      const m = await newMerchant(table.rt, server);
      const { path, init } = await requestFor(route, m);
      const calls = [...proxy.seen.values()].reduce((sum, n) => sum + n, 0);

      proxy.inject([{ operation: '*', fault }]);
      const response = await server.request(path, init);
      proxy.inject([]);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect([...proxy.seen.values()].reduce((sum, n) => sum + n, 0)).toBe(calls);
    },
  );
});

describe('a booking whose transaction meets a fault', () => {
  it.each([
    ['throttled once', { kind: 'throttle' }, 1],
    ['a server error once', { kind: 'internal' }, 1],
    ['a conflicting transaction once', { kind: 'conflict' }, 1],
    ['its answer lost once after DynamoDB committed it', { kind: 'drop-after' }, 1],
    ['a stall past the request timeout once', { kind: 'stall', ms: 2_000 }, 1],
  ] as Array<[string, Fault, number]>)('is %s: booked exactly once, 201', async (_case, fault, times) => {
    const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
    const quoteId = await m.quote();

    const writesBefore = proxy.seen.get('TransactWriteItems') ?? 0;

    proxy.inject([{ operation: 'TransactWriteItems', fault, times }]);
    const booked = await m.book(quoteId, { idempotencyKey: 'order-fault' });
    proxy.inject([]);

    expect(booked.status).toBe(201);
    // The faulted attempt and at least one more: the fault was met, and got over.
    expect((proxy.seen.get('TransactWriteItems') ?? 0) - writesBefore).toBeGreaterThanOrEqual(2);
    expect(await allJobs(table.rt, m.storeId)).toHaveLength(1);
    expect((await table.rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'reserve')).toHaveLength(1);
    await expectLedgerInvariant(table.rt, m.storeId);
  });

  it('whose answer is lost on every attempt answers 503, and the retry with the same key gets the one job', async () => {
    const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
    const quoteId = await m.quote();

    proxy.inject([{ operation: 'TransactWriteItems', fault: { kind: 'drop-after' } }]);
    const first = await m.book(quoteId, { idempotencyKey: 'order-lost' });
    proxy.inject([]);
    const retry = await m.book(quoteId, { idempotencyKey: 'order-lost' });

    const jobs = await allJobs(table.rt, m.storeId);
    expect(first).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect([200, 201]).toContain(retry.status);
    expect(jobs).toHaveLength(1);
    expect((retry.body as { data: { id: string } }).data.id).toBe(jobs[0]!.id);
    expect((await table.rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'reserve')).toHaveLength(1);
    await expectLedgerInvariant(table.rt, m.storeId);
  });
});

describe('a booking answered 503 (the guide: a 503 may or may not have booked; the retry settles it)', () => {
  it.each([
    ['after its write (DynamoDB committed it, the answer was lost)', { kind: 'drop-after' }, 1, 200],
    ['before any write (DynamoDB never saw it)', { kind: 'drop' }, 0, 201],
  ] as Array<[string, Fault, number, number]>)(
    'answered 503 %s: the retry with the same key and body gives exactly one job and one charge',
    async (_case, fault, writtenBy503, retryStatus) => {
      const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
      const quoteId = await m.quote();
      const body = bookingBody(quoteId);

      proxy.inject([{ operation: 'TransactWriteItems', fault }]);
      const first = await m.book(quoteId, { idempotencyKey: 'order-503', body });
      proxy.inject([]);
      const afterFirst = await allJobs(table.rt, m.storeId);
      const retry = await m.book(quoteId, { idempotencyKey: 'order-503', body });
      const again = await m.book(quoteId, { idempotencyKey: 'order-503', body });

      const jobs = await allJobs(table.rt, m.storeId);
      const job = (retry.body as { data: { id: string; chargeMinor: number } }).data;
      expect(first).toMatchObject({ status: 503, body: UNAVAILABLE });
      expect(afterFirst).toHaveLength(writtenBy503);
      expect(retry.status).toBe(retryStatus);
      expect(again).toMatchObject({ status: 200, body: { data: { id: job.id } } });
      expect(jobs.map((stored) => stored.id)).toEqual([job.id]);
      const reserves = (await table.rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'reserve');
      expect(reserves.map((entry) => [entry.jobId, entry.reservedDeltaMinor])).toEqual([[job.id, job.chargeMinor]]);
      expect((await m.get('/v1/balance')).body).toMatchObject({ data: { balanceMinor: 50_000, reservedMinor: job.chargeMinor } });
      await expectLedgerInvariant(table.rt, m.storeId);
    },
  );
});

describe('a cancel whose answer is lost after DynamoDB committed it', () => {
  it('releases the credit once, and a retry sees the cancelled job', async () => {
    const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
    const job = await m.bookJob();

    proxy.inject([{ operation: 'TransactWriteItems', fault: { kind: 'drop-after' } }]);
    const first = await m.post(`/v1/jobs/${job.id}/cancel`);
    proxy.inject([]);
    const read = await m.get(`/v1/jobs/${job.id}`);

    expect([200, 503]).toContain(first.status);
    expect(read.body).toMatchObject({ data: { status: 'cancelled', settlement: 'released' } });
    expect((await table.rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'release')).toHaveLength(1);
    await expectLedgerInvariant(table.rt, m.storeId);
  });
});

describe('a decision or a recall whose answer is lost after DynamoDB committed it', () => {
  it.each([
    ['a decision to return', 'decision', { code: 'no_decision_pending' }],
    ['a recall', 'return', { code: 'invalid_transition' }],
  ] as const)('%s starts the return once: the charge captured and the return charge reserved once, and a retry is refused', async (_case, route, refusal) => {
    proxy.inject([]);
    const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
    const job = await m.bookJob();
    const agentId = `fault-rider-${route}`;
    await driveJob(table.rt, m.storeId, job.id, 'delivery_arrived', agentId);
    await table.rt.jobs.move(
      { storeId: m.storeId, jobId: job.id },
      { type: 'attempt_delivery', reason: 'customer_unreachable', note: null },
      `rider:${agentId}`,
    );
    const send = () => (route === 'decision' ? m.post(`/v1/jobs/${job.id}/decision`, { action: 'return' }) : m.post(`/v1/jobs/${job.id}/return`));

    proxy.inject([{ operation: 'TransactWriteItems', fault: { kind: 'drop-after' } }]);
    const first = await send();
    proxy.inject([]);
    const retry = await send();

    expect([200, 503]).toContain(first.status);
    expect(retry).toMatchObject({ status: 409, body: refusal });
    expect((await m.get(`/v1/jobs/${job.id}`)).body).toMatchObject({ data: { settlement: 'captured', returnTrip: { status: 'returning' } } });
    const ledger = await table.rt.stores.ledger(m.storeId);
    expect(ledger.map((entry) => entry.type).sort()).toEqual(['capture', 'reserve', 'reserve', 'top_up']);
    await expectLedgerInvariant(table.rt, m.storeId);
  });
});

describe('a DynamoDB that stalls on every call', () => {
  it('gets a 503 with Retry-After once each attempt has timed out, not a hang until the function is killed', async () => {
    const m = await newMerchant(table.rt, server);

    proxy.inject([{ operation: '*', fault: { kind: 'stall', ms: 5_000 } }]);
    const { status, headers, body } = await readResponse(await server.request('/v1/balance', { headers: { 'X-Api-Key': m.apiKey } }));
    proxy.inject([]);

    expect(status).toBe(503);
    expect(body).toEqual(UNAVAILABLE);
    expect(headers.get('retry-after')).toBe('1');
  });
});

describe('a rider’s move on the parcel’s way back whose answer is lost after DynamoDB committed it', () => {
  it.each([
    ['the second delivery attempt (the return starts)', 'attempt'],
    ['the right return code (the return charge is captured)', 'code'],
  ] as const)('is %s: the money moves once, and the app’s retry gets 200 with the job', async (_case, move) => {
    // Prepare: a parcel whose first attempt failed and whose merchant asked for a reattempt; the rider at the drop again
    proxy.inject([]);
    const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
    const rider = await newFleetMember(table.rt, server, 'rider');
    const { id } = await bookJobAt(table.rt, m, 'delivery_arrived', rider);
    expect((await rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'customer_unreachable' })).status).toBe(200);
    await table.rt.jobs.move({ storeId: m.storeId, jobId: id }, { type: 'decide', action: 'reattempt' }, 'merchant');
    expect((await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/arrive`)).status).toBe(200);
    // The app's retry of an attempt carries the attempt's Idempotency-Key (issue 33: the key, written with the move, tells a retry).
    const second = () => rider.post(`/fleet/v1/jobs/${id}/delivery-attempts`, { reason: 'customer_refused' }, { 'Idempotency-Key': 'second-attempt' });
    if (move === 'code') {
      expect((await second()).status).toBe(200);
      expect((await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`)).status).toBe(200);
    }
    const code = (await table.rt.jobs.get(m.storeId, id))!.returnTrip?.handoff.code;
    const send = () => (move === 'attempt' ? second() : rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code }));

    // Act
    proxy.inject([{ operation: 'TransactWriteItems', fault: { kind: 'drop-after' } }]);
    const first = await send();
    proxy.inject([]);
    const retry = await send();

    // Assess
    expect([200, 503]).toContain(first.status);
    expect(retry.status).toBe(200);
    const job = (await table.rt.jobs.get(m.storeId, id))!;
    expect(job.deliveryAttempts).toHaveLength(2);
    expect(job.returnTrip).toMatchObject({ status: move === 'attempt' ? 'returning' : 'returned' });
    const types = (await table.rt.stores.ledger(m.storeId)).filter((entry) => entry.jobId === id).map((entry) => entry.type);
    expect(types.reverse()).toEqual(move === 'attempt' ? ['reserve', 'capture', 'reserve'] : ['reserve', 'capture', 'reserve', 'capture']);
    await expectLedgerInvariant(table.rt, m.storeId);
    await expectFleetIndexes(table.rt, m.storeId);
  });
});

describe('a job item DynamoDB will not let grow (its 400 KB item limit)', () => {
  it.each([
    ['the merchant’s cancel', 'cancel'],
    ['a rider’s move', 'fleet'],
  ] as const)('answers %s with 409 invalid_transition, not a 500, and changes nothing', async (_case, who) => {
    proxy.inject([]);
    const m = await newMerchant(table.rt, server, { creditMinor: 50_000 });
    const booked = await m.bookJob();
    // A job whose history has grown to just under the limit (written as it is, past every bound the lifecycle keeps).
    const job = (await table.rt.jobs.get(m.storeId, booked.id))!;
    // One padding event whose note is as long as DynamoDB will store (found by halving), so the next change cannot fit.
    const padded = (noteLength: number) => ({
      ...job,
      status: 'queued' as const,
      events: [...job.events, { id: randomUUID(), status: 'queued' as const, actor: 'system', note: 'x'.repeat(noteLength), createdAt: job.createdAt }],
    });
    let [fits, tooLong] = [0, 420_000];
    while (tooLong - fits > 16) {
      const mid = Math.floor((fits + tooLong) / 2);
      const stored = await dbOf(table.rt)
        .send(new PutCommand({ TableName: table.tableName, Item: jobItem(padded(mid)) }))
        .then(
          () => true,
          () => false,
        );
      if (stored) fits = mid;
      else tooLong = mid;
    }
    await dbOf(table.rt).send(new PutCommand({ TableName: table.tableName, Item: jobItem(padded(fits)) }));
    const before = (await table.rt.jobs.get(m.storeId, booked.id))!;
    const rider = await newFleetMember(table.rt, server, 'rider');

    const response = who === 'cancel' ? await m.post(`/v1/jobs/${booked.id}/cancel`) : await rider.post(`/fleet/v1/jobs/${booked.id}/accept`);

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'This job has taken as many changes as it can hold; it cannot change any more', code: 'invalid_transition' });
    expect(await table.rt.jobs.get(m.storeId, booked.id)).toEqual(before);
    await expectLedgerInvariant(table.rt, m.storeId);
  });
});
