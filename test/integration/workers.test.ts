import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { dispatchTick, simulateTick } from '../../functions/workers/ticks.ts';
import { startWorkers } from '../../bin/local/workers.ts';
import type { JobDetail } from '../../functions/schemas/job.schema.ts';

// A whole sandbox delivery takes 3 s of the simulator's clock, and dispatch gives up after 2 s. The
// tests tick the workers themselves at chosen moments of that clock (`now`), so nothing waits on the
// real one; only the last test runs the background loop, for as long as its first ticks take.
process.env.SIMULATION_SECONDS = '3';
process.env.DISPATCH_TIMEOUT_SECONDS = '2';

const api = useLocalApi();

/** Runs both workers once, as the background loop does, at `ms` after `since` (an ISO time). */
async function tickAt(since: string, ms: number): Promise<void> {
  const now = new Date(Date.parse(since) + ms);
  await dispatchTick(api.table.rt, now);
  await simulateTick(api.table.rt, now);
}

/**
 * Ticks both workers every `stepMs` from `fromMs` to `toMs` after the job was booked, and returns
 * the job as its merchant sees it after each tick.
 */
async function tickThrough(m: TestMerchant, job: Record<string, unknown> & { id: string }, fromMs: number, toMs: number, stepMs = 150): Promise<JobDetail[]> {
  const seen: JobDetail[] = [];
  for (let ms = fromMs; ms <= toMs; ms += stepMs) {
    await tickAt(job.createdAt as string, ms);
    seen.push(await merchantView(m, job.id));
  }
  return seen;
}

/** A whole simulator run (3 s) and a little more. */
const WHOLE_RUN_MS = 3_500;

const ASSIGNED = ['picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed'];

describe('the sandbox simulator', () => {
  it('delivers a sandbox job by itself while the merchant only polls: location only during the assignment, events in order, charge captured', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: 20_000 });
    const job = await m.bookJob();

    const seen = await tickThrough(m, job, 0, WHOLE_RUN_MS);

    const last = seen.at(-1)!;
    expect(last).toMatchObject({
      status: 'delivered',
      settlement: 'captured',
      riderLocation: null,
      verification: { testMode: true, pickup: { status: 'verified' }, delivery: { status: 'verified' } },
    });
    expect(last.events.map((e) => `${e.status}:${e.actor}`)).toEqual([
      'created:merchant',
      'queued:simulator',
      'picked_by_agent:simulator',
      'booking_in_progress:simulator',
      'booked:simulator',
      'pickup_completed:simulator',
      'delivered:simulator',
    ]);
    for (const state of seen) if (!ASSIGNED.includes(state.status)) expect(state.riderLocation).toBeNull();
    const located = seen.filter((state) => state.riderLocation !== null);
    expect(located.length).toBeGreaterThan(0);
    expect(new Set(located.map((state) => JSON.stringify(state.riderLocation))).size).toBeGreaterThan(1);
    expect(((await m.get('/v1/balance')).body as { data: unknown }).data).toMatchObject({ balanceMinor: 20_000 - BENGALURU_CHARGE_MINOR, reservedMinor: 0 });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it.each([
    ['sim-no-rider', 'released', 'No rider accepted the job in time'],
    ['sim-fail-before-pickup', 'released', 'Sandbox: the rider could not collect the parcel'],
    ['sim-fail-after-pickup', 'review', 'Sandbox: the parcel was lost after pickup'],
  ])('fails a job whose externalOrderId says %s (settlement %s)', async (outcome, settlement, note) => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const job = await m.bookJob({ body: { externalOrderId: `ORD-7-${outcome}` } });

    const last = (await tickThrough(m, job, 0, WHOLE_RUN_MS)).at(-1)!;

    expect(last).toMatchObject({ status: 'failed', settlement });
    expect(last.events.at(-1)).toMatchObject({ status: 'failed', note });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('stops simulating a job the merchant cancels', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const job = await m.bookJob();
    await tickAt(job.createdAt as string, 300); // the simulator has queued it (5% into its run)

    const cancel = await m.post(`/v1/jobs/${job.id}/cancel`);
    const atCancel = (cancel.body as { data: JobDetail }).data.events.map((e) => e.status);
    await tickThrough(m, job, 400, WHOLE_RUN_MS);
    const after = await merchantView(m, job.id);

    expect(cancel.status).toBe(200);
    expect(atCancel).toEqual(['created', 'queued', 'cancelled']);
    expect(after.events.map((e) => e.status)).toEqual(atCancel);
    expect((await api.table.rt.work.list('simulation')).filter((item) => item.jobId === job.id)).toEqual([]);
  });
});

describe('dispatch', () => {
  it('hands a live job to dispatch at once, and fails it, releasing the credit, when no rider accepts in time', async () => {
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 20_000 });
    const job = await m.bookJob();

    // Queued at the first tick; failed at the first tick 2 s after that.
    const seen = await tickThrough(m, job, 0, 2_500, 250);

    const last = seen.at(-1)!;
    expect(seen[0]!.status).toBe('queued');
    expect(last).toMatchObject({ status: 'failed', settlement: 'released', verification: { pickup: { status: 'unavailable' } } });
    expect(last.events.map((e) => [e.status, e.actor, e.note])).toEqual([
      ['created', 'merchant', null],
      ['queued', 'system', null],
      ['failed', 'system', 'No rider accepted the job in time'],
    ]);
    expect(((await m.get('/v1/balance')).body as { data: unknown }).data).toMatchObject({ balanceMinor: 20_000, reservedMinor: 0 });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('never duplicates an event or a ledger entry when ticks run again and side by side', async () => {
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 20_000 });
    const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: 20_000 });
    const live = await m.bookJob();
    const simulated = await sandbox.bookJob();
    const { rt } = api.table;

    // Two of each worker at once, 30 times, every 150 ms of the workers' clock: past both jobs' ends.
    for (let round = 0; round < 30; round++) {
      const now = new Date(Date.parse(simulated.createdAt as string) + round * 150);
      await Promise.all([dispatchTick(rt, now), dispatchTick(rt, now), simulateTick(rt, now), simulateTick(rt, now)]);
    }
    const liveJob = await merchantView(m, live.id);
    const simulatedJob = await merchantView(sandbox, simulated.id);

    expect(liveJob.events.map((e) => e.status)).toEqual(['created', 'queued', 'failed']);
    expect(simulatedJob.events.map((e) => e.status)).toEqual([
      'created',
      'queued',
      'picked_by_agent',
      'booking_in_progress',
      'booked',
      'pickup_completed',
      'delivered',
    ]);
    expect((await api.table.rt.stores.ledger(m.storeId)).map((e) => e.type)).toEqual(['release', 'reserve', 'top_up']);
    expect((await api.table.rt.stores.ledger(sandbox.storeId)).map((e) => e.type)).toEqual(['capture', 'reserve', 'top_up']);
    await expectLedgerInvariant(api.table.rt, m.storeId);
    await expectLedgerInvariant(api.table.rt, sandbox.storeId);
  });
});

// Last in the file: it leaves its jobs mid-way.
describe('the local background loop (startWorkers)', () => {
  it('runs both workers on its own, every interval, until stopped', async () => {
    // Prepare: a live job (dispatch queues it at its first tick) and a sandbox job (the simulator
    // queues it 5% into its run, 150 ms after booking)
    const live = await newMerchant(api.table.rt, api.server);
    const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const liveJob = await live.bookJob();
    const simulatedJob = await sandbox.bookJob();
    const errors: unknown[] = [];

    // Act: the loop runs every 20 ms until both jobs have moved (5 s at the most)
    const workers = startWorkers(api.table.rt, 20, (error) => errors.push(error));
    try {
      await vi.waitFor(
        async () => {
          expect((await merchantView(live, liveJob.id)).status).toBe('queued');
          expect((await merchantView(sandbox, simulatedJob.id)).status).not.toBe('created');
        },
        { timeout: 5_000, interval: 20 },
      );
    } finally {
      await workers.stop();
    }

    // Assess: moved by the dispatcher and the simulator, without an error
    expect(errors).toEqual([]);
    expect((await merchantView(live, liveJob.id)).events.map((e) => `${e.status}:${e.actor}`)).toEqual(['created:merchant', 'queued:system']);
    expect((await merchantView(sandbox, simulatedJob.id)).events.slice(0, 2).map((e) => `${e.status}:${e.actor}`)).toEqual([
      'created:merchant',
      'queued:simulator',
    ]);
  });
});
