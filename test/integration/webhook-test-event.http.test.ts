import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { RETRY_DELAYS_MS, TEST_EVENT_INTERVAL_MS } from '../../functions/core/webhook.ts';
import { newEventId } from '../../functions/core/event.ts';
import { keys } from '../../functions/data/table.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, registerEndpoint, useReceivers, type RegisteredEndpoint } from '../helpers/receiver.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { dbOf } from '../helpers/table.ts';
import { WebhookTestRepository } from '../../functions/data/webhook-test.repository.ts';

allowLoopbackReceivers();
const api = useLocalApi();
useHandlerLogs();
const receiver = useReceivers();

const sendTest = (merchant: TestMerchant, endpointId: string) => merchant.post(`/v1/webhook-endpoints/${endpointId}/test`);
const log = async (merchant: TestMerchant, endpointId: string) =>
  ((await merchant.get(`/v1/webhook-endpoints/${endpointId}/deliveries`)).body as { data: Array<Record<string, unknown>> }).data;
const viewOf = ({ secret: _secret, ...view }: RegisteredEndpoint) => view;

describe('POST /v1/webhook-endpoints/{id}/test', () => {
  it('sends a signed webhook_endpoint.test event to that endpoint only, whatever types it takes, logged in its deliveries and not in the feed', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const tested = await receiver();
    const other = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: tested.url, eventTypes: ['job.delivered'] });
    const everything = await registerEndpoint(merchant, { url: other.url });

    let reply: Awaited<ReturnType<typeof sendTest>> | undefined;
    const records = await captureAccessLog(async () => {
      reply = await sendTest(merchant, endpoint.id);
    });
    expect(reply!.status).toBe(202);
    const id = (reply!.body as { data: { eventId: string } }).data.eventId;
    expect(reply!.body).toEqual({ data: { eventId: expect.stringMatching(/^evt_[0-9A-Za-z]{24}$/) } });
    await relayTick(api.table.rt);
    await deliverTick(api.table.rt);

    const events = new Webhook(endpoint.secret).verify(tested.received[0]!.body, tested.received[0]!.headers as Record<string, string>);
    expect(tested.received).toHaveLength(1);
    expect(events).toEqual({
      id,
      type: 'webhook_endpoint.test',
      createdAt: expect.any(String),
      livemode: true,
      jobId: null,
      sequence: null,
      data: { endpoint: viewOf(endpoint) },
    });
    expect(other.received).toHaveLength(0);
    expect(await log(merchant, endpoint.id)).toEqual([
      expect.objectContaining({ eventId: id, attempt: 1, outcome: 'succeeded', responseStatus: 200, nextAttemptAt: null }),
    ]);
    expect(await log(merchant, everything.id)).toEqual([]);
    expect(((await merchant.get('/v1/events')).body as { data: unknown[] }).data).toEqual([]);
    expect((await merchant.get(`/v1/events/${id}`)).body).toEqual({ data: events });
    // The endpoint read, then one transaction (marker, event, delivery, the store's mark), beside the key, store and bucket.
    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([['POST /v1/webhook-endpoints/{id}/test', 202, 5]]);
  });

  it('is retried like any delivery when the endpoint fails', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const flaky = await receiver((n) => ({ status: n === 0 ? 500 : 204 }));
    const endpoint = await registerEndpoint(merchant, { url: flaky.url });

    expect((await sendTest(merchant, endpoint.id)).status).toBe(202);
    const start = new Date();
    await deliverTick(api.table.rt, start);
    await deliverTick(api.table.rt, new Date(start.getTime() + RETRY_DELAYS_MS[0] + 1_000));

    const hook = new Webhook(endpoint.secret);
    expect(flaky.received.map((r) => (hook.verify(r.body, r.headers as Record<string, string>) as { type: string }).type)).toEqual([
      'webhook_endpoint.test',
      'webhook_endpoint.test',
    ]);
    expect((await log(merchant, endpoint.id)).map((line) => [line.attempt, line.outcome, line.responseStatus, line.nextAttemptAt === null])).toEqual([
      [2, 'succeeded', 204, true],
      [1, 'failed', 500, false],
    ]);
  });

  it('allows one test event per endpoint every 10 s: a sooner one is 429 rate_limited with Retry-After, another endpoint is not held up', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url });
    const second = await registerEndpoint(merchant, { url: target.url });

    expect((await sendTest(merchant, endpoint.id)).status).toBe(202);
    const again = await sendTest(merchant, endpoint.id);
    const other = await sendTest(merchant, second.id);

    expect(again.status).toBe(429);
    expect(again.body).toEqual({ error: expect.stringContaining('Rate limit exceeded'), code: 'rate_limited' });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(TEST_EVENT_INTERVAL_MS / 1000);
    expect(other.status).toBe(202);
  });

  it('queues the next test event once the 10 s have passed (the marker holds it until then)', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const endpoint = await registerEndpoint(merchant, { url: (await receiver()).url });
    const stored = (await api.table.rt.webhooks.get(merchant.storeId, endpoint.id))!;
    const tests = new WebhookTestRepository(dbOf(api.table.rt), api.table.tableName);
    const at = new Date();
    const event = (when: Date) => ({
      id: newEventId(),
      type: 'webhook_endpoint.test' as const,
      createdAt: when.toISOString(),
      livemode: true,
      jobId: null,
      sequence: null,
      data: {},
    });

    const first = await tests.queueTestEvent(stored, event(at), at);
    const early = new Date(at.getTime() + TEST_EVENT_INTERVAL_MS - 1);
    const refused = await tests.queueTestEvent(stored, event(early), early);
    const later = new Date(at.getTime() + TEST_EVENT_INTERVAL_MS);
    const next = await tests.queueTestEvent(stored, event(later), later);

    expect([first, refused, next]).toEqual([{ queued: true }, { queued: false, until: at.getTime() + TEST_EVENT_INTERVAL_MS }, { queued: true }]);
  });

  it('returns 404 webhook_endpoint_not_found for another store’s endpoint and for an unknown one', async () => {
    const owner = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    const endpoint = await registerEndpoint(owner, { url: (await receiver()).url });

    const foreign = await sendTest(other, endpoint.id);
    const unknown = await sendTest(owner, 'we_000000000000000000000000');

    expect([foreign.status, (foreign.body as { code: string }).code]).toEqual([404, 'webhook_endpoint_not_found']);
    expect([unknown.status, (unknown.body as { code: string }).code]).toEqual([404, 'webhook_endpoint_not_found']);
  });

  it('sends to a disabled endpoint once, as a redelivery by hand, and a success enables it again', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const failing = await receiver(() => ({ status: 503 }));
    const down = await registerEndpoint(merchant, { url: failing.url });
    const fixed = await receiver();
    const back = await registerEndpoint(merchant, { url: fixed.url });
    for (const { id } of [down, back]) {
      await dbOf(api.table.rt).send(
        new UpdateCommand({
          TableName: api.table.tableName,
          Key: keys.webhookEndpoint(merchant.storeId, id),
          UpdateExpression: 'SET #status = :disabled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':disabled': 'disabled' },
        }),
      );
    }

    expect((await sendTest(merchant, down.id)).status).toBe(202);
    expect((await sendTest(merchant, back.id)).status).toBe(202);
    const start = new Date();
    await deliverTick(api.table.rt, start);
    await deliverTick(api.table.rt, new Date(start.getTime() + RETRY_DELAYS_MS[0] + 1_000));

    expect([failing.received.length, fixed.received.length]).toEqual([1, 1]);
    expect((await log(merchant, down.id)).map((line) => [line.attempt, line.outcome, line.nextAttemptAt])).toEqual([[1, 'failed', null]]);
    expect((await merchant.get(`/v1/webhook-endpoints/${down.id}`)).body).toMatchObject({ data: { status: 'disabled' } });
    expect((await merchant.get(`/v1/webhook-endpoints/${back.id}`)).body).toMatchObject({ data: { status: 'enabled' } });
  });

  it('is redelivered by hand to the endpoint it tested only', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const tested = await receiver();
    const other = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: tested.url });
    await registerEndpoint(merchant, { url: other.url });
    const id = ((await sendTest(merchant, endpoint.id)).body as { data: { eventId: string } }).data.eventId;
    await deliverTick(api.table.rt);

    const redelivered = await merchant.post(`/v1/events/${id}/redeliver`);
    await deliverTick(api.table.rt);

    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toEqual({ data: { eventId: id, endpointIds: [endpoint.id] } });
    expect([tested.received.length, other.received.length]).toEqual([2, 0]);
  });
});
