import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { deliveryPut, storeMark } from '../../functions/data/webhook-delivery.ts';
import { deliverPass } from '../../functions/webhooks/deliver.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, startReceiver, type Answer, type Receiver } from '../helpers/receiver.ts';
import { useLocalApi } from '../helpers/server.ts';
import { dbOf } from '../helpers/table.ts';

allowLoopbackReceivers();

const api = useLocalApi();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

// An attempt's limit for these passes: short, so the attacks cost little real time (10 s on AWS).
const LIMIT_MS = 1_000;

async function receiver(answer?: Answer): Promise<Receiver> {
  const started = await startReceiver(answer);
  closers.push(() => started.close());
  return started;
}

/** A receiver that takes every request and never answers. */
async function silentReceiver(): Promise<string> {
  const server: Server = createServer(() => undefined);
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

async function register(merchant: TestMerchant, url: string): Promise<string> {
  const reply = await merchant.post('/v1/webhook-endpoints', { url, eventTypes: ['job.created'] });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return (reply.body as { data: { id: string } }).data.id;
}

/**
 * The engine as npm start runs the sender: a wake starts a run unless 4 run already (then one more
 * run follows); a run makes passes while one says more.
 */
function engine() {
  let running = 0;
  let again = false;
  const runs: Array<Promise<void>> = [];
  let stopped = false;
  const run = async () => {
    try {
      while (!stopped && (await deliverPass(api.table.rt, { timeoutMs: LIMIT_MS })).more);
    } finally {
      running -= 1;
      if (again && !stopped) {
        again = false;
        wake();
      }
    }
  };
  const wake = () => {
    if (running >= 4) return void (again = true);
    running += 1;
    runs.push(run());
  };
  return {
    wake,
    stop: async () => {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

/** A store's backlog of `count` deliveries of one event to its endpoints, due since a minute, as attacks build them. */
async function backlog(merchant: TestMerchant, endpointIds: string[], count: number, manual: boolean): Promise<void> {
  await merchant.bookJob();
  await relayTick(api.table.rt);
  const [event] = ((await merchant.get('/v1/events')).body as { data: Array<{ id: string }> }).data;
  const since = Date.now() - 60_000;
  for (let batch = 0; batch * 99 < count; batch++) {
    const items = Array.from({ length: Math.min(99, count - batch * 99) }, (_, i) =>
      deliveryPut(api.table.tableName, {
        storeId: merchant.storeId,
        endpointId: endpointIds[(batch * 99 + i) % endpointIds.length]!,
        eventId: event!.id,
        attempt: 1,
        dueAt: new Date(since + batch * 99 + i).toISOString(),
        manual,
      }),
    );
    await dbOf(api.table.rt).send(new TransactWriteCommand({ TransactItems: [...items, storeMark(api.table.tableName, merchant.storeId)] }));
  }
}

/** Another store books a job every 200 ms for `count` bookings, each placed and rung; the lag of each from placement to its receiver. */
async function punctualLags(engineWake: () => void, count: number): Promise<number[]> {
  const punctual = await newMerchant(api.table.rt, api.server, { creditMinor: 10_000_000 });
  const target = await receiver();
  await register(punctual, target.url);
  const placedAt: number[] = [];
  for (let i = 0; i < count; i++) {
    await punctual.bookJob();
    await relayTick(api.table.rt);
    placedAt.push(Date.now());
    engineWake();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (let i = 0; i < 100 && target.received.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(target.received).toHaveLength(count);
  // Arrivals in booking order (each is job.created of the next booking): the lag of each.
  return target.received.map((received, i) => received.receivedAt - placedAt[i]!);
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

describe('the webhook sender’s pass', () => {
  it('makes 10 table calls when nothing is due, and says so', async () => {
    const tally = newDynamoTally();

    const result = await dynamoCallScope.run(tally, () => deliverPass(api.table.rt));

    expect(result).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: false, nextDueAt: null });
    // The index of stores (1) and the list of before, until it is empty (8 shards and the unsharded one).
    expect(tally.calls).toBe(10);
  });

  it('starts no attempt that could not end before its deadline, says more, and names when the next retry is due', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver(() => ({ status: 500 }));
    await register(merchant, target.url);
    await merchant.bookJob();
    await relayTick(api.table.rt);
    const now = new Date();

    const late = await deliverPass(api.table.rt, { now, deadline: Date.now() + 500 });
    const sent = await deliverPass(api.table.rt, { now, deadline: Date.now() + 60_000 });
    const idle = await deliverPass(api.table.rt, { now });

    expect(late).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: true, nextDueAt: null });
    expect(sent).toEqual({ report: { moved: 1, finished: 0, failed: 0 }, more: false, nextDueAt: null });
    // The retry, 5 s after the failed first attempt: the next pass names it.
    expect(idle).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: false, nextDueAt: new Date(now.getTime() + 5_000) });
    expect(target.received).toHaveLength(1);
  });
});

describe('fair webhook sending under attack (attempts limited to 1 s)', () => {
  it('keeps another store’s first attempts within 2 s (p95), none lost, while a store’s 1,500 deliveries go to endpoints that answer 500 just inside the limit', async () => {
    const attacker = await newMerchant(api.table.rt, api.server);
    const slow = await receiver(() => ({ status: 500, delayMs: LIMIT_MS - 100 }));
    const endpointIds: string[] = [];
    for (let i = 0; i < 5; i++) endpointIds.push(await register(attacker, slow.url));
    await backlog(attacker, endpointIds, 1_500, false);
    const sender = engine();
    sender.wake();

    const lags = await punctualLags(sender.wake, 20).finally(sender.stop);

    console.log(`slow 500s: the other store's lag p95 ${p95(lags)} ms, max ${Math.max(...lags)} ms; the attacker's attempts ${slow.received.length}`);
    expect(p95(lags)).toBeLessThanOrEqual(2_000);
    // The attacker's deliveries went on meanwhile, its cap at a time.
    expect(slow.received.length).toBeGreaterThan(4);
  }, 120_000);

  it('keeps another store’s first attempts within 2 s (p95), none lost, while a store’s 1,500 deliveries by hand go to endpoints that never answer', async () => {
    const attacker = await newMerchant(api.table.rt, api.server);
    const endpointIds: string[] = [];
    for (let i = 0; i < 5; i++) endpointIds.push(await register(attacker, await silentReceiver()));
    await backlog(attacker, endpointIds, 1_500, true);
    const sender = engine();
    sender.wake();

    const lags = await punctualLags(sender.wake, 20).finally(sender.stop);

    console.log(`silent endpoints fed by hand: the other store's lag p95 ${p95(lags)} ms, max ${Math.max(...lags)} ms`);
    expect(p95(lags)).toBeLessThanOrEqual(2_000);
  }, 120_000);
});
