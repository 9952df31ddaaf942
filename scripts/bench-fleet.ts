/**
 * `npm run bench:fleet`: how long the fleet API takes through the real local server and an in-memory
 * DynamoDB Local (both on this machine, so these are local costs, not Lambda's):
 *   1. every rider move of a live delivery, from accept to the delivery code (median and p95);
 *   2. the offers list as more jobs are on offer: oldest first (reads `limit` index entries) and
 *      nearest first (reads the whole offers index, then only the chosen jobs).
 * Prints a table; nothing is asserted (timings are noisy on shared machines; the tests count calls).
 */
import { randomUUID } from 'node:crypto';
import { freePort } from '../bin/local/net.ts';
import { startDynamoDbLocal } from '../bin/local/dynamodb-local.ts';
import { benchMerchant } from './bench-client.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 30);
const OFFER_SIZES = (process.env.BENCH_OFFER_SIZES ?? '10,100,500').split(',').map(Number);
const RUNS = 7;

const dynamo = await startDynamoDbLocal({ port: await freePort() });
process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
process.env.TABLE_NAME = `bench-${randomUUID().slice(0, 8)}`;
process.env.LOG_LEVEL = 'SILENT';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

// Imported after the environment is set: the handlers read it on first use.
const { runtime } = await import('../functions/runtime.ts');
const { seedZones, tableAdmin } = await import('../bin/local/bootstrap.ts');
const { startHttpServer } = await import('../bin/local/http-server.ts');
const { dispatchTick } = await import('../functions/workers/ticks.ts');

const rt = runtime();
await tableAdmin(rt.config).ensure();
await seedZones(rt);
const { server, url } = await startHttpServer({ host: '127.0.0.1', port: 0 });

const store = await rt.stores.create({ name: 'Bench store', sandbox: false, creditMinor: 1_000_000_000 });
await rt.stores.setRateLimits(store.storeId, { quotes: 1_000_000, bookings: 1_000_000, cancellations: 1_000_000, reads: 1_000_000 });

const { headers: merchant, call, book } = benchMerchant(url, store.apiKey);

const codeOf = async (jobId: string, which: 'pickup' | 'delivery') =>
  ((await call(`/v1/jobs/${jobId}`, { headers: merchant })).body.data.verification as Record<string, { code: string }>)[which]!.code;

const timings = new Map<string, number[]>();
async function timed(name: string, fleetKey: string, path: string, body?: unknown): Promise<void> {
  const started = performance.now();
  const response = await call(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${fleetKey}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(response.body)}`);
  timings.set(name, [...(timings.get(name) ?? []), ms]);
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

try {
  // 1. Deliveries: one rider key per job keeps each well under its 120 requests a minute.
  for (let i = 0; i < JOBS; i++) {
    const id = await book();
    await dispatchTick(rt);
    const { fleetKey } = await rt.fleetKeys.create('rider', `bench-rider-${i}`);
    const at = `/fleet/v1/jobs/${id}`;
    await timed('accept', fleetKey, `${at}/accept`);
    await timed('start-confirmation', fleetKey, `${at}/start-confirmation`);
    await timed('confirm', fleetKey, `${at}/confirm`);
    await timed('location', fleetKey, `${at}/location`, { latitude: 12.976, longitude: 77.61, accuracy: 10 });
    await timed('arrive (pickup)', fleetKey, `${at}/handoffs/pickup/arrive`);
    await timed('code (pickup)', fleetKey, `${at}/handoffs/pickup/code`, { code: await codeOf(id, 'pickup') });
    await timed('arrive (drop)', fleetKey, `${at}/handoffs/delivery/arrive`);
    await timed('code (delivery: captured)', fleetKey, `${at}/handoffs/delivery/code`, { code: await codeOf(id, 'delivery') });
  }
  console.log(`Fleet moves, ${JOBS} live deliveries through the local server (ms)\n`);
  console.log(`${'move'.padEnd(28)}${'median'.padStart(8)}${'p95'.padStart(8)}`);
  for (const [name, values] of timings)
    console.log(`${name.padEnd(28)}${percentile(values, 0.5).toFixed(1).padStart(8)}${percentile(values, 0.95).toFixed(1).padStart(8)}`);

  // 2. Offers as the dispatch worklist grows.
  console.log(`\nGET /fleet/v1/offers?limit=20 (median of ${RUNS}, ms)\n`);
  console.log(`${'jobs on offer'.padEnd(16)}${'oldest first'.padStart(14)}${'nearest first'.padStart(15)}`);
  let queued = 0;
  for (const size of OFFER_SIZES) {
    while (queued < size) {
      await book();
      queued += 1;
    }
    await dispatchTick(rt);
    const { fleetKey } = await rt.fleetKeys.create('rider', `bench-offers-${size}`);
    const median = async (query: string) => {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${url}/fleet/v1/offers?limit=20${query}`, { headers: { Authorization: `Bearer ${fleetKey}` } });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      return percentile(times, 0.5).toFixed(1);
    };
    console.log(`${String(size).padEnd(16)}${(await median('')).padStart(14)}${(await median('&latitude=12.97&longitude=77.6')).padStart(15)}`);
  }
} finally {
  server.closeAllConnections();
  server.close();
  await dynamo.stop();
}
