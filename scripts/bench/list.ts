/**
 * Benchmark area `list` (run by `npm run bench`): GET /v1/jobs at offsets 0, 1,000 and 100,000, on a
 * store first of 2,000 jobs and then of BENCH_LIST_JOBS (default 101,000), unfiltered (a key range
 * of the store's booking numbers) and with `status` (a walk of the status index past the offset).
 * The jobs are written straight into the table as the booking writes them (job item and its status
 * index keys). Each row: the median of RUNS requests, from their access-log lines.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { benchJob, quantile, startBenchService, table, writeItems, type AccessRecord } from './service.ts';

const JOBS = Number(process.env.BENCH_LIST_JOBS ?? 101_000);
const SMALL = 2_000;
const RUNS = 5;

const service = await startBenchService();
const { rt, url } = service;
const { jobItem } = await import('../../functions/data/job-writes/job.ts');
const { keys } = await import('../../functions/data/table.ts');
const { dynamoCallScope, dynamoClients, newDynamoTally } = await import('../../functions/data/client.ts');
const db = dynamoClients({ region: rt.config.AWS_REGION, endpoint: rt.config.DYNAMODB_ENDPOINT }).doc;

const created = await rt.stores.create({ name: 'Bench list store', sandbox: false, creditMinor: 1_000_000 });
await rt.stores.setRateLimits(created.storeId, { reads: 1_000_000 });
const store = (await rt.stores.get(created.storeId))!;
// Jobs numbered from+1 .. to, as bookings write them; then the store's counter.
async function seed(from: number, to: number): Promise<void> {
  await writeItems(rt, to - from, async (i) => [jobItem(await benchJob(store, from + 1 + i))]);
  await db.send(
    new UpdateCommand({
      TableName: rt.config.TABLE_NAME,
      Key: keys.store(store.id),
      UpdateExpression: 'SET jobCount = :n',
      ExpressionAttributeValues: { ':n': to },
    }),
  );
}

const rows: Array<Array<string | number>> = [];
async function page(size: number, query: string): Promise<void> {
  const records: AccessRecord[] = [];
  for (let run = 0; run < RUNS; run++) {
    records.push(
      ...(await service.measured(async () => {
        const response = await fetch(`${url}/v1/jobs?${query}`, { headers: { 'X-Api-Key': created.apiKey } });
        const body = (await response.json()) as { data?: unknown[] };
        if (response.status === 200 && body.data?.length === 0) throw new Error(`${query}: an empty page`);
      })),
    );
    // A page that ran out of the server's time (503) is a result too: recorded once, not tried again.
    if (records.at(-1)!.status !== 200) break;
  }
  const median = (pick: (r: AccessRecord) => number) => quantile(records.map(pick), 0.5);
  const failed = records.find((r) => r.status !== 200);
  rows.push([
    size.toLocaleString('en'),
    `\`${query}\`${failed ? ` → ${failed.status} after ${(failed.latencyMs / 1000).toFixed(0)} s` : ''}`,
    median((r) => r.dynamoRoundTrips),
    median((r) => r.dynamoCalls),
    median((r) => r.readUnits).toFixed(1),
    median((r) => r.latencyMs).toFixed(1),
  ]);
  if (failed) await direct(size, query);
}

// A page the server ran out of time for, read again from the repository with no deadline: what it
// costs (calls, units) does not depend on the machine; how long it takes here does.
async function direct(size: number, query: string): Promise<void> {
  const params = new URLSearchParams(query);
  const tally = newDynamoTally();
  const started = performance.now();
  const jobs = await dynamoCallScope.run(tally, () =>
    rt.jobLists.listByStatus(store.id, params.get('status') as 'created', { limit: Number(params.get('limit')), offset: Number(params.get('offset')) }),
  );
  if (jobs.length === 0) throw new Error(`${query}: an empty page`);
  rows.push([
    size.toLocaleString('en'),
    `\`${query}\`, the repository alone (no server deadline)`,
    tally.roundTrips,
    tally.calls,
    tally.readUnits.toFixed(1),
    (performance.now() - started).toFixed(1),
  ]);
}

try {
  const started = performance.now();
  await seed(0, SMALL);
  for (const offset of [0, 1_000]) await page(SMALL, `limit=50&offset=${offset}`);
  for (const offset of [0, 1_000]) await page(SMALL, `status=created&limit=50&offset=${offset}`);
  await seed(SMALL, JOBS);
  const seeded = (performance.now() - started) / 1000;
  // Offsets the store has jobs beyond (all of them at the default size).
  const offsets = [0, 1_000, 100_000].filter((offset) => offset + 50 <= JOBS);
  for (const offset of offsets) await page(JOBS, `limit=50&offset=${offset}`);
  for (const offset of offsets) await page(JOBS, `status=created&limit=50&offset=${offset}`);
  console.log(`A store's jobs, 50 a page (median of ${RUNS} requests each; ${JOBS.toLocaleString('en')} jobs written in ${seeded.toFixed(0)} s).\n`);
  console.log(table(['Store’s jobs', 'Query', 'Round trips', 'Calls', 'Read units', 'Latency ms'], rows));
} finally {
  await service.stop();
}
