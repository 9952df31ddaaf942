import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { startEngine } from '../../bin/local/engine.ts';
import type { JobDetail } from '../../functions/schemas/views/job.view.ts';
import { JOB_STATUSES } from '../../functions/core/job.ts';
import { jobLedger as ledgerOfJob } from '../helpers/job-ledger.ts';

// A whole sandbox delivery takes 3 s of the simulator's clock, and dispatch gives up after 2 s. The
// tests tick the workers themselves at chosen moments of that clock (`now`), so nothing waits on the
// real one; only the last test runs the local engine, for as long as its first runs take.
process.env.SIMULATION_SECONDS = '3';
process.env.DISPATCH_TIMEOUT_SECONDS = '2';

const api = useLocalApi({ stream: true });

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

/** Ticks the simulator every `stepMs` from `fromMs` to `toMs` after `since` (an ISO time). */
async function simulateFrom(since: string, fromMs: number, toMs: number, stepMs = 150): Promise<void> {
  for (let ms = fromMs; ms <= toMs; ms += stepMs) await simulateTick(api.table.rt, new Date(Date.parse(since) + ms));
}

describe('the sandbox simulator when a delivery does not go to plan', () => {
  const CREDIT = 20_000;
  // The run is 3 s here: the attempt at 2.7 s; a return takes 0.35 of it (1.05 s) to the pickup, then 0.3 s to the code.
  const RETURN_MS = 1_500;

  /** A sandbox store's job run by the simulator until its first attempt failed, and what the store and the worklist hold then. */
  async function failedFirstAttempt() {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: CREDIT });
    const job = await m.bookJob({ body: { externalOrderId: 'ORD-25-sim-undeliverable' } });
    await tickThrough(m, job, 0, WHOLE_RUN_MS);
    const waiting = (await current(m, job.id))!;
    return { m, job, waiting };
  }

  const current = (m: TestMerchant, jobId: string) => api.table.rt.jobs.get(m.storeId, jobId);
  const onWorklist = async (jobId: string) => (await api.table.rt.work.list('simulation')).some((item) => item.jobId === jobId);
  /** The statement lines of one job, oldest first, as [type, balance delta, reserved delta]. */
  const jobLedger = (m: TestMerchant, jobId: string) => ledgerOfJob(api.table.rt, m.storeId, jobId);
  const returnedLedger = (charge: number, returnCharge: number) => [
    ['reserve', 0, charge],
    ['capture', -charge, -charge],
    ['reserve', 0, returnCharge],
    ['capture', -returnCharge, -returnCharge],
  ];

  it('fails the first attempt of a sim-undeliverable job at the drop, then waits for the merchant, its worklist item kept', async () => {
    const { m, job, waiting } = await failedFirstAttempt();

    expect(waiting).toMatchObject({
      status: 'pickup_completed',
      settlement: 'reserved',
      deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'Sandbox: nobody answered the door or the phone' }],
      pendingDecision: { options: ['reattempt', 'return'], defaultAction: 'return' },
    });
    expect(Date.parse(waiting.pendingDecision!.deadlineAt) - Date.parse(waiting.deliveryAttempts![0]!.createdAt)).toBe(60_000);
    expect(await onWorklist(job.id)).toBe(true);
    await expectBalance(m, CREDIT, BENGALURU_CHARGE_MINOR);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('delivers with the fresh code on the merchant’s reattempt, capturing the charge once', async () => {
    const { m, job, waiting } = await failedFirstAttempt();

    const decided = (await api.table.rt.jobs.move({ storeId: m.storeId, jobId: job.id }, { type: 'decide', action: 'reattempt' }, 'merchant', {
      onLostRace: 'decide-again',
    }))!.job;
    await simulateFrom(decided.updatedAt, 0, 600);
    const last = (await current(m, job.id))!;

    expect(decided.verification.delivery.code).not.toBe(waiting.verification.delivery.code);
    expect(last).toMatchObject({ status: 'delivered', settlement: 'captured', pendingDecision: null, riderLocation: null });
    expect(last.verification.delivery).toMatchObject({ status: 'verified', code: decided.verification.delivery.code });
    expect(last.events.map((e) => `${e.status}:${e.actor}`).slice(-2)).toEqual(['pickup_completed:simulator', 'delivered:simulator']);
    expect(await onWorklist(job.id)).toBe(false);
    expect(await jobLedger(m, job.id)).toEqual([
      ['reserve', 0, BENGALURU_CHARGE_MINOR],
      ['capture', -BENGALURU_CHARGE_MINOR, -BENGALURU_CHARGE_MINOR],
    ]);
    await expectBalance(m, CREDIT - BENGALURU_CHARGE_MINOR, 0);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('brings the parcel back and gives the return code on the merchant’s return, capturing the return charge', async () => {
    const { m, job, waiting } = await failedFirstAttempt();

    const decided = (await api.table.rt.jobs.move({ storeId: m.storeId, jobId: job.id }, { type: 'decide', action: 'return' }, 'merchant', {
      onLostRace: 'decide-again',
    }))!.job;
    const midway = await simulateFrom(decided.returnTrip!.startedAt, 0, 600).then(() => current(m, job.id));
    const wasListed = await onWorklist(job.id);
    await simulateFrom(decided.returnTrip!.startedAt, 750, RETURN_MS);
    const last = (await current(m, job.id))!;

    expect(decided).toMatchObject({ status: 'failed', returnTrip: { reason: 'undeliverable', status: 'returning', chargeSettlement: 'reserved' } });
    // On the way back the rider's position moves from the drop towards the pickup.
    expect(midway!.riderLocation!.longitude).toBeLessThan(waiting.route.dropLongitude);
    expect(midway!.riderLocation!.longitude).toBeGreaterThan(waiting.route.pickupLongitude);
    expect(wasListed).toBe(true);
    expect(last).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      riderLocation: null,
      returnTrip: { status: 'returned', chargeSettlement: 'captured', handoff: { status: 'verified' } },
    });
    expect(await onWorklist(job.id)).toBe(false);
    expect(await jobLedger(m, job.id)).toEqual(returnedLedger(BENGALURU_CHARGE_MINOR, waiting.returnChargeMinor!));
    await expectBalance(m, CREDIT - BENGALURU_CHARGE_MINOR - waiting.returnChargeMinor!, 0);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('applies the default return itself (decision_timeout, by system) once the sandbox deadline of 60 s passes, then brings the parcel back', async () => {
    const { m, job, waiting } = await failedFirstAttempt();
    const deadline = waiting.pendingDecision!.deadlineAt;

    await simulateTick(api.table.rt, new Date(Date.parse(deadline) - 100));
    const before = (await current(m, job.id))!;
    await simulateFrom(deadline, 0, RETURN_MS);
    const last = (await current(m, job.id))!;

    expect(before.pendingDecision).not.toBeNull();
    expect(last.events.at(-1)).toMatchObject({ status: 'failed', actor: 'system' });
    expect(last.events.at(-1)!.note).toMatch(/^Undeliverable after 1 attempt/);
    expect(last).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      pendingDecision: null,
      returnTrip: { reason: 'undeliverable', status: 'returned' },
    });
    expect(await onWorklist(job.id)).toBe(false);
    expect(await jobLedger(m, job.id)).toEqual(returnedLedger(BENGALURU_CHARGE_MINOR, waiting.returnChargeMinor!));
    await expectBalance(m, CREDIT - BENGALURU_CHARGE_MINOR - waiting.returnChargeMinor!, 0);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('catches up in a tick minutes late: the script’s eight steps at once, no location while the rider waits at the drop, the default a minute later', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: CREDIT });
    const job = await m.bookJob({ body: { externalOrderId: 'ORD-25-sim-undeliverable' } });
    const late = Date.parse(job.createdAt as string) + 5 * 60_000;

    await simulateTick(api.table.rt, new Date(late));
    await simulateTick(api.table.rt, new Date(late + 30_000));
    const waiting = (await current(m, job.id))!;
    await simulateTick(api.table.rt, new Date(late + 60_000));
    const defaulted = (await current(m, job.id))!;

    // Version 1 at booking, then one per step: nothing more while the rider waits for the decision.
    expect([waiting.status, waiting.version, waiting.pendingDecision?.deadlineAt]).toEqual(['pickup_completed', 9, new Date(late + 60_000).toISOString()]);
    expect(defaulted).toMatchObject({ status: 'failed', returnTrip: { status: 'returning', handoff: { status: 'pending' } } });
    expect(defaulted.events.at(-1)).toMatchObject({ status: 'failed', actor: 'system' });
    expect(await onWorklist(job.id)).toBe(true);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });

  it('brings back a plain sandbox job the merchant recalls after pickup, and never delivers it', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true, creditMinor: CREDIT });
    const job = await m.bookJob();
    await tickThrough(m, job, 0, 1_800); // picked up at 1.5 s; the rider is on the way to the drop

    const recalled = (await api.table.rt.jobs.move({ storeId: m.storeId, jobId: job.id }, { type: 'recall' }, 'merchant', { onLostRace: 'decide-again' }))!.job;
    await simulateFrom(recalled.returnTrip!.startedAt, 0, RETURN_MS);
    await tickThrough(m, job, 1_800, WHOLE_RUN_MS); // the rest of the script's time passes too
    const last = (await current(m, job.id))!;

    expect(recalled).toMatchObject({ status: 'cancelled', returnTrip: { reason: 'recalled', status: 'returning' } });
    expect(last).toMatchObject({
      status: 'cancelled',
      settlement: 'captured',
      returnTrip: { reason: 'recalled', status: 'returned', chargeSettlement: 'captured', handoff: { status: 'verified' } },
    });
    expect(last.verification.delivery.status).toBe('unavailable');
    // Every status up to the pickup, then the recall's: never delivered.
    expect(last.events.map((e) => e.status)).toEqual([...JOB_STATUSES.slice(0, JOB_STATUSES.indexOf('pickup_completed') + 1), 'cancelled']);
    expect(await onWorklist(job.id)).toBe(false);
    expect(await jobLedger(m, job.id)).toEqual(returnedLedger(BENGALURU_CHARGE_MINOR, last.returnTrip!.chargeMinor));
    await expectBalance(m, CREDIT - BENGALURU_CHARGE_MINOR - last.returnTrip!.chargeMinor, 0);
    await expectLedgerInvariant(api.table.rt, m.storeId);
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
describe('the local engine (startEngine)', () => {
  it('runs dispatch and the simulator on its own, woken by the bookings’ writes and its sweep, until stopped', async () => {
    // Prepare: the engine reads the table's stream from now on; then a live job (the booking's
    // worklist write wakes dispatch) and a sandbox job (the simulator queues it 5% into its run, 150 ms
    // after booking: its alarm, or the next sweep, every 250 ms here)
    const errors: unknown[] = [];
    const engine = startEngine(api.table.rt, { onError: (error) => errors.push(error), sweepMs: 250 });
    try {
      await engine.ready;
      const live = await newMerchant(api.table.rt, api.server);
      const sandbox = await newMerchant(api.table.rt, api.server, { sandbox: true });
      const liveJob = await live.bookJob();
      const simulatedJob = await sandbox.bookJob();

      // Act: nothing but the engine moves them (5 s at the most)
      await vi.waitFor(
        async () => {
          // Queued is a waypoint, not a place to stay: this file's dispatch timeout (2 s) fails the job
          // if no rider comes, so a slow machine may first look after that. The history says it passed.
          expect((await merchantView(live, liveJob.id)).events.map((e) => `${e.status}:${e.actor}`)).toContain('queued:system');
          expect((await merchantView(sandbox, simulatedJob.id)).status).not.toBe('created');
        },
        { timeout: 5_000, interval: 20 },
      );

      // Assess: moved by the dispatcher and the simulator, without an error
      expect(errors).toEqual([]);
      expect((await merchantView(live, liveJob.id)).events.slice(0, 2).map((e) => `${e.status}:${e.actor}`)).toEqual(['created:merchant', 'queued:system']);
      expect((await merchantView(sandbox, simulatedJob.id)).events.slice(0, 2).map((e) => `${e.status}:${e.actor}`)).toEqual([
        'created:merchant',
        'queued:simulator',
      ]);
    } finally {
      await engine.stop();
    }
  });
});
