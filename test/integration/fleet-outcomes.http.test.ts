import { describe, expect, it, vi } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, parcelReturnRequired, merchantView, type TestMerchant } from '../helpers/merchant.ts';
import { bookJobAt, driveJobByFleetApi, newFleetMember, type TestFleetMember, expectFleetIndexes } from '../helpers/fleet.ts';
import type { JobDetail } from '../../functions/schemas/views/job.view.ts';
import type { FleetJob } from '../../functions/schemas/views/fleet.view.ts';
import { CODE_TTL_MS } from '../../functions/core/lifecycle.ts';
import { runtime } from '../../functions/runtime.ts';
import { MAX_DECIDE_TRIES } from '../../functions/data/job.repository.ts';
import { jobLedger as ledgerOfJob } from '../helpers/job-ledger.ts';
import { fleetData, storeWithRider } from '../helpers/rider-setup.ts';

/**
 * How a live job driven by the fleet API ends other than by delivery: the merchant's cancel, a
 * rider's or operations' failure (and the review that follows one after pickup), locked and expired
 * handoff codes, a decline, and riders' retries.
 */
const api = useLocalApi();

const CREDIT = 100_000;

type Reply = { status: number; body: unknown };

async function fleetView(member: TestFleetMember, jobId: string): Promise<FleetJob> {
  const response = await member.get(`/fleet/v1/jobs/${jobId}`);
  expect(response.status).toBe(200);
  return (response.body as { data: FleetJob }).data;
}

/** A reply's status and whole body, to compare at once. */
const answer = (reply: Reply): Reply => ({ status: reply.status, body: reply.body });

/** The ledger entries of one job, newest first, as [type, balance delta, reserved delta, note]. */
const jobLedger = (merchant: TestMerchant, jobId: string) => ledgerOfJob(api.table.rt, merchant.storeId, jobId, { notes: true, newestFirst: true });

/** A new store with CREDIT and a new rider. */
const setUp = () => storeWithRider(api, CREDIT);

const ended = { status: 'unavailable', code: null, expiresAt: null, verifiedAt: null };

describe('the merchant cancelling a job the fleet is working on', () => {
  // The status/actor history each stage has when the merchant cancels (actor `rider` is the test's rider).
  const historyAt: Record<string, Array<[string, string]>> = {
    created: [['created', 'merchant']],
    queued: [
      ['created', 'merchant'],
      ['queued', 'system'],
    ],
    picked_by_agent: [
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', 'rider'],
    ],
    booking_in_progress: [
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', 'rider'],
      ['booking_in_progress', 'rider'],
    ],
    booked: [
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', 'rider'],
      ['booking_in_progress', 'rider'],
      ['booked', 'rider'],
    ],
    // Arriving at the pickup starts the code's clock but is not a status change.
    pickup_arrived: [
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', 'rider'],
      ['booking_in_progress', 'rider'],
      ['booked', 'rider'],
    ],
  };

  it.each([
    // Never offered and never the rider's: a cancelled job is neither on offer nor assigned to the key, so 404.
    { stage: 'created', riderMove: 'accept', expected: 404 },
    // Offered, but a cancelled job is no longer an offer, and the rider never held it: 404.
    { stage: 'queued', riderMove: 'accept', expected: 404 },
    // The cancelled job keeps its agentId, so its rider can still see it; the lifecycle refuses the move: 409.
    { stage: 'picked_by_agent', riderMove: 'start-confirmation', expected: 409 },
    { stage: 'booking_in_progress', riderMove: 'confirm', expected: 409 },
    { stage: 'booked', riderMove: 'handoffs/pickup/arrive', expected: 409 },
    // The rider is at the store with the code the merchant saw before cancelling: the handoff is gone, 409.
    { stage: 'pickup_arrived', riderMove: 'handoffs/pickup/code', expected: 409 },
  ] as const)('returns 200 from $stage, releases the reservation, and answers the rider’s next move with $expected', async ({ stage, riderMove, expected }) => {
    // Prepare
    const { merchant, rider, actor } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, stage, rider);
    const pickupCode = (await merchantView(merchant, id)).verification.pickup.code;
    await expectBalance(merchant, CREDIT, charge);

    // Act
    const cancelled = await merchant.post(`/v1/jobs/${id}/cancel`);
    const riderReply = await rider.post(`/fleet/v1/jobs/${id}/${riderMove}`, riderMove === 'handoffs/pickup/code' ? { code: pickupCode } : undefined);

    // Assess
    expect(cancelled.status).toBe(200);
    const job = (cancelled.body as { data: JobDetail }).data;
    expect(job).toMatchObject({
      id,
      status: 'cancelled',
      settlement: 'released',
      riderLocation: null,
      verification: { testMode: false, pickup: ended, delivery: ended },
    });
    expect(job.events.map((event) => [event.status, event.actor === actor ? 'rider' : event.actor])).toEqual([...historyAt[stage]!, ['cancelled', 'merchant']]);
    expect(job.events.at(-1)).toEqual({ id: expect.any(String), status: 'cancelled', actor: 'merchant', note: null, createdAt: job.updatedAt });
    expect(answer(riderReply)).toEqual({
      status: expected,
      body:
        expected === 404
          ? { error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' }
          : { error: `A cancelled job cannot take POST /fleet/v1/jobs/{id}/${riderMove}`, code: 'invalid_transition' },
    });
    expect(await merchantView(merchant, id)).toEqual(job);
    await expectBalance(merchant, CREDIT, 0);
    expect(await jobLedger(merchant, id)).toEqual([
      ['release', 0, -charge, 'Cancelled by the merchant'],
      ['reserve', 0, charge, null],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('returns 409 parcel_return_required after pickup, leaving the job and the balance as they were', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    const before = await merchantView(merchant, id);

    // Act
    const response = await merchant.post(`/v1/jobs/${id}/cancel`);

    // Assess
    expect(answer(response)).toEqual({
      status: 409,
      body: parcelReturnRequired(id),
    });
    expect(before).toMatchObject({ status: 'pickup_completed', settlement: 'reserved' });
    expect(await merchantView(merchant, id)).toEqual(before);
    await expectBalance(merchant, CREDIT, charge);
    expect(await jobLedger(merchant, id)).toEqual([['reserve', 0, charge, null]]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it.each([
    // Delivered: the charge was captured. Failed before pickup (by the rider, from booked): released.
    { outcome: 'delivered', stage: 'delivered', captured: true },
    { outcome: 'failed', stage: 'booked', captured: false },
  ] as const)('returns 400 not_cancellable once the job is $outcome, changing nothing', async ({ outcome, stage, captured }) => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, stage, rider);
    if (outcome === 'failed') expect((await rider.post(`/fleet/v1/jobs/${id}/fail`, { reason: 'Store closed' })).status).toBe(200);
    const before = await merchantView(merchant, id);
    const balanceMinor = captured ? CREDIT - charge : CREDIT;

    // Act
    const response = await merchant.post(`/v1/jobs/${id}/cancel`);

    // Assess
    expect(answer(response)).toEqual({
      status: 400,
      body: { error: `A ${outcome} job cannot be cancelled`, code: 'not_cancellable', details: { formErrors: [], fieldErrors: {}, status: outcome } },
    });
    expect(before.status).toBe(outcome);
    expect(await merchantView(merchant, id)).toEqual(before);
    await expectBalance(merchant, balanceMinor, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('a failed delivery', () => {
  it('releases the reservation when the rider fails the job before pickup, with the reason as the event note', async () => {
    // Prepare
    const { merchant, rider, actor } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'booked', rider);
    const reason = 'Bike broke down on the way to the store';

    // Act
    const response = await rider.post(`/fleet/v1/jobs/${id}/fail`, { reason });

    // Assess
    expect(response.status).toBe(200);
    expect(fleetData(response)).toMatchObject({ id, status: 'failed', agentId: rider.agentId, riderLocation: null });
    expect(fleetData(response).events.at(-1)).toEqual({
      id: expect.any(String),
      status: 'failed',
      actor,
      note: reason,
      createdAt: fleetData(response).updatedAt,
    });
    const job = await merchantView(merchant, id);
    expect(job).toMatchObject({ status: 'failed', settlement: 'released', verification: { pickup: ended, delivery: ended } });
    expect(job.events.at(-1)).toEqual({ id: expect.any(String), status: 'failed', actor, note: reason, createdAt: job.updatedAt });
    await expectBalance(merchant, CREDIT, 0);
    expect(await jobLedger(merchant, id)).toEqual([
      ['release', 0, -charge, reason],
      ['reserve', 0, charge, null],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('holds the charge in review when the rider fails the job after pickup, and resolving with capture takes it', async () => {
    // Prepare
    const { merchant, rider, actor } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    const reason = 'Customer unreachable at the drop';

    // Act
    const response = await rider.post(`/fleet/v1/jobs/${id}/fail`, { reason });

    // Assess: failed, in review, the charge still held
    expect(response.status).toBe(200);
    expect(fleetData(response)).toMatchObject({ status: 'failed', agentId: rider.agentId });
    const failed = await merchantView(merchant, id);
    expect(failed).toMatchObject({ status: 'failed', settlement: 'review', riderLocation: null });
    expect(failed.verification.pickup.status).toBe('verified');
    expect(failed.verification.delivery).toEqual(ended);
    expect(failed.events.at(-1)).toEqual({ id: expect.any(String), status: 'failed', actor, note: reason, createdAt: failed.updatedAt });
    await expectBalance(merchant, CREDIT, charge);
    expect(await jobLedger(merchant, id)).toEqual([['reserve', 0, charge, null]]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);

    // Act: operations resolve the review (what `settlement resolve --capture` does)
    await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'resolve', outcome: 'capture' }, 'admin');

    // Assess: captured, the charge has left the balance
    const resolved = await merchantView(merchant, id);
    expect(resolved).toEqual({ ...failed, settlement: 'captured', updatedAt: expect.any(String) });
    await expectBalance(merchant, CREDIT - charge, 0);
    expect(await jobLedger(merchant, id)).toEqual([
      ['capture', -charge, -charge, 'Review resolved: capture'],
      ['reserve', 0, charge, null],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('gives the charge back when a review is resolved with release', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    expect((await rider.post(`/fleet/v1/jobs/${id}/fail`, { reason: 'Parcel damaged in transit' })).status).toBe(200);
    const failed = await merchantView(merchant, id);
    expect(failed.settlement).toBe('review');

    // Act
    await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'resolve', outcome: 'release' }, 'admin');

    // Assess
    expect(await merchantView(merchant, id)).toEqual({ ...failed, settlement: 'released', updatedAt: expect.any(String) });
    await expectBalance(merchant, CREDIT, 0);
    expect(await jobLedger(merchant, id)).toEqual([
      ['release', 0, -charge, 'Review resolved: release'],
      ['reserve', 0, charge, null],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('lets fleet operations fail a job, recorded with actor admin', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    const reason = 'Rider reported an accident; parcel recovered by operations';

    // Act
    const response = await ops.post(`/fleet/v1/jobs/${id}/fail`, { reason });

    // Assess
    expect(response.status).toBe(200);
    const job = await merchantView(merchant, id);
    expect(job).toMatchObject({ status: 'failed', settlement: 'review', agentId: rider.agentId });
    expect(job.events.at(-1)).toEqual({ id: expect.any(String), status: 'failed', actor: 'admin', note: reason, createdAt: job.updatedAt });
    await expectBalance(merchant, CREDIT, charge);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('refuses a rider’s failure of an open offer they never accepted, keeping it on offer', async () => {
    // Prepare: any rider may see a queued offer, but it is not theirs until they accept it
    const { merchant } = await setUp();
    const bystander = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'queued', bystander);

    // Act
    const response = await bystander.post(`/fleet/v1/jobs/${id}/fail`, { reason: 'Not my job' });

    // Assess: 409 (a move only the assigned rider can make), and nothing changed
    expect(answer(response)).toEqual({ status: 409, body: { error: 'This job is not assigned to you: accept the offer first', code: 'invalid_transition' } });
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'queued', settlement: 'reserved', agentId: null });
    await expectBalance(merchant, CREDIT, charge);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('handoff codes that lock or expire', () => {
  it('locks the pickup after five wrong codes until operations reset it, then the new code completes the pickup', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'pickup_arrived', rider);
    const code = (await merchantView(merchant, id)).verification.pickup.code!;
    const wrong = code === '0000' ? '1111' : '0000';
    const submit = (value: string) => rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/code`, { code: value });

    // Act + Assess: four wrong codes, each counted
    for (const left of [4, 3, 2, 1]) {
      expect(answer(await submit(wrong))).toEqual({
        status: 422,
        body: { error: `Wrong pickup code; ${left} ${left === 1 ? 'try' : 'tries'} left before the handoff locks`, code: 'wrong_code' },
      });
      expect((await fleetView(rider, id)).verification.pickup).toEqual({
        status: 'active',
        expiresAt: expect.any(String),
        verifiedAt: null,
        attemptsRemaining: left,
      });
    }

    // Act + Assess: the fifth locks, and then even the right code is refused
    const lockedBody = { error: 'The pickup handoff is locked after 5 wrong codes; fleet operations must reset it', code: 'handoff_locked' };
    expect(answer(await submit(wrong))).toEqual({ status: 409, body: lockedBody });
    expect(answer(await submit(code))).toEqual({ status: 409, body: lockedBody });
    expect((await fleetView(rider, id)).verification.pickup).toEqual({
      status: 'locked',
      expiresAt: expect.any(String),
      verifiedAt: null,
      attemptsRemaining: 0,
    });
    const locked = await merchantView(merchant, id);
    expect(locked).toMatchObject({ status: 'booked', verification: { pickup: { status: 'locked', code: null, verifiedAt: null } } });

    // Act + Assess: a rider may not reset the lock
    expect(answer(await rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/reset-lock`))).toEqual({
      status: 403,
      body: { error: 'This route is for fleet operations keys', code: 'forbidden' },
    });
    expect(await merchantView(merchant, id)).toEqual(locked);

    // Act + Assess: operations reset it; the merchant sees a fresh active code with five tries
    const reset = await ops.post(`/fleet/v1/jobs/${id}/handoffs/pickup/reset-lock`);
    expect(reset.status).toBe(200);
    expect(fleetData(reset).verification.pickup).toEqual({ status: 'active', expiresAt: expect.any(String), verifiedAt: null, attemptsRemaining: 5 });
    expect(fleetData(reset).status).toBe('booked');
    const fresh = (await merchantView(merchant, id)).verification.pickup;
    expect(fresh).toEqual({
      status: 'active',
      code: expect.stringMatching(/^\d{4}$/),
      expiresAt: fleetData(reset).verification.pickup.expiresAt,
      verifiedAt: null,
    });

    // Act + Assess: the new code completes the pickup
    const picked = await submit(fresh.code!);
    expect(picked.status).toBe(200);
    expect(fleetData(picked)).toMatchObject({ status: 'pickup_completed', verification: { pickup: { status: 'verified', attemptsRemaining: 5 } } });
    await expectBalance(merchant, CREDIT, charge);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('refuses an expired pickup code until operations re-issue one, then the new code completes the pickup', async () => {
    // Prepare: the rider arrived at the pickup 31 minutes ago, so the code's 30 minutes have run out
    const { merchant, rider, actor } = await setUp();
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id } = await bookJobAt(api.table.rt, merchant, 'booked', rider);
    const booked = (await api.table.rt.jobs.get(merchant.storeId, id))!;
    const arrivedAt = new Date(Date.now() - CODE_TTL_MS - 60_000);
    const { job: arrived } = await api.table.rt.jobs.move(booked, { type: 'arrive', handoff: 'pickup' }, actor, { now: arrivedAt, onLostRace: 'refuse' });
    const pastExpiry = arrived.verification.pickup.expiresAt!;
    const oldCode = arrived.verification.pickup.code;

    // Act
    const late = await rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/code`, { code: oldCode });

    // Assess
    expect(answer(late)).toEqual({ status: 409, body: { error: 'The pickup code has expired; fleet operations can re-issue it', code: 'code_expired' } });
    expect((await merchantView(merchant, id)).verification.pickup).toEqual({ status: 'expired', code: null, expiresAt: pastExpiry, verifiedAt: null });
    expect((await fleetView(rider, id)).verification.pickup).toEqual({ status: 'expired', expiresAt: pastExpiry, verifiedAt: null, attemptsRemaining: 5 });

    // Act + Assess: operations re-issue a code; the merchant sees it active
    const reissued = await ops.post(`/fleet/v1/jobs/${id}/handoffs/pickup/reissue-code`);
    expect(reissued.status).toBe(200);
    expect(fleetData(reissued).verification.pickup).toEqual({ status: 'active', expiresAt: expect.any(String), verifiedAt: null, attemptsRemaining: 5 });
    const fresh = (await merchantView(merchant, id)).verification.pickup;
    expect(fresh).toEqual({
      status: 'active',
      code: expect.stringMatching(/^\d{4}$/),
      expiresAt: fleetData(reissued).verification.pickup.expiresAt,
      verifiedAt: null,
    });
    expect(Date.parse(fresh.expiresAt!)).toBeGreaterThan(Date.now());

    // Act + Assess: the new code completes the pickup
    const picked = await rider.post(`/fleet/v1/jobs/${id}/handoffs/pickup/code`, { code: fresh.code });
    expect(picked.status).toBe(200);
    expect(fleetData(picked).status).toBe('pickup_completed');
  });

  it.each([
    { action: 'reset-lock', wanted: 'locked' },
    { action: 'reissue-code', wanted: 'expired' },
  ] as const)('returns 409 invalid_transition for $action on an active handoff that is not $wanted', async ({ action, wanted }) => {
    // Prepare
    const { merchant, rider } = await setUp();
    const ops = await newFleetMember(api.table.rt, api.server, 'ops');
    const { id } = await bookJobAt(api.table.rt, merchant, 'pickup_arrived', rider);
    const before = await merchantView(merchant, id);

    // Act
    const response = await ops.post(`/fleet/v1/jobs/${id}/handoffs/pickup/${action}`);

    // Assess
    expect(answer(response)).toEqual({ status: 409, body: { error: `The pickup code is not ${wanted}`, code: 'invalid_transition' } });
    expect(await merchantView(merchant, id)).toEqual(before);
  });
});

describe('a rider declining a job', () => {
  it('puts the job back on offer with no rider, and another rider can take it', async () => {
    // Prepare
    const { merchant, rider, actor } = await setUp();
    const other = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'picked_by_agent', rider);

    // Act
    const declined = await rider.post(`/fleet/v1/jobs/${id}/decline`);

    // Assess: queued again, nobody's, offered again from the moment of the decline
    expect(declined.status).toBe(200);
    expect(fleetData(declined)).toMatchObject({ status: 'queued', agentId: null, pickup: { name: null, phone: null }, drop: { name: null, phone: null } });
    expect(fleetData(declined).events.at(-1)).toEqual({
      id: expect.any(String),
      status: 'queued',
      actor,
      note: `Declined by ${rider.agentId}`,
      createdAt: fleetData(declined).updatedAt,
    });
    const offers = ((await other.get('/fleet/v1/offers?limit=50')).body as { data: Array<{ id: string; offeredAt: string }> }).data;
    expect(offers.filter((offer) => offer.id === id)).toEqual([expect.objectContaining({ id, offeredAt: fleetData(declined).updatedAt })]);
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'queued', agentId: null, settlement: 'reserved' });

    // Act: another rider takes it
    const accepted = await other.post(`/fleet/v1/jobs/${id}/accept`);

    // Assess
    expect(accepted.status).toBe(200);
    expect(fleetData(accepted)).toMatchObject({ status: 'picked_by_agent', agentId: other.agentId });
    const job = await merchantView(merchant, id);
    expect(job.events.map((event) => [event.status, event.actor])).toEqual([
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', actor],
      ['queued', actor],
      ['picked_by_agent', `rider:${other.agentId}`],
    ]);
    expect(answer(await rider.get(`/fleet/v1/jobs/${id}`))).toEqual({
      status: 404,
      body: { error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' },
    });
    await expectBalance(merchant, CREDIT, charge);
  });
});

describe('a rider’s retried moves', () => {
  it('answers a repeated accept by the same rider with 200 and the same job, recording one acceptance', async () => {
    // Prepare
    const { merchant, rider, actor } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'queued', rider);

    // Act
    const first = await rider.post(`/fleet/v1/jobs/${id}/accept`);
    const second = await rider.post(`/fleet/v1/jobs/${id}/accept`);

    // Assess
    expect(first.status).toBe(200);
    expect(answer(second)).toEqual({ status: 200, body: first.body });
    expect(fleetData(second)).toMatchObject({ status: 'picked_by_agent', agentId: rider.agentId });
    const job = await merchantView(merchant, id);
    expect(job.events.filter((event) => event.status === 'picked_by_agent')).toEqual([expect.objectContaining({ actor })]);
  });

  it('answers a repeated confirm with 200 both times', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'booking_in_progress', rider);

    // Act
    const first = await rider.post(`/fleet/v1/jobs/${id}/confirm`);
    const second = await rider.post(`/fleet/v1/jobs/${id}/confirm`);

    // Assess
    expect(first.status).toBe(200);
    expect(answer(second)).toEqual({ status: 200, body: first.body });
    expect(fleetData(second).status).toBe('booked');
    expect((await merchantView(merchant, id)).events.filter((event) => event.status === 'booked')).toHaveLength(1);
  });

  it('returns 404 job_not_found to another rider accepting a job already accepted', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const other = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, merchant, 'picked_by_agent', rider);
    const before = await merchantView(merchant, id);

    // Act
    const response = await other.post(`/fleet/v1/jobs/${id}/accept`);

    // Assess: riders see only open offers and their own jobs
    expect(answer(response)).toEqual({ status: 404, body: { error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' } });
    expect(await merchantView(merchant, id)).toEqual(before);
  });
});

describe('rider locations', () => {
  it('returns 409 invalid_transition for a location on an open offer the rider has not accepted', async () => {
    // Prepare: a queued offer is visible to every rider, so this is a refused move rather than a 404
    // (only the accept of an offer is open to every rider)
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'queued', rider);

    // Act
    const response = await rider.post(`/fleet/v1/jobs/${id}/location`, { latitude: 12.9761, longitude: 77.6102 });

    // Assess
    expect(answer(response)).toEqual({ status: 409, body: { error: 'This job is not assigned to you: accept the offer first', code: 'invalid_transition' } });
    expect((await merchantView(merchant, id)).riderLocation).toBeNull();
  });

  it('returns 404 job_not_found for a location on another rider’s job', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const other = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await bookJobAt(api.table.rt, merchant, 'booked', rider);

    // Act
    const response = await other.post(`/fleet/v1/jobs/${id}/location`, { latitude: 12.9761, longitude: 77.6102 });

    // Assess
    expect(answer(response)).toEqual({ status: 404, body: { error: `No job ${id} on offer or assigned to this key`, code: 'job_not_found' } });
    expect((await merchantView(merchant, id)).riderLocation).toBeNull();
  });

  it('returns 409 invalid_transition for a location after delivery, and the merchant sees no rider location', async () => {
    // Prepare: the rider reported a location on the way
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'booked', rider);
    expect((await rider.post(`/fleet/v1/jobs/${id}/location`, { latitude: 12.9761, longitude: 77.6102, accuracy: 8 })).status).toBe(200);
    expect((await merchantView(merchant, id)).riderLocation).toEqual({ latitude: 12.9761, longitude: 77.6102, accuracy: 8, recordedAt: expect.any(String) });
    await driveJobByFleetApi(api.table.rt, merchant.storeId, id, 'delivered', rider);

    // Act
    const response = await rider.post(`/fleet/v1/jobs/${id}/location`, { latitude: 12.9784, longitude: 77.6408 });

    // Assess
    expect(answer(response)).toEqual({ status: 409, body: { error: 'A rider location is taken only while a rider is assigned', code: 'invalid_transition' } });
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'delivered', riderLocation: null });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('a move that meets a rider’s location report', () => {
  // The handlers' own job repository: its read returns the job, then the rider's app reports a
  // location (a change that leaves the status alone) before the move is written.
  function locationLandsAfterRead(agentId: string) {
    const jobs = runtime().jobs;
    const read = jobs.get.bind(jobs);
    return vi.spyOn(jobs, 'get').mockImplementationOnce(async (storeId, jobId) => {
      const job = await read(storeId, jobId);
      await api.table.rt.jobs.move(job!, { type: 'report_location', latitude: 12.9761, longitude: 77.6102, accuracy: 9 }, `rider:${agentId}`, {
        onLostRace: 'refuse',
      });
      return job;
    });
  }

  it('still cancels: a location report is not a change the merchant has to retry for', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'booked', rider);
    const spy = locationLandsAfterRead(rider.agentId!);

    // Act
    let response: Reply;
    try {
      response = await merchant.post(`/v1/jobs/${id}/cancel`);
    } finally {
      spy.mockRestore();
    }

    // Assess
    expect(response.status).toBe(200);
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'cancelled', settlement: 'released', riderLocation: null });
    await expectBalance(merchant, CREDIT, 0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('gives up with 503 and Retry-After, writing nothing, when reports land between every read and write', async () => {
    // Prepare: every read of the job is followed by a location report
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'booked', rider);
    const jobs = runtime().jobs;
    const read = jobs.get.bind(jobs);
    const spy = vi.spyOn(jobs, 'get').mockImplementation(async (storeId, jobId) => {
      const job = await read(storeId, jobId);
      await api.table.rt.jobs.move(job!, { type: 'report_location', latitude: 12.9761, longitude: 77.6102, accuracy: 9 }, `rider:${rider.agentId}`, {
        onLostRace: 'refuse',
      });
      return job;
    });

    // Act
    let response: Reply & { headers: Headers };
    let reads: number;
    try {
      response = await merchant.post(`/v1/jobs/${id}/cancel`);
    } finally {
      reads = spy.mock.calls.length;
      spy.mockRestore();
    }

    // Assess: decided again on each new version, MAX_DECIDE_TRIES times, never a 409 to retry by hand
    expect(reads).toBe(MAX_DECIDE_TRIES);
    expect(answer(response)).toEqual({
      status: 503,
      body: { error: 'The job kept changing while this change was being made; send the same request again in a second', code: 'service_unavailable' },
    });
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'booked', settlement: 'reserved' });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('still takes the rider’s own confirm', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'booking_in_progress', rider);
    const spy = locationLandsAfterRead(rider.agentId!);

    // Act
    let response: Reply;
    try {
      response = await rider.post(`/fleet/v1/jobs/${id}/confirm`);
    } finally {
      spy.mockRestore();
    }

    // Assess
    expect(response.status).toBe(200);
    expect(await merchantView(merchant, id)).toMatchObject({ status: 'booked', riderLocation: { latitude: 12.9761, longitude: 77.6102, accuracy: 9 } });
  });
});
