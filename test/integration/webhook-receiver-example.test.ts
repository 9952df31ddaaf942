import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers } from '../helpers/receiver.ts';
import { Webhook } from 'standardwebhooks';

allowLoopbackReceivers();

const api = useLocalApi();
let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts examples/webhook-receiver.ts as a merchant would; resolves once it listens. */
async function startExample(secret: string, port: number): Promise<{ output: () => string }> {
  let output = '';
  child = spawn(process.execPath, ['examples/webhook-receiver.ts'], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) } });
  await new Promise<void>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) resolve();
    };
    child!.stdout.on('data', take);
    child!.stderr.on('data', take);
    child!.on('exit', (code) => reject(new Error(`the receiver exited (${code}): ${output}`)));
  });
  return { output: () => output };
}

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('examples/webhook-receiver.ts', () => {
  it('verifies and acts on every event of a sandbox job, ignores a repeat, acts on a late older event without replacing the job, and refuses a forged delivery', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const port = await freePort();
    const registered = await merchant.post('/v1/webhook-endpoints', { url: `http://127.0.0.1:${port}/hooks` });
    const { secret, id: endpointId } = (registered.body as { data: { secret: string; id: string } }).data;
    const receiver = await startExample(secret, port);
    const job = await merchant.bookJob();

    // The simulator's minute, ticked every 2 s of its clock; then the relay and the sender.
    for (let ms = 0; ms <= 62_000; ms += 2_000) await simulateTick(api.table.rt, new Date(Date.parse(job.createdAt as string) + ms));
    await relayTick(api.table.rt);
    await deliverTick(api.table.rt);
    const feed = (
      (await merchant.get(`/v1/events?jobId=${job.id as string}&limit=100`)).body as { data: Array<{ id: string; type: string; sequence: number }> }
    ).data;
    await waitFor(() => receiver.output().split('✔').length > feed.length);
    const [event] = ((await merchant.get('/v1/events?type=job.delivered')).body as { data: Array<{ id: string; sequence: number }> }).data;
    await merchant.post(`/v1/events/${event!.id}/redeliver`, { endpointId });
    await deliverTick(api.table.rt);
    await waitFor(() => receiver.output().includes('(again'));
    const forged = await fetch(`http://127.0.0.1:${port}/hooks`, {
      method: 'POST',
      headers: { 'webhook-id': event!.id, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,Zm9yZ2Vk' },
      body: '{}',
    });

    expect(receiver.output()).toContain(`✔ job.delivered: job ${job.id} is delivered (#${event!.sequence})`);
    // Every event acted on, once, by its type
    for (const { type, sequence } of feed)
      expect(receiver.output()).toMatch(new RegExp(`✔ ${type.replace('.', '\\.')}: job ${job.id} is \\w+ \\(#${sequence}\\)`));
    expect(receiver.output().split('✔').length - 1).toBe(feed.length);
    // A job's earlier event arriving late (as a retry can), under an id not seen: acted on, the newer copy kept
    const early = feed.find((e) => e.sequence === 2)!;
    const late = JSON.stringify({ ...early, id: 'evt_late00000000000000000000', data: { job: { status: 'queued', settlement: 'reserved' } } });
    const signature = new Webhook(secret).sign('evt_late00000000000000000000', new Date(), late);
    const lateReply = await fetch(`http://127.0.0.1:${port}/hooks`, {
      method: 'POST',
      headers: { 'webhook-id': 'evt_late00000000000000000000', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': signature },
      body: late,
    });
    expect(lateReply.status).toBe(204);
    await waitFor(() => receiver.output().includes('the copy kept is newer'));
    expect(receiver.output()).toContain(`✔ ${early.type}: job ${job.id} was queued (#2; the copy kept is newer: #${feed.at(-1)!.sequence})`);
    expect(receiver.output()).toContain(`(again: ${event!.id})`);
    expect(forged.status).toBe(400);
    await waitFor(() => receiver.output().includes('✖'));
    expect(receiver.output()).toMatch(/✖ Refused a delivery that did not verify/);
  }, 30_000);
});
