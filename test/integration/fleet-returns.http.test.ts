import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalApi } from '../helpers/server.ts';
import { dbOf } from '../helpers/table.ts';
import { expectBalance, expectLedgerInvariant, type TestMerchant } from '../helpers/merchant.ts';
import { bookJobAt, expectFleetIndexes, newFleetMember, type TestFleetMember } from '../helpers/fleet.ts';
import { captureAccessLog, useHandlerLogs } from '../helpers/logs.ts';
import { BENGALURU_CHARGE_MINOR } from '../helpers/fixtures.ts';
import { jobLedger as ledgerOfJob } from '../helpers/job-ledger.ts';
import { fleetData, storeWithRider } from '../helpers/rider-setup.ts';
import { keys } from '../../functions/data/table.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { CODE_TTL_MS, DECISION_WINDOW_MS, MAX_CODE_ATTEMPTS, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { returnCharge } from '../../functions/core/pricing.ts';
import type { Job } from '../../functions/core/job.ts';
import type { FleetJob } from '../../functions/schemas/views/fleet.view.ts';

/**
 * The rider's side of a delivery that does not go to plan, through the real local server: failed
 * delivery attempts (the first asks the merchant, the second starts the return), the merchant's
 * decision and its deadline (applied by the dispatch worker), and the parcel's way back to the pickup
 * with its own handoff code, lockout and operations' fixes; the money each path moves, the rider's
 * holding counter and assignments, and the races between these moves.
 */
const api = useLocalApi();

const CREDIT = 100_000;

type Reply = { status: number; body: unknown };

const answer = (reply: Reply): Reply => ({ status: reply.status, body: reply.body });

/** A new store with `credit` (CREDIT unless told), a rider of its own and an operations key. */
const setUp = (credit = CREDIT) => storeWithRider(api, credit, { ops: true });

const stored = async (merchant: TestMerchant, jobId: string): Promise<Job> => (await api.table.rt.jobs.get(merchant.storeId, jobId))!;

/** The rider's holding counter as the table has it (absent: 0). */
async function holding(agentId: string): Promise<number> {
  const { Item } = await dbOf(api.table.rt).send(new GetCommand({ TableName: api.table.tableName, Key: keys.agentHolding(agentId), ConsistentRead: true }));
  return (Item?.holding as number | undefined) ?? 0;
}

/** The ledger entries of one job, oldest first, as [type, balance delta, reserved delta, note]. */
const jobLedger = (merchant: TestMerchant, jobId: string) => ledgerOfJob(api.table.rt, merchant.storeId, jobId, { notes: true });

/** The ids of the jobs in the rider's GET /fleet/v1/assignments. */
async function assignments(rider: TestFleetMember): Promise<string[]> {
  const reply = await rider.get('/fleet/v1/assignments');
  expect(reply.status).toBe(200);
  return (reply.body as { data: FleetJob[] }).data.map((job) => job.id);
}

/** The merchant's move, through the job repository (the merchant's routes are another branch's), decided again on a lost race. */
async function merchantMove(merchant: TestMerchant, jobId: string, event: LifecycleEvent): Promise<Job> {
  return (await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: jobId }, event, 'merchant', { onLostRace: 'decide-again' }))!.job;
}

// Issue 33: a retry of an attempt is its Idempotency-Key (without one, each request is a new attempt).
const attempt = (rider: TestFleetMember, jobId: string, body: unknown = { reason: 'customer_unreachable' }, key?: string) =>
  rider.post(`/fleet/v1/jobs/${jobId}/delivery-attempts`, body, key === undefined ? {} : { 'Idempotency-Key': key });

/** A job at the drop with its rider's first failed attempt recorded (the merchant's decision pending). */
async function attemptedOnce(merchant: TestMerchant, rider: TestFleetMember) {
  const booked = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
  expect((await attempt(rider, booked.id)).status).toBe(200);
  return booked;
}

/** A job whose parcel is on its way back: two failed attempts (a reattempt between them). */
async function returning(merchant: TestMerchant, rider: TestFleetMember) {
  const booked = await attemptedOnce(merchant, rider);
  await merchantMove(merchant, booked.id, { type: 'decide', action: 'reattempt' });
  expect((await rider.post(`/fleet/v1/jobs/${booked.id}/handoffs/delivery/arrive`)).status).toBe(200);
  expect((await attempt(rider, booked.id, { reason: 'customer_refused' }, 'second-attempt')).status).toBe(200);
  return booked;
}

const UNAVAILABLE = { status: 'unavailable', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 };
const notAssigned = (jobId: string) => ({ status: 404, body: { error: `No job ${jobId} on offer or assigned to this key`, code: 'job_not_found' } });
const invalid = (error: string) => ({ status: 409, body: { error, code: 'invalid_transition' } });

describe('a rider’s failed delivery attempts', () => {
  it('asks the merchant after the first (the rider waits, no delivery code) and starts the return after the second', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    const back = returnCharge(charge);

    // Act: the first attempt, with a note the instructions' rules fold
    const first = await attempt(rider, id, { reason: 'customer_unreachable', note: '  Called twice,\n\tno answer  ' });

    // Assess: the decision is pending for 10 minutes; nothing moved money
    expect(first.status).toBe(200);
    const waiting = fleetData(first);
    const attemptedAt = waiting.deliveryAttempts[0]!.createdAt;
    expect(waiting).toMatchObject({
      status: 'pickup_completed',
      agentId: rider.agentId,
      deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'Called twice, no answer', createdAt: attemptedAt }],
      pendingDecision: {
        options: ['reattempt', 'return'],
        deadlineAt: new Date(Date.parse(attemptedAt) + DECISION_WINDOW_MS).toISOString(),
        defaultAction: 'return',
      },
      returnTrip: null,
    });
    expect(waiting.verification.delivery).toEqual(UNAVAILABLE);
    expect(await jobLedger(merchant, id)).toEqual([['reserve', 0, charge, null]]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);

    // Act: the merchant asks for a reattempt; the rider goes back to the door and fails again
    await merchantMove(merchant, id, { type: 'decide', action: 'reattempt' });
    const again = await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/arrive`);
    const second = await attempt(rider, id, { reason: 'address_not_found' });

    // Assess: the return has started; the rider carries the parcel back to the pickup, whose contact they see
    expect(fleetData(again)).toMatchObject({ pendingDecision: null, verification: { delivery: { status: 'active', expiresAt: expect.any(String) } } });
    expect(second.status).toBe(200);
    const back1 = fleetData(second);
    expect(back1).toMatchObject({
      status: 'failed',
      agentId: rider.agentId,
      pickup: { name: expect.any(String), phone: expect.any(String) },
      drop: { name: expect.any(String), phone: expect.any(String) },
      deliveryAttempts: [
        { number: 1, reason: 'customer_unreachable' },
        { number: 2, reason: 'address_not_found', note: null },
      ],
      pendingDecision: null,
      returnTrip: {
        reason: 'undeliverable',
        status: 'returning',
        startedAt: back1.updatedAt,
        returnedAt: null,
        verification: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
      },
    });
    expect(back1.events.at(-1)).toMatchObject({ status: 'failed', actor: `rider:${rider.agentId}` });
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['reserve', 0, back, 'Return trip'],
    ]);
    await expectBalance(merchant, CREDIT - charge, back);
    expect(await holding(rider.agentId!)).toBe(1);
    expect(await assignments(rider)).toEqual([id]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);

    // Act: on the way back the rider reports where they are, arrives at the pickup and types the store's code
    const located = await rider.post(`/fleet/v1/jobs/${id}/location`, { latitude: 12.97, longitude: 77.6 });
    const arrived = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;
    const handed = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });

    // Assess: the parcel is back, the return charge captured, and the rider holds nothing
    expect(fleetData(located).riderLocation).toMatchObject({ latitude: 12.97, longitude: 77.6 });
    expect(fleetData(arrived).returnTrip!.verification).toEqual({
      status: 'active',
      expiresAt: expect.any(String),
      verifiedAt: null,
      attemptsRemaining: 5,
    });
    expect(handed.status).toBe(200);
    expect(fleetData(handed)).toMatchObject({
      status: 'failed',
      riderLocation: null,
      pickup: { name: null, phone: null, instructions: null },
      returnTrip: { status: 'returned', returnedAt: fleetData(handed).updatedAt, verification: { status: 'verified', verifiedAt: expect.any(String) } },
    });
    expect(JSON.stringify(handed.body)).not.toContain(`"${code}"`);
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['reserve', 0, back, 'Return trip'],
      ['capture', -back, -back, 'Returned to the pickup'],
    ]);
    await expectBalance(merchant, CREDIT - charge - back, 0);
    expect(await holding(rider.agentId!)).toBe(0);
    expect(await assignments(rider)).toEqual([]);
    expect((await rider.get(`/fleet/v1/jobs/${id}`)).status).toBe(200);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('answers a retry of an attempt whose answer was lost with 200 and the job, recording it once', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    const body = { reason: 'customer_rescheduled', note: 'Asked for tomorrow' };

    const first = await attempt(rider, id, body, 'attempt-1');
    const retry = await attempt(rider, id, body, 'attempt-1');

    expect(answer(retry)).toEqual(answer(first));
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(1);
  });

  it('answers a retry of the second attempt with 200 and moves the money once', async () => {
    const { merchant, rider } = await setUp();
    const { id, charge } = await returning(merchant, rider);
    const before = await stored(merchant, id);

    const retry = await attempt(rider, id, { reason: 'customer_refused' }, 'second-attempt');

    expect(retry.status).toBe(200);
    expect(fleetData(retry)).toMatchObject({ status: 'failed', version: before.version, returnTrip: { status: 'returning' } });
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['reserve', 0, returnCharge(charge), 'Return trip'],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('refuses an attempt before the rider is at the drop, while a decision is pending, and once the job has ended, changing nothing', async () => {
    const { merchant, rider } = await setUp();
    const { id: onTheWay } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    const { id: pending } = await attemptedOnce(merchant, rider);
    const before = await Promise.all([stored(merchant, onTheWay), stored(merchant, pending)]);

    const early = await attempt(rider, onTheWay);
    const another = await attempt(rider, pending, { reason: 'unsafe_location' });

    expect(answer(early)).toEqual(invalid('Arrive at the drop first (POST /fleet/v1/jobs/{id}/handoffs/delivery/arrive)'));
    expect(answer(another)).toEqual(invalid('The job already waits for the merchant’s decision after a failed attempt'));
    expect(await Promise.all([stored(merchant, onTheWay), stored(merchant, pending)])).toEqual(before);
  });

  it('refuses an attempt on a job not at pickup_completed (before pickup, delivered, on its way back)', async () => {
    const { merchant, rider } = await setUp(1_000_000);
    const { id: booked } = await bookJobAt(api.table.rt, merchant, 'booked', rider);
    const other = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id: delivered } = await bookJobAt(api.table.rt, merchant, 'delivered', other);
    const { id: back } = await returning(merchant, other);

    const replies = await Promise.all([attempt(rider, booked), attempt(other, delivered), attempt(other, back, { reason: 'unsafe_location' })]);

    expect(replies.map(answer)).toEqual([
      invalid('A booked job cannot take POST /fleet/v1/jobs/{id}/delivery-attempts'),
      invalid('A delivered job cannot take POST /fleet/v1/jobs/{id}/delivery-attempts'),
      invalid('A failed job cannot take POST /fleet/v1/jobs/{id}/delivery-attempts'),
    ]);
  });

  it('answers another rider with 404 and an operations key with 403, changing nothing', async () => {
    const { merchant, rider, ops } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    const stranger = await newFleetMember(api.table.rt, api.server, 'rider');
    const before = await stored(merchant, id);

    const [theirs, operations] = await Promise.all([attempt(stranger, id), attempt(ops, id)]);

    expect(answer(theirs)).toEqual(notAssigned(id));
    expect(answer(operations)).toEqual({ status: 403, body: { error: 'This route is for rider keys', code: 'forbidden' } });
    expect(await stored(merchant, id)).toEqual(before);
  });

  it.each([
    ['an unknown reason', { reason: 'dog_at_gate' }, 'reason'],
    ['no reason', { note: 'No answer' }, 'reason'],
    ['a reason that is not a string', { reason: 3 }, 'reason'],
    ['a blank note', { reason: 'customer_unreachable', note: ' \n\t ' }, 'note'],
    ['a note over 280 characters', { reason: 'customer_unreachable', note: 'x'.repeat(281) }, 'note'],
    ['a note with a control character', { reason: 'customer_unreachable', note: 'No\u0000answer' }, 'note'],
    ['a null note', { reason: 'customer_unreachable', note: null }, 'note'],
    ['an unknown field', { reason: 'customer_unreachable', photo: 'x' }, 'photo'],
  ])('returns 400 validation_error for %s, changing nothing', async (_what, body, field) => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    const before = await stored(merchant, id);

    const reply = await attempt(rider, id, body);

    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: `Invalid request body: check ${field}`,
      code: 'validation_error',
      details: { formErrors: [], fieldErrors: { [field]: [expect.any(String)] } },
    });
    expect(await stored(merchant, id)).toEqual(before);
  });

  it('names the six reasons when the reason is unknown', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);

    const reply = await attempt(rider, id, { reason: 'dog_at_gate' });

    expect((reply.body as { details: { fieldErrors: { reason: string[] } } }).details.fieldErrors.reason).toEqual([
      'Must be one of customer_unreachable, customer_refused, address_not_found, customer_rescheduled, unsafe_location, payment_refused',
    ]);
  });
});

describe('the return handoff', () => {
  it('counts wrong codes (422), locks on the fifth (409), and takes the right code after operations reset it', async () => {
    // Prepare
    const { merchant, rider, ops } = await setUp();
    const { id, charge } = await returning(merchant, rider);
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;
    const wrong = code === '0000' ? '1111' : '0000';

    // Act
    const tries: Reply[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) tries.push(answer(await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code: wrong })));
    const locked = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });
    const reset = await ops.post(`/fleet/v1/jobs/${id}/handoffs/return/reset-lock`);
    const fresh = (await stored(merchant, id)).returnTrip!.handoff.code;
    const handed = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code: fresh });

    // Assess
    expect(tries).toEqual([
      ...[4, 3, 2, 1].map((left) => ({
        status: 422,
        body: { error: `Wrong return code; ${left} ${left === 1 ? 'try' : 'tries'} left before the handoff locks`, code: 'wrong_code' },
      })),
      { status: 409, body: { error: 'The return handoff is locked after 5 wrong codes; fleet operations must reset it', code: 'handoff_locked' } },
    ]);
    expect(answer(locked)).toEqual(tries[4]);
    expect(reset.status).toBe(200);
    expect(fleetData(reset).returnTrip!.verification).toEqual({ status: 'active', expiresAt: expect.any(String), verifiedAt: null, attemptsRemaining: 5 });
    expect(handed.status).toBe(200);
    expect(fleetData(handed).returnTrip).toMatchObject({ status: 'returned' });
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['reserve', 0, returnCharge(charge), 'Return trip'],
      ['capture', -returnCharge(charge), -returnCharge(charge), 'Returned to the pickup'],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('answers a code past its 30 minutes with 409 code_expired, and takes the code operations re-issue', async () => {
    const { merchant, rider, ops } = await setUp();
    const { id } = await returning(merchant, rider);
    // The rider arrived back at the pickup 31 minutes ago (the arrival's clock is the test's).
    await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'arrive', handoff: 'return' }, `rider:${rider.agentId}`, {
      now: new Date(Date.now() - CODE_TTL_MS - 60_000),
    });
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;

    const late = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });
    const reissued = await ops.post(`/fleet/v1/jobs/${id}/handoffs/return/reissue-code`);
    const fresh = (await stored(merchant, id)).returnTrip!.handoff.code;
    const handed = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code: fresh });

    expect(answer(late)).toEqual({ status: 409, body: expect.objectContaining({ code: 'code_expired' }) });
    expect(reissued.status).toBe(200);
    expect(fleetData(reissued).returnTrip!.verification).toMatchObject({ status: 'active' });
    expect(fleetData(handed).returnTrip).toMatchObject({ status: 'returned' });
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('refuses the return routes on a job with no return trip, and operations’ fixes on a handoff that needs none', async () => {
    const { merchant, rider, ops } = await setUp();
    const { id: atDrop } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    const { id: back } = await returning(merchant, rider);

    const replies = await Promise.all([
      rider.post(`/fleet/v1/jobs/${atDrop}/handoffs/return/arrive`),
      rider.post(`/fleet/v1/jobs/${atDrop}/handoffs/return/code`, { code: '1234' }),
      ops.post(`/fleet/v1/jobs/${back}/handoffs/return/reset-lock`),
      ops.post(`/fleet/v1/jobs/${back}/handoffs/return/reissue-code`),
    ]);

    expect(replies.map(answer)).toEqual([
      invalid('The job has no return trip'),
      invalid('The job has no return trip'),
      invalid('The return code is not locked'),
      invalid('The return code is not expired'),
    ]);
  });

  it('answers a retry of the arrival and of the right code whose answers were lost with 200, capturing once', async () => {
    const { merchant, rider } = await setUp();
    const { id, charge } = await returning(merchant, rider);

    const arrived = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const arrivedAgain = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;
    const handed = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });
    const handedAgain = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });

    expect(answer(arrivedAgain)).toEqual(answer(arrived));
    expect(answer(handedAgain)).toEqual(answer(handed));
    expect((await jobLedger(merchant, id)).filter(([type]) => type === 'capture')).toEqual([
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['capture', -returnCharge(charge), -returnCharge(charge), 'Returned to the pickup'],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });

  it('leaves a return charge the store’s credit could not cover to operations: nothing reserved at the start, nothing captured at the end', async () => {
    // Prepare: credit for exactly one delivery
    const quoted = BENGALURU_CHARGE_MINOR;
    const { merchant, rider } = await setUp(quoted);

    // Act
    const { id } = await returning(merchant, rider);
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;
    const handed = await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });

    // Assess
    expect(handed.status).toBe(200);
    expect((await stored(merchant, id)).returnTrip).toMatchObject({ status: 'returned', chargeSettlement: 'review' });
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, quoted, null],
      ['capture', -quoted, -quoted, 'Undeliverable after pickup'],
    ]);
    expect(await holding(rider.agentId!)).toBe(0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('a recalled parcel', () => {
  it('stays the rider’s (assignments, holding, contacts) while it goes back, with status cancelled', async () => {
    const { merchant, rider } = await setUp();
    const { id, charge } = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);

    await merchantMove(merchant, id, { type: 'recall' });
    const view = await rider.get(`/fleet/v1/jobs/${id}`);

    expect(fleetData(view)).toMatchObject({
      status: 'cancelled',
      pickup: { name: expect.any(String), phone: expect.any(String) },
      returnTrip: { reason: 'recalled', status: 'returning' },
    });
    expect(await assignments(rider)).toEqual([id]);
    expect(await holding(rider.agentId!)).toBe(1);
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Recalled after pickup'],
      ['reserve', 0, returnCharge(charge), 'Return trip'],
    ]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('the decision’s deadline (the dispatch worker)', () => {
  // Issue 33: a parcel on its way back and a rider sent back to the drop have deadlines of their own, so
  // the decision's item is not deleted but re-filed at the next one (it was deleted before).
  const filedAt = async (id: string) =>
    (await api.table.rt.work.list('dispatch')).filter((item) => item.jobId === id).map((item) => item.key.SK.slice(0, item.key.SK.indexOf('#')));
  const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

  it('applies the default (return) as `system` at the deadline, not a moment before, and files the job at the return trip’s deadline', async () => {
    // Prepare
    const { merchant, rider } = await setUp();
    const { id, charge } = await attemptedOnce(merchant, rider);
    const deadline = Date.parse((await stored(merchant, id)).pendingDecision!.deadlineAt);
    const onWorklist = async () => (await api.table.rt.work.list('dispatch')).some((item) => item.jobId === id);
    expect(await onWorklist()).toBe(true);

    const before = await stored(merchant, id);

    // Act (other tests' jobs share the table: this job's state is what counts)
    await dispatchTick(api.table.rt, new Date(deadline - 1));
    const beforeDeadline = await stored(merchant, id);
    const due = await dispatchTick(api.table.rt, new Date(deadline));

    // Assess
    expect(beforeDeadline).toEqual(before);
    expect(due.failed).toBe(0);
    const job = await stored(merchant, id);
    expect(job).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      pendingDecision: null,
      returnTrip: { reason: 'undeliverable', status: 'returning' },
    });
    expect(job.events.at(-1)).toMatchObject({ status: 'failed', actor: 'system', note: 'Undeliverable after 1 attempt: the parcel goes back to the pickup' });
    expect(await filedAt(id)).toEqual([minutesAfter(job.returnTrip!.startedAt, 180)]);
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['reserve', 0, returnCharge(charge), 'Return trip'],
    ]);
    expect(await assignments(rider)).toEqual([id]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('re-files a decided job at its rider’s re-arrival deadline in the decision’s own transaction, so the decision’s deadline does nothing', async () => {
    const { merchant, rider } = await setUp();
    const { id } = await attemptedOnce(merchant, rider);
    const deadline = Date.parse((await stored(merchant, id)).pendingDecision!.deadlineAt);

    const decided = await merchantMove(merchant, id, { type: 'decide', action: 'reattempt' });
    await dispatchTick(api.table.rt, new Date(deadline + 60_000));

    expect(decided).toMatchObject({ status: 'pickup_completed', pendingDecision: null, verification: { delivery: { status: 'active' } } });
    expect(await stored(merchant, id)).toEqual(decided);
    expect(await filedAt(id)).toEqual([minutesAfter(decided.deliveryAttempts![0]!.decidedAt!, 60)]);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('a job waiting for a decision that fails for another reason', () => {
  it('leaves the dispatch worklist with operations’ fail (a lost parcel: settlement review), so no deadline applies later', async () => {
    const { merchant, rider, ops } = await setUp();
    const { id } = await attemptedOnce(merchant, rider);
    const deadline = Date.parse((await stored(merchant, id)).pendingDecision!.deadlineAt);

    const failed = await ops.post(`/fleet/v1/jobs/${id}/fail`, { reason: 'Parcel damaged at the door' });
    await dispatchTick(api.table.rt, new Date(deadline));

    expect(failed.status).toBe(200);
    expect(fleetData(failed)).toMatchObject({ status: 'failed', pendingDecision: null, returnTrip: null });
    expect(await stored(merchant, id)).toMatchObject({ status: 'failed', settlement: 'review', pendingDecision: null });
    expect((await api.table.rt.work.list('dispatch')).some((item) => item.jobId === id)).toBe(false);
    expect(await holding(rider.agentId!)).toBe(0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });
});

describe('a parcel lost or damaged on its way back (fail on a returning job)', () => {
  type Ender = 'the rider’s fail' | 'operations’ fail' | 'operations’ job end';
  type Trip = 'undeliverable, charge reserved' | 'recalled, charge reserved' | 'undeliverable, charge in review' | 'undeliverable, charge resolved on the way';
  const cases: Array<[Ender, Trip]> = (['the rider’s fail', 'operations’ fail', 'operations’ job end'] as const).flatMap((ender) =>
    (
      ['undeliverable, charge reserved', 'recalled, charge reserved', 'undeliverable, charge in review', 'undeliverable, charge resolved on the way'] as const
    ).map((trip): [Ender, Trip] => [ender, trip]),
  );

  it.each(cases)('%s ends the return trip (%s): the rider is freed, a reserved return charge released to operations’ review, once', async (ender, trip) => {
    // Prepare
    const short = trip.endsWith('in review') || trip.endsWith('on the way');
    const { merchant, rider, ops } = await setUp(short ? BENGALURU_CHARGE_MINOR : CREDIT);
    let id: string;
    if (trip.startsWith('recalled')) {
      id = (await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider)).id;
      await merchantMove(merchant, id, { type: 'recall' });
    } else id = (await returning(merchant, rider)).id;
    // Operations may settle a charge in review while the parcel is still on its way (waived here, so no credit is needed).
    if (trip.endsWith('on the way'))
      await api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'resolve_return', outcome: 'release' }, 'admin');
    const before = await stored(merchant, id);
    const ledgerBefore = await jobLedger(merchant, id);
    const back = before.returnTrip!.chargeMinor;
    const note = 'Parcel lost on the way back';

    // Act (twice: the second is a retry whose answer was lost)
    const end = async () => {
      if (ender === 'operations’ job end') return (await api.table.rt.jobArchive.endAsOperations(await stored(merchant, id), note)).job;
      const reply = await (ender === 'the rider’s fail' ? rider : ops).post(`/fleet/v1/jobs/${id}/fail`, { reason: note });
      expect(reply.status).toBe(200);
      return fleetData(reply);
    };
    const ended = await end();
    const retried = ender === 'the rider’s fail' ? await end() : ended;

    // Assess: the job keeps its status and its captured forward charge; the trip has failed, nobody holds the parcel
    const after = await stored(merchant, id);
    expect([ended.status, ended.returnTrip?.status, retried.version]).toEqual([before.status, 'failed', after.version]);
    expect(after).toMatchObject({ status: before.status, settlement: 'captured', riderLocation: null });
    const settled = trip.endsWith('on the way') ? 'released' : 'review';
    expect(after.returnTrip).toMatchObject({ status: 'failed', chargeSettlement: settled, returnedAt: null, handoff: { status: 'unavailable' } });
    expect(after.events.at(-1)).toMatchObject({ status: before.status, actor: ender === 'the rider’s fail' ? `rider:${rider.agentId}` : 'admin', note });
    expect(await jobLedger(merchant, id)).toEqual(short ? ledgerBefore : [...ledgerBefore, ['release', 0, -back, `Return failed: ${note}`]]);
    expect(await holding(rider.agentId!)).toBe(0);
    expect(await assignments(rider)).toEqual([]);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);

    // Act: operations resolve the charge in review (once: a charge they settled on the way stays settled); the trip can be ended no more
    const resolved = api.table.rt.jobs.move({ storeId: merchant.storeId, jobId: id }, { type: 'resolve_return', outcome: 'release' }, 'admin');
    if (settled === 'review') await resolved;
    else await expect(resolved).rejects.toThrow('Only a return charge in review can be resolved');
    const again = await ops.post(`/fleet/v1/jobs/${id}/fail`, { reason: 'Again' });

    // Assess
    expect((await stored(merchant, id)).returnTrip).toMatchObject({ status: 'failed', chargeSettlement: 'released' });
    expect(again.status).toBe(409);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});

describe('a rider’s fail that is not a retry of one', () => {
  it('is refused (409), not answered 200, on a job the rider’s fail with another note ended, or whose return trip they failed with another note', async () => {
    const { merchant, rider } = await setUp();
    const back = await returning(merchant, rider);
    const lost = await bookJobAt(api.table.rt, merchant, 'pickup_completed', rider);
    expect((await rider.post(`/fleet/v1/jobs/${lost.id}/fail`, { reason: 'Parcel damaged in transit' })).status).toBe(200);
    expect((await rider.post(`/fleet/v1/jobs/${back.id}/fail`, { reason: 'Parcel lost on the way back' })).status).toBe(200);
    const before = [await stored(merchant, back.id), await stored(merchant, lost.id)];

    const replies = [
      await rider.post(`/fleet/v1/jobs/${back.id}/fail`, { reason: 'Parcel stolen' }),
      await rider.post(`/fleet/v1/jobs/${lost.id}/fail`, { reason: 'Parcel stolen' }),
    ];

    expect(replies.map(answer)).toEqual([
      invalid('A failed job cannot take POST /fleet/v1/jobs/{id}/fail'),
      invalid('A failed job cannot take POST /fleet/v1/jobs/{id}/fail'),
    ]);
    expect([await stored(merchant, back.id), await stored(merchant, lost.id)]).toEqual(before);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});

describe('moves that meet on one job', () => {
  const ROUNDS = 4;

  it('the rider’s second attempt and the merchant’s recall: one return starts, the money moves once', async () => {
    const { merchant } = await setUp(1_000_000);
    for (let round = 0; round < ROUNDS; round++) {
      const rider = await newFleetMember(api.table.rt, api.server, 'rider');
      const { id, charge } = await attemptedOnce(merchant, rider);
      await merchantMove(merchant, id, { type: 'decide', action: 'reattempt' });
      await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/arrive`);

      const [rider2, recall] = await Promise.all([
        attempt(rider, id, { reason: 'customer_refused' }),
        merchantMove(merchant, id, { type: 'recall' }).then(
          () => 'recalled',
          (error: { code?: string }) => error.code,
        ),
      ]);

      const job = await stored(merchant, id);
      const outcome = `attempt ${rider2.status} ${JSON.stringify(rider2.body)}, recall ${recall}`;
      if (job.returnTrip!.reason === 'recalled') {
        expect(recall, outcome).toBe('recalled');
        expect(answer(rider2), outcome).toEqual(
          invalid('The merchant recalled the parcel: take it back to the pickup (POST /fleet/v1/jobs/{id}/handoffs/return/arrive)'),
        );
        expect(job.status).toBe('cancelled');
      } else {
        expect(recall, outcome).toBe('invalid_transition');
        expect(rider2.status, outcome).toBe(200);
        expect(job.status).toBe('failed');
      }
      const ledger = await jobLedger(merchant, id);
      expect(
        ledger.map(([type, balance, reserved]) => [type, balance, reserved]),
        outcome,
      ).toEqual([
        ['reserve', 0, charge],
        ['capture', -charge, -charge],
        ['reserve', 0, returnCharge(charge)],
      ]);
      await expectLedgerInvariant(api.table.rt, merchant.storeId);
    }
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('the deadline’s default and the merchant’s decision: exactly one of them is applied', async () => {
    const { merchant } = await setUp(1_000_000);
    for (let round = 0; round < ROUNDS; round++) {
      const rider = await newFleetMember(api.table.rt, api.server, 'rider');
      const { id, charge } = await attemptedOnce(merchant, rider);
      const deadline = Date.parse((await stored(merchant, id)).pendingDecision!.deadlineAt);

      const [tick, decision] = await Promise.all([
        dispatchTick(api.table.rt, new Date(deadline)),
        merchantMove(merchant, id, { type: 'decide', action: 'reattempt' }).then(
          () => 'reattempt',
          (error: { code?: string }) => error.code,
        ),
      ]);

      const job = await stored(merchant, id);
      const outcome = `tick ${JSON.stringify(tick)}, decision ${decision}`;
      if (decision === 'reattempt') {
        expect(job, outcome).toMatchObject({ status: 'pickup_completed', pendingDecision: null });
        expect(job.returnTrip ?? null).toBeNull();
        // The worker's move, if it lost its race, is tried again on the next tick, where nothing is due any more.
        await dispatchTick(api.table.rt, new Date(deadline));
        expect(await stored(merchant, id)).toEqual(job);
        expect(await jobLedger(merchant, id)).toEqual([['reserve', 0, charge, null]]);
      } else {
        expect(decision, outcome).toBe('no_decision_pending');
        expect(job, outcome).toMatchObject({ status: 'failed', returnTrip: { reason: 'undeliverable' } });
        expect(job.events.at(-1)!.actor).toBe('system');
        expect((await jobLedger(merchant, id)).map(([type]) => type)).toEqual(['reserve', 'capture', 'reserve']);
      }
      await expectLedgerInvariant(api.table.rt, merchant.storeId);
    }
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('two devices of one rider sending the second attempt (one Idempotency-Key), then the return code, at once: both 200, the money moves once', async () => {
    const { merchant, rider } = await setUp();
    const phone = await newFleetMember(api.table.rt, api.server, 'rider', rider.agentId);
    const { id, charge } = await attemptedOnce(merchant, rider);
    await merchantMove(merchant, id, { type: 'decide', action: 'reattempt' });
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/arrive`);

    const attempts = await Promise.all([rider, phone].map((device) => attempt(device, id, { reason: 'customer_refused' }, 'second-attempt')));
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;
    const codes = await Promise.all([rider, phone].map((device) => device.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code })));

    expect(attempts.map((reply) => reply.status)).toEqual([200, 200]);
    expect(codes.map((reply) => reply.status)).toEqual([200, 200]);
    expect((await stored(merchant, id)).deliveryAttempts).toHaveLength(2);
    expect(await jobLedger(merchant, id)).toEqual([
      ['reserve', 0, charge, null],
      ['capture', -charge, -charge, 'Undeliverable after pickup'],
      ['reserve', 0, returnCharge(charge), 'Return trip'],
      ['capture', -returnCharge(charge), -returnCharge(charge), 'Returned to the pickup'],
    ]);
    expect(await holding(rider.agentId!)).toBe(0);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
    await expectFleetIndexes(api.table.rt, merchant.storeId);
  });

  it('another rider typing the return code is not answered (404), and the code still works for the job’s rider', async () => {
    const { merchant, rider } = await setUp();
    const stranger = await newFleetMember(api.table.rt, api.server, 'rider');
    const { id } = await returning(merchant, rider);
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;

    const [theirs, mine] = await Promise.all([
      stranger.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code }),
      rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code }),
    ]);

    expect(answer(theirs)).toEqual(notAssigned(id));
    expect(mine.status).toBe(200);
    await expectLedgerInvariant(api.table.rt, merchant.storeId);
  });
});

describe('what a job accumulates on the way back', () => {
  it('keeps its history bounded: two attempts at most, one status event for the return, none for codes, locks and resets', async () => {
    // Prepare
    const { merchant, rider, ops } = await setUp();
    const { id } = await returning(merchant, rider);
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
    const started = await stored(merchant, id);

    // Act: a third attempt, then three rounds of five wrong codes, each reset by operations, then the right code
    const third = await attempt(rider, id, { reason: 'unsafe_location' });
    for (let round = 0; round < 3; round++) {
      const code = (await stored(merchant, id)).returnTrip!.handoff.code;
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code: wrong });
      expect((await ops.post(`/fleet/v1/jobs/${id}/handoffs/return/reset-lock`)).status).toBe(200);
    }
    const code = (await stored(merchant, id)).returnTrip!.handoff.code;
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });
    const ended = await stored(merchant, id);

    // Assess
    expect(third.status).toBe(409);
    expect(ended.deliveryAttempts).toHaveLength(2);
    expect(ended.events.map((event) => event.status)).toEqual([
      'created',
      'queued',
      'picked_by_agent',
      'booking_in_progress',
      'booked',
      'pickup_completed',
      'failed',
    ]);
    expect(ended.events).toEqual(started.events);
    // The item grows only by the returned handoff's fields (a timestamp or two), whatever the rounds of codes.
    expect(JSON.stringify(ended).length - JSON.stringify(started).length).toBeLessThan(120);
  });
});

describe('what the new routes cost', () => {
  useHandlerLogs();

  it('counts the DynamoDB calls of each new fleet move', async () => {
    const { merchant, rider, ops } = await setUp();
    const { id } = await attemptedOnce(merchant, rider);
    const { id: atDrop } = await bookJobAt(api.table.rt, merchant, 'delivery_arrived', rider);
    await merchantMove(merchant, id, { type: 'decide', action: 'reattempt' });
    await rider.post(`/fleet/v1/jobs/${id}/handoffs/delivery/arrive`);

    const records = await captureAccessLog(async () => {
      await attempt(rider, atDrop, undefined, 'cost-1'); // first attempt
      await attempt(rider, id, { reason: 'customer_refused' }); // second: the return starts
      await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/arrive`);
      const first = (await stored(merchant, id)).returnTrip!.handoff.code;
      const wrong = first === '0000' ? '1111' : '0000';
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code: wrong });
      await ops.post(`/fleet/v1/jobs/${id}/handoffs/return/reset-lock`);
      const code = (await stored(merchant, id)).returnTrip!.handoff.code;
      await rider.post(`/fleet/v1/jobs/${id}/handoffs/return/code`, { code });
      await attempt(rider, atDrop, undefined, 'cost-1'); // a retry whose answer was lost
    });

    const calls = records.map((r) => [r.route, r.status, r.dynamoCalls]);
    console.log(`[fleet-returns] DynamoDB calls per request: ${JSON.stringify(calls)}`);
    // A move: the fleet key and its rate bucket (together), the job, the transaction; the job's pointer is
    // remembered by the container. Starting the return reads the store's credit first: one more.
    // A retry whose answer was lost writes nothing. An Idempotency-Key's marker is read alongside the job (one call more, no round trip).
    expect(calls).toEqual([
      ['POST /fleet/v1/jobs/{id}/delivery-attempts', 200, 5],
      ['POST /fleet/v1/jobs/{id}/delivery-attempts', 200, 5],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive', 200, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', 422, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', 422, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', 422, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', 422, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', 409, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock', 200, 4],
      ['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', 200, 4],
      ['POST /fleet/v1/jobs/{id}/delivery-attempts', 200, 4],
    ]);
  });
});
