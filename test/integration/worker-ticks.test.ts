import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { driveJob, expectFleetIndexes, newFleetMember } from '../helpers/fleet.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { UNSHARDED_BATCH } from '../../functions/data/work.repository.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { createRuntime, runtime } from '../../functions/runtime.ts';
import { keys, WRITE_SHARDS } from '../../functions/data/table.ts';
import { offeredAt, type Job } from '../../functions/core/job.ts';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { ConcurrentModificationError } from '../../functions/core/errors.ts';
import { handler as dispatchWorker } from '../../functions/workers/handlers/dispatch.ts';
import { runWorker } from '../../functions/engine/run.ts';
import type { Bell } from '../../functions/engine/bell.ts';
import { dispatchPass } from '../../functions/workers/dispatch.ts';
import { relayPass } from '../../functions/workers/relay.ts';
import type { Context } from 'aws-lambda';

// No background loop here: the test alone decides when the workers tick.
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi();

describe('a simulator step that loses a race', () => {
  it('is tried again on the next tick, not skipped', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob();
    const rt = runtime();
    const past = new Date(Date.now() + 10_000); // every step is due
    const spy = vi.spyOn(rt.jobs, 'move').mockRejectedValueOnce(new ConcurrentModificationError());

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
    // The run's clock starts at the job's createdAt, not when the booking call returned: a slow booking
    // (a loaded machine) would otherwise move these ticks onto the pickup's steps (45% and 50%).
    const booked = Date.parse((await rt.jobs.get(m.storeId, id))!.createdAt);
    const versions: number[] = [];

    // Ten ticks 15 ms apart, while the rider is assigned and riding in (between 25% and 45% of the 3 s run).
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
    await rt.jobs.move(await job(), { type: 'accept', agentId: 'rider-1' }, 'rider:rider-1', { now: at(19.5), onLostRace: 'refuse' });

    // Act + Assess: past the 20 minutes (and within the rider's 2 minutes to confirm), an accepted
    // job is not failed, and stays on the list
    await dispatchTick(rt, at(21));
    expect((await job()).status).toBe('picked_by_agent');
    expect(await onDispatchList()).toBe(true);

    // The rider declines at 21 min: the job is back on offer, but its 20 minutes ran from t0, so
    // accept-and-decline cannot keep a job waiting for ever
    await rt.jobs.move(await job(), { type: 'decline' }, 'rider:rider-1', { now: at(21), onLostRace: 'refuse' });
    expect((await job()).status).toBe('queued');
    await dispatchTick(rt, at(21));
    expect(await job()).toMatchObject({ status: 'failed', settlement: 'released' });
    await expectLedgerInvariant(api.table.rt, m.storeId);
    await expectFleetIndexes(api.table.rt, m.storeId);
  });

  it('reads one Query per worklist shard and no job when nothing is due, however many jobs wait', async () => {
    // Prepare: live jobs on offer, none late (and this file's other jobs, whatever their state)
    const m = await newMerchant(api.table.rt, api.server, { creditMinor: 1_000_000 });
    const rt = runtime();
    const idleTick = async () => {
      await dispatchTick(rt); // lets go of anything due, so the measured tick has only waiting jobs
      const scope = newDynamoTally();
      const report = await dynamoCallScope.run(scope, () => dispatchTick(rt));
      return { report, calls: scope.calls };
    };
    for (let i = 0; i < 3; i++) await m.bookJob();
    const few = await idleTick();

    // Act: ten times as many jobs waiting
    for (let i = 0; i < 27; i++) await m.bookJob();
    const many = await idleTick();

    // Assess: the worklist's shards and the unsharded list of before an upgrade, one Query each (the
    // per-zone lists of before were found empty by this file's first tick: never read again)
    const partitions = WRITE_SHARDS + 1;
    expect(few).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, calls: partitions });
    expect(many).toEqual(few);
  });

  // A confirmed job stays on the list until its rider reaches the pickup (it is given back if they never do).
  it('has let go of a job once its rider has reached the pickup, in the arrival itself', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();
    const rt = runtime();
    await dispatchTick(rt);
    await driveJob(rt, m.storeId, id, 'booked', 'rider-2');
    const confirmed = (await rt.work.list('dispatch', { dueBy: new Date(Date.now() + 3_600_000) })).map((item) => item.jobId);
    await driveJob(rt, m.storeId, id, 'pickup_arrived', 'rider-2');

    expect(confirmed).toContain(id);
    expect((await rt.work.list('dispatch', { dueBy: new Date(Date.now() + 3_600_000) })).map((item) => item.jobId)).not.toContain(id);
    await dispatchTick(rt, new Date(Date.now() + 3_600_000));
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('booked');
    await expectFleetIndexes(api.table.rt, m.storeId);
  });

  it('leaves a job booked after the tick read its clock to the next tick, which queues it no earlier than it was created', async () => {
    // Prepare: a tick's clock is read once, before its worklist; a booking lands in between (found
    // by the load run: a long tick over a big worklist, or another container's clock a little behind)
    const m = await newMerchant(api.table.rt, api.server);
    const tickClock = new Date(Date.now() - 1_000);
    const { id } = await m.bookJob();
    const rt = runtime();

    // Act
    await dispatchTick(rt, tickClock);
    const untouched = (await rt.jobs.get(m.storeId, id))!;
    await dispatchTick(rt);

    // Assess: not due by the first tick's clock; the history stays in time order
    expect(untouched.status).toBe('created');
    const job = (await rt.jobs.get(m.storeId, id))!;
    expect(job.events.map(({ status }) => status)).toEqual(['created', 'queued']);
    expect(job.events[1]!.createdAt >= job.createdAt).toBe(true);
  });
});

describe('the dispatch worker’s function (AWS)', () => {
  it('runs its pass within its invocation, and is what moves the jobs', async () => {
    // Prepare: an invocation with 7 s left
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();
    const deadline = Date.now() + 7_000;
    const context = { awsRequestId: 'dispatch', getRemainingTimeInMillis: () => deadline - Date.now() } as unknown as Context;

    // Act
    const result = await dispatchWorker({ source: 'bell', worker: 'dispatch' }, context);

    // Assess: one pass, done before the invocation's end
    expect(result).toMatchObject({ worker: 'dispatch', passes: 1, failed: 0 });
    expect(result.moved).toBeGreaterThanOrEqual(1);
    expect(Date.now()).toBeLessThan(deadline);
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
    const move = rt.jobs.move.bind(rt.jobs);
    const spy = vi.spyOn(rt.jobs, 'move').mockImplementation(async (job, ...rest) => {
      if (job.id === broken) throw new Error('Item size has exceeded the maximum allowed size');
      return move(job, ...rest);
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

describe('the dispatch worklist and offers of before the sharding (one partition each)', () => {
  it('are moved to their zone’s shards by the first tick, in every state dispatch can find a job, and none is lost', async () => {
    // Prepare: jobs at every stage dispatch looks after, and one past it, each filed as the
    // unsharded layout filed it (WORK#dispatch by booking time; OFFERS while queued)
    const m = await newMerchant(api.table.rt, api.server);
    const rt = runtime();
    const db = dbOf(rt);
    const stages = ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked'] as const;
    const jobs: Job[] = [];
    for (const [i, stage] of stages.entries()) jobs.push(await driveJob(rt, m.storeId, (await m.bookJob()).id, stage, `rider-upgrade-${i}`));
    const unsharded = (job: Job) => [
      { PK: 'WORK#dispatch', SK: `${job.createdAt}#${job.id}`, type: 'work', storeId: job.storeId, jobId: job.id, createdAt: job.createdAt, step: 0 },
      ...(job.status === 'queued'
        ? [
            {
              PK: 'OFFERS',
              SK: `${offeredAt(job)}#${job.id}`,
              type: 'offer',
              storeId: job.storeId,
              jobId: job.id,
              pickupLatitude: 12.9756,
              pickupLongitude: 77.6066,
            },
          ]
        : []),
    ];
    for (const job of jobs) {
      const sharded = [rt.jobs.dispatchKeyOf(job), job.status === 'queued' ? keys.offer(job.zoneId, job.id, offeredAt(job)) : null];
      for (const key of sharded) if (key) await db.send(new DeleteCommand({ TableName: rt.config.TABLE_NAME, Key: key }));
      for (const item of unsharded(job)) await db.send(new PutCommand({ TableName: rt.config.TABLE_NAME, Item: item }));
    }
    // And a job filed both ways and due in both (a booking the old code and the new both filed)
    const both = (await rt.jobs.get(m.storeId, (await m.bookJob()).id))!;
    for (const item of unsharded(both)) await db.send(new PutCommand({ TableName: rt.config.TABLE_NAME, Item: item }));
    jobs.push(both);
    const ops = await newFleetMember(rt, api.server, 'ops');

    // Act
    await dispatchTick(rt);

    // Assess: dispatch went on where it was (the created job is offered, nothing timed out), each job's
    // items are where its state says and nowhere else, and riders are offered the queued ones
    const after = await Promise.all(jobs.map(async (job) => (await rt.jobs.get(m.storeId, job.id))!));
    expect(after.map((job) => job.status)).toEqual(['queued', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'queued']);
    const left = await Promise.all(
      ['WORK#dispatch', 'OFFERS'].map(async (pk) => (await partitionItems(rt, pk)).filter((item) => jobs.some((job) => job.id === item.jobId))),
    );
    expect(left).toEqual([[], []]);
    await expectFleetIndexes(rt, m.storeId);
    const offered = ((await ops.get('/fleet/v1/offers?limit=50')).body as { data: Array<{ id: string }> }).data.map((offer) => offer.id);
    expect(offered).toEqual(expect.arrayContaining([jobs[0]!.id, jobs[1]!.id, both.id]));
  });
});

describe('a dispatch clock changed by configuration', () => {
  it('times out a waiting job on the shorter clock, though it was filed under the longer one', async () => {
    // Prepare: a job queued under the 20-minute timeout (a tick records the clock); then 5 minutes
    const m = await newMerchant(api.table.rt, api.server);
    const rt = createRuntime({ ...runtime().config });
    const { id } = await m.bookJob();
    await dispatchTick(rt);
    const shorter = createRuntime({ ...rt.config, DISPATCH_TIMEOUT_SECONDS: 300 });

    // Act: a tick 6 minutes on, 14 before the job's item says it is due
    await dispatchTick(shorter, new Date(Date.now() + 6 * 60_000));

    // Assess: failed on the shorter clock, its items gone; then the clock is settled (no reading ahead)
    expect((await rt.jobs.get(m.storeId, id))!).toMatchObject({ status: 'failed', settlement: 'released' });
    await expectFleetIndexes(shorter, m.storeId);
    expect(
      await shorter.work.clockChange({ timeoutMs: 300_000, confirmMs: 120_000, arriveMs: 1_800_000, returnTripMs: 10_800_000, rearrivalMs: 3_600_000 }),
    ).toEqual({ aheadMs: 0, settled: true });
  });

  it('re-files a waiting job at its new time when the tick finds it at the old one', async () => {
    // Prepare: a job queued under the 20-minute timeout; then the timeout becomes 40 minutes
    const m = await newMerchant(api.table.rt, api.server);
    const rt = runtime();
    const { id } = await m.bookJob();
    await dispatchTick(rt);
    const longer = createRuntime({ ...rt.config, DISPATCH_TIMEOUT_SECONDS: 2_400 });

    // Act: a tick past the old time
    await dispatchTick(longer, new Date(Date.now() + 21 * 60_000));

    // Assess: still waiting, filed where the new clock puts it, and failed past the new time
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('queued');
    await expectFleetIndexes(longer, m.storeId);
    await dispatchTick(longer, new Date(Date.now() + 41 * 60_000));
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('failed');
    await expectFleetIndexes(longer, m.storeId);
  });
});

describe('a long unsharded worklist after an upgrade', () => {
  it('is worked off UNSHARDED_BATCH items a tick, without holding up what is due in the shards', async () => {
    // Prepare: more items than one batch in the unsharded list (for jobs long gone), and a new booking
    const m = await newMerchant(api.table.rt, api.server);
    const rt = runtime();
    const db = dbOf(rt);
    const gone = Array.from({ length: UNSHARDED_BATCH + 1 }, (_, i) => `${String(i).padStart(8, '0')}-0000-8000-8000-000000000000`);
    for (const jobId of gone) {
      await db.send(
        new PutCommand({
          TableName: rt.config.TABLE_NAME,
          Item: {
            PK: 'WORK#dispatch',
            SK: `2026-01-01T00:00:00.000Z#${jobId}`,
            type: 'work',
            storeId: m.storeId,
            jobId,
            createdAt: '2026-01-01T00:00:00.000Z',
            step: 0,
          },
        }),
      );
    }
    const { id } = await m.bookJob();
    const left = async () => (await partitionItems(rt, 'WORK#dispatch')).filter((item) => gone.includes(item.jobId as string)).length;

    // Act + Assess: the first tick lets go of one batch and offers the new job; the next, of the rest
    await dispatchTick(rt);
    expect([await left(), (await rt.jobs.get(m.storeId, id))!.status]).toEqual([1, 'queued']);
    await dispatchTick(rt);
    expect(await left()).toBe(0);
  });
});

describe('a worker whose whole pass fails', () => {
  useHandlerLogs();

  it('is logged and counted, and the other workers still run', async () => {
    // Prepare: the dispatch worklist cannot be read; a booking's event waits for the relay
    const m = await newMerchant(api.table.rt, api.server);
    await m.bookJob();
    const rt = runtime();
    const page = rt.work.page.bind(rt.work);
    const spy = vi.spyOn(rt.work, 'page').mockImplementation(async (kind, options) => {
      if (kind === 'dispatch') throw new Error('ProvisionedThroughputExceededException');
      return page(kind, options);
    });
    const bell: Bell = { wake: async () => undefined, alarm: async () => undefined };
    const run = { deadline: Date.now() + 20_000, bell };

    // Act
    let reports: Array<Awaited<ReturnType<typeof runWorker>>> = [];
    const { records } = await captureLogs(async () => {
      reports = [await runWorker('dispatch', rt, dispatchPass, run), await runWorker('relay', rt, relayPass, run)];
    });
    spy.mockRestore();

    // Assess
    expect(reports[0]).toEqual({ worker: 'dispatch', passes: 0, moved: 0, finished: 0, failed: 1 });
    expect(reports[1]!.moved).toBeGreaterThanOrEqual(1);
    expect(records).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'ERROR', message: 'worker item failed', worker: 'dispatch' })]));
  });
});

describe('an offer left behind by a move of the release before the sharding', () => {
  it('is deleted when dispatch next re-files the job', async () => {
    // Prepare: a queued job accepted by a function of the release before (it knew only the unsharded
    // lists: the job's sharded offer stays, and its dispatch item stays where the queued job had it)
    const m = await newMerchant(api.table.rt, api.server);
    const rt = runtime();
    const db = dbOf(rt);
    const { id } = await m.bookJob();
    await dispatchTick(rt);
    const queued = (await rt.jobs.get(m.storeId, id))!;
    const accepted = (await rt.jobs.move(queued, { type: 'accept', agentId: 'rider-old' }, 'rider:rider-old', { onLostRace: 'refuse' })).job;
    const leftBehind = [
      { ...keys.offer(queued.zoneId, id, offeredAt(queued)), type: 'offer', storeId: m.storeId, jobId: id, pickupLatitude: 12.9756, pickupLongitude: 77.6066 },
      { ...rt.jobs.dispatchKeyOf(queued)!, type: 'work', storeId: m.storeId, jobId: id, createdAt: queued.createdAt },
    ];
    await db.send(new DeleteCommand({ TableName: rt.config.TABLE_NAME, Key: rt.jobs.dispatchKeyOf(accepted)! }));
    for (const item of leftBehind) await db.send(new PutCommand({ TableName: rt.config.TABLE_NAME, Item: item }));

    // Act: the queued job's old dispatch time comes (its rider's time to confirm ran out long before)
    await dispatchTick(rt, new Date(Date.now() + 21 * 60_000));

    // Assess: given back for the rider, offered anew, and nothing left behind
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('queued');
    await expectFleetIndexes(rt, m.storeId);
  });
});

describe('a dispatch tick with many stores’ jobs due', () => {
  it('moves several stores’ jobs at once, and each store’s one after another, so all move in one tick', async () => {
    // Prepare: one store with 3 jobs whose wait for a rider runs out together, and 16 stores with a job just booked
    const rt = runtime();
    const busy = await newMerchant(api.table.rt, api.server);
    const waiting: string[] = [];
    for (let i = 0; i < 3; i++) waiting.push((await busy.bookJob()).id);
    await dispatchTick(rt);
    const stores = await Promise.all(Array.from({ length: 16 }, () => newMerchant(api.table.rt, api.server)));
    const fresh = await Promise.all(stores.map(async (m) => ({ m, id: (await m.bookJob()).id })));
    const scope = newDynamoTally();

    // Act: past the busy store's jobs' 20 minutes (and this file's other waiting jobs')
    const report = await dynamoCallScope.run(scope, () => dispatchTick(rt, new Date(Date.now() + 21 * 60_000)));

    // Assess: every one moved in this tick, the busy store's money moves included, in fewer round
    // trips than moves (one after another, each move would be a round trip of its own)
    expect(report.failed).toBe(0);
    for (const { m, id } of fresh) expect((await rt.jobs.get(m.storeId, id))!.status).toBe('queued');
    for (const id of waiting) expect((await rt.jobs.get(busy.storeId, id))!).toMatchObject({ status: 'failed', settlement: 'released' });
    expect(scope.roundTrips).toBeLessThan(report.moved);
    await expectLedgerInvariant(api.table.rt, busy.storeId);
  });
});
