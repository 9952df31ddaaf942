import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, parcelReturnRequired, merchantView, newMerchant, type TestMerchant } from '../helpers/merchant.ts';
import { bookJobAt, expectFleetIndexes, newFleetMember } from '../helpers/fleet.ts';
import { allowLoopbackReceivers, startReceiver } from '../helpers/receiver.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { relayTick } from '../../functions/workers/relay.ts';
import { simulateTick } from '../../functions/workers/simulation.ts';
import { runtime } from '../../functions/runtime.ts';
import { jobLedger as ledgerOfJob } from '../helpers/job-ledger.ts';
import type { EventView } from '../../functions/schemas/views/event.view.ts';

/**
 * A merchant's move, or a rider's on a job they hold, that loses its version race to a change it did
 * not make (dispatch, the dispatch timeout, the simulator, the confirm timeout) is decided again on the
 * job as it now is: it succeeds if the job still allows it, and otherwise gets the answer the new state
 * gives, never "fetch it and retry". Each race is driven deterministically: the platform's change is
 * committed between the handler's read of the job and its write, by the real worker.
 */
allowLoopbackReceivers();
const api = useLocalApi();

const CREDIT = 100_000;

type Reply = { status: number; body: unknown };
const answer = (reply: Reply): Reply => ({ status: reply.status, body: reply.body });

/**
 * The handlers' own job repository: its first read of a job returns the job as it was, and `platform`
 * (a worker's tick) commits its change before the handler goes on to write. Restore it after the act.
 */
function platformMovesAfterRead(platform: () => Promise<unknown>) {
  const jobs = runtime().jobs;
  const read = jobs.get.bind(jobs);
  return vi.spyOn(jobs, 'get').mockImplementationOnce(async (storeId, jobId) => {
    const job = await read(storeId, jobId);
    await platform();
    return job;
  });
}

/**
 * Sends a request while `platform` lands between its read and its write; returns the reply, how often
 * the job was read (one GetItem each) and how often the move was tried (JobRepository's tryMove: decided by the
 * transition function, then written in one TransactWriteItems unless refused).
 */
async function raced(platform: () => Promise<unknown>, request: () => Promise<Reply>): Promise<{ reply: Reply; reads: number; tries: number }> {
  const spy = platformMovesAfterRead(platform);
  const tries = vi.spyOn(runtime().jobs as unknown as { tryMove(...args: unknown[]): Promise<unknown> }, 'tryMove');
  try {
    return { reply: answer(await request()), reads: spy.mock.calls.length, tries: tries.mock.calls.length };
  } finally {
    spy.mockRestore();
    tries.mockRestore();
  }
}

/** The job's history as [status, actor]. */
async function history(merchant: TestMerchant, id: string) {
  return (await merchantView(merchant, id)).events.map((event) => [event.status, event.actor]);
}

/** The types of the job's events in the store's feed, once the relay has placed them. */
async function feedTypes(merchant: TestMerchant, id: string) {
  await relayTick(api.table.rt);
  const reply = await merchant.get(`/v1/events?jobId=${id}&limit=100`);
  expect(reply.status).toBe(200);
  return (reply.body as { data: EventView[] }).data.map((event) => event.type);
}

/** The job's ledger entries as [type, balance delta, reserved delta], oldest first. */
const jobLedger = (merchant: TestMerchant, id: string) => ledgerOfJob(api.table.rt, merchant.storeId, id);

/** When a worker's clock would find the job due: `fraction` of the simulator's run, or `seconds` after now. */
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('a merchant’s cancel that loses its race to the platform', () => {
  it('cancels a job dispatch queued meanwhile, releasing its credit once', async () => {
    // Prepare: a booked live job; dispatch queues it while the cancel is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const { id, chargeMinor } = await merchant.bookJob();
    const charge = chargeMinor as number;

    // Act
    const { reply, reads, tries } = await raced(
      () => dispatchTick(api.table.rt),
      () => merchant.post(`/v1/jobs/${id}/cancel`),
    );

    // Assess: decided again on the queued job (a second read), which allows the cancel
    expect(reply).toMatchObject({ status: 200, body: { data: { id, status: 'cancelled', settlement: 'released', agentId: null } } });
    expect([reads, tries]).toEqual([2, 2]);
    expect(await history(merchant, id)).toEqual([
      ['created', 'merchant'],
      ['queued', 'system'],
      ['cancelled', 'merchant'],
    ]);
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge],
      ['release', 0, -charge],
    ]);
    expect(await feedTypes(merchant, id)).toEqual(['job.created', 'job.queued', 'job.cancelled', 'job.settlement_changed']);
    await expectBalance(merchant, CREDIT, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('answers 400 not_cancellable when the dispatch timeout failed the job meanwhile, and the timeout’s release is the only one', async () => {
    // Prepare: a queued job; its dispatch timeout falls due while the cancel is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'queued');
    const timeout = api.table.rt.config.DISPATCH_TIMEOUT_SECONDS;

    // Act
    const { reply, reads, tries } = await raced(
      () => dispatchTick(api.table.rt, later(timeout + 1)),
      () => merchant.post(`/v1/jobs/${id}/cancel`),
    );

    // Assess: the answer the failed job gives
    expect(reply).toEqual({
      status: 400,
      body: { error: 'A failed job cannot be cancelled', code: 'not_cancellable', details: { formErrors: [], fieldErrors: {}, status: 'failed' } },
    });
    expect([reads, tries]).toEqual([2, 2]);
    expect(await history(merchant, id)).toEqual([
      ['created', 'merchant'],
      ['queued', 'system'],
      ['failed', 'system'],
    ]);
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'failed', settlement: 'released' });
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge],
      ['release', 0, -charge],
    ]);
    expect(await feedTypes(merchant, id)).toEqual(['job.created', 'job.queued', 'job.failed', 'job.settlement_changed']);
    await expectBalance(merchant, CREDIT, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('cancels a sandbox job the simulated rider accepted meanwhile', async () => {
    // Prepare: a sandbox job; the simulator's tick dispatches it and its rider accepts while the cancel is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT, sandbox: true });
    const { id, chargeMinor } = await merchant.bookJob();
    const run = api.table.rt.config.SIMULATION_SECONDS;

    // Act: at 17% of the run, dispatch (5%) and accept (15%) are due, start_confirmation (20%) is not
    const { reply, reads, tries } = await raced(
      () => simulateTick(api.table.rt, later(run * 0.17)),
      () => merchant.post(`/v1/jobs/${id}/cancel`),
    );

    // Assess
    expect(reply).toMatchObject({ status: 200, body: { data: { id, status: 'cancelled', settlement: 'released', riderLocation: null } } });
    expect([reads, tries]).toEqual([2, 2]);
    expect(await history(merchant, id)).toEqual([
      ['created', 'merchant'],
      ['queued', 'simulator'],
      ['picked_by_agent', 'simulator'],
      ['cancelled', 'merchant'],
    ]);
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, chargeMinor],
      ['release', 0, -(chargeMinor as number)],
    ]);
    expect(await feedTypes(merchant, id)).toEqual([
      'job.created',
      'job.queued',
      'job.picked_by_agent',
      'job.location_updated',
      'job.cancelled',
      'job.settlement_changed',
    ]);
    await expectBalance(merchant, CREDIT, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('answers 409 parcel_return_required when the simulated rider picked the parcel up meanwhile, and moves no money', async () => {
    // Prepare: a sandbox job the simulator takes through pickup while the cancel is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT, sandbox: true });
    const { id, chargeMinor } = await merchant.bookJob();
    const run = api.table.rt.config.SIMULATION_SECONDS;

    // Act: at 55% of the run, every step up to the pickup code (50%) is due
    const { reply, reads, tries } = await raced(
      () => simulateTick(api.table.rt, later(run * 0.55)),
      () => merchant.post(`/v1/jobs/${id}/cancel`),
    );

    // Assess
    expect(reply).toEqual({
      status: 409,
      body: parcelReturnRequired(id),
    });
    expect([reads, tries]).toEqual([2, 2]);
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'pickup_completed', settlement: 'reserved' });
    expect((await history(merchant, id)).map(([status]) => status)).toEqual([
      'created',
      'queued',
      'picked_by_agent',
      'booking_in_progress',
      'booked',
      'pickup_completed',
    ]);
    expect(await jobLedger(merchant, id)).toEqual([['reserve', 0, chargeMinor]]);
    expect(await feedTypes(merchant, id)).not.toContain('job.cancelled');
    await expectBalance(merchant, CREDIT, chargeMinor as number);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});

describe('a rider’s move that loses its race to the platform', () => {
  it('answers 409 invalid_transition, not concurrent_modification, when the confirm timeout gave the job back meanwhile', async () => {
    // Prepare: a job the rider accepted; dispatch's confirm timeout falls due while the rider starts confirming
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'picked_by_agent', rider);
    const confirm = api.table.rt.config.ACCEPT_CONFIRM_SECONDS;

    // Act
    const { reply, reads, tries } = await raced(
      () => dispatchTick(api.table.rt, later(confirm + 1)),
      () => rider.post(`/fleet/v1/jobs/${id}/start-confirmation`),
    );

    // Assess: decided again on the job as it now is, which is back on offer and no longer the rider's
    expect(reply).toEqual({ status: 409, body: { error: 'This job is not assigned to you: accept the offer first', code: 'invalid_transition' } });
    expect([reads, tries]).toEqual([2, 1]); // refused by the fleet's checks before a second try
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'queued', agentId: null, settlement: 'reserved' });
    expect(await history(merchant, id)).toEqual([
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', `rider:${rider.agentId}`],
      ['queued', 'system'],
    ]);
    expect(await jobLedger(merchant, id)).toEqual([['reserve', 0, charge]]);
    expect(await feedTypes(merchant, id)).toEqual(['job.created', 'job.queued', 'job.picked_by_agent', 'job.queued']);
    expect((await rider.get('/fleet/v1/assignments')).body).toEqual({ data: [] });
    await expectBalance(merchant, CREDIT, charge);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('answers 409 invalid_transition with the new state when the merchant cancelled meanwhile', async () => {
    // Prepare: a rider confirming a job the merchant cancels while the confirm is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const rider = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'booking_in_progress', rider);

    // Act
    const { reply } = await raced(
      () => api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'cancel' }, 'merchant'),
      () => rider.post(`/fleet/v1/jobs/${id}/confirm`),
    );

    // Assess
    expect(reply).toEqual({ status: 409, body: { error: 'A cancelled job cannot take POST /fleet/v1/jobs/{id}/confirm', code: 'invalid_transition' } });
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'cancelled', settlement: 'released' });
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge],
      ['release', 0, -charge],
    ]);
    await expectBalance(merchant, CREDIT, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('two callers racing for one job', () => {
  it('still answer 409 concurrent_modification to the rider whose accept lost to another rider’s', async () => {
    // Prepare: an offer; another rider's accept lands while this rider's accept is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const [first, second] = [await newFleetMember(api.table.rt, api.server, 'rider'), await newFleetMember(api.table.rt, api.server, 'rider')];
    const { id } = await bookJobAt(api.table.rt, merchant, 'queued');

    // Act
    const { reply } = await raced(
      () => api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'accept', agentId: first.agentId! }, `rider:${first.agentId}`),
      () => second.post(`/fleet/v1/jobs/${id}/accept`),
    );

    // Assess
    expect(reply).toEqual({
      status: 409,
      body: { error: 'The job changed while this change was being made; fetch it and retry', code: 'concurrent_modification' },
    });
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'picked_by_agent', agentId: first.agentId });
    expect((await second.get(`/fleet/v1/jobs/${id}`)).status).toBe(404);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('still answer 409 concurrent_modification to a rider whose job was handed to another rider meanwhile', async () => {
    // Prepare: rider A holds the job; meanwhile A gives it back and rider B takes it, while A's confirm is under way
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const [a, b] = [await newFleetMember(api.table.rt, api.server, 'rider'), await newFleetMember(api.table.rt, api.server, 'rider')];
    const { id } = await bookJobAt(api.table.rt, merchant, 'booking_in_progress', a);
    const handOver = async () => {
      await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'decline' }, `rider:${a.agentId}`);
      await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'accept', agentId: b.agentId! }, `rider:${b.agentId}`);
    };

    // Act
    const { reply } = await raced(handOver, () => a.post(`/fleet/v1/jobs/${id}/confirm`));

    // Assess: A's confirm never lands on B's job
    expect(reply).toEqual({
      status: 409,
      body: { error: 'The job changed while this change was being made; fetch it and retry', code: 'concurrent_modification' },
    });
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'picked_by_agent', agentId: b.agentId });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('a merchant’s rotation of a webhook secret that meets a change of the endpoint between every read and write', () => {
  it('gives up with 503 and Retry-After after 3 tries, never 409 (which the route does not answer), keeping the secret it had', async () => {
    // Prepare: an endpoint whose every read is followed by another change of it (its version moves on)
    const merchant = await newMerchant(api.table.rt, api.server, { creditMinor: CREDIT });
    const target = await startReceiver();
    const registered = await merchant.post('/v1/webhook-endpoints', { url: target.url });
    const { id } = (registered.body as { data: { id: string } }).data;
    const before = (await api.table.rt.webhooks.get(merchant.storeId, id))!;
    const webhooks = runtime().webhooks;
    const read = webhooks.get.bind(webhooks);
    const spy = vi.spyOn(webhooks, 'get').mockImplementation(async (storeId, endpointId) => {
      const endpoint = await read(storeId, endpointId);
      await api.table.rt.webhooks.replaceSecrets(endpoint!, endpoint!.secrets, new Date());
      return endpoint;
    });

    // Act
    let reply: Reply & { headers: Headers };
    let reads: number;
    try {
      reply = await merchant.post(`/v1/webhook-endpoints/${id}/rotate-secret`);
    } finally {
      reads = spy.mock.calls.length;
      spy.mockRestore();
      await target.close();
    }

    // Assess
    expect(reads).toBe(3);
    expect(answer(reply)).toEqual({
      status: 503,
      body: {
        error: 'The webhook endpoint kept changing while this change was being made; send the same request again in a second',
        code: 'service_unavailable',
      },
    });
    expect(reply.headers.get('retry-after')).toBe('1');
    expect((await api.table.rt.webhooks.get(merchant.storeId, id))!.secrets).toEqual(before.secrets);
  });
});
