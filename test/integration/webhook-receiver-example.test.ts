import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { deliverTick } from '../../functions/webhooks/deliver.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers } from '../helpers/receiver.ts';

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
  it('verifies and prints a sandbox job’s job.delivered, ignores a repeat, and refuses a forged delivery', async () => {
    const merchant = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const port = await freePort();
    const registered = await merchant.post('/v1/webhook-endpoints', { url: `http://127.0.0.1:${port}/hooks`, eventTypes: ['job.delivered'] });
    const { secret, id: endpointId } = (registered.body as { data: { secret: string; id: string } }).data;
    const receiver = await startExample(secret, port);
    const job = await merchant.bookJob();

    // The simulator's minute, ticked every 2 s of its clock; then the relay and the sender.
    for (let ms = 0; ms <= 62_000; ms += 2_000) await simulateTick(api.table.rt, new Date(Date.parse(job.createdAt as string) + ms));
    await relayTick(api.table.rt);
    await deliverTick(api.table.rt);
    await waitFor(() => receiver.output().includes('✔'));
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
    expect(receiver.output()).toContain(`(again: ${event!.id})`);
    expect(forged.status).toBe(400);
    await waitFor(() => receiver.output().includes('✖'));
    expect(receiver.output()).toMatch(/✖ Refused a delivery that did not verify/);
  }, 30_000);
});
