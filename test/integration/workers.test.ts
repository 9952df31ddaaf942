import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { dispatchTick, simulateTick } from '../../functions/workers/ticks.ts';
import { startWorkers } from '../../bin/local/workers.ts';
import { runtime } from '../../functions/runtime.ts';

// A whole sandbox delivery in 3 s, and dispatch gives up after 2 s, so the tests watch whole runs.
process.env.SIMULATION_SECONDS = '3';
process.env.DISPATCH_TIMEOUT_SECONDS = '2';

const api = useLocalApi();
let workers: { stop(): Promise<void> };

beforeAll(() => {
  workers = startWorkers(runtime(), 100, (error) => {
    throw error;
  });
});

afterAll(async () => {
  await workers.stop();
});

type Detail = { status: string; settlement: string; riderLocation: unknown; events: Array<{ status: string; actor: string; note: string | null }>; verification: Record<string, { status: string }> };

/** Polls the job as a merchant would, until it ends; returns every state seen. */
async function pollUntilEnded(m: TestMerchant, id: string): Promise<Detail[]> {
  const seen: Detail[] = [];
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { status, body } = await m.get(`/v1/jobs/${id}`);
    expect(status).toBe(200);
    const job = (body as { data: Detail }).data;
    seen.push(job);
    if (['delivered', 'failed', 'cancelled'].includes(job.status)) return seen;
    if (Date.now() > deadline) throw new Error(`job still ${job.status} after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ASSIGNED = ['picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed'];

describe('the sandbox simulator', () => {
  it('delivers a sandbox job by itself while the merchant only polls: location only during the assignment, events in order, charge captured', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: 20_000 });
    const { id } = await m.bookJob();

    const seen = await pollUntilEnded(m, id);

    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: 'delivered', settlement: 'captured', riderLocation: null, verification: { testMode: true, pickup: { status: 'verified' }, delivery: { status: 'verified' } } });
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
    expect(((await m.get('/v1/balance')).body as { data: unknown }).data).toMatchObject({ balanceMinor: 13_100, reservedMinor: 0 });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it.each([
    ['sim-no-rider', 'released', 'No rider accepted the job in time'],
    ['sim-fail-before-pickup', 'released', 'Sandbox: the rider could not collect the parcel'],
    ['sim-fail-after-pickup', 'review', 'Sandbox: the parcel was lost after pickup'],
  ])('fails a job whose externalOrderId says %s (settlement %s)', async (outcome, settlement, note) => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob({ body: { externalOrderId: `ORD-7-${outcome}` } });

    const last = (await pollUntilEnded(m, id)).at(-1)!;

    expect(last).toMatchObject({ status: 'failed', settlement });
    expect(last.events.at(-1)).toMatchObject({ status: 'failed', note });
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('stops simulating a job the merchant cancels', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob();

    const cancel = await m.post(`/v1/jobs/${id}/cancel`);
    // The simulator may have queued the job first; after the cancel nothing more may happen to it.
    const atCancel = (cancel.body as { data: Detail }).data.events.map((e) => e.status);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const { body } = await m.get(`/v1/jobs/${id}`);

    expect(cancel.status).toBe(200);
    expect(atCancel.at(-1)).toBe('cancelled');
    expect((body as { data: Detail }).data.events.map((e) => e.status)).toEqual(atCancel);
    expect((await api.table.rt.work.list('simulation')).filter((item) => item.jobId === id)).toEqual([]);
  });
});

describe('dispatch', () => {
  it('hands a live job to dispatch at once, and fails it, releasing the credit, when no rider accepts in time', async () => {
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 20_000 });
    const { id } = await m.bookJob();

    const seen = await pollUntilEnded(m, id);

    const last = seen.at(-1)!;
    expect(seen.some((state) => state.status === 'queued')).toBe(true);
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

    for (let round = 0; round < 30; round++) {
      await Promise.all([dispatchTick(runtime()), dispatchTick(runtime()), simulateTick(runtime()), simulateTick(runtime())]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const liveJob = (await pollUntilEnded(m, live.id)).at(-1)!;
    const simulatedJob = (await pollUntilEnded(sandbox, simulated.id)).at(-1)!;

    expect(liveJob.events.map((e) => e.status)).toEqual(['created', 'queued', 'failed']);
    expect(simulatedJob.events.map((e) => e.status)).toEqual(['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed', 'delivered']);
    expect((await api.table.rt.stores.ledger(m.storeId)).map((e) => e.type)).toEqual(['release', 'reserve', 'top_up']);
    expect((await api.table.rt.stores.ledger(sandbox.storeId)).map((e) => e.type)).toEqual(['capture', 'reserve', 'top_up']);
    await expectLedgerInvariant(api.table.rt, m.storeId);
    await expectLedgerInvariant(api.table.rt, sandbox.storeId);
  });
});
