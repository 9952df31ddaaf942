/**
 * Benchmark area `dispatch` (run by `npm run bench`): what the offers list and the dispatcher cost as
 * the jobs waiting for a rider grow, 10 → BENCH_DISPATCH_MAX (default 10,000). Jobs are written
 * straight into the table as bookings write them (job item and dispatch work item), then one
 * dispatch tick puts them on offer. At each size: an idle dispatch tick (every job queued, none late),
 * and GET /fleet/v1/offers oldest first and nearest first (median of RUNS requests).
 */
import { benchJob, quantile, startBenchService, table, writeItems, type AccessRecord } from './service.ts';

const MAX = Number(process.env.BENCH_DISPATCH_MAX ?? 10_000);
const SIZES = [10, 100, 1_000, 10_000].filter((size) => size <= MAX);
const RUNS = 5;

const service = await startBenchService();
const { rt, url } = service;
const { jobItem } = await import('../../functions/data/job.repository.ts');
const { workItemPut } = await import('../../functions/data/work.repository.ts');
const { dynamoCallScope, newDynamoTally } = await import('../../functions/data/client.ts');
const { dispatchTick } = await import('../../functions/workers/ticks.ts');

const created = await rt.stores.create({ name: 'Bench dispatch store', sandbox: false, creditMinor: 1_000_000 });
const store = (await rt.stores.get(created.storeId))!;
// Booked jobs from+1 .. to, each with its dispatch work item, as the booking transaction writes them.
async function book(from: number, to: number): Promise<void> {
  await writeItems(rt, to - from, async (i) => {
    const job = await benchJob(store, from + 1 + i);
    const { Put } = workItemPut(rt.config.TABLE_NAME, { kind: 'dispatch', storeId: store.id, jobId: job.id, createdAt: job.createdAt });
    return [jobItem(job), Put.Item];
  });
}

const rows: Array<Array<string | number>> = [];
try {
  const { fleetKey } = await rt.fleetKeys.create('rider', 'bench-dispatch-rider');
  let waiting = 0;
  for (const size of SIZES) {
    await book(waiting, size);
    const moved = await dispatchTick(rt);
    if (moved.moved !== size - waiting) throw new Error(`dispatch put ${moved.moved} jobs on offer, not ${size - waiting}`);
    waiting = size;
    const idle = newDynamoTally();
    const started = performance.now();
    await dynamoCallScope.run(idle, () => dispatchTick(rt));
    const idleMs = performance.now() - started;
    const offers = async (query: string) => {
      const records: AccessRecord[] = [];
      for (let run = 0; run < RUNS; run++) {
        records.push(
          ...(await service.measured(async () => {
            const response = await fetch(`${url}/fleet/v1/offers?limit=20${query}`, { headers: { Authorization: `Bearer ${fleetKey}` } });
            if (response.status !== 200) throw new Error(`offers: ${response.status}`);
            await response.arrayBuffer();
          })),
        );
      }
      const median = (pick: (r: AccessRecord) => number) => quantile(records.map(pick), 0.5);
      return `${median((r) => r.dynamoRoundTrips)} / ${median((r) => r.dynamoCalls)} / ${median((r) => r.readUnits).toFixed(1)} / ${median((r) => r.latencyMs).toFixed(1)}`;
    };
    rows.push([
      size.toLocaleString('en'),
      `${idle.roundTrips} / ${idle.calls} / ${idle.readUnits.toFixed(1)} / ${idleMs.toFixed(0)}`,
      await offers(''),
      await offers('&latitude=12.97&longitude=77.6'),
    ]);
  }
  console.log(
    `Jobs waiting for a rider (queued, on offer). Each cell: round trips / DynamoDB calls / read units / ms (offers: median of ${RUNS}). The worklist (\`WORK#dispatch\`) and the offers index (\`OFFERS\`) are each one partition.\n`,
  );
  console.log(table(['Jobs waiting', 'Idle dispatch tick', 'GET /fleet/v1/offers (oldest first)', 'GET /fleet/v1/offers (nearest first)'], rows));
} finally {
  await service.stop();
}
