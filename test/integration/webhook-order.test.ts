import { afterEach, describe, expect, it } from 'vitest';
import { deliverPass, deliverTick } from '../../functions/webhooks/deliver.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { DELIVERED_JOB_EVENTS } from '../helpers/fixtures.ts';
import { driveJobByFleetApi, newFleetMember } from '../helpers/fleet.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, startReceiver, type Receiver } from '../helpers/receiver.ts';
import { useLocalApi } from '../helpers/server.ts';

allowLoopbackReceivers();

const api = useLocalApi();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

/** A receiver that answers 200 after 0–40 ms at random: concurrent sends would arrive in any order. */
async function jitteryReceiver(): Promise<Receiver> {
  const receiver = await startReceiver(() => ({ status: 200, delayMs: Math.floor(Math.random() * 40) }));
  receivers.push(receiver);
  return receiver;
}

/** Per job, the sequences in the order they first arrived (a webhook-id seen again is a retry, left out). */
function arrivalsByJob(receiver: Receiver): Map<string, number[]> {
  const seen = new Set<string>();
  const byJob = new Map<string, number[]>();
  for (const { headers, body } of receiver.received) {
    const id = headers['webhook-id'] as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const event = JSON.parse(body) as { jobId: string | null; sequence: number | null };
    if (event.jobId === null) continue;
    byJob.set(event.jobId, [...(byJob.get(event.jobId) ?? []), event.sequence!]);
  }
  return byJob;
}

/** Runs sender passes, as the engine's overlapping runs do, until nothing is left due. */
async function sendersUntilDone(senders: number): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const results = await Promise.all(Array.from({ length: senders }, () => deliverPass(api.table.rt)));
    if (results.every((result) => !result.more) && results.every((result) => result.report.moved === 0)) return;
  }
}

describe('a job’s events reach each endpoint in sequence order at their first attempt', () => {
  it('keeps each job’s order at two endpoints while a sandbox run and fleet moves go on, with three senders at once', async () => {
    // Prepare: a sandbox store and a live store, each with two receivers that answer after a random delay
    const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const live = await newMerchant(api.table.rt, api.server);
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const targets = { sandbox: [await jitteryReceiver(), await jitteryReceiver()], live: [await jitteryReceiver(), await jitteryReceiver()] };
    for (const target of targets.sandbox) expect((await sandbox.post('/v1/webhook-endpoints', { url: target.url })).status).toBe(201);
    for (const target of targets.live) expect((await live.post('/v1/webhook-endpoints', { url: target.url })).status).toBe(201);
    const simulated = [await sandbox.bookJob(), await sandbox.bookJob()];
    const driven = [await live.bookJob(), await live.bookJob()];

    // Act: the moves go on while the relay places their events and three senders run at once, again and again
    const running: Array<Promise<unknown>> = [];
    const relayAndSend = async () => {
      await relayTick(api.table.rt);
      running.push(...Array.from({ length: 3 }, () => deliverTick(api.table.rt)));
    };
    const fleet = (async () => {
      for (const job of driven) {
        await driveJobByFleetApi(api.table.rt, live.storeId, job.id as string, 'delivered', rider);
        await relayAndSend();
      }
    })();
    const start = Date.parse(simulated[0]!.createdAt as string);
    for (let ms = 0; ms <= 62_000; ms += 2_000) {
      await simulateTick(api.table.rt, new Date(start + ms));
      if (ms % 6_000 === 0) await relayAndSend();
    }
    await fleet;
    await Promise.all(running);
    await relayTick(api.table.rt);
    await sendersUntilDone(3);

    // Assess: every event of each job reached each of its store's endpoints, first attempts in sequence order
    for (const [merchant, jobs, store] of [
      [sandbox, simulated, 'sandbox'],
      [live, driven, 'live'],
    ] as const) {
      for (const job of jobs) {
        const feed = ((await merchant.get(`/v1/events?jobId=${job.id as string}&limit=100`)).body as { data: Array<{ sequence: number }> }).data;
        const all = feed.map((event) => event.sequence).sort((a, b) => a - b);
        expect(all.length).toBeGreaterThanOrEqual(DELIVERED_JOB_EVENTS.length);
        for (const target of targets[store]) expect(arrivalsByJob(target).get(job.id as string)).toEqual(all);
      }
    }
  }, 120_000);
});
