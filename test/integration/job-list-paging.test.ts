import { beforeAll, describe, expect, it } from 'vitest';
import { readResponse, useLocalApi } from '../helpers/server.ts';
import { BENGALURU_CHARGE_MINOR, bengaluruQuote, createStore, raiseLimits } from '../helpers/fixtures.ts';
import { expectLedgerInvariant } from '../helpers/merchant.ts';
import { hashApiKey } from '../../functions/core/api-key.ts';
import { priceQuote } from '../../functions/core/quote.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';

const api = useLocalApi();

const JOBS = 1000;
const QUOTE_BATCH = 100;

/** Job i (1 = oldest) has externalOrderId ORD-i; every 7th job is cancelled. */
const isCancelled = (i: number) => i % 7 === 0;
const newestFirst = Array.from({ length: JOBS }, (_, k) => JOBS - k);
const cancelledNewestFirst = newestFirst.filter(isCancelled);
const createdNewestFirst = newestFirst.filter((i) => !isCancelled(i));

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let store: { storeId: string; apiKey: string };
const jobIds = new Map<number, string>();

const get = async (path: string) => readResponse(await api.server.request(path, { headers: { 'X-Api-Key': store.apiKey } }));
const post = async (path: string) => readResponse(await api.server.request(path, { method: 'POST', headers: { 'X-Api-Key': store.apiKey } }));

// One store, 1,000 jobs booked through the booking repository (the handlers' own path after
// validation), then every 7th cancelled through HTTP.
beforeAll(async () => {
  const { rt } = api.table;
  store = await createStore(rt, { creditMinor: 100_000_000, name: 'Paging store' });
  await raiseLimits(rt, store.storeId);
  const guard = { storeId: store.storeId, keyHash: hashApiKey(store.apiKey) };
  const started = performance.now();
  for (let from = 1; from <= JOBS; from += QUOTE_BATCH) {
    const numbers = Array.from({ length: Math.min(QUOTE_BATCH, JOBS - from + 1) }, (_, k) => from + k);
    const zones = await rt.zones.current();
    const quotes = await Promise.all(
      numbers.map(async () => {
        const quote = priceQuote(store.storeId, bengaluruQuote, zones, new Date());
        await rt.quotes.put(quote, guard);
        return quote;
      }),
    );
    for (const [k, i] of numbers.entries()) {
      const quote = quotes[k]!;
      const { job, created } = await rt.bookings.book({
        store: (await rt.stores.get(store.storeId))!,
        quote,
        details: { quoteId: quote.id, externalOrderId: `ORD-${i}`, pickupName: 'P', pickupPhone: '+919876543210', dropName: 'D', dropPhone: '+919876543211' },
        idempotencyKey: `k-${i}`,
        fingerprint: `f-${i}`,
        guard,
        now: new Date(),
      });
      expect({ created, seq: job.seq }).toEqual({ created: true, seq: i });
      jobIds.set(i, job.id);
    }
  }
  const bookedMs = performance.now() - started;
  const cancelStarted = performance.now();
  const toCancel = [...cancelledNewestFirst].reverse();
  for (let k = 0; k < toCancel.length; k += 10) {
    const batch = toCancel.slice(k, k + 10);
    const responses = await Promise.all(batch.map((i) => post(`/v1/jobs/${jobIds.get(i)}/cancel`)));
    expect(responses.map((r) => r.status)).toEqual(batch.map(() => 200));
  }
  console.log(
    `[job-list-paging] booked ${JOBS} jobs in ${(bookedMs / 1000).toFixed(1)} s; cancelled ${toCancel.length} through HTTP in ${((performance.now() - cancelStarted) / 1000).toFixed(1)} s`,
  );
}, 180_000);

/** The list body for these job numbers, newest first: every summary field of every job. */
function expectedPage(numbers: number[], limit: number, offset: number) {
  return {
    data: numbers.map((i) => ({
      id: jobIds.get(i),
      externalOrderId: `ORD-${i}`,
      status: isCancelled(i) ? 'cancelled' : 'created',
      agentId: null,
      dropName: 'D',
      dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
      dropCity: 'Bengaluru',
      dropPincode: '560038',
      dropPhone: '+919876543211',
      packageDescription: 'Documents',
      chargeMinor: BENGALURU_CHARGE_MINOR,
      settlement: isCancelled(i) ? 'released' : 'reserved',
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    })),
    limit,
    offset,
  };
}

/** The externalOrderIds of a list body, in order. */
function orderIds(body: unknown): string[] {
  return (body as { data: Array<{ externalOrderId: string }> }).data.map((job) => job.externalOrderId);
}

const ord = (numbers: number[]) => numbers.map((i) => `ORD-${i}`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('GET /v1/jobs on a store with 1,000 jobs', () => {
  it('books 1,000 jobs with no gaps and keeps the money consistent', async () => {
    const stored = (await api.table.rt.stores.get(store.storeId))!;

    expect(stored.jobCount).toBe(JOBS);
    expect(stored.reservedMinor).toBe(BENGALURU_CHARGE_MINOR * createdNewestFirst.length);
    await expectLedgerInvariant(api.table.rt, store.storeId);
  });

  it.each([
    [0, 100, newestFirst.slice(0, 100)],
    [500, 100, newestFirst.slice(500, 600)],
    [950, 100, newestFirst.slice(950)],
    [999, 100, [1]],
    [1000, 100, []],
    [0, 50, newestFirst.slice(0, 50)],
    [500, 50, newestFirst.slice(500, 550)],
    [950, 50, newestFirst.slice(950, 1000)],
    [999, 50, [1]],
    [1000, 50, []],
  ])('returns exactly the expected jobs at offset %d with limit %d, newest first', async (offset, limit, numbers) => {
    const { status, body } = await get(`/v1/jobs?limit=${limit}&offset=${offset}`);

    expect(status).toBe(200);
    expect(body).toEqual(expectedPage(numbers, limit, offset));
    expect(orderIds(body)).toEqual(ord(numbers));
  });

  it('pages through every job exactly once', async () => {
    const seen: string[] = [];

    for (let offset = 0; offset < JOBS; offset += 100) seen.push(...orderIds((await get(`/v1/jobs?limit=100&offset=${offset}`)).body));

    expect(seen).toEqual(ord(newestFirst));
  });

  it.each([
    [0, cancelledNewestFirst.slice(0, 50)],
    [50, cancelledNewestFirst.slice(50, 100)],
    [140, [14, 7]],
    [142, []],
  ])('returns exactly the expected cancelled jobs at offset %d', async (offset, numbers) => {
    const { status, body } = await get(`/v1/jobs?status=cancelled&limit=50&offset=${offset}`);

    expect(status).toBe(200);
    expect(cancelledNewestFirst).toHaveLength(142);
    expect(body).toEqual(expectedPage(numbers, 50, offset));
    expect(orderIds(body)).toEqual(ord(numbers));
  });

  it('returns exactly the expected created jobs at offset 500', async () => {
    const { status, body } = await get('/v1/jobs?status=created&offset=500');

    expect(status).toBe(200);
    expect(body).toEqual(expectedPage(createdNewestFirst.slice(500, 550), 50, 500));
    expect(orderIds(body)).toEqual(ord(createdNewestFirst.slice(500, 550)));
  });

  it('serves an unfiltered page at offsets 0, 500 and 1,000 (timed: median of 5 each, printed)', async () => {
    const timings: string[] = [];
    const pages: Record<number, string[][]> = { 0: [], 500: [], 1000: [] };

    for (const offset of [0, 500, 1000]) {
      const samples: number[] = [];
      for (let n = 0; n < 5; n++) {
        const started = performance.now();
        const { body } = await get(`/v1/jobs?limit=50&offset=${offset}`);
        samples.push(performance.now() - started);
        pages[offset]!.push(orderIds(body));
      }
      timings.push(`offset ${offset}: ${median(samples).toFixed(1)} ms`);
    }

    console.log(`[job-list-paging] unfiltered page, limit 50, median of 5: ${timings.join(', ')}`);
    expect(pages).toEqual({
      0: Array(5).fill(ord(newestFirst.slice(0, 50))),
      500: Array(5).fill(ord(newestFirst.slice(500, 550))),
      1000: Array(5).fill([]),
    });
  });

  describe('cost', () => {
    useHandlerLogs();

    it('costs the same DynamoDB calls for an unfiltered page at offset 0 and offset 900', async () => {
      const records = await captureAccessLog(async () => {
        await get('/v1/jobs?limit=100&offset=0');
        await get('/v1/jobs?limit=100&offset=900');
        await get('/v1/jobs?status=cancelled&limit=50&offset=0');
        await get('/v1/jobs?status=created&limit=50&offset=500');
      });

      const calls = records.map((r) => [r.route, r.status, r.dynamoCalls]);
      console.log(`[job-list-paging] DynamoDB calls (unfiltered 0, unfiltered 900, cancelled 0, created 500): ${records.map((r) => r.dynamoCalls).join(', ')}`);
      // key lookup + store read + rate-limit write + one Query of the page's key range
      expect(calls.slice(0, 2)).toEqual([
        ['GET /v1/jobs', 200, 4],
        ['GET /v1/jobs', 200, 4],
      ]);
    });
  });
});
