/**
 * Benchmark area `serviceability` (run by `npm run bench`): POST /v1/serviceability with 100 items a
 * request against the seed zones and the real pincode table, as a checkout would send them: routes
 * and point checks given as coordinates, DIGIPINs and pincodes, inside, outside and across zones.
 * Each row: latency from the client (median, p95, p99) and the DynamoDB calls a request makes, from
 * the access log; first with every pincode unread by the container, then with the container warm.
 */
import { encodeDigipin } from '../../functions/core/digipin.ts';
import { quantile, startBenchService, table, type AccessRecord } from './service.ts';

const REQUESTS = Number(process.env.BENCH_SERVICEABILITY_REQUESTS ?? 200);
const ITEMS = 100;

const service = await startBenchService();
const { rt, url } = service;
const { buildPincodeTable } = await import('../../bin/local/pincode-table.ts');
const build = (await buildPincodeTable(rt, { ifStale: false }))!;
const { PINCODE_PATTERN } = await import('../../functions/core/pincode.ts');
const zones = await rt.zones.current();

const created = await rt.stores.create({ name: 'Bench serviceability store', sandbox: false, creditMinor: 1_000_000 });
await rt.stores.setRateLimits(created.storeId, { checks: 1_000_000 });

// A deterministic generator, so two runs send the same requests.
let seed = 35;
const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

async function pincodesOfTable(): Promise<string[]> {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamoClients } = await import('../../functions/data/client.ts');
  const db = dynamoClients({ region: rt.config.AWS_REGION, endpoint: rt.config.DYNAMODB_ENDPOINT }).doc;
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: rt.config.TABLE_NAME,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': 'PINCODES' },
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(page.Items ?? []).map((item) => String(item.SK)).filter((sk) => PINCODE_PATTERN.test(sk)));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

const tablePincodes = await pincodesOfTable();

// A point in a zone's bounding box grown by 15% on each side, so some fall outside it.
function pointNear(): { latitude: number; longitude: number } {
  const zone = pick(zones);
  const lngs = zone.polygon.map(([lng]) => lng);
  const lats = zone.polygon.map(([, lat]) => lat);
  const [west, east, south, north] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const grow = 0.15;
  return {
    latitude: south - (north - south) * grow + random() * (north - south) * (1 + 2 * grow),
    longitude: west - (east - west) * grow + random() * (east - west) * (1 + 2 * grow),
  };
}

function location(): Record<string, unknown> {
  const kind = random();
  if (kind < 0.5) return pointNear();
  if (kind < 0.7) {
    const { latitude, longitude } = pointNear();
    return { digipin: encodeDigipin(latitude, longitude) };
  }
  return { pincode: random() < 0.9 ? pick(tablePincodes) : String(100_000 + Math.floor(random() * 899_999)) };
}

function body(): string {
  const items = Array.from({ length: ITEMS }, (_, i) =>
    i % 3 === 0 ? { ref: `p${i}`, drop: location() } : { ref: `r${i}`, pickup: location(), drop: location() },
  );
  return JSON.stringify({ items, packageWeightGrams: 1_500, ...(random() < 0.5 && { collectMinor: 49_900 }) });
}

const rows: Array<Array<string | number>> = [];
async function run(label: string, requests: number): Promise<void> {
  const latencies: number[] = [];
  const records: AccessRecord[] = [];
  for (let i = 0; i < requests; i++) {
    const payload = body();
    records.push(
      ...(await service.measured(async () => {
        const started = performance.now();
        const response = await fetch(`${url}/v1/serviceability`, {
          method: 'POST',
          headers: { 'X-Api-Key': created.apiKey, 'Content-Type': 'application/json' },
          body: payload,
        });
        const answer = (await response.json()) as { data?: unknown[] };
        latencies.push(performance.now() - started);
        if (response.status !== 200 || answer.data?.length !== ITEMS)
          throw new Error(`POST /v1/serviceability answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      })),
    );
  }
  const calls = records.map((r) => r.dynamoCalls);
  rows.push([
    label,
    requests,
    quantile(latencies, 0.5).toFixed(1),
    quantile(latencies, 0.95).toFixed(1),
    quantile(latencies, 0.99).toFixed(1),
    (calls.reduce((a, b) => a + b, 0) / calls.length).toFixed(2),
    Math.max(...calls),
  ]);
}

try {
  await run('first requests (pincodes unread)', 20);
  await run('warm container', REQUESTS);
} finally {
  await service.stop();
}
console.log(
  `100 items a request (a third point checks; half coordinates, a fifth DIGIPINs, the rest pincodes of the table's ${build.pincodes} and unknown ones), 1 client at a time.\n`,
);
console.log(table(['Requests', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'DynamoDB calls (mean)', 'max'], rows));
