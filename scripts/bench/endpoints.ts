/**
 * Benchmark area `endpoints` (run by `npm run bench`): every merchant and fleet endpoint
 * BENCH_REQUESTS times (default 20) through the local server, one request at a time, each measured by
 * its own access-log line: DynamoDB round trips and calls, capacity units as DynamoDB Local reports
 * them (and what a million requests of each would cost on demand), latency, and the time the handler
 * spends outside DynamoDB (latency minus the time with a DynamoDB call in flight).
 */
import { randomUUID } from 'node:crypto';
import { quantile, startBenchService, table, type AccessRecord } from './service.ts';
import { BENCH_ROUTE, benchBooking, benchMerchant } from '../bench-client.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 20);
/**
 * DynamoDB on-demand prices, US$ per million request units (us-east-1, since November 2024; other
 * regions differ a little): a read unit is 4 KB strongly consistent (two eventually consistent), a
 * write unit 1 KB; transactions cost twice.
 */
const PRICE_PER_MILLION = { read: 0.125, write: 0.625 };

const service = await startBenchService();
const { rt, url } = service;
const { dispatchTick } = await import('../../functions/workers/dispatch.ts');
const { relayTick } = await import('../../functions/workers/relay.ts');

const store = await rt.stores.create({ name: 'Bench store', sandbox: false, creditMinor: 1_000_000_000 });
await rt.stores.setRateLimits(store.storeId, { quotes: 1_000_000, bookings: 1_000_000, cancellations: 1_000_000, reads: 1_000_000, webhooks: 1_000_000 });
const merchant = benchMerchant(url, store.apiKey);
const { headers, call } = merchant;

const rows = new Map<string, AccessRecord[]>();
// One request, measured: its access-log line goes to its endpoint's row (a failed request stops the run).
async function measure(name: string, path: string, init: RequestInit = {}): Promise<{ data: Record<string, unknown> }> {
  let body: unknown;
  const [record] = await service.measured(async () => {
    const response = await fetch(`${url}${path}`, init);
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
    body = text.startsWith('{') ? JSON.parse(text) : text;
  });
  rows.set(name, [...(rows.get(name) ?? []), record!]);
  return body as { data: Record<string, unknown> };
}
const json = { ...headers };
const post = (body?: unknown): RequestInit => ({ method: 'POST', headers: json, ...(body !== undefined && { body: JSON.stringify(body) }) });

try {
  // A warm-up of each path, unmeasured (the first request of a route loads its module and the zone cache).
  await merchant.book();
  await call('/v1/balance', { headers });

  const jobs: string[] = [];
  for (let i = 0; i < N; i++) await measure('GET /v1/balance', '/v1/balance', { headers });
  for (let i = 0; i < N; i++) await measure('POST /v1/job-quotes', '/v1/job-quotes', post(BENCH_ROUTE));
  for (let i = 0; i < N; i++) {
    const quote = await call('/v1/job-quotes', post(BENCH_ROUTE));
    const booked = await measure('POST /v1/jobs', '/v1/jobs', {
      method: 'POST',
      headers: { ...json, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(benchBooking(quote.body.data.id as string)),
    });
    jobs.push(booked.data.id as string);
  }
  for (const id of jobs) await measure('GET /v1/jobs/{id}', `/v1/jobs/${id}`, { headers });
  for (let i = 0; i < N; i++) await measure('GET /v1/jobs', '/v1/jobs?limit=20', { headers });
  for (const id of jobs) await measure('POST /v1/jobs/{id}/tracking-link', `/v1/jobs/${id}/tracking-link`, post());
  const link = (await call(`/v1/jobs/${jobs[0]}/tracking-link`, post())).body.data.url as string;
  for (let i = 0; i < N; i++) await measure('GET /track/{token}', new URL(link).pathname);
  await relayTick(rt);
  for (let i = 0; i < N; i++) await measure('GET /v1/events', '/v1/events?limit=50', { headers });
  const events = (await call('/v1/events?limit=1', { headers })).body.data as unknown as Array<{ id: string }>;
  for (let i = 0; i < N; i++) await measure('GET /v1/events/{id}', `/v1/events/${events[0]!.id}`, { headers });
  for (let i = 0; i < N; i++) await measure('GET /v1/ledger', '/v1/ledger?limit=50', { headers });

  // Fleet: the N jobs go on offer; a rider each takes one through to delivery.
  await dispatchTick(rt);
  const codeOf = async (jobId: string, which: 'pickup' | 'delivery') =>
    ((await call(`/v1/jobs/${jobId}`, { headers })).body.data.verification as Record<string, { code: string }>)[which]!.code;
  for (const [i, id] of jobs.entries()) {
    const { fleetKey } = await rt.fleetKeys.create('rider', `bench-rider-${i}`);
    const rider = { Authorization: `Bearer ${fleetKey}`, 'Content-Type': 'application/json' };
    const move = (name: string, path: string, body?: unknown) =>
      measure(`POST /fleet/v1/jobs/{id}/${name}`, `/fleet/v1/jobs/${id}/${path}`, {
        method: 'POST',
        headers: rider,
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    await measure('GET /fleet/v1/offers', '/fleet/v1/offers?limit=20', { headers: rider });
    await measure('GET /fleet/v1/offers (nearest)', '/fleet/v1/offers?limit=20&latitude=12.97&longitude=77.6', { headers: rider });
    await move('accept', 'accept');
    await measure('GET /fleet/v1/jobs/{id}', `/fleet/v1/jobs/${id}`, { headers: rider });
    await measure('GET /fleet/v1/assignments', '/fleet/v1/assignments', { headers: rider });
    await move('start-confirmation', 'start-confirmation');
    await move('confirm', 'confirm');
    await move('location', 'location', { latitude: 12.976, longitude: 77.61, accuracy: 10 });
    await move('handoffs/pickup/arrive', 'handoffs/pickup/arrive');
    await move('handoffs/pickup/code', 'handoffs/pickup/code', { code: await codeOf(id, 'pickup') });
    await move('handoffs/delivery/arrive', 'handoffs/delivery/arrive');
    await move('handoffs/delivery/code', 'handoffs/delivery/code', { code: await codeOf(id, 'delivery') });
  }
  // Cancels, of jobs booked for it (before dispatch: the merchant's cancel of a created job).
  const more: string[] = [];
  for (let i = 0; i < N; i++) more.push(await merchant.book());
  for (const id of more) await measure('POST /v1/jobs/{id}/cancel', `/v1/jobs/${id}/cancel`, post());
} finally {
  await service.stop();
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const spread = (values: number[]) => {
  const [low, high] = [Math.min(...values), Math.max(...values)];
  return low === high ? String(low) : `${low}–${high}`;
};
console.log(
  `${N} requests per endpoint, one at a time. Round trips: DynamoDB calls made one after another (calls started together count once). Units: as DynamoDB Local reports them (reads, writes; mean per request). Cost: DynamoDB on demand for a million requests, US$ at us-east-1 prices. Outside DynamoDB: latency minus the time a DynamoDB call was in flight.\n`,
);
console.log(
  table(
    ['Endpoint', 'Round trips', 'Calls', 'Read units', 'Write units', 'US$ / 1M', 'Latency ms (median / p95)', 'Outside DynamoDB ms (median / p95)'],
    [...rows].map(([name, records]) => {
      const reads = mean(records.map((r) => r.readUnits));
      const writes = mean(records.map((r) => r.writeUnits));
      const outside = records.map((r) => r.latencyMs - r.dynamoMs);
      return [
        `\`${name}\``,
        spread(records.map((r) => r.dynamoRoundTrips)),
        spread(records.map((r) => r.dynamoCalls)),
        fixed(reads),
        fixed(writes),
        fixed(reads * PRICE_PER_MILLION.read + writes * PRICE_PER_MILLION.write, 2),
        `${fixed(
          quantile(
            records.map((r) => r.latencyMs),
            0.5,
          ),
        )} / ${fixed(
          quantile(
            records.map((r) => r.latencyMs),
            0.95,
          ),
        )}`,
        `${fixed(quantile(outside, 0.5), 2)} / ${fixed(quantile(outside, 0.95), 2)}`,
      ];
    }),
  ),
);
