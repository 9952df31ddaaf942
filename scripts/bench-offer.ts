/**
 * `npm run bench:offer`: booked → offered one booking at a time under the local engine, as `npm start`
 * runs it. Books BENCH_JOBS live jobs (20 by default) one after another, each once the one before is
 * offered, and takes from each job's own history the time from `created` to `queued` (dispatch's
 * offer). Prints the median and the max; nothing is asserted (timings are noisy on shared machines).
 */
import { randomUUID } from 'node:crypto';
import { benchMerchant } from './bench-client.ts';
import { quantile, startBenchService } from './bench/service.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 20);

const service = await startBenchService({ WEBHOOK_SECRETS_KEY: randomUUID() + randomUUID() });
const { rt, url } = service;
const { startEngine } = await import('../bin/local/engine.ts');
const errors: unknown[] = [];
const engine = startEngine(rt, { onError: (error) => errors.push(error) });
await engine.ready;

const store = await rt.stores.create({ name: 'Bench store', sandbox: false, creditMinor: 1_000_000_000 });
await rt.stores.setRateLimits(store.storeId, { quotes: 1_000_000, bookings: 1_000_000, cancellations: 1_000_000, reads: 1_000_000, webhooks: 1_000_000 });
const { book } = benchMerchant(url, store.apiKey);

const latencies: number[] = [];
for (let i = 0; i < JOBS; i++) {
  const jobId = await book(`OFFER-${i}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await rt.jobs.get(store.storeId, jobId);
    const created = job?.events.find((event) => event.status === 'created');
    const queued = job?.events.find((event) => event.status === 'queued');
    if (created && queued) {
      latencies.push(Date.parse(queued.createdAt) - Date.parse(created.createdAt));
      break;
    }
    if (Date.now() > deadline) throw new Error(`Job ${jobId} was not offered within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A pause between bookings, so each meets an engine at rest (one at a time, as the goal says).
  await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 500));
}
await engine.stop();
await service.stop();

console.log(`booked → offered under the local engine, one booking at a time (${JOBS} jobs; from each job's history, created → queued):`);
console.log(
  `  median ${Math.round(quantile(latencies, 0.5))} ms, p95 ${Math.round(quantile(latencies, 0.95))} ms, max ${Math.round(Math.max(...latencies))} ms`,
);
if (errors.length > 0) console.error('Engine errors:', errors);
process.exit(errors.length === 0 ? 0 : 1);
