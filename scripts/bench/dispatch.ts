/**
 * Benchmark area `dispatch` (run by `npm run bench`): what the offers list and the dispatcher cost as
 * the jobs waiting for a rider grow, 10 → BENCH_DISPATCH_MAX (default 10,000). Jobs are written
 * straight into the table as bookings write them (job item and its index items), all in one zone
 * (Bengaluru, the worst case: one zone's shards take them all), then one dispatch tick puts them on
 * offer. At each size: an idle dispatch tick (every job queued, none late), the scheduled function's
 * whole idle tick (dispatch, the simulator, the relay), and GET /fleet/v1/offers oldest first and
 * nearest first (median of RUNS requests); then what the scheduled function costs a month idle.
 */
import { benchJob, quantile, startBenchService, table, writeItems, type AccessRecord } from './service.ts';

const MAX = Number(process.env.BENCH_DISPATCH_MAX ?? 10_000);
const SIZES = [10, 100, 1_000, 10_000].filter((size) => size <= MAX);
const RUNS = 5;

const service = await startBenchService();
const { rt, url } = service;
const { jobItem } = await import('../../functions/data/job-writes/job.ts');
const { indexItemsOf } = await import('../../functions/data/job-writes/indexes.ts');
const { dispatchClock } = await import('../../functions/runtime.ts');
const { dynamoCallScope, newDynamoTally } = await import('../../functions/data/client.ts');
const { dispatchTick } = await import('../../functions/workers/dispatch.ts');
const { relayTick } = await import('../../functions/workers/relay.ts');
const { simulateTick } = await import('../../functions/workers/simulation.ts');
const { WRITE_SHARDS } = await import('../../functions/data/table.ts');

// The yardstick is the schedule the engine replaced, which ticked every 2 s for 45 s of each minute:
// 22 ticks a minute (the engine sweeps once a minute); on-demand reads cost US$ 0.125 a million.
const TICKS_A_MINUTE = 22;
const READ_PRICE_PER_MILLION = 0.125;
const MINUTES_A_MONTH = 43_200;

const created = await rt.stores.create({ name: 'Bench dispatch store', sandbox: false, creditMinor: 1_000_000 });
const store = (await rt.stores.get(created.storeId))!;
// Booked jobs from+1 .. to, each with its dispatch work item, as the booking transaction writes them.
async function book(from: number, to: number): Promise<void> {
  await writeItems(rt, to - from, async (i) => {
    const job = await benchJob(store, from + 1 + i);
    return [jobItem(job), ...indexItemsOf(job, dispatchClock(rt.config))];
  });
}

const rows: Array<Array<string | number>> = [];
let idle = newDynamoTally();
try {
  const { fleetKey } = await rt.fleetKeys.create('rider', 'bench-dispatch-rider');
  let waiting = 0;
  for (const size of SIZES) {
    await book(waiting, size);
    const moved = await dispatchTick(rt);
    if (moved.moved !== size - waiting) throw new Error(`dispatch put ${moved.moved} jobs on offer, not ${size - waiting}`);
    waiting = size;
    const dispatchIdle = newDynamoTally();
    const started = performance.now();
    await dynamoCallScope.run(dispatchIdle, () => dispatchTick(rt));
    const idleMs = performance.now() - started;
    const scheduledTick = async () => [await dispatchTick(rt), await simulateTick(rt), await relayTick(rt)];
    while ((await relayTick(rt)).moved > 0); // the relay places the events of the jobs just offered
    const whole = newDynamoTally();
    await dynamoCallScope.run(whole, scheduledTick);
    idle = whole;
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
      `${dispatchIdle.roundTrips} / ${dispatchIdle.calls} / ${dispatchIdle.readUnits.toFixed(1)} / ${idleMs.toFixed(0)}`,
      `${whole.calls} / ${whole.readUnits.toFixed(1)}`,
      await offers(''),
      await offers('&latitude=12.97&longitude=77.6'),
    ]);
  }
  const zones = (await rt.zones.current()).length;
  console.log(
    `Jobs waiting for a rider (queued, on offer), all in one zone. Each cell: round trips / DynamoDB calls / read units / ms (offers: median of ${RUNS}); the whole tick: calls / read units. The dispatch worklist is spread over ${WRITE_SHARDS} write shards (and the unsharded list of before the upgrade), each zone's offers over ${WRITE_SHARDS} (${zones} zones: ${zones * WRITE_SHARDS} partitions).\n`,
  );
  console.log(
    table(
      [
        'Jobs waiting',
        'Idle dispatch tick',
        'Idle scheduled tick (all three workers)',
        'GET /fleet/v1/offers (oldest first)',
        'GET /fleet/v1/offers (nearest first)',
      ],
      rows,
    ),
  );
  // DynamoDB Local reports nothing for a Query that finds nothing; DynamoDB charges a strongly
  // consistent one at least one read unit, so an idle tick costs at least a unit a call.
  const units = Math.max(idle.readUnits, idle.calls);
  const monthlyUnits = units * TICKS_A_MINUTE * MINUTES_A_MONTH;
  console.log(
    `\nThe scheduled function idle: ${TICKS_A_MINUTE} ticks a minute of ${idle.calls} calls, at least ${units.toFixed(0)} read units each whatever waits: ${(monthlyUnits / 1e6).toFixed(1)} million read units, US$ ${((monthlyUnits * READ_PRICE_PER_MILLION) / 1e6).toFixed(2)} a month in reads.`,
  );
} finally {
  await service.stop();
}
