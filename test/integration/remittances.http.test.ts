import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { partitionItems } from '../helpers/table.ts';
import { expectRiderCashInvariant } from '../helpers/collection.ts';
import { keys } from '../../functions/data/table.ts';
import { nextCutoff } from '../../functions/core/remittance.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { REMITTANCE_CHUNK, remittanceTick } from '../../functions/workers/remittances.ts';
import type { Job } from '../../functions/core/job.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { RemittanceView } from '../../functions/schemas/remittance.schema.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';

/**
 * Remittances of cash-on-delivery payments to the store's credit: the worker's cycle (a live store's
 * daily cut-off in IST, a sandbox store's next tick), its two phases (claim, credit) under races and a
 * worker stopped between them, and what the merchant reads (GET /v1/remittances, its CSV, the
 * statement's `cod_remittance` entry, the events). The worker is driven with an explicit clock.
 */
const api = useLocalApi();

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

// A cut-off a day or two ahead of the real clock, so every payment below is collected after the job's booking.
const cutoffAhead = (rt: Runtime) => new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + DAY);

/** Books a cash-on-delivery job and has its rider collect `amountMinor` in cash at `at` (at the real clock if not given). */
async function collectedJob(rt: Runtime, m: TestMerchant, amountMinor: number, options: { at?: Date; rider?: string } = {}): Promise<Job> {
  const rider = options.rider ?? `rider-${randomUUID().slice(0, 8)}`;
  const { id } = await m.bookJob({ quote: { collectMinor: amountMinor } });
  const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', rider);
  return (
    await rt.jobs.move(atDrop, { type: 'collect', method: 'cash', amountMinor, reference: null }, `rider:${rider}`, {
      now: options.at ?? new Date(),
      onLostRace: 'refuse',
    })
  ).job;
}

const listOf = async (m: TestMerchant, query = '') =>
  (await m.get(`/v1/remittances${query}`)).body as { data: RemittanceView[]; nextCursor: string | null; hasMore: boolean };
const onWorklist = async (rt: Runtime, storeId: string) => (await partitionItems(rt, keys.remittanceWork(storeId).PK)).some((item) => item.SK === storeId);
const iso = (at: Date | number) => new Date(at).toISOString();

/** The runtime with one method of its remittance repository stood in for (a worker that stops, or a race at that step). */
function withRemittances<K extends 'claim' | 'credit'>(rt: Runtime, name: K, method: Runtime['remittances'][K]): Runtime {
  return { ...rt, remittances: Object.create(rt.remittances, { [name]: { value: method } }) as Runtime['remittances'] };
}

describe('a live store’s payments', () => {
  it('collected before the cut-off are credited as one remittance after it; those after wait for the next', async () => {
    // Prepare: two payments before a cut-off, one after; the first job is delivered
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const cut = cutoffAhead(rt);
    const a = await collectedJob(rt, m, 85_000, { at: new Date(cut.getTime() - 2 * HOUR) });
    const delivered = await rt.jobs.move(a, { type: 'submit_code', handoff: 'delivery', code: a.verification.delivery.code }, `rider:${a.agentId}`, {
      onLostRace: 'refuse',
    });
    expect(delivered.job.status).toBe('delivered');
    const b = await collectedJob(rt, m, 40_000, { at: new Date(cut.getTime() - HOUR) });
    const c = await collectedJob(rt, m, 12_345, { at: new Date(cut.getTime() + HOUR) });
    const balanceBefore = (await rt.stores.get(m.storeId))!.balanceMinor;

    // Act: a tick a moment before the cut-off, then one after it
    const early = await remittanceTick(rt, new Date(cut.getTime() - 1));
    const atEarly = await listOf(m);
    const tick = new Date(cut.getTime() + 2 * HOUR);
    const report = await remittanceTick(rt, tick);

    // Assess: nothing before the cut-off; after it, one remittance of the two payments before it
    expect(early).toEqual({ moved: 0, finished: 0, failed: 0 });
    expect(atEarly).toEqual({ data: [], nextCursor: null, hasMore: false });
    expect(report).toEqual({ moved: 1, finished: 0, failed: 0 });
    const { data } = await listOf(m);
    expect(data).toEqual([
      {
        id: expect.stringMatching(/^rem_[0-9A-Za-z]{24}$/),
        status: 'credited',
        amountMinor: 125_000,
        jobCount: 2,
        periodStart: iso(cut.getTime() - DAY),
        periodEnd: iso(cut),
        createdAt: iso(tick),
        creditedAt: iso(tick),
        ledgerEntryId: expect.stringMatching(/^le_[0-9a-f]{32}$/),
      },
    ]);
    const remittance = data[0]!;
    const lines = [
      { jobId: a.id, amountMinor: 85_000, collectedAt: a.collection!.collectedAt },
      { jobId: b.id, amountMinor: 40_000, collectedAt: b.collection!.collectedAt },
    ].sort((x, y) => (x.jobId < y.jobId ? -1 : 1));
    expect((await m.get(`/v1/remittances/${remittance.id}`)).body).toEqual({ data: { ...remittance, lines } });
    // The statement's newest entry credits the whole amount collected; the balance says the same.
    const statement = (await m.get('/v1/ledger?limit=1')).body as { data: Array<Record<string, unknown>> };
    expect(statement.data[0]).toEqual({
      id: remittance.ledgerEntryId,
      type: 'cod_remittance',
      amountMinor: 125_000,
      balanceMinor: balanceBefore + 125_000,
      reservedMinor: expect.any(Number),
      jobId: null,
      note: `Cash on delivery remittance ${remittance.id} (2 payments)`,
      createdAt: iso(tick),
    });
    expect(await rt.stores.get(m.storeId)).toMatchObject({
      balanceMinor: balanceBefore + 125_000,
      codCollectedMinor: 137_345,
      codAwaitingMinor: 12_345,
      codRemittedMinor: 125_000,
    });
    expect((await merchantView(m, a.id)).collection).toMatchObject({ status: 'collected', remittanceId: remittance.id });
    expect((await merchantView(m, c.id)).collection).toMatchObject({ status: 'collected', remittanceId: null });
    expect((await merchantView(m, a.id)).status).toBe('delivered');
    await expectLedgerInvariant(rt, m.storeId);
    await expectRiderCashInvariant(rt, a.agentId!);

    // The payment after the cut-off: not looked at before the next cut-off, remitted after it, and the store leaves the list.
    expect(await remittanceTick(rt, new Date(cut.getTime() + DAY - 1))).toEqual({ moved: 0, finished: 0, failed: 0 });
    const next = new Date(cut.getTime() + DAY + 60_000);
    expect(await remittanceTick(rt, next)).toEqual({ moved: 1, finished: 1, failed: 0 });
    const both = await listOf(m);
    expect(both.data.map((r) => [r.amountMinor, r.jobCount, r.periodStart, r.periodEnd])).toEqual([
      [12_345, 1, iso(cut), iso(cut.getTime() + DAY)],
      [125_000, 2, iso(cut.getTime() - DAY), iso(cut)],
    ]);
    expect(await onWorklist(rt, m.storeId)).toBe(false);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('GET /v1/remittances', () => {
  it('pages newest first with an opaque cursor, and answers CSV with a header row', async () => {
    // Prepare: three remittances, on three days
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const cut = cutoffAhead(rt);
    for (const day of [0, 1, 2]) {
      await collectedJob(rt, m, 10_000 + day, { at: new Date(cut.getTime() + (day - 1) * DAY + HOUR) });
      await remittanceTick(rt, new Date(cut.getTime() + day * DAY + 60_000));
    }

    // Act
    const first = await listOf(m, '?limit=2');
    const second = await listOf(m, `?limit=2&after=${first.nextCursor}`);
    const csv = await m.get(`/v1/remittances?limit=2`);
    const csvResponse = await api.server.request('/v1/remittances?limit=2', { headers: { 'X-Api-Key': m.apiKey, Accept: 'text/csv' } });

    // Assess
    expect(first.data.map((r) => r.amountMinor)).toEqual([10_002, 10_001]);
    expect(first.hasMore).toBe(true);
    expect(second).toEqual({ data: [expect.objectContaining({ amountMinor: 10_000 })], nextCursor: null, hasMore: false });
    expect(csv.status).toBe(200);
    expect(csvResponse.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csvResponse.headers.get('x-next-cursor')).toBe(first.nextCursor);
    const rows = first.data.map((r) =>
      [r.id, 'credited', r.amountMinor, (r.amountMinor / 100).toFixed(2), 1, r.periodStart, r.periodEnd, r.createdAt, r.creditedAt, r.ledgerEntryId].join(','),
    );
    expect(await csvResponse.text()).toBe(
      `id,status,amountMinor,amountRupees,jobCount,periodStart,periodEnd,createdAt,creditedAt,ledgerEntryId\r\n${rows.join('\r\n')}\r\n`,
    );
    // The detail's CSV: its payments.
    const remittance = second.data[0]!;
    const { data: detail } = (await m.get(`/v1/remittances/${remittance.id}`)).body as { data: { lines: Array<{ jobId: string; collectedAt: string }> } };
    const detailCsv = await api.server.request(`/v1/remittances/${remittance.id}`, { headers: { 'X-Api-Key': m.apiKey, Accept: 'text/csv' } });
    expect(await detailCsv.text()).toBe(
      `remittanceId,jobId,amountMinor,amountRupees,collectedAt\r\n${remittance.id},${detail.lines[0]!.jobId},10000,100.00,${detail.lines[0]!.collectedAt}\r\n`,
    );
    await expectLedgerInvariant(rt, m.storeId);
  });

  it('answers 400 for a cursor it did not make, 404 remittance_not_found for another store’s or an unknown id', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const other = await newMerchant(rt, api.server);
    await collectedJob(rt, m, 10_000);
    const cut = nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST);
    await remittanceTick(rt, new Date(cut.getTime() + 60_000));
    const [mine] = (await listOf(m)).data;

    const forged = await other.get(`/v1/remittances?after=${Buffer.from('remittances:x').toString('base64url')}`);
    const theirs = await other.get(`/v1/remittances/${mine!.id}`);
    const unknown = await m.get('/v1/remittances/rem_000000000000000000000000');
    const malformed = await m.get('/v1/remittances/nope');

    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'validation_error', details: { fieldErrors: { after: ['Must be a nextCursor from an earlier page'] } } });
    expect(theirs).toMatchObject({ status: 404, body: { error: `No remittance ${mine!.id} for this store`, code: 'remittance_not_found' } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'remittance_not_found' } });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect((await listOf(other)).data).toEqual([]);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('the events of a remittance', () => {
  it('are remittance.created with the remittance, and job.collection_updated on each job naming it', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const [a, b] = [await collectedJob(rt, m, 30_000), await collectedJob(rt, m, 20_000)];
    await remittanceTick(rt, new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000));
    const [remittance] = (await listOf(m)).data;

    await relayTick(rt);
    const created = (await m.get('/v1/events?type=remittance.created')).body as { data: Array<Record<string, unknown>> };
    const updated = (await m.get('/v1/events?type=job.collection_updated')).body as {
      data: Array<{ jobId: string; data: { collection: { remittanceId: string | null } } }>;
    };

    expect(created.data).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: 'remittance.created',
        createdAt: remittance!.creditedAt,
        livemode: true,
        jobId: null,
        sequence: null,
        data: { remittance },
      },
    ]);
    const remitted = updated.data.filter((event) => event.data.collection.remittanceId === remittance!.id).map((event) => event.jobId);
    expect(remitted.sort()).toEqual([a.id, b.id].sort());
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('a sandbox store’s payments', () => {
  it('are remitted at the worker’s next tick, whatever the time', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server, { sandbox: true });
    const job = await collectedJob(rt, m, 50_000);
    const tick = new Date(Date.parse(job.collection!.collectedAt!) + 1000);

    await remittanceTick(rt, tick);

    expect((await listOf(m)).data).toEqual([
      expect.objectContaining({ status: 'credited', amountMinor: 50_000, jobCount: 1, periodStart: job.collection!.collectedAt, periodEnd: iso(tick) }),
    ]);
    expect(await onWorklist(rt, m.storeId)).toBe(false);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('two workers', () => {
  it('ticking at once make one remittance of the store’s payments', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    for (const amount of [10_000, 20_000, 30_000]) await collectedJob(rt, m, amount);
    const tick = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000);

    const reports = await Promise.all([remittanceTick(rt, tick), remittanceTick(rt, tick)]);

    expect(reports.reduce((sum, report) => sum + report.moved, 0)).toBe(1);
    expect((await listOf(m)).data).toEqual([expect.objectContaining({ status: 'credited', amountMinor: 60_000, jobCount: 3 })]);
    expect((await rt.stores.ledger(m.storeId)).filter((entry) => entry.type === 'cod_remittance')).toHaveLength(1);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('a cycle of more payments than one transaction takes', () => {
  it('is claimed in chunks into one remittance, credited once', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server, { creditMinor: 1_000_000 });
    const count = REMITTANCE_CHUNK + 1;
    for (let i = 0; i < count; i++) await collectedJob(rt, m, 1000 + i);
    const tick = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000);

    expect(await remittanceTick(rt, tick)).toEqual({ moved: 1, finished: 1, failed: 0 });

    const [remittance] = (await listOf(m)).data;
    expect(remittance).toMatchObject({ status: 'credited', jobCount: count, amountMinor: count * 1000 + (count * (count - 1)) / 2 });
    expect(((await m.get(`/v1/remittances/${remittance!.id}`)).body as { data: { lines: unknown[] } }).data.lines).toHaveLength(count);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('a job that changes while its payment is claimed', () => {
  it('leaves the chunk unclaimed (nothing written) and the next tick remits it', async () => {
    // Prepare: the job is delivered between the worker's read of it and its claim
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const job = await collectedJob(rt, m, 25_000);
    const tick = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000);
    const claim = rt.remittances.claim.bind(rt.remittances);
    const racing = withRemittances(rt, 'claim', async (input) => {
      await rt.jobs.move(
        { storeId: m.storeId, jobId: job.id },
        { type: 'submit_code', handoff: 'delivery', code: job.verification.delivery.code },
        `rider:${job.agentId}`,
      );
      return claim(input);
    });

    // Act
    const raced = await remittanceTick(racing, tick);
    const before = await listOf(m);
    const awaiting = await rt.stores.get(m.storeId);
    await expectLedgerInvariant(rt, m.storeId);
    const next = await remittanceTick(rt, new Date(tick.getTime() + 2000));

    // Assess
    expect(raced).toEqual({ moved: 0, finished: 0, failed: 0 });
    expect(before.data).toEqual([]);
    expect(awaiting).toMatchObject({ codAwaitingMinor: 25_000, codRemittedMinor: 0 });
    expect(next).toEqual({ moved: 1, finished: 1, failed: 0 });
    expect(await rt.stores.get(m.storeId)).toMatchObject({ codAwaitingMinor: 0, codRemittedMinor: 25_000 });
    const view = await merchantView(m, job.id);
    expect([view.status, view.collection?.remittanceId]).toEqual(['delivered', (await listOf(m)).data[0]!.id]);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('a worker stopped between the phases', () => {
  it('leaves a pending remittance the invariant accounts for, which the next tick credits once', async () => {
    // Prepare: a worker whose credit fails (it stops after claiming)
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    const job = await collectedJob(rt, m, 70_000);
    const tick = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000);
    const stopping = withRemittances(rt, 'credit', async () => {
      throw new Error('worker stopped');
    });

    // Act
    const stopped = await remittanceTick(stopping, tick);
    const [pending] = (await listOf(m)).data;
    await expectLedgerInvariant(rt, m.storeId);
    const held = await remittanceTick(rt, new Date(tick.getTime() + 1000)); // its lease still holds the store
    const resumed = await remittanceTick(rt, new Date(tick.getTime() + 2 * 60_000));

    // Assess
    expect(stopped).toEqual({ moved: 0, finished: 0, failed: 1 });
    expect(pending).toMatchObject({ status: 'pending', amountMinor: 70_000, jobCount: 1, creditedAt: null, ledgerEntryId: null });
    expect(held).toEqual({ moved: 0, finished: 0, failed: 0 });
    expect(resumed).toEqual({ moved: 1, finished: 1, failed: 0 });
    expect((await listOf(m)).data).toEqual([
      expect.objectContaining({ id: pending!.id, status: 'credited', amountMinor: 70_000, creditedAt: iso(tick.getTime() + 2 * 60_000) }),
    ]);
    expect((await merchantView(m, job.id)).collection).toMatchObject({ remittanceId: pending!.id });
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('what reading remittances costs', () => {
  useHandlerLogs();

  it('is one Query for a page of the list and a Get and a Query for one remittance, beside the key, the store and the rate limit', async () => {
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    await collectedJob(rt, m, 10_000);
    await remittanceTick(rt, new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000));
    const [remittance] = (await listOf(m)).data;

    const records = await captureAccessLog(async () => {
      await m.get('/v1/remittances');
      await m.get(`/v1/remittances/${remittance!.id}`);
    });

    expect(records.map((r) => [r.route, r.status, r.dynamoCalls])).toEqual([
      ['GET /v1/remittances', 200, 4],
      ['GET /v1/remittances/{id}', 200, 5],
    ]);
    await expectLedgerInvariant(rt, m.storeId);
  });
});

describe('what a remittance costs the worker', () => {
  it('is a Query a worklist shard when nothing waits, and 7 calls more for a store’s cycle of up to 20 payments (2 more for each 20 after)', async () => {
    // Prepare: every other store of this file is off the list; one store with three payments due
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    for (const amount of [1000, 2000, 3000]) await collectedJob(rt, m, amount);
    const tick = new Date(nextCutoff(new Date(), rt.config.REMITTANCE_CUTOFF_IST).getTime() + 60_000);
    const [busy, idle] = [newDynamoTally(), newDynamoTally()];

    // Act
    await dynamoCallScope.run(busy, () => remittanceTick(rt, tick));
    await dynamoCallScope.run(idle, () => remittanceTick(rt, new Date(tick.getTime() + 1000)));

    // Assess: the lease, the payments, the jobs (BatchGet), the claim, the remittance read, the credit, the store let go
    expect(idle.calls).toBe(keys.remittanceWorkPartitions().length);
    expect(busy.calls).toBe(keys.remittanceWorkPartitions().length + 7);
    await expectLedgerInvariant(rt, m.storeId);
  });
});
