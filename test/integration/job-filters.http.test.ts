import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalApi } from '../helpers/server.ts';
import { SUMMARY_KEYS } from '../helpers/job-detail.ts';
import { newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { dbOf } from '../helpers/table.ts';
import { jobOrderKey } from '../../functions/data/job-order-key.ts';
import { seqOfJobId } from '../../functions/core/job.ts';

const api = useLocalApi();
useHandlerLogs();

interface Page {
  data: Array<Record<string, unknown> & { id: string }>;
  limit: number;
  offset: number;
}

let merchant: TestMerchant;
const jobs: Array<{ id: string; createdAt: string }> = [];
const orders = ['ORD-1', 'ORD-2', 'ORD-1', 'ORD#3'];

beforeAll(async () => {
  merchant = await newMerchant(api.table.rt, api.server);
  for (const externalOrderId of orders) {
    const job = await merchant.bookJob({ body: { externalOrderId } });
    jobs.push({ id: job.id, createdAt: job.createdAt as string });
  }
});

/** The page's job ids (asserting a 200), and what the request cost. */
async function listed(query: string): Promise<{ ids: string[]; calls: number; body: Page }> {
  let reply: Awaited<ReturnType<TestMerchant['get']>> | undefined;
  const records = await captureAccessLog(async () => {
    reply = await merchant.get(`/v1/jobs?${query}`);
  });
  expect(reply!.status, JSON.stringify(reply!.body)).toBe(200);
  const body = reply!.body as Page;
  for (const item of body.data) expect(Object.keys(item).sort()).toEqual([...SUMMARY_KEYS].sort());
  return { ids: body.data.map((job) => job.id), calls: records[0]!.dynamoCalls as number, body };
}

const idsOf = (...indexes: number[]) => indexes.map((i) => jobs[i]!.id);

describe('GET /v1/jobs?externalOrderId=', () => {
  it('returns the jobs with exactly that order id, newest first: the key, the store, the bucket, one Query of the order index and one BatchGet (5 calls)', async () => {
    const one = await listed('externalOrderId=ORD-1');
    const hashed = await listed(`externalOrderId=${encodeURIComponent('ORD#3')}`);

    expect(one).toMatchObject({ ids: idsOf(2, 0), calls: 5, body: { limit: 50, offset: 0 } });
    expect(one.body.data.map((job) => job.externalOrderId)).toEqual(['ORD-1', 'ORD-1']);
    expect(hashed).toMatchObject({ ids: idsOf(3), calls: 5 });
    expect((await listed('externalOrderId=ORD-1&limit=1&offset=1')).ids).toEqual(idsOf(0));
  });

  it('finds a job booked before the order index (no index item) among the newest 1,000 jobs: an empty index read, then one filtered Query (5 calls)', async () => {
    const seq = seqOfJobId(jobs[1]!.id)!;
    await dbOf(api.table.rt).send(new DeleteCommand({ TableName: api.table.tableName, Key: jobOrderKey(merchant.storeId, 'ORD-2', seq) }));

    expect(await listed('externalOrderId=ORD-2')).toMatchObject({ ids: idsOf(1), calls: 5 });
    expect(await listed('externalOrderId=ORD-404')).toMatchObject({ ids: [], calls: 5 });
  });
});

describe('GET /v1/jobs?createdFrom=&createdTo=', () => {
  it('returns the jobs created from createdFrom (included) to createdTo (excluded), newest first, as one key range found by binary search', async () => {
    const range = await listed(`createdFrom=${jobs[1]!.createdAt}&createdTo=${jobs[3]!.createdAt}`);

    expect(range.ids).toEqual(idsOf(2, 1));
    // The key, the store, the bucket; 2 + 3 GetItems (two binary searches over 4 jobs, ⌈log2 5⌉ = 3 at most each); one Query.
    expect(range.calls).toBe(9);
    expect((await listed(`createdFrom=${jobs[2]!.createdAt}`)).ids).toEqual(idsOf(3, 2));
    expect((await listed(`createdTo=${jobs[1]!.createdAt}`)).ids).toEqual(idsOf(0));
    expect((await listed(`createdFrom=${jobs[0]!.createdAt}&limit=2&offset=1`)).ids).toEqual(idsOf(2, 1));
    expect((await listed(`createdFrom=${new Date(Date.parse(jobs[3]!.createdAt) + 1).toISOString()}`)).ids).toEqual([]);
  });

  it('takes instants with an offset, and combines with status', async () => {
    const ist = new Date(Date.parse(jobs[1]!.createdAt) + 5.5 * 3_600_000).toISOString().replace('Z', '+05:30');

    expect((await listed(`createdFrom=${encodeURIComponent(ist)}&status=created`)).ids).toEqual(idsOf(3, 2, 1));
    expect((await listed(`createdFrom=${encodeURIComponent(ist)}&status=delivered`)).ids).toEqual([]);
  });
});

describe('GET /v1/jobs?needsDecision=true', () => {
  it('returns the jobs waiting for the merchant’s decision after a failed attempt, and not once it is decided: one Query of their index and one BatchGet (5 calls)', async () => {
    const waiting = await newMerchant(api.table.rt, api.server);
    const { id } = await waiting.bookJob();
    await waiting.bookJob();
    await driveJob(api.table.rt, waiting.storeId, id, 'delivery_arrived', 'rider-filters');
    await api.table.rt.jobs.move(
      { storeId: waiting.storeId, jobId: id },
      { type: 'attempt_delivery', reason: 'customer_unreachable', note: null },
      'rider:rider-filters',
    );
    const get = async (query: string) => {
      let reply: Awaited<ReturnType<TestMerchant['get']>> | undefined;
      const records = await captureAccessLog(async () => {
        reply = await waiting.get(`/v1/jobs?${query}`);
      });
      return { ids: (reply!.body as Page).data.map((job) => job.id), calls: records[0]!.dynamoCalls };
    };

    const before = await get('needsDecision=true');
    const inRange = await get(`needsDecision=true&createdTo=${new Date(Date.now() + 60_000).toISOString()}`);
    const decided = await waiting.post(`/v1/jobs/${id}/decision`, { action: 'reattempt' });
    const after = await get('needsDecision=true');

    expect(before).toEqual({ ids: [id], calls: 5 });
    expect(inRange.ids).toEqual([id]);
    expect(decided.status).toBe(200);
    expect(after).toEqual({ ids: [], calls: 4 });
    expect((await get('needsDecision=false')).ids).toHaveLength(2);
  });
});

describe('GET /v1/jobs with filters that do not combine', () => {
  it.each([
    ['externalOrderId=ORD-1&status=created', 'externalOrderId', 'Cannot be combined with status, createdFrom, createdTo or needsDecision'],
    ['externalOrderId=ORD-1&needsDecision=true', 'externalOrderId', 'Cannot be combined with status, createdFrom, createdTo or needsDecision'],
    ['needsDecision=true&status=pickup_completed', 'needsDecision', 'Cannot be combined with status'],
    ['createdFrom=2026-01-02T00:00:00Z&createdTo=2026-01-01T00:00:00Z', 'createdTo', 'Must be after createdFrom'],
    ['createdFrom=2026-01-02T00:00:00Z&createdTo=2026-01-02T00:00:00Z', 'createdTo', 'Must be after createdFrom'],
  ])('answers %s with 400 naming %s', async (query, field, message) => {
    const reply = await merchant.get(`/v1/jobs?${query}`);

    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'validation_error', details: { formErrors: [], fieldErrors: { [field]: [message] } } });
  });

  it.each(['createdFrom=yesterday', 'createdTo=2026-01-01', 'needsDecision=yes', 'externalOrderId='])('answers %s with 400', async (query) => {
    expect((await merchant.get(`/v1/jobs?${query}`)).status).toBe(400);
  });
});
