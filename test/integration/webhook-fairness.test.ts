import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { deliveryPut } from '../../functions/data/webhook-delivery.ts';
import { IN_FLIGHT_PER_ENDPOINT, IN_FLIGHT_PER_STORE, deliverTick } from '../../functions/webhooks/deliver.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, startReceiver, type Receiver } from '../helpers/receiver.ts';
import { dbOf } from '../helpers/table.ts';
import { useLocalApi } from '../helpers/server.ts';

allowLoopbackReceivers();

const api = useLocalApi();
const servers: Server[] = [];
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

// An attempt's limit for these ticks: short, so a receiver that never answers costs little real time.
const LIMIT_MS = 1_500;
const TICK_MS = 2_000;
const TICKS = 6;

/** A receiver that takes every request and never answers; counts what it was sent. */
async function silentReceiver(): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer(() => void (requests += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, requests: () => requests };
}

async function register(merchant: TestMerchant, url: string): Promise<string> {
  const reply = await merchant.post('/v1/webhook-endpoints', { url, eventTypes: ['job.created'] });
  expect(reply.status).toBe(201);
  return (reply.body as { data: { id: string } }).data.id;
}

/**
 * TICKS sender ticks, TICK_MS apart on the injected clock, as the sender's loop runs them; before each,
 * the punctual store books a job and the relay places its event. Returns, per booking, how many ticks
 * late its delivery arrived (0: in the tick it came due), and whether it arrived before the tick's first
 * unanswered attempt ended (so it waited behind none).
 */
async function run(punctual: TestMerchant, receiver: Receiver, start: Date): Promise<{ lateTicks: number[]; before: boolean[] }> {
  const lateTicks: number[] = [];
  const before: boolean[] = [];
  for (let tick = 0; tick < TICKS; tick++) {
    const now = new Date(start.getTime() + tick * TICK_MS);
    const seen = receiver.received.length;
    await punctual.bookJob();
    await relayTick(api.table.rt, now);
    const tickStarted = Date.now();
    // Both: some ticks may take none of the punctual store's (then it is counted late).
    for (let late = 0; receiver.received.length === seen && late < TICKS; late++) {
      await deliverTick(api.table.rt, new Date(now.getTime() + late * TICK_MS), { timeoutMs: LIMIT_MS });
      if (receiver.received.length === seen) continue;
      lateTicks.push(late);
      before.push(receiver.received[seen]!.receivedAt - tickStarted < LIMIT_MS);
    }
  }
  return { lateTicks, before };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

describe('fair webhook sending', () => {
  it('keeps a punctual store’s lag at its normal figure while another store’s receivers never answer', async () => {
    // Normal figure: the punctual store alone.
    const alone = await newMerchant(api.table.rt, api.server);
    const aloneReceiver = await startReceiver();
    receivers.push(aloneReceiver);
    await register(alone, aloneReceiver.url);
    const normal = await run(alone, aloneReceiver, new Date(Date.now() + 60_000));

    // A store with five endpoints that never answer and an old backlog of 150 deliveries to them.
    const hostile = await newMerchant(api.table.rt, api.server);
    const silent = await Promise.all(Array.from({ length: 5 }, silentReceiver));
    const endpointIds: string[] = [];
    for (const receiver of silent) endpointIds.push(await register(hostile, receiver.url));
    await hostile.bookJob();
    const backlogAt = new Date(Date.now() + 120_000);
    await relayTick(api.table.rt, backlogAt);
    const [event] = ((await hostile.get('/v1/events')).body as { data: Array<{ id: string }> }).data;
    const db = dbOf(api.table.rt);
    for (let batch = 0; batch < 6; batch++) {
      const items = Array.from({ length: 25 }, (_, i) =>
        deliveryPut(api.table.tableName, {
          storeId: hostile.storeId,
          endpointId: endpointIds[(batch * 25 + i) % 5]!,
          eventId: event!.id,
          attempt: 1,
          dueAt: new Date(backlogAt.getTime() - 60_000 + batch * 25 + i).toISOString(),
          manual: false,
        }),
      );
      await db.send(new TransactWriteCommand({ TransactItems: items }));
    }
    const punctual = await newMerchant(api.table.rt, api.server);
    const punctualReceiver = await startReceiver();
    receivers.push(punctualReceiver);
    await register(punctual, punctualReceiver.url);

    const contested = await run(punctual, punctualReceiver, new Date(backlogAt.getTime() + 1));

    expect(normal.lateTicks).toEqual(Array<number>(TICKS).fill(0));
    expect(p95(contested.lateTicks)).toBe(p95(normal.lateTicks));
    expect(contested.lateTicks).toEqual(Array<number>(TICKS).fill(0));
    // Inside a tick it waits behind no unanswered attempt of the other store.
    expect(contested.before).toEqual(Array<boolean>(TICKS).fill(true));
    // The silent endpoints were each tried at most IN_FLIGHT_PER_ENDPOINT times, then backed off; the
    // store never had more than IN_FLIGHT_PER_STORE in flight.
    const attempts = silent.map((receiver) => receiver.requests());
    expect(attempts.every((n) => n >= 1 && n <= IN_FLIGHT_PER_ENDPOINT)).toBe(true);
    expect(IN_FLIGHT_PER_STORE).toBeLessThan(10);
  }, 120_000);
});
