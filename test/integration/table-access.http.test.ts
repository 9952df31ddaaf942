import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { bookJobAt, dispatchOnce, driveJob, driveJobByFleetApi, newFleetMember } from '../helpers/fleet.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { ACCESS } from '../../lib/access.ts';
import { WORKER_FUNCTIONS } from '../../lib/functions.ts';
import { routes, type TableAccessKind } from '../../functions/http/routes.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { remittanceTick } from '../../functions/workers/remittances.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import { keys } from '../../functions/data/table.ts';
import { REPEATED_DECLINES } from '../../functions/core/lifecycle.ts';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf } from '../helpers/table.ts';
import { allowLoopbackReceivers, startReceiver } from '../helpers/receiver.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { consoleHeaders, consoleSession, cookieOf } from '../helpers/console.ts';
import { createStore } from '../helpers/fixtures.ts';

/**
 * Every function's DynamoDB calls stay within what its IAM role allows (lib/access.ts, a route's
 * `access` kind): the local server has no IAM, so each request of a walk through every route logs
 * the actions its calls needed, and each is checked against its route's kind. A move that starts
 * writing a new index item (and so needs DeleteItem) fails here, not on AWS.
 */
allowLoopbackReceivers();
const api = useLocalApi();
useHandlerLogs();

// Whether a function of this kind may make this call ('PutItem'; 'Query on GSI1'; 'UpdateItem of
// PK,SK,tat': an update may touch only the attributes its kind lists, if it lists them).
function allows(kind: TableAccessKind, action: string): boolean {
  const access = ACCESS[kind];
  const [name, preposition, what] = action.split(' ');
  if (name === 'UpdateItem') {
    const { updates } = access;
    return updates === 'any' || (Array.isArray(updates) && what!.split(',').every((attribute) => updates.includes(attribute)));
  }
  if (preposition === 'on') return (access.index ?? []).includes(`dynamodb:${name}`);
  return access.table.includes(`dynamodb:${name}`);
}

const kindOf = (route: string) => routes.find((candidate) => `${candidate.method} ${candidate.path}` === route)?.access;

describe('what each route does to the table', () => {
  it('is within its IAM kind, on every route, through the whole lifecycle', async () => {
    const { rt } = api.table;
    const records = await captureAccessLog(async () => {
      // The merchant's routes
      const m = await newMerchant(rt, api.server, { creditMinor: 1_000_000 });
      expect((await m.get('/v1/balance')).status).toBe(200);
      expect((await m.get('/v1/store')).status).toBe(200);
      expect((await m.get('/v1/rate-card')).status).toBe(200);
      const delivered = (await m.bookJob()).id;
      const cancelled = (await m.bookJob()).id;
      expect((await m.get(`/v1/jobs/${delivered}`)).status).toBe(200);
      const edit = {
        method: 'PATCH',
        headers: { 'X-Api-Key': m.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ dropInstructions: 'Ring twice' }),
      };
      expect((await api.server.request(`/v1/jobs/${delivered}`, edit)).status).toBe(200);
      expect((await m.get('/v1/jobs?limit=5')).status).toBe(200);
      expect((await m.get('/v1/jobs?limit=5&status=created')).status).toBe(200);
      const link = await m.post(`/v1/jobs/${delivered}/tracking-link`);
      expect(link.status).toBe(201);
      expect((await api.server.request(new URL((link.body as { data: { url: string } }).data.url).pathname)).status).toBe(200);
      const endpoint = await m.post('/v1/webhook-endpoints', { url: 'https://hooks.example.com/access' });
      expect(endpoint.status).toBe(201);
      const endpointId = (endpoint.body as { data: { id: string } }).data.id;
      expect((await m.get('/v1/webhook-endpoints')).status).toBe(200);
      expect((await m.get(`/v1/webhook-endpoints/${endpointId}`)).status).toBe(200);
      expect((await m.post(`/v1/webhook-endpoints/${endpointId}/rotate-secret`)).status).toBe(200);
      expect((await m.post(`/v1/webhook-endpoints/${endpointId}/test`)).status).toBe(202);
      expect((await m.post(`/v1/jobs/${cancelled}/cancel`)).status).toBe(200);
      await relayTick(rt);
      const events = (await m.get('/v1/events?limit=5')).body as { data: Array<{ id: string }> };
      expect((await m.get(`/v1/events/${events.data[0]!.id}`)).status).toBe(200);
      expect((await m.post(`/v1/events/${events.data[0]!.id}/redeliver`)).status).toBe(202);
      expect((await m.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).status).toBe(200);
      expect((await m.get('/v1/ledger')).status).toBe(200);
      expect((await m.get('/v1/remittances')).status).toBe(200);
      expect((await m.get('/v1/cod-summary')).status).toBe(200);
      expect((await m.get('/v1/zones')).status).toBe(200);
      expect((await m.get('/v1/zones/bengaluru')).status).toBe(200);
      // A pincode (BatchGetItem on the pincode table) and a point.
      expect(
        (await m.post('/v1/serviceability', { items: [{ drop: { pincode: '560038' } }, { drop: { latitude: 12.9784, longitude: 77.6408 } }] })).status,
      ).toBe(200);
      expect((await m.get('/v1/remittances/rem_0000000000000000000000zz')).status).toBe(404);
      expect((await api.server.request(`/v1/webhook-endpoints/${endpointId}`, { method: 'DELETE', headers: { 'X-Api-Key': m.apiKey } })).status).toBe(200);
      // The store's keys, from a console session (issue 36): listed, made, rolled, revoked
      const { accessToken } = await consoleSession(api, m.storeId);
      const asConsole = (method: 'GET' | 'POST', path: string, body?: unknown) =>
        api.server.request(path, {
          method,
          headers: { 'X-Api-Key': accessToken, 'Content-Type': 'application/json' },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
      expect((await asConsole('GET', '/v1/api-keys')).status).toBe(200);
      const made = await asConsole('POST', '/v1/api-keys', { name: 'Access check' });
      expect(made.status).toBe(201);
      const madeId = ((await made.json()) as { data: { id: string } }).data.id;
      expect((await asConsole('POST', `/v1/api-keys/${madeId}/roll`, { expiresInSeconds: 60 })).status).toBe(201);
      expect((await asConsole('POST', `/v1/api-keys/${madeId}/revoke`)).status).toBe(200);

      // The fleet's: one job delivered; one declined after a location report; one failed; one
      // whose pickup code is locked, unlocked and reissued by operations
      const rider = await newFleetMember(rt, api.server, 'rider');
      const ops = await newFleetMember(rt, api.server, 'ops');
      await dispatchOnce(rt);
      expect((await rider.get('/fleet/v1/offers')).status).toBe(200);
      expect((await rider.get('/fleet/v1/offers?latitude=12.9756&longitude=77.6066&withinMeters=5000')).status).toBe(200);
      expect((await rider.get(`/fleet/v1/jobs/${delivered}`)).status).toBe(200);
      await driveJobByFleetApi(rt, m.storeId, delivered, 'delivered', rider);
      const declined = await bookJobAt(rt, m, 'picked_by_agent', rider);
      expect((await rider.get('/fleet/v1/assignments')).status).toBe(200);
      expect((await rider.post(`/fleet/v1/jobs/${declined.id}/location`, { latitude: 12.97, longitude: 77.6, accuracy: 10 })).status).toBe(200);
      expect((await rider.post(`/fleet/v1/jobs/${declined.id}/decline`)).status).toBe(200);
      // A job given back again and again (reported to operations; it stays on offer)
      const givenUp = await bookJobAt(rt, m, 'queued');
      for (let i = 0; i < REPEATED_DECLINES; i++) {
        const decliner = await newFleetMember(rt, api.server, 'rider');
        expect((await decliner.post(`/fleet/v1/jobs/${givenUp.id}/accept`)).status).toBe(200);
        expect((await decliner.post(`/fleet/v1/jobs/${givenUp.id}/decline`)).status).toBe(200);
      }
      const failed = await bookJobAt(rt, m, 'booked', rider);
      expect((await rider.post(`/fleet/v1/jobs/${failed.id}/fail`, { reason: 'Puncture' })).status).toBe(200);
      const locked = await bookJobAt(rt, m, 'pickup_arrived', rider);
      for (let attempt = 0; attempt < 5; attempt++) await rider.post(`/fleet/v1/jobs/${locked.id}/handoffs/pickup/code`, { code: '0000' });
      expect((await ops.post(`/fleet/v1/jobs/${locked.id}/handoffs/pickup/reset-lock`)).status).toBe(200);
      // Its new code runs out (its expiry is moved into the past in the table: the server's clock is the real one)
      const job = (await rt.jobs.get(m.storeId, locked.id))!;
      await dbOf(rt).send(
        new UpdateCommand({
          TableName: rt.config.TABLE_NAME,
          Key: keys.job(m.storeId, job.seq),
          UpdateExpression: 'SET verification.pickup.expiresAt = :past',
          ExpressionAttributeValues: { ':past': new Date(Date.now() - 1_000).toISOString() },
        }),
      );
      expect((await ops.post(`/fleet/v1/jobs/${locked.id}/handoffs/pickup/reissue-code`)).status).toBe(200);
      // One whose customer cannot be reached twice (a reattempt between): the parcel comes back, its
      // return code locked by five wrong tries and reset by operations
      const back = await bookJobAt(rt, m, 'delivery_arrived', rider);
      expect((await rider.post(`/fleet/v1/jobs/${back.id}/delivery-attempts`, { reason: 'customer_unreachable' })).status).toBe(200);
      await rt.jobs.move({ storeId: m.storeId, jobId: back.id }, { type: 'decide', action: 'reattempt' }, 'merchant');
      expect((await rider.post(`/fleet/v1/jobs/${back.id}/handoffs/delivery/arrive`)).status).toBe(200);
      expect((await rider.post(`/fleet/v1/jobs/${back.id}/delivery-attempts`, { reason: 'customer_refused' })).status).toBe(200);
      expect((await rider.post(`/fleet/v1/jobs/${back.id}/handoffs/return/arrive`)).status).toBe(200);
      const returnCode = (await rt.jobs.get(m.storeId, back.id))!.returnTrip!.handoff.code;
      const wrongReturn = returnCode === '0000' ? '1111' : '0000';
      for (let attempt = 0; attempt < 5; attempt++) await rider.post(`/fleet/v1/jobs/${back.id}/handoffs/return/code`, { code: wrongReturn });
      expect((await ops.post(`/fleet/v1/jobs/${back.id}/handoffs/return/reset-lock`)).status).toBe(200);
      const freshReturn = (await rt.jobs.get(m.storeId, back.id))!.returnTrip!.handoff.code;
      expect((await rider.post(`/fleet/v1/jobs/${back.id}/handoffs/return/code`, { code: freshReturn })).status).toBe(200);

      // The merchant's moves after pickup (another rider: a rider holds two jobs at most): a decision after a failed attempt, a recall
      const second = await newFleetMember(rt, api.server, 'rider');
      const undelivered = await bookJobAt(rt, m, 'delivery_arrived', second);
      await rt.jobs.move(
        { storeId: m.storeId, jobId: undelivered.id },
        { type: 'attempt_delivery', reason: 'customer_unreachable', note: null },
        `rider:${second.agentId}`,
      );
      expect((await m.post(`/v1/jobs/${undelivered.id}/decision`, { action: 'return' })).status).toBe(200);
      const recalled = await bookJobAt(rt, m, 'pickup_completed', second);
      expect((await m.post(`/v1/jobs/${recalled.id}/return`)).status).toBe(200);

      // Cash on delivery: a third rider collects cash at the door (before the delivery code); operations read their cash and record a deposit
      const cashier = await newFleetMember(rt, api.server, 'rider');
      const cod = await m.bookJob({ quote: { collectMinor: 50_000 } });
      await driveJobByFleetApi(rt, m.storeId, cod.id, 'delivered', cashier);
      expect((await ops.get(`/fleet/v1/riders/${cashier.agentId}/cash`)).status).toBe(200);
      expect((await ops.post(`/fleet/v1/riders/${cashier.agentId}/deposits`, { amountMinor: 50_000 }, { 'Idempotency-Key': 'deposit-access-1' })).status).toBe(
        201,
      );

      // The console's session routes: sign in, refresh, switch to the sandbox twin, sign out
      const twin = await createStore(rt, { sandbox: true });
      await rt.stores.linkSandbox(m.storeId, twin.storeId);
      const signedIn = await consoleSession(api, m.storeId);
      const refreshed = await api.server.request('/console/v1/sessions/refresh', { method: 'POST', headers: consoleHeaders(signedIn.cookie) });
      expect(refreshed.status).toBe(200);
      const switched = await api.server.request('/console/v1/sessions/mode', {
        method: 'POST',
        headers: consoleHeaders(cookieOf(refreshed)!),
        body: JSON.stringify({ mode: 'test' }),
      });
      expect(switched.status).toBe(200);
      expect((await api.server.request('/console/v1/sessions/current', { method: 'DELETE', headers: consoleHeaders(cookieOf(switched)!) })).status).toBe(204);
      // The console web app's files: a page and its script, reading nothing
      const page = await api.server.request('/console/jobs/anything');
      expect(page.status).toBe(200);
      const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(await page.text())![1]!;
      expect((await api.server.request(script)).status).toBe(200);
    });

    const beyond = records.flatMap((record) => {
      const kind = kindOf(record.route as string);
      return (record.dynamoActions as string[])
        .filter((action) => !kind || !allows(kind, action))
        .map((action) => `${String(record.route)} (${String(kind)}): ${action}`);
    });
    expect(beyond).toEqual([]);
    expect(new Set(records.map((record) => record.route))).toEqual(new Set(routes.map((route) => `${route.method} ${route.path}`)));
  }, 120_000);

  it('is within each worker’s own kind for every tick', async () => {
    const { rt } = api.table;
    const m = await newMerchant(rt, api.server);
    const sandbox = await newMerchant(rt, api.server, { sandbox: true });
    const live = (await m.bookJob()).id;
    await sandbox.bookJob();
    // One job as the unsharded worklist of before an upgrade filed it, for the tick to re-file
    const job = (await rt.jobs.get(m.storeId, live))!;
    await dbOf(rt).send(
      new PutCommand({
        TableName: rt.config.TABLE_NAME,
        Item: {
          PK: keys.unshardedWorkPartition('dispatch'),
          SK: `${job.createdAt}#${job.id}`,
          type: 'work',
          storeId: job.storeId,
          jobId: job.id,
          createdAt: job.createdAt,
        },
      }),
    );
    // A live job waiting for the merchant's decision after a failed attempt: the late tick applies the default (a return)
    const waiting = (await m.bookJob()).id;
    await driveJob(rt, m.storeId, waiting, 'delivery_arrived', 'rider-waiting');
    await rt.jobs.move({ storeId: m.storeId, jobId: waiting }, { type: 'attempt_delivery', reason: 'customer_unreachable', note: null }, 'rider:rider-waiting');
    // A cash-on-delivery payment collected, for the remittance tick after the next cut-off to remit
    const paid = (await m.bookJob({ quote: { collectMinor: 10_000 } })).id;
    await driveJob(rt, m.storeId, paid, 'delivery_arrived', 'rider-paid');
    await rt.jobs.move({ storeId: m.storeId, jobId: paid }, { type: 'collect', method: 'cash', amountMinor: 10_000, reference: null }, 'rider:rider-paid');
    // A UPI payment never confirmed: the remittance tick past UPI_VERIFY_HOURS charges it to its rider, then remits it
    const unconfirmed = (await m.bookJob({ quote: { collectMinor: 20_000 } })).id;
    await driveJob(rt, m.storeId, unconfirmed, 'delivery_arrived', 'rider-upi');
    const upi = { type: 'collect', method: 'upi', amountMinor: 20_000, reference: '818181818181' } as const;
    await rt.jobs.move({ storeId: m.storeId, jobId: unconfirmed }, upi, 'rider:rider-upi');
    // Each worker is its own function with its own kind: its ticks' calls are checked against that kind alone.
    const beyond: string[] = [];
    const actions = new Set<string>();
    const asKind = async (kind: TableAccessKind, ticks: () => Promise<unknown>) => {
      const tally = newDynamoTally();
      await dynamoCallScope.run(tally, ticks);
      for (const action of tally.actions) {
        actions.add(action);
        if (!allows(kind, action)) beyond.push(`${kind}: ${action}`);
      }
    };

    await asKind(WORKER_FUNCTIONS.dispatch.access, async () => {
      await dispatchTick(rt);
      await dispatchTick(rt, new Date(Date.now() + 3_600_000));
    });
    await asKind(WORKER_FUNCTIONS.simulation.access, () => simulateTick(rt, new Date(Date.now() + 3_600_000)));
    await asKind(WORKER_FUNCTIONS.remittances.access, () =>
      remittanceTick(
        rt,
        new Date(nextCutoff(new Date(Date.now() + rt.config.UPI_VERIFY_HOURS * 3_600_000), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000),
      ),
    );
    await asKind(WORKER_FUNCTIONS.relay.access, () => relayTick(rt));

    expect(beyond).toEqual([]);
    expect(actions).toContain('ConditionCheckItem');
    expect((await rt.jobs.get(m.storeId, waiting))!.returnTrip).toMatchObject({ status: 'returning' });
    expect((await rt.jobs.get(m.storeId, paid))!.collection!.remittanceId).toMatch(/^rem_/);
    expect((await rt.jobs.get(m.storeId, unconfirmed))!.collection).toMatchObject({
      verifiedAt: expect.any(String),
      remittanceId: expect.stringMatching(/^rem_/),
    });
    expect(await rt.upiPayments.get('818181818181')).toMatchObject({ verifiedBy: 'rider_debt' });
  });

  it('is within the webhook sender’s kind for every tick', async () => {
    const { rt } = api.table;
    const m = await newMerchant(rt, api.server);
    const target = await startReceiver();
    try {
      expect((await m.post('/v1/webhook-endpoints', { url: target.url })).status).toBe(201);
      await m.bookJob();
      await relayTick(rt);
      const tally = newDynamoTally();

      await dynamoCallScope.run(tally, () => deliverTick(rt));

      expect(target.received).toHaveLength(1);
      expect([...tally.actions].filter((action) => !allows(WORKER_FUNCTIONS.webhooks.access, action))).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
