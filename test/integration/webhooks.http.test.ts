import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DeleteCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { DISABLE_AFTER_MS, MAX_ENDPOINTS_PER_STORE, RETRY_DELAYS_MS, SECRET_OVERLAP_MS } from '../../functions/core/webhook.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { driveJobByFleetApi, newFleetMember } from '../helpers/fleet.ts';
import { allowLoopbackReceivers, registerEndpoint, useReceivers, type Receiver, type RegisteredEndpoint } from '../helpers/receiver.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { dbOf } from '../helpers/table.ts';
import { DELIVERED_JOB_EVENTS } from '../helpers/fixtures.ts';

allowLoopbackReceivers();

const api = useLocalApi();
const receiver = useReceivers();

/** A receiver that answers every request with a 307 to `location`. */
async function startRedirect(location: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(307, { location }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Relays what changes wrote and sends what is due, as the workers and the sender do, at `now`. */
async function deliverAt(now = new Date()): Promise<void> {
  await relayTick(api.table.rt, now);
  await deliverTick(api.table.rt, now);
}

/** Each request's event, verified with the standardwebhooks package and `secret` (throws if one does not verify). */
function verified(target: Receiver, secret: string): Array<Record<string, unknown>> {
  const hook = new Webhook(secret);
  return target.received.map((r) => hook.verify(r.body, r.headers as Record<string, string>) as Record<string, unknown>);
}

describe('webhook endpoints', () => {
  it('registers an endpoint and shows its secret only then', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();

    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.delivered'], description: 'Orders' });
    const listed = await merchant.get('/v1/webhook-endpoints');
    const one = await merchant.get(`/v1/webhook-endpoints/${endpoint.id}`);

    expect(endpoint).toEqual({
      id: expect.stringMatching(/^we_[0-9A-Za-z]{24}$/),
      url: target.url,
      eventTypes: ['job.delivered'],
      description: 'Orders',
      status: 'enabled',
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { secret: _secret, ...shown } = endpoint;
    expect(listed).toMatchObject({ status: 200, body: { data: [shown] } });
    expect(one).toMatchObject({ status: 200, body: { data: shown } });
  });

  it('keeps the secret sealed: it is nowhere in the table and nowhere in the logs', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();

    let endpoint!: RegisteredEndpoint;
    const logs = await captureLogs(async () => {
      endpoint = await registerEndpoint(merchant, { url: target.url });
    });
    const { Items = [] } = await dbOf(api.table.rt).send(new ScanCommand({ TableName: api.table.tableName, ConsistentRead: true }));

    const secretBody = endpoint.secret.slice('whsec_'.length);
    expect(JSON.stringify(Items)).not.toContain(secretBody);
    expect(logs.raw).not.toContain(secretBody);
  });

  it(`takes at most ${MAX_ENDPOINTS_PER_STORE} endpoints a store; deleting one makes room`, async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const made = [];
    for (let i = 0; i < MAX_ENDPOINTS_PER_STORE; i++) made.push(await registerEndpoint(merchant, { url: target.url }));

    const refused = await merchant.post('/v1/webhook-endpoints', { url: target.url });
    const deleted = await api.server.request(`/v1/webhook-endpoints/${made[0]!.id}`, { method: 'DELETE', headers: { 'X-Api-Key': merchant.apiKey } });
    const again = await merchant.post('/v1/webhook-endpoints', { url: target.url });

    expect(refused).toMatchObject({ status: 409, body: { code: 'endpoint_limit_reached' } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ data: { id: made[0]!.id, deleted: true } });
    expect(again.status).toBe(201);
    expect(await merchant.get(`/v1/webhook-endpoints/${made[0]!.id}`)).toMatchObject({ status: 404, body: { code: 'webhook_endpoint_not_found' } });
  });

  it('makes no more than the limit of endpoints when many registrations race: the rest are endpoint_limit_reached', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();

    const replies = await Promise.all(Array.from({ length: 12 }, () => merchant.post('/v1/webhook-endpoints', { url: target.url })));

    expect(replies.filter((r) => r.status === 201)).toHaveLength(MAX_ENDPOINTS_PER_STORE);
    expect(replies.filter((r) => r.status !== 201).map((r) => (r.body as { code: string }).code)).toEqual(
      Array.from({ length: 12 - MAX_ENDPOINTS_PER_STORE }, () => 'endpoint_limit_reached'),
    );
    expect(((await merchant.get('/v1/webhook-endpoints')).body as { data: unknown[] }).data).toHaveLength(MAX_ENDPOINTS_PER_STORE);
  });

  it('answers another store’s endpoints as not found, on every endpoint route', async () => {
    const owner = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const { id } = await registerEndpoint(owner, { url: target.url });

    const replies = [
      await other.get(`/v1/webhook-endpoints/${id}`),
      await other.get(`/v1/webhook-endpoints/${id}/deliveries`),
      await other.post(`/v1/webhook-endpoints/${id}/rotate-secret`),
      { status: (await api.server.request(`/v1/webhook-endpoints/${id}`, { method: 'DELETE', headers: { 'X-Api-Key': other.apiKey } })).status },
    ];

    expect(replies.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(await owner.get(`/v1/webhook-endpoints/${id}`)).toMatchObject({ status: 200 });
  });

  it.each([
    ['a scheme other than https', 'http://hooks.example.com/x'],
    ['credentials in the URL', 'https://user:pw@hooks.example.com/x'],
    ['a loopback address', 'https://127.0.0.1/x'],
    ['an IPv6 loopback address', 'https://[::1]/x'],
    ['a private address', 'https://10.1.2.3/x'],
    ['the instance metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv6 private address', 'https://[fd00:ec2::254]/x'],
    ['localhost without the developers’ form', 'https://localhost/x'],
    ['a loopback receiver without a port', 'http://127.0.0.1/x'],
    ['a private receiver over http', 'http://10.0.0.1:8080/x'],
    ['a URL over 2,048 characters', `https://hooks.example.com/${'a'.repeat(2048)}`],
    ['not a URL', 'hooks'],
  ])('refuses %s with a validation error naming url, and makes nothing', async (_case, url) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const reply = await merchant.post('/v1/webhook-endpoints', { url });

    expect(reply).toMatchObject({ status: 400, body: { code: 'validation_error', details: { fieldErrors: { url: [expect.any(String)] } } } });
    expect(((await merchant.get('/v1/webhook-endpoints')).body as { data: unknown[] }).data).toEqual([]);
  });

  it('refuses unknown event types and unknown fields', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);

    expect(await merchant.post('/v1/webhook-endpoints', { url: 'https://hooks.example.com/', eventTypes: ['job.lost'] })).toMatchObject({
      status: 400,
      body: { details: { fieldErrors: { eventTypes: [expect.stringContaining('Invalid option')] } } },
    });
    expect(await merchant.post('/v1/webhook-endpoints', { url: 'https://hooks.example.com/', secret: 'mine' })).toMatchObject({ status: 400 });
  });
});

describe('deliveries', () => {
  it('delivers a live job’s every event, moved through the fleet API, each verified by standardwebhooks', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const target = await receiver();
    const { secret } = await registerEndpoint(merchant, { url: target.url });
    const { id } = await merchant.bookJob();

    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivered', rider);
    await deliverAt();

    const events = verified(target, secret);
    expect(events.map((e) => e.type).sort()).toEqual([...DELIVERED_JOB_EVENTS].sort());
    expect(events.map((e) => e.jobId)).toEqual(events.map(() => id));
    expect(target.received.map((r) => r.headers['webhook-id'])).toEqual(events.map((e) => e.id));
    // The feed holds the same events: a receiver may trust either.
    const feed = ((await merchant.get(`/v1/events?jobId=${id}`)).body as { data: Array<{ id: string }> }).data;
    expect(feed.map((e) => e.id).sort()).toEqual(events.map((e) => e.id as string).sort());
  });

  it('delivers a sandbox job’s full ordered set of events, from the simulator’s moves, each verified by standardwebhooks', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const target = await receiver();
    const { secret } = await registerEndpoint(merchant, { url: target.url });
    const job = await merchant.bookJob();

    // The simulator's minute, ticked every 2 s of its clock; then the relay and the sender.
    for (let ms = 0; ms <= 62_000; ms += 2_000) await simulateTick(api.table.rt, new Date(Date.parse(job.createdAt as string) + ms));
    await deliverAt();

    const events = verified(target, secret).sort((a, b) => (a.sequence as number) - (b.sequence as number));
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.type !== 'job.location_updated').map((e) => e.type)).toEqual(DELIVERED_JOB_EVENTS);
    expect(events.some((e) => e.type === 'job.location_updated')).toBe(true);
    expect(events.every((e) => e.livemode === false && e.jobId === job.id)).toBe(true);
  });

  it('sends only the types an endpoint takes', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const all = await receiver();
    const cancels = await receiver();
    await registerEndpoint(merchant, { url: all.url });
    await registerEndpoint(merchant, { url: cancels.url, eventTypes: ['job.cancelled'] });
    const { id } = await merchant.bookJob();
    await merchant.post(`/v1/jobs/${id}/cancel`);

    await deliverAt();

    expect(
      all
        .events()
        .map((e) => e.type)
        .sort(),
    ).toEqual(['job.cancelled', 'job.created', 'job.settlement_changed']);
    expect(cancels.events().map((e) => e.type)).toEqual(['job.cancelled']);
  });

  it('retries a delivery the receiver answered 500, with the same webhook-id, and logs both attempts', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver((n) => ({ status: n === 0 ? 500 : 200 }));
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });
    await merchant.bookJob();
    const first = new Date();

    await deliverAt(first);
    await deliverTick(api.table.rt, new Date(first.getTime() + RETRY_DELAYS_MS[0] - 1_000)); // not due yet
    const retried = new Date(first.getTime() + RETRY_DELAYS_MS[0]);
    await deliverTick(api.table.rt, retried);
    const log = await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`);

    expect(target.received).toHaveLength(2);
    expect(target.received[0]!.headers['webhook-id']).toBe(target.received[1]!.headers['webhook-id']);
    expect(verified(target, endpoint.secret)).toHaveLength(2);
    const eventId = target.received[0]!.headers['webhook-id'];
    expect(log).toMatchObject({
      status: 200,
      body: {
        data: [
          { eventId, attempt: 2, outcome: 'succeeded', responseStatus: 200, error: null, attemptedAt: retried.toISOString(), nextAttemptAt: null },
          {
            eventId,
            attempt: 1,
            outcome: 'failed',
            responseStatus: 500,
            error: 'Answered 500',
            attemptedAt: first.toISOString(),
            nextAttemptAt: new Date(first.getTime() + RETRY_DELAYS_MS[0]).toISOString(),
          },
        ],
        hasMore: false,
      },
    });
  });

  it('counts a receiver that takes more than 10 s as failed, and tries again later', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver(() => ({ status: 200, delayMs: 11_000 }));
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });
    await merchant.bookJob();

    await deliverAt();
    const log = (await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body as { data: Array<Record<string, unknown>> };

    expect(log.data).toEqual([
      expect.objectContaining({ attempt: 1, outcome: 'failed', responseStatus: null, error: 'No answer within 10 s', nextAttemptAt: expect.any(String) }),
    ]);
    expect(log.data[0]!.durationMs as number).toBeGreaterThanOrEqual(10_000);
  }, 30_000);

  it('follows no redirect: a 3xx is a failed attempt, and the place it points to gets nothing', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const elsewhere = await receiver();
    const redirecting = await startRedirect(elsewhere.url);
    const endpoint = await registerEndpoint(merchant, { url: redirecting.url, eventTypes: ['job.created'] });
    await merchant.bookJob();

    await deliverAt();
    const log = (await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body as { data: Array<Record<string, unknown>> };

    expect(log.data).toEqual([expect.objectContaining({ outcome: 'failed', responseStatus: 307, error: 'Answered 307' })]);
    expect(elsewhere.received).toEqual([]);
    await redirecting.close();
  });

  it('gives up after the last retry: eight attempts, then the delivery is failed', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver(() => ({ status: 503 }));
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });
    await merchant.bookJob();
    let at = new Date();
    await deliverAt(at);
    for (const delay of RETRY_DELAYS_MS) {
      at = new Date(at.getTime() + delay);
      await deliverTick(api.table.rt, at);
    }
    await deliverTick(api.table.rt, new Date(at.getTime() + 86_400_000));

    const log = (await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=100`)).body as { data: Array<Record<string, unknown>> };

    expect(target.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(log.data.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(log.data[0]).toMatchObject({ outcome: 'failed', nextAttemptAt: null });
  });

  it('signs with the old and the new secret for 24 h after a rotation, then with the new one only', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });

    const rotated = await merchant.post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`);
    const newSecret = (rotated.body as { data: { secret: string } }).data.secret;
    await merchant.bookJob();
    const now = new Date();
    await deliverAt(now);
    await merchant.bookJob();
    await deliverAt(new Date(now.getTime() + SECRET_OVERLAP_MS + 1_000));

    expect(rotated).toMatchObject({ status: 200, body: { data: { secret: expect.stringMatching(/^whsec_/) } } });
    expect(newSecret).not.toBe(endpoint.secret);
    const [during, after] = target.received;
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(newSecret).verify(during!.body, during!.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(during!.body, during!.headers as Record<string, string>)).not.toThrow();
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(newSecret).verify(after!.body, after!.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(after!.body, after!.headers as Record<string, string>)).toThrow();
  });

  it('keeps the current secret and one previous, however often it is rotated: a delivery carries two signatures', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });

    const secrets = [endpoint.secret];
    for (let i = 0; i < 6; i++) {
      const rotated = await merchant.post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      secrets.push((rotated.body as { data: { secret: string } }).data.secret);
    }
    await merchant.bookJob();
    await deliverAt();

    const stored = await api.table.rt.webhooks.get(merchant.storeId, endpoint.id);
    expect(stored!.secrets).toHaveLength(2);
    const [delivery] = target.received;
    expect(String(delivery!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const verifies = secrets.map((secret) => {
      try {
        new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>);
        return true;
      } catch {
        return false;
      }
    });
    expect(verifies).toEqual([false, false, false, false, false, true, true]);
  });

  it('redelivers an event by hand, to one endpoint or to every one that takes it (but one sent to within the minute), once', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const first = await receiver();
    const second = await receiver();
    const one = await registerEndpoint(merchant, { url: first.url, eventTypes: ['job.created'] });
    const two = await registerEndpoint(merchant, { url: second.url, eventTypes: ['job.created'] });
    await merchant.bookJob();
    await deliverAt();
    const eventId = first.received[0]!.headers['webhook-id'] as string;

    const toOne = await merchant.post(`/v1/events/${eventId}/redeliver`, { endpointId: one.id });
    await deliverTick(api.table.rt);
    // Within the minute after, the endpoint that got it by hand is left out of a redelivery to every one.
    const toAll = await merchant.post(`/v1/events/${eventId}/redeliver`);
    await deliverTick(api.table.rt);

    expect(toOne).toMatchObject({ status: 202, body: { data: { eventId, endpointIds: [one.id] } } });
    expect(toAll).toMatchObject({ status: 202, body: { data: { eventId, endpointIds: [two.id] } } });
    expect(first.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(second.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
  });

  it('answers 409 no_subscribed_endpoint to a redelivery of an event no enabled endpoint takes, and queues nothing', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.delivered'] });
    await merchant.bookJob();
    await relayTick(api.table.rt);
    const [event] = ((await merchant.get('/v1/events')).body as { data: Array<{ id: string; type: string }> }).data;

    const reply = await merchant.post(`/v1/events/${event!.id}/redeliver`);
    await deliverTick(api.table.rt);

    expect(reply).toMatchObject({
      status: 409,
      body: {
        code: 'no_subscribed_endpoint',
        error: `No enabled webhook endpoint of this store takes ${event!.type} events; name one with endpointId, or subscribe one to the type`,
      },
    });
    expect(target.received).toEqual([]);
  });

  it('sends an event to an endpoint by hand once a minute at most: a sooner redelivery is 429 redelivery_limited with Retry-After', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const other = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });
    await merchant.bookJob();
    await deliverAt();
    const eventId = target.received[0]!.headers['webhook-id'] as string;

    const first = await merchant.post(`/v1/events/${eventId}/redeliver`, { endpointId: endpoint.id });
    const again = await Promise.all([1, 2, 3].map(() => merchant.post(`/v1/events/${eventId}/redeliver`, { endpointId: endpoint.id })));
    const toAll = await merchant.post(`/v1/events/${eventId}/redeliver`);
    const second = await registerEndpoint(merchant, { url: other.url, eventTypes: ['job.created'] });
    const toTheNewOne = await merchant.post(`/v1/events/${eventId}/redeliver`, { endpointId: second.id });
    await deliverTick(api.table.rt);

    expect(first.status).toBe(202);
    for (const reply of [...again, toAll]) {
      expect(reply).toMatchObject({
        status: 429,
        body: {
          code: 'redelivery_limited',
          error: expect.stringMatching(new RegExp(`^Event ${eventId} was sent to endpoint ${endpoint.id} by hand less than 60 s ago; retry in [1-6]?[0-9] s$`)),
        },
      });
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(toTheNewOne.status).toBe(202);
    expect(target.received.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(other.received.map((r) => r.headers['webhook-id'])).toEqual([eventId]);
  });

  it('answers a redelivery of another store’s event, or to another store’s endpoint, as not found', async () => {
    const owner = await newMerchant(api.table.rt, api.server);
    const other = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const theirs = await registerEndpoint(other, { url: target.url });
    await owner.bookJob();
    await relayTick(api.table.rt);
    const [event] = ((await owner.get('/v1/events')).body as { data: Array<{ id: string }> }).data;

    expect(await other.post(`/v1/events/${event!.id}/redeliver`)).toMatchObject({ status: 404, body: { code: 'event_not_found' } });
    expect(await owner.post(`/v1/events/${event!.id}/redeliver`, { endpointId: theirs.id })).toMatchObject({
      status: 404,
      body: { code: 'webhook_endpoint_not_found' },
    });
  });

  it('disables an endpoint whose every delivery has failed for 3 days, and records webhook_endpoint.disabled in the feed', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const failing = await receiver(() => ({ status: 500 }));
    const watching = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: failing.url, eventTypes: ['job.created'] });
    const watcher = await registerEndpoint(merchant, { url: watching.url, eventTypes: ['webhook_endpoint.disabled'] });
    await merchant.bookJob();
    const start = new Date();
    await deliverAt(start);

    await deliverTick(api.table.rt, new Date(start.getTime() + DISABLE_AFTER_MS - 60_000)); // not yet 3 days
    const before = await merchant.get(`/v1/webhook-endpoints/${endpoint.id}`);
    // The retry after that one (5 min later) fails 3 days after the first failure.
    await deliverTick(api.table.rt, new Date(start.getTime() + DISABLE_AFTER_MS + RETRY_DELAYS_MS[1]));
    await deliverAt();

    expect(before).toMatchObject({ body: { data: { status: 'enabled' } } });
    expect(await merchant.get(`/v1/webhook-endpoints/${endpoint.id}`)).toMatchObject({ body: { data: { status: 'disabled' } } });
    const feed = ((await merchant.get('/v1/events?type=webhook_endpoint.disabled')).body as { data: Array<Record<string, unknown>> }).data;
    expect(feed).toEqual([
      expect.objectContaining({
        type: 'webhook_endpoint.disabled',
        jobId: null,
        sequence: null,
        data: { endpoint: expect.objectContaining({ id: endpoint.id, status: 'disabled' }) },
      }),
    ]);
    expect(verified(watching, watcher.secret).map((e) => e.type)).toEqual(['webhook_endpoint.disabled']);
    // A disabled endpoint gets nothing more, until a delivery by hand gets through.
    const received = failing.received.length;
    await merchant.bookJob();
    await deliverAt();
    expect(failing.received).toHaveLength(received);
  });
});

describe('the delivery log, page by page', () => {
  it('walks every attempt with the cursor, saying there is more until the last page', async () => {
    // Prepare: three attempts in the endpoint's log (three bookings' job.created)
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const endpoint = await registerEndpoint(merchant, { url: target.url, eventTypes: ['job.created'] });
    for (let i = 0; i < 3; i++) await merchant.bookJob();
    await deliverAt();

    // Act: one attempt a page
    const pages: Array<{ data: Array<{ eventId: string }>; nextCursor: string | null; hasMore: boolean }> = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&after=${cursor}`;
      const page = (await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=1${query}`)).body as (typeof pages)[number];
      pages.push(page);
      cursor = page.hasMore ? page.nextCursor : null;
    } while (cursor !== null && pages.length < 10);

    // Assess
    expect(pages.map((page) => [page.data.length, page.hasMore])).toEqual([
      [1, true],
      [1, true],
      [1, false],
    ]);
    expect(new Set(pages.map((page) => page.data[0]!.eventId)).size).toBe(3);
  });
});

describe('the webhook worklist of before the sharding (one partition)', () => {
  it('still sends what it holds, once, and keeps nothing of it', async () => {
    // Prepare: a booking's delivery, moved to the unsharded worklist as an upgrade would find it
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const { secret } = await registerEndpoint(merchant, { url: target.url });
    await merchant.bookJob();
    await relayTick(api.table.rt);
    const db = dbOf(api.table.rt);
    const table = api.table.tableName;
    // The store's deliveries waiting on any worklist
    const deliveries = async () =>
      (
        await db.send(
          new ScanCommand({
            TableName: table,
            FilterExpression: '#type = :type AND storeId = :store',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':type': 'webhook-delivery', ':store': merchant.storeId },
            ConsistentRead: true,
          }),
        )
      ).Items ?? [];
    const queued = await deliveries();
    for (const item of queued) {
      await db.send(new DeleteCommand({ TableName: table, Key: { PK: item.PK, SK: item.SK } }));
      await db.send(new PutCommand({ TableName: table, Item: { ...item, PK: 'WORK#webhook' } }));
    }

    // Act
    await deliverTick(api.table.rt);
    await deliverTick(api.table.rt);

    // Assess
    expect(queued).toHaveLength(1);
    expect(verified(target, secret).map((event) => event.type)).toEqual(['job.created']);
    expect(await deliveries()).toEqual([]);
  });
});

describe('where a webhook may go (checked again at each send)', () => {
  useHandlerLogs();

  it.each([
    ['a host name that resolves to 127.0.0.1', [{ address: '127.0.0.1', family: 4 }]],
    ['a host name that resolves to ::1', [{ address: '::1', family: 6 }]],
    ['a host name that resolves to a private address', [{ address: '10.0.0.7', family: 4 }]],
    ['a host name that resolves to the instance metadata address', [{ address: '169.254.169.254', family: 4 }]],
    [
      'a host name with a public and a private address',
      [
        { address: '93.184.215.14', family: 4 },
        { address: '192.168.1.10', family: 4 },
      ],
    ],
    ['a host name that resolves to an IPv6 link-local address', [{ address: 'fe80::1', family: 6 }]],
  ])('sends nothing to %s, and logs why', async (_case, addresses) => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const port = new URL(target.url).port;
    const endpoint = await registerEndpoint(merchant, { url: `https://hooks.example.com:${port}/hooks`, eventTypes: ['job.created'] });
    await merchant.bookJob();

    await relayTick(api.table.rt);
    await deliverTick(api.table.rt, new Date(), { resolve: async () => addresses });
    const log = (await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body as { data: Array<Record<string, unknown>> };

    expect(target.received).toEqual([]);
    expect(log.data).toEqual([
      expect.objectContaining({ outcome: 'failed', responseStatus: null, error: 'Refused: the host does not resolve to a public address' }),
    ]);
  });

  it.each([
    ['http://example.com/hooks', 'Must use https'],
    ['https://127.0.0.2:8080/hooks', 'Refused: a loopback address'],
  ])('refuses %s at registration, naming the local exception under npm start', async (url, words) => {
    const merchant = await newMerchant(api.table.rt, api.server);

    const reply = await merchant.post('/v1/webhook-endpoints', { url });

    expect(reply).toMatchObject({
      status: 400,
      body: {
        code: 'validation_error',
        details: {
          fieldErrors: {
            url: [`${words} (under npm start, http://127.0.0.1:<port>, http://localhost:<port> and http://[::1]:<port> are allowed too)`],
          },
        },
      },
    });
  });

  it('takes http://[::1]:<port> under npm start as it takes http://127.0.0.1:<port>, and delivers there', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const ipv6 = await startReceiverOn('::1');
    const endpoint = await registerEndpoint(merchant, { url: `http://[::1]:${ipv6.port}/hooks`, eventTypes: ['job.created'] });
    await merchant.bookJob();

    await deliverAt();

    expect(endpoint.url).toBe(`http://[::1]:${ipv6.port}/hooks`);
    expect(ipv6.received).toHaveLength(1);
  });
});

/** A receiver on another loopback address than the helpers' (answers 200). */
async function startReceiverOn(host: string): Promise<{ port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, received };
}
