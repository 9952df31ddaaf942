/**
 * `npm run bench:webhooks`: how long a change takes to reach a webhook receiver locally, through the
 * real local server, DynamoDB Local and the local engine as `npm start` runs it (the outbox write
 * wakes the relay through the table's stream, the relay wakes the sender). For BENCH_CHANGES changes
 * (a booking, then its cancel: 3 events), it measures from the merchant's answer to each event's
 * arrival at a receiver on 127.0.0.1, and prints the median, p95 and max. Nothing is asserted
 * (timings are noisy on shared machines); every delivery is verified with `standardwebhooks`.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { benchMerchant } from './bench-client.ts';
import { quantile, startBenchService } from './bench/service.ts';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 40);
// The pause between a booking and its cancel is up to this, so changes meet the engine at any moment.
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1000);

const service = await startBenchService({ WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_SECRETS_KEY: randomUUID() + randomUUID() });
const { rt, url } = service;
const { startEngine } = await import('../bin/local/engine.ts');

const store = await rt.stores.create({ name: 'Bench store', sandbox: false, creditMinor: 1_000_000_000 });
await rt.stores.setRateLimits(store.storeId, { quotes: 1_000_000, bookings: 1_000_000, cancellations: 1_000_000, reads: 1_000_000, webhooks: 1_000_000 });

// The receiver: when each event arrived, by the job and type it is about.
const arrivals = new Map<string, number>();
// Set once the endpoint (and its secret) exists; the receiver starts first, for its URL.
const verifier: { current?: Webhook } = {};
let unverified = 0;
const receiver = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const at = performance.now();
    res.writeHead(204).end();
    try {
      const event = verifier.current!.verify(body, req.headers as Record<string, string>) as { jobId: string; type: string };
      arrivals.set(`${event.jobId} ${event.type}`, at);
    } catch {
      unverified += 1;
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const { headers: merchant, call, book } = benchMerchant(url, store.apiKey);

const endpoint = await call('/v1/webhook-endpoints', {
  method: 'POST',
  headers: merchant,
  body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks` }),
});
verifier.current = new Webhook(endpoint.body.data.secret as string);
const workers = startEngine(rt, { onError: (error) => console.error('engine failed:', error) });
await workers.ready;

// Each change's answer time, by the event it makes.
const changes = new Map<string, number>();
for (let i = 0; i < CHANGES; i++) {
  const jobId = await book(`BENCH-${i}`);
  changes.set(`${jobId} job.created`, performance.now());
  // Spread the changes in time, as real traffic is.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * SPREAD_MS));
  // A cancel that meets dispatch queueing the job is decided again on the queued job: it answers 200.
  const cancel = await call(`/v1/jobs/${jobId}/cancel`, { method: 'POST', headers: merchant });
  if (cancel.status !== 200) throw new Error(`Cancel of ${jobId} answered ${cancel.status}: ${JSON.stringify(cancel.body)}`);
  const cancelled = performance.now();
  changes.set(`${jobId} job.cancelled`, cancelled);
  changes.set(`${jobId} job.settlement_changed`, cancelled);
}

const deadline = Date.now() + 60_000;
// The receiver also gets each job's job.queued (dispatch's move): wait for the changes timed here.
while ([...changes.keys()].some((key) => !arrivals.has(key)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
const missing = [...changes.keys()].filter((key) => !arrivals.has(key));
if (missing.length > 0) console.error('Not delivered within a minute:', missing);
await workers.stop();
receiver.close();
await service.stop();

const latencies = [...changes].flatMap(([key, at]) => (arrivals.has(key) ? [arrivals.get(key)! - at] : []));
console.log(`Webhook delivery latency, change answered → receiver (the local engine; ${CHANGES} bookings and cancels):`);
console.log(`  events ${changes.size}, delivered ${latencies.length}, not verified ${unverified}`);
console.log(
  `  median ${Math.round(quantile(latencies, 0.5))} ms, p95 ${Math.round(quantile(latencies, 0.95))} ms, max ${Math.round(Math.max(...latencies))} ms`,
);
process.exit(latencies.length === changes.size && unverified === 0 ? 0 : 1);
