import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startEngine, type EngineOptions, type LocalEngine } from '../../bin/local/engine.ts';
import type { Bell } from '../../functions/engine/bell.ts';
import type { WorkerName } from '../../functions/engine/rings.ts';
import type { Job } from '../../functions/core/job.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { jobLedger } from '../helpers/job-ledger.ts';
import { merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, startReceiver, type Receiver } from '../helpers/receiver.ts';
import { useLocalApi } from '../helpers/server.ts';
import { dbOf } from '../helpers/table.ts';

// The engine as npm start runs it, on this file's table: DynamoDB Local's stream, the doorbell's own
// code, the workers' passes. No test ticks a worker: what moves, the engine moved.
process.env.SIMULATION_SECONDS = '3';
allowLoopbackReceivers();
const api = useLocalApi({ stream: true });

// Hardly ever, unless a test says: what moves, a ring moved (the start's sweep runs before each test's writes).
const NO_SWEEP_MS = 3_600_000;
const WAIT = { timeout: 15_000, interval: 50 };

const engines: LocalEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
});

/** Starts an engine on the file's table (or `rt`), with no error expected; stopped after the test. */
async function engine(options: Partial<EngineOptions> = {}, rt: Runtime = api.table.rt): Promise<{ engine: LocalEngine; errors: unknown[] }> {
  const errors: unknown[] = [];
  const started = startEngine(rt, { onError: (error) => errors.push(error), sweepMs: NO_SWEEP_MS, ...options });
  engines.push(started);
  await started.ready;
  return { engine: started, errors };
}

async function stop(started: LocalEngine): Promise<void> {
  await started.stop();
  engines.splice(engines.indexOf(started), 1);
}

const history = async (m: TestMerchant, jobId: string) => (await merchantView(m, jobId)).events.map((e) => `${e.status}:${e.actor}`);

async function feedTypes(m: TestMerchant, jobId: string): Promise<string[]> {
  const reply = await m.get(`/v1/events?jobId=${jobId}&limit=100`);
  return (reply.body as { data: Array<{ type: string }> }).data.map((event) => event.type);
}

async function registerReceiver(m: TestMerchant): Promise<Receiver> {
  const receiver = await startReceiver();
  const reply = await m.post('/v1/webhook-endpoints', { url: receiver.url });
  expect(reply.status).toBe(201);
  return receiver;
}

// Every offer item of a job, in any zone's list.
async function offersOf(rt: Runtime, jobId: string): Promise<unknown[]> {
  const { Items = [] } = await dbOf(rt).send(
    new ScanCommand({
      TableName: rt.config.TABLE_NAME,
      FilterExpression: 'begins_with(PK, :offers) AND contains(SK, :job)',
      ExpressionAttributeValues: { ':offers': 'OFFERS#', ':job': jobId },
      ConsistentRead: true,
    }),
  );
  return Items;
}

describe('work noticed when it is written', () => {
  it('offers a booked job (dispatch) through the stream, with no tick and no sweep', async () => {
    const { engine: running, errors } = await engine();
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();

    await vi.waitFor(async () => expect(await history(m, id)).toEqual(['created:merchant', 'queued:system']), WAIT);
    await stop(running);
    expect(errors).toEqual([]);
  });

  it('moves a sandbox job along its script (woken by its booking, then its alarms or the sweep)', async () => {
    const { engine: running, errors } = await engine({ sweepMs: 500 });
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id } = await m.bookJob();

    await vi.waitFor(
      async () => expect((await history(m, id)).slice(0, 3)).toEqual(['created:merchant', 'queued:simulator', 'picked_by_agent:simulator']),
      WAIT,
    );
    await stop(running);
    expect(errors).toEqual([]);
  });

  it('sends a change’s events to a real receiver: the outbox write wakes the relay, the relay wakes the sender', async () => {
    const { engine: running, errors } = await engine();
    const m = await newMerchant(api.table.rt, api.server);
    const receiver = await registerReceiver(m);
    const { id } = await m.bookJob();

    await vi.waitFor(() => expect(receiver.events().map((event) => event.type)).toEqual(expect.arrayContaining(['job.created', 'job.queued'])), WAIT);
    expect(receiver.events().every((event) => event.jobId === id)).toBe(true);
    await stop(running);
    await receiver.close();
    expect(errors).toEqual([]);
  });
});

describe('the sweep, the safety net', () => {
  it('does the work of a doorbell that is dropped, within its period, and nothing is lost', async () => {
    // Prepare: a bell that drops every ring (the stream's and the workers'); the sweep every second
    const dropped: WorkerName[] = [];
    const deaf = (): Bell => ({ wake: async (worker) => void dropped.push(worker), alarm: async (worker) => void dropped.push(worker) });
    let sweeps = 0;
    const { engine: running, errors } = await engine({ bell: deaf, sweepMs: 1_000, onSweep: () => (sweeps += 1) });
    const m = await newMerchant(api.table.rt, api.server);
    const receiver = await registerReceiver(m);
    const { id } = await m.bookJob();

    // Act: only the sweep can move it
    await vi.waitFor(async () => expect(await history(m, id)).toEqual(['created:merchant', 'queued:system']), WAIT);
    await vi.waitFor(async () => expect(await feedTypes(m, id)).toEqual(expect.arrayContaining(['job.created', 'job.queued'])), WAIT);
    await vi.waitFor(
      () =>
        expect(
          receiver
            .events()
            .map((event) => event.type)
            .sort(),
        ).toEqual(['job.created', 'job.queued']),
      WAIT,
    );
    await stop(running);

    // Assess: the rings were dropped, a sweep did it, and the job's money and events are whole
    expect(dropped).toEqual(expect.arrayContaining(['dispatch', 'relay']));
    expect(sweeps).toBeGreaterThanOrEqual(1);
    expect(await jobLedger(api.table.rt, m.storeId, id)).toEqual([['reserve', 0, expect.any(Number)]]);
    await receiver.close();
    expect(errors).toEqual([]);
  });
});

describe('rings that come twice', () => {
  it('do nothing twice when every ring is delivered twice and two runs of each worker go at once', async () => {
    // Prepare: a bell that rings each worker twice at once (each ring a run of its own) and sets each alarm twice
    const twice = (local: Bell): Bell => ({
      wake: async (worker) => void (await Promise.all([local.wake(worker), local.wake(worker)])),
      alarm: async (worker, at) => void (await Promise.all([local.alarm(worker, at), local.alarm(worker, at)])),
    });
    const { engine: running, errors } = await engine({ bell: twice });
    const m = await newMerchant(api.table.rt, api.server);
    const receiver = await registerReceiver(m);
    const { id } = await m.bookJob();

    // Act: until the job is offered and its two events are in and sent, and every run has ended
    await vi.waitFor(() => expect(receiver.events().map((event) => event.type)).toEqual(expect.arrayContaining(['job.created', 'job.queued'])), WAIT);
    await running.sweep();
    await running.idle();
    await stop(running);

    // Assess: one offer, one ledger entry, one event per move, one delivery per event
    expect(await history(m, id)).toEqual(['created:merchant', 'queued:system']);
    expect(await offersOf(api.table.rt, id)).toHaveLength(1);
    expect(await jobLedger(api.table.rt, m.storeId, id)).toEqual([['reserve', 0, expect.any(Number)]]);
    expect((await feedTypes(m, id)).sort()).toEqual(['job.created', 'job.queued']);
    expect(
      receiver
        .events()
        .map((event) => event.type)
        .sort(),
    ).toEqual(['job.created', 'job.queued']);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
    await receiver.close();
    expect(errors).toEqual([]);
  });
});

describe('a worker that fails half-way through a batch', () => {
  it('keeps what it finished, does the rest at its next wake, and the stream goes on', async () => {
    // Prepare: dispatch's moves of one job (its order BROKEN) throw, as DynamoDB refusing its item would, until the fault clears
    const rt = api.table.rt;
    const m = await newMerchant(rt, api.server);
    let faulty = true;
    const jobs = Object.create(rt.jobs) as Runtime['jobs'];
    const move = rt.jobs.move.bind(rt.jobs) as (job: Job, ...rest: unknown[]) => Promise<unknown>;
    (jobs as unknown as { move: typeof move }).move = async (job, ...rest) => {
      if (faulty && job.externalOrderId === 'BROKEN') throw new Error('Item size has exceeded the maximum allowed size');
      return move(job, ...rest);
    };
    const failed: number[] = [];
    const { engine: running, errors } = await engine({ onReport: (run) => void (run.worker === 'dispatch' && failed.push(run.failed)) }, { ...rt, jobs });
    const [{ id: brokenId }, { id: healthyId }] = await Promise.all([m.bookJob({ body: { externalOrderId: 'BROKEN' } }), m.bookJob()]);

    // Act 1: the engine offers the healthy job; the broken one fails and stays
    await vi.waitFor(async () => expect(await history(m, healthyId)).toEqual(['created:merchant', 'queued:system']), WAIT);
    await vi.waitFor(() => expect(failed.some((count) => count > 0)).toBe(true), WAIT);
    expect(await history(m, brokenId)).toEqual(['created:merchant']);

    // Act 2: the fault clears; a later write rings dispatch again, which redoes the broken job's move
    faulty = false;
    const { id: laterId } = await m.bookJob();
    await vi.waitFor(
      async () =>
        expect([await history(m, brokenId), await history(m, laterId)]).toEqual([
          ['created:merchant', 'queued:system'],
          ['created:merchant', 'queued:system'],
        ]),
      WAIT,
    );
    await stop(running);

    // Assess: the healthy job was offered once, and no error left the engine
    expect(await history(m, healthyId)).toEqual(['created:merchant', 'queued:system']);
    expect(errors).toEqual([]);
  });
});
