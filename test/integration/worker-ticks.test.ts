import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { driveJob, expectFleetIndexes } from '../helpers/fleet.ts';
import { dispatchTick, simulateTick } from '../../functions/workers/ticks.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { runtime } from '../../functions/runtime.ts';
import { ConcurrentModificationError } from '../../functions/core/errors.ts';
import { handler as scheduledWorkers } from '../../functions/workers/scheduled.ts';
import type { Context, ScheduledEvent } from 'aws-lambda';

// No background loop here: the test alone decides when the workers tick.
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi();

describe('a simulator step that loses a race', () => {
  it('is tried again on the next tick, not skipped', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob();
    const rt = runtime();
    const past = new Date(Date.now() + 10_000); // every step is due
    const spy = vi.spyOn(rt.jobs, 'applyTo').mockRejectedValueOnce(new ConcurrentModificationError());

    await simulateTick(rt, past);
    spy.mockRestore();
    await simulateTick(rt, past);

    const { data } = (await m.get(`/v1/jobs/${id}`)).body as { data: { status: string; events: Array<{ status: string }> } };
    expect(data.status).toBe('delivered');
    expect(data.events.map((e) => e.status)).toEqual([
      'created',
      'queued',
      'picked_by_agent',
      'booking_in_progress',
      'booked',
      'pickup_completed',
      'delivered',
    ]);
    await expectLedgerInvariant(api.table.rt, m.storeId);
  });
});

describe('the simulated rider’s location', () => {
  it('is reported about twenty times a run, not on every tick', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob();
    const rt = runtime();
    const booked = Date.now();
    const versions: number[] = [];

    // Ten ticks 15 ms apart, while the rider is assigned (between 15% and 85% of the 3 s run).
    for (let i = 0; i < 10; i++) {
      await simulateTick(rt, new Date(booked + 1_000 + i * 15));
      versions.push((await rt.jobs.get(m.storeId, id))!.version);
    }

    // 3 s / 20 = 150 ms between reports: one report in these 200 ms, after the steps that were due.
    expect(new Set(versions.slice(1)).size).toBe(1);
  });
});

describe('dispatch with riders', () => {
  it('keeps an accepted job off the timeout, and times a declined job from when it was first queued', async () => {
    // Prepare: a live job, queued at t0 (the clock is the test's; the timeout is 20 minutes)
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();
    const rt = runtime();
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 + minutes * 60_000);
    const job = async () => (await rt.jobs.get(m.storeId, id))!;
    const onDispatchList = async () => (await rt.work.list('dispatch')).some((item) => item.jobId === id);
    await dispatchTick(rt, at(0));
    await dispatchTick(rt, at(19));
    expect((await job()).status).toBe('queued');
    await rt.jobs.applyTo(await job(), { type: 'accept', agentId: 'rider-1' }, 'rider:rider-1', { now: at(19.5) });

    // Act + Assess: past the 20 minutes (and within the rider's 2 minutes to confirm), an accepted
    // job is not failed, and stays on the list
    await dispatchTick(rt, at(21));
    expect((await job()).status).toBe('picked_by_agent');
    expect(await onDispatchList()).toBe(true);

    // The rider declines at 21 min: the job is back on offer, but its 20 minutes ran from t0, so
    // accept-and-decline cannot keep a job waiting for ever
    await rt.jobs.applyTo(await job(), { type: 'decline' }, 'rider:rider-1', { now: at(21) });
    expect((await job()).status).toBe('queued');
    await dispatchTick(rt, at(21));
    expect(await job()).toMatchObject({ status: 'failed', settlement: 'released' });
    await expectLedgerInvariant(api.table.rt, m.storeId);
    await expectFleetIndexes(api.table.rt, m.storeId);
  });

  it('reads its whole worklist in one Query and one BatchGet when nothing is due', async () => {
    // Prepare: three live jobs on offer, none late (and this file's other jobs, whatever their state)
    const m = await newMerchant(api.table.rt, api.server);
    for (let i = 0; i < 3; i++) await m.bookJob();
    const rt = runtime();
    await dispatchTick(rt);
    await dispatchTick(rt); // lets go of anything finished, so the next tick has only waiting jobs
    const scope = newDynamoTally();

    // Act
    const report = await dynamoCallScope.run(scope, () => dispatchTick(rt));

    // Assess
    expect(report).toEqual({ moved: 0, finished: 0, failed: 0 });
    expect(scope.calls).toBe(2);
  });

  it('lets go of a job once a rider has confirmed it', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();
    const rt = runtime();
    await dispatchTick(rt);
    await driveJob(rt, m.storeId, id, 'booked', 'rider-2');

    const report = await dispatchTick(rt, new Date(Date.now() + 3_600_000));

    expect(report.finished).toBeGreaterThanOrEqual(1);
    expect((await rt.work.list('dispatch')).map((item) => item.jobId)).not.toContain(id);
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('booked');
    await expectFleetIndexes(api.table.rt, m.storeId);
  });

  it('queues a job booked after the tick read its clock no earlier than the job was created', async () => {
    // Prepare: a tick's clock is read once, before its worklist; a booking lands in between (found
    // by the load run: a long tick over a big worklist, or another container's clock a little behind)
    const m = await newMerchant(api.table.rt, api.server);
    const tickClock = new Date(Date.now() - 1_000);
    const { id } = await m.bookJob();
    const rt = runtime();

    // Act
    await dispatchTick(rt, tickClock);

    // Assess: the history stays in time order; the offer is no older than the job
    const job = (await rt.jobs.get(m.storeId, id))!;
    expect(job.events.map(({ status, createdAt }) => ({ status, createdAt }))).toEqual([
      { status: 'created', createdAt: job.createdAt },
      { status: 'queued', createdAt: job.createdAt },
    ]);
    expect(job.updatedAt).toBe(job.createdAt);
  });
});

describe('the scheduled function (AWS)', () => {
  it('ticks until its invocation nearly runs out, and is what moves the jobs', async () => {
    // Prepare: an invocation with 7 s left, the 5 s it keeps back and one 2 s tick (the pause
    // between ticks is on the real clock, so a longer invocation would make this test wait)
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();
    const deadline = Date.now() + 7_000;
    const context = { awsRequestId: 'scheduled', getRemainingTimeInMillis: () => deadline - Date.now() } as unknown as Context;

    // Act
    const result = await scheduledWorkers({} as ScheduledEvent, context);

    // Assess: one tick, done with the reserve still left
    expect(result.ticks).toBe(1);
    expect(result.moved).toBeGreaterThanOrEqual(1);
    expect(deadline - Date.now()).toBeGreaterThanOrEqual(5_000);
    expect(((await m.get(`/v1/jobs/${id}`)).body as { data: { status: string } }).data.status).toBe('queued');
  });
});

describe('a job a worker cannot move', () => {
  useHandlerLogs();

  it.each([
    ['dispatch', false],
    ['the simulator', true],
  ] as const)('does not stop %s for every other job: it is logged, counted, and the rest move on', async (_worker, sandbox) => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox });
    const broken = (await m.bookJob()).id;
    const healthy = (await m.bookJob()).id;
    const rt = runtime();
    const applyTo = rt.jobs.applyTo.bind(rt.jobs);
    const spy = vi.spyOn(rt.jobs, 'applyTo').mockImplementation(async (job, ...rest) => {
      if (job.id === broken) throw new Error('Item size has exceeded the maximum allowed size');
      return applyTo(job, ...rest);
    });
    const tick = () => (sandbox ? simulateTick(rt, new Date(Date.now() + 10_000)) : dispatchTick(rt));

    let report: Awaited<ReturnType<typeof tick>> | undefined;
    const { records } = await captureLogs(async () => {
      report = await tick();
    });
    spy.mockRestore();

    expect(report!.failed).toBeGreaterThanOrEqual(1);
    expect((await rt.jobs.get(m.storeId, healthy))!.status).not.toBe('created');
    expect((await rt.jobs.get(m.storeId, broken))!.status).toBe('created');
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'ERROR',
          message: 'worker item failed',
          worker: sandbox ? 'simulation' : 'dispatch',
          jobId: broken,
          storeId: m.storeId,
        }),
      ]),
    );
  });
});
