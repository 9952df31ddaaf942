import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { driveJob } from '../helpers/fleet.ts';
import { partitionItems } from '../helpers/table.ts';
import { dispatchPass } from '../../functions/workers/dispatch.ts';
import { simulationPass } from '../../functions/workers/simulation.ts';
import { remittancePass } from '../../functions/workers/remittances.ts';
import { relayPass } from '../../functions/workers/relay.ts';
import { JOB_TASK_MS } from '../../functions/workers/worklist.ts';
import { REMITTANCE_LEASE_MS } from '../../functions/data/remittance.repository.ts';
import { keys } from '../../functions/data/table.ts';
import { runtime } from '../../functions/runtime.ts';
import type { WorkerName } from '../../functions/engine/rings.ts';

// No background loop here: the test alone decides when the workers pass. A sandbox run takes 3 s.
process.env.SIMULATION_SECONDS = '3';
const api = useLocalApi();

describe('a dispatch pass', () => {
  it('starts no job it could not finish by its deadline, and says work is left; the next pass does it', async () => {
    const m = await newMerchant(api.table.rt, api.server);
    const { id } = await m.bookJob();
    const rt = runtime();

    const cut = await dispatchPass(rt, { deadline: Date.now() + JOB_TASK_MS / 2 });
    const untouched = (await rt.jobs.get(m.storeId, id))!.status;
    const whole = await dispatchPass(rt, { deadline: Date.now() + 10 * JOB_TASK_MS });

    expect([cut, untouched]).toEqual([{ report: { moved: 0, finished: 0, failed: 0 }, more: true, nextDueAt: null }, 'created']);
    expect(whole).toEqual({ report: { moved: 1, finished: 0, failed: 0 }, more: false, nextDueAt: null });
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('queued');
  });
});

describe('a pass of the sandbox rider', () => {
  it('names when its next scripted step or location report falls due, and nothing once the job is done', async () => {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const { id, createdAt } = await m.bookJob();
    const rt = runtime();
    const at = (ms: number) => new Date(Date.parse(createdAt as string) + ms);

    // Before the first step (dispatch at 5% of 3 s); then past the rider's acceptance (15%), which
    // reports a location (due again 1/20 of the run later, after the next step at 20%)
    const early = await simulationPass(rt, { now: at(10) });
    const assigned = await simulationPass(rt, { now: at(500) });
    const done = await simulationPass(rt, { now: at(10_000) });

    expect(early).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: false, nextDueAt: at(150) });
    expect(assigned).toEqual({ report: { moved: 2, finished: 0, failed: 0 }, more: false, nextDueAt: at(600) });
    expect(done).toMatchObject({ report: { finished: 1, failed: 0 }, more: false, nextDueAt: null });
    expect((await rt.jobs.get(m.storeId, id))!.status).toBe('delivered');
  });
});

describe('a remittance pass', () => {
  it('names the cut-off its store waits for, or the end of another worker’s lease', async () => {
    // Prepare: a cash-on-delivery payment collected now (due at the next cut-off)
    const rt = runtime();
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob({ quote: { collectMinor: 5_000 } });
    const atDrop = await driveJob(rt, m.storeId, id, 'delivery_arrived', 'rider-passes');
    await rt.jobs.move(atDrop, { type: 'collect', method: 'cash', amountMinor: 5_000, reference: null }, 'rider:rider-passes', { onLostRace: 'refuse' });
    const notBefore = async () => (await partitionItems(rt, keys.remittanceWork(m.storeId).PK)).find((item) => item.SK === m.storeId)?.notBefore;

    // Act: the first pass files the store until the cut-off; the next finds it held back
    const first = await remittancePass(rt);
    const cutoff = await notBefore();
    const second = await remittancePass(rt);
    const now = new Date();
    expect(await rt.remittances.lease(m.storeId, 'another-worker', now)).toBe(true);
    const leased = await remittancePass(rt, { now });

    // Assess
    expect(cutoff).toEqual(expect.any(String));
    expect(first).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: false, nextDueAt: new Date(cutoff as string) });
    expect(second).toEqual(first);
    const leaseEnd = new Date(now.getTime() + REMITTANCE_LEASE_MS);
    expect(leased.nextDueAt).toEqual(leaseEnd < new Date(cutoff as string) ? leaseEnd : new Date(cutoff as string));
  });
});

describe('a relay pass', () => {
  it('places no store it could not finish by its deadline, and says events wait; the next pass places every store’s', async () => {
    const rt = runtime();
    const stores = await Promise.all(Array.from({ length: 3 }, () => newMerchant(rt, api.server)));
    for (const m of stores) await m.bookJob();

    const cut = await relayPass(rt, { deadline: Date.now() + 100 });
    const whole = await relayPass(rt, { deadline: Date.now() + 30_000 });
    const idle = await relayPass(rt);

    expect(cut).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: true, nextDueAt: null });
    expect(whole.more).toBe(false);
    expect(whole.report.moved).toBeGreaterThanOrEqual(3);
    expect(idle).toEqual({ report: { moved: 0, finished: 0, failed: 0 }, more: false, nextDueAt: null });
    for (const m of stores) expect(((await m.get('/v1/events')).body as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(1);
  });

  it('wakes the sender when its placements wrote deliveries, and not for a store without endpoints', async () => {
    const rt = runtime();
    await relayPass(rt); // what earlier tests left
    const woken: string[] = [];
    const bell = { wake: async (worker: WorkerName) => void woken.push(worker), alarm: async () => undefined };
    const quiet = await newMerchant(rt, api.server);
    await quiet.bookJob();

    const withoutEndpoints = await relayPass(rt, { bell });
    const unwoken = [...woken];
    const hooked = await newMerchant(rt, api.server);
    expect((await hooked.post('/v1/webhook-endpoints', { url: 'https://hooks.example.com/in' })).status).toBe(201);
    await hooked.bookJob();
    const withEndpoint = await relayPass(rt, { bell });

    expect(withoutEndpoints.report.moved).toBeGreaterThanOrEqual(1);
    expect(unwoken).toEqual([]);
    expect(withEndpoint.report.moved).toBeGreaterThanOrEqual(1);
    expect(woken).toEqual(['webhooks']);
  });
});
