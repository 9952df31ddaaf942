import { describe, expect, it } from 'vitest';
import {
  AGENT_ID_PATTERN,
  FLEET_KEY_PATTERN,
  alreadyApplied,
  fleetActor,
  fleetCanSee,
  fleetMoveRefusal,
  generateFleetKey,
  looksLikeFleetKey,
  recheckRiderMove,
  type FleetCaller,
} from '../../functions/core/fleet-access.ts';
import { generateApiKey, looksLikeApiKey, newId } from '../../functions/core/api-key.ts';
import { JOB_STATUSES, type Handoff, type Job, type JobEvent, type JobStatus } from '../../functions/core/job.ts';
import { MAX_CODE_ATTEMPTS, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { toFleetJob, toFleetOffer } from '../../functions/schemas/fleet.schema.ts';
import { FleetJob, FleetOffer } from '../../functions/schemas/views/fleet.view.ts';
import { openOffers } from '../../functions/use-cases/fleet-move.ts';
import { bengaluruQuote, BENGALURU_DROP_PLACE, BENGALURU_PICKUP_PLACE, BENGALURU_ROUTE_METERS, keysDeep, liveJob } from '../helpers/fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const rider: FleetCaller = { role: 'rider', keyId: 'fleetkey_rider', keyHash: 'h1', agentId: 'rider-asha-01' };
const otherRider: FleetCaller = { role: 'rider', keyId: 'fleetkey_other', keyHash: 'h2', agentId: 'rider-ravi-02' };
const ops: FleetCaller = { role: 'ops', keyId: 'fleetkey_ops', keyHash: 'h3', agentId: null };

const handoff = (status: Handoff['status'], changes: Partial<Handoff> = {}): Handoff => ({
  code: '4821',
  status,
  expiresAt: null,
  verifiedAt: null,
  failedAttempts: 0,
  ...changes,
});
const event = (status: JobStatus, actor: string, createdAt: string, note: string | null = null): JobEvent => ({
  id: `00000000-0000-4000-8000-${String(Math.round(Date.parse(createdAt) / 1000) % 1e12).padStart(12, '0')}`,
  status,
  actor,
  note,
  createdAt,
});

/** A live job of the Bengaluru fixture route in `status` (assigned to rider-asha-01 once past `queued`), offered a second after booking. */
function jobWith(status: JobStatus, changes: Partial<Job> = {}): Job {
  return liveJob(status, {
    events: [event('created', 'merchant', at(0)), event('queued', 'system', at(1_000))],
    verification: { pickup: handoff('pending'), delivery: { ...handoff('pending'), code: '1907' } },
    createdAt: at(0),
    updatedAt: at(60_000),
    ...changes,
  });
}

describe('fleet keys', () => {
  it.each(['rider', 'ops'] as const)('makes a %s key of its prefix and 32 base62 characters', (role) => {
    const key = generateFleetKey(role);

    expect(key).toMatch(new RegExp(`^fk_${role}_[0-9A-Za-z]{32}$`));
    expect(key).toMatch(FLEET_KEY_PATTERN);
    expect(looksLikeFleetKey(key)).toBe(true);
  });

  it('makes a different key every time', () => {
    const made = Array.from({ length: 200 }, (_, i) => generateFleetKey(i % 2 === 0 ? 'rider' : 'ops'));

    expect(new Set(made).size).toBe(200);
  });

  it('never takes a merchant key for a fleet key, nor a fleet key for a merchant key', () => {
    for (const merchantKey of [generateApiKey(false), generateApiKey(true)]) expect(looksLikeFleetKey(merchantKey)).toBe(false);
    for (const fleetKey of [generateFleetKey('rider'), generateFleetKey('ops')]) expect(looksLikeApiKey(fleetKey)).toBe(false);
  });

  const body = 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY';

  it.each([`fk_rider_${body}`, `fk_ops_${body}`, `fk_rider_${'0'.repeat(32)}`, `fk_ops_${'z'.repeat(32)}`])('accepts %s', (value) => {
    expect(looksLikeFleetKey(value)).toBe(true);
  });

  it.each([
    ['a live merchant key', `mdk_live_${body}`],
    ['a sandbox merchant key', `mdk_test_${body}`],
    ['an unknown role', `fk_admin_${body}`],
    ['an upper-case prefix', `FK_RIDER_${body}`],
    ['no role', `fk_${body}`],
    ['31 characters', `fk_rider_${body.slice(1)}`],
    ['33 characters', `fk_rider_${body}Z`],
    ['a hyphen', `fk_ops_${body.slice(1)}-`],
    ['an underscore', `fk_ops_${body.slice(1)}_`],
    ['a non-ASCII letter', `fk_rider_${body.slice(1)}é`],
    ['Bearer in front', `Bearer fk_rider_${body}`],
    ['a leading space', ` fk_rider_${body}`],
    ['a trailing newline', `fk_rider_${body}\n`],
    ['the empty string', ''],
  ])('rejects %s', (_what, value) => {
    expect(looksLikeFleetKey(value)).toBe(false);
  });
});

describe('AGENT_ID_PATTERN', () => {
  it.each(['rider-asha-01', 'abc', 'RIDER_7', 'x'.repeat(64), newId('rider')])('accepts %s', (agentId) => {
    expect(AGENT_ID_PATTERN.test(agentId)).toBe(true);
  });

  it.each(['ab', 'x'.repeat(65), 'rider asha', 'rider:asha', 'ridér', 'rider/1', ''])('rejects %j', (agentId) => {
    expect(AGENT_ID_PATTERN.test(agentId)).toBe(false);
  });
});

describe('fleetActor', () => {
  it('names a rider by agent id and operations as admin', () => {
    expect(fleetActor(rider)).toBe('rider:rider-asha-01');
    expect(fleetActor(ops)).toBe('admin');
  });
});

describe('fleetCanSee', () => {
  it.each(JOB_STATUSES)('hides a sandbox job in status %s from riders (its own included) and operations', (status) => {
    const job = jobWith(status, { testMode: true });

    expect([fleetCanSee(rider, job), fleetCanSee(otherRider, job), fleetCanSee(ops, job)]).toEqual([false, false, false]);
  });

  it.each(JOB_STATUSES)('shows operations every live job, here one in status %s', (status) => {
    expect(fleetCanSee(ops, jobWith(status))).toBe(true);
  });

  it('shows every rider a job on offer', () => {
    const job = jobWith('queued');

    expect([fleetCanSee(rider, job), fleetCanSee(otherRider, job)]).toEqual([true, true]);
  });

  it.each(JOB_STATUSES.filter((status) => status !== 'created' && status !== 'queued'))('shows a %s job to its own rider only', (status) => {
    const job = jobWith(status);

    expect([fleetCanSee(rider, job), fleetCanSee(otherRider, job)]).toEqual([true, false]);
  });

  it('hides from riders a job not yet offered, or ended before any rider took it', () => {
    for (const job of [jobWith('created'), jobWith('cancelled', { agentId: null }), jobWith('failed', { agentId: null })]) {
      expect([fleetCanSee(rider, job), fleetCanSee(otherRider, job)]).toEqual([false, false]);
    }
  });
});

describe('fleetMoveRefusal', () => {
  const NOT_YOURS = 'This job is not assigned to you: accept the offer first';
  const riderMoves: LifecycleEvent[] = [
    { type: 'start_confirmation' },
    { type: 'confirm' },
    { type: 'decline' },
    { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: null },
    { type: 'arrive', handoff: 'pickup' },
    { type: 'submit_code', handoff: 'pickup', code: '4821' },
    { type: 'fail', note: 'Store closed' },
  ];

  it('lets any rider accept an offer', () => {
    expect(fleetMoveRefusal(otherRider, jobWith('queued'), { type: 'accept', agentId: 'rider-ravi-02' })).toBeNull();
  });

  it.each(riderMoves.map((move) => [move.type, move] as const))('lets a rider %s a job assigned to them', (_type, move) => {
    expect(fleetMoveRefusal(rider, jobWith('booked'), move)).toBeNull();
  });

  it.each(riderMoves.map((move) => [move.type, move] as const))('refuses a rider %s on an open offer or on another rider’s job', (_type, move) => {
    expect(fleetMoveRefusal(rider, jobWith('queued'), move)).toBe(NOT_YOURS);
    expect(fleetMoveRefusal(otherRider, jobWith('booked'), move)).toBe(NOT_YOURS);
  });

  it('lets operations move any job', () => {
    for (const move of [...riderMoves, { type: 'reset_lock', handoff: 'pickup' } as const, { type: 'reissue_code', handoff: 'delivery' } as const]) {
      expect([fleetMoveRefusal(ops, jobWith('queued'), move), fleetMoveRefusal(ops, jobWith('booked'), move)]).toEqual([null, null]);
    }
  });
});

describe('recheckRiderMove', () => {
  const confirm: LifecycleEvent = { type: 'confirm' };
  const check = (caller: FleetCaller, latest: Job, move: LifecycleEvent = confirm) => {
    try {
      recheckRiderMove(caller, latest, move);
      return 'decide again';
    } catch (error) {
      return { code: (error as { code: string }).code, message: (error as Error).message };
    }
  };

  it('decides again on a job the rider still holds, whatever its state (the transition function answers for it)', () => {
    expect([check(rider, jobWith('booking_in_progress')), check(rider, jobWith('cancelled')), check(rider, jobWith('failed'))]).toEqual([
      'decide again',
      'decide again',
      'decide again',
    ]);
  });

  it('decides an accept again on an offer or on a job nobody holds', () => {
    expect(check(rider, jobWith('queued'), { type: 'accept', agentId: 'rider-asha-01' })).toBe('decide again');
  });

  it('answers 409 concurrent_modification when another rider took the job meanwhile (two riders racing for it)', () => {
    const taken = jobWith('picked_by_agent', { agentId: 'rider-ravi-02' });
    const answers = [check(rider, taken), check(rider, taken, { type: 'accept', agentId: 'rider-asha-01' })];

    expect(answers).toEqual(
      Array(2).fill({ code: 'concurrent_modification', message: 'The job changed while this change was being made; fetch it and retry' }),
    );
  });

  it('answers as a new request would for a job given back meanwhile: not the rider’s to move (409), or no longer theirs to see (404)', () => {
    expect(check(rider, jobWith('queued'))).toEqual({ code: 'invalid_transition', message: 'This job is not assigned to you: accept the offer first' });
    expect(check(rider, jobWith('cancelled', { agentId: null }), { type: 'accept', agentId: 'rider-asha-01' })).toEqual({
      code: 'job_not_found',
      message: `No job ${jobWith('queued').id} on offer or assigned to this key`,
    });
  });
});

describe('alreadyApplied', () => {
  const pickupDone = { pickup: handoff('verified', { verifiedAt: at(0) }), delivery: { ...handoff('active'), code: '1907' } };

  // [event, the job after this rider's move (a retry is recognised), a job where the move was not made (a retry is not)]
  const cases: Array<[string, LifecycleEvent, Job, Job]> = [
    ['accept', { type: 'accept', agentId: 'rider-asha-01' }, jobWith('picked_by_agent'), jobWith('queued')],
    ['start_confirmation', { type: 'start_confirmation' }, jobWith('booking_in_progress'), jobWith('picked_by_agent')],
    [
      'confirm',
      { type: 'confirm' },
      jobWith('booked'),
      jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } }),
    ],
    [
      'arrive_pickup',
      { type: 'arrive', handoff: 'pickup' },
      jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } }),
      jobWith('booked'),
    ],
    [
      'submit_pickup_code',
      { type: 'submit_code', handoff: 'pickup', code: '4821' },
      jobWith('pickup_completed', { verification: pickupDone }),
      jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } }),
    ],
    [
      'arrive_drop',
      { type: 'arrive', handoff: 'delivery' },
      jobWith('pickup_completed', { verification: { ...pickupDone, delivery: { ...pickupDone.delivery, expiresAt: at(60_000) } } }),
      jobWith('pickup_completed', { verification: pickupDone }),
    ],
    [
      'submit_delivery_code',
      { type: 'submit_code', handoff: 'delivery', code: '1907' },
      jobWith('delivered', { verification: { ...pickupDone, delivery: { ...handoff('verified', { verifiedAt: at(0) }), code: '1907' } } }),
      jobWith('pickup_completed', { verification: { ...pickupDone, delivery: { ...pickupDone.delivery, expiresAt: at(60_000) } } }),
    ],
    [
      'fail',
      { type: 'fail', note: 'Store closed' },
      jobWith('failed', { events: [...jobWith('failed').events, event('failed', 'rider:rider-asha-01', at(2_000), 'Store closed')] }),
      jobWith('failed', { events: [...jobWith('failed').events, event('failed', 'admin', at(2_000), 'Lost')] }),
    ],
  ];

  it.each(cases)('recognises a retry of %s by the rider who made it', (_type, lifecycleEvent, applied) => {
    expect(alreadyApplied(applied, lifecycleEvent, rider)).toBe(true);
  });

  it.each(cases)('does not take %s for a retry when the job does not show it made', (_type, lifecycleEvent, _applied, notApplied) => {
    expect(alreadyApplied(notApplied, lifecycleEvent, rider)).toBe(false);
  });

  it.each(cases)('does not take %s for a retry by another rider or by operations', (_type, lifecycleEvent, applied) => {
    expect([alreadyApplied(applied, lifecycleEvent, otherRider), alreadyApplied(applied, lifecycleEvent, ops)]).toEqual([false, false]);
  });

  it.each([
    ['pickup', { type: 'submit_code', handoff: 'pickup', code: '0000' }, jobWith('pickup_completed', { verification: pickupDone })],
    [
      'delivery',
      { type: 'submit_code', handoff: 'delivery', code: '0000' },
      jobWith('delivered', { verification: { ...pickupDone, delivery: { ...handoff('verified'), code: '1907' } } }),
    ],
  ] as const)('does not take another %s code for a retry of the verified one', (_which, lifecycleEvent, job) => {
    expect(alreadyApplied(job, lifecycleEvent, rider)).toBe(false);
  });

  it('does not take a confirm for a retry once the rider has arrived at the pickup', () => {
    const arrived = jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } });

    expect(alreadyApplied(arrived, { type: 'confirm' }, rider)).toBe(false);
  });

  it('does not take a fail for a retry when the job failed by the dispatcher’s timeout', () => {
    const timedOut = jobWith('failed', { events: [...jobWith('failed').events, event('failed', 'system', at(2_000), 'No rider accepted the job in time')] });

    expect(alreadyApplied(timedOut, { type: 'fail', note: 'x' }, rider)).toBe(false);
  });

  it.each<[string, LifecycleEvent, Job]>([
    ['decline (the job back on offer)', { type: 'decline' }, jobWith('queued')],
    ['decline (the rider still holds it)', { type: 'decline' }, jobWith('picked_by_agent')],
    [
      'report_location',
      { type: 'report_location', latitude: 12.97, longitude: 77.6, accuracy: null },
      jobWith('booked', { riderLocation: { latitude: 12.97, longitude: 77.6, accuracy: null, recordedAt: at(0) } }),
    ],
    [
      'reset_lock',
      { type: 'reset_lock', handoff: 'pickup' },
      jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } }),
    ],
    [
      'reissue_code',
      { type: 'reissue_code', handoff: 'pickup' },
      jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } }),
    ],
  ])('never takes %s for a retry', (_what, lifecycleEvent, job) => {
    expect(alreadyApplied(job, lifecycleEvent, rider)).toBe(false);
    expect(alreadyApplied(job, lifecycleEvent, ops)).toBe(false);
  });
});

describe('toFleetJob', () => {
  it('is the job without handoff codes, with contacts once a rider holds it', () => {
    const job = jobWith('booked', {
      riderLocation: { latitude: 12.9761, longitude: 77.6102, accuracy: 12, recordedAt: at(30_000) },
      verification: { pickup: handoff('active', { expiresAt: at(60_000), failedAttempts: 2 }), delivery: handoff('pending') },
    });

    const view = toFleetJob(job, 'rider', NOW);

    expect(view).toEqual({
      id: job.id,
      status: 'booked',
      agentId: 'rider-asha-01',
      version: 3,
      pickup: { ...BENGALURU_PICKUP_PLACE, name: 'Chai Point, MG Road', phone: '+919876543210', instructions: null },
      drop: { ...BENGALURU_DROP_PLACE, name: 'Asha Rao', phone: '+919845012345', instructions: null },
      distanceMeters: BENGALURU_ROUTE_METERS,
      packageDescription: 'Documents',
      packageWeight: '750 g',
      riderLocation: { latitude: 12.9761, longitude: 77.6102, accuracy: 12, recordedAt: at(30_000) },
      verification: {
        pickup: { status: 'active', expiresAt: at(60_000), verifiedAt: null, attemptsRemaining: 3 },
        delivery: { status: 'pending', expiresAt: null, verifiedAt: null, attemptsRemaining: 5 },
      },
      deliveryAttempts: [],
      pendingDecision: null,
      returnTrip: null,
      collection: null,
      events: job.events,
      createdAt: at(0),
      updatedAt: at(60_000),
    });
    expect(FleetJob.parse(view)).toEqual(view);
  });

  it('shows a cash-on-delivery job’s amount to collect and what became of it, never the store’s charge or the fee', () => {
    const job = jobWith('pickup_completed', { agentId: 'rider-7' });
    const collection = {
      amountMinor: 85_000,
      feeMinor: 2000,
      status: 'collected' as const,
      method: 'upi' as const,
      reference: '433512345678',
      collectedAt: '2026-11-22T10:31:00.000Z',
      remittanceId: 'rem_1',
      collectedBy: 'rider-7',
    };

    const view = toFleetJob({ ...job, collection }, 'rider');

    expect(view.collection).toEqual({
      amountMinor: 85_000,
      status: 'collected',
      method: 'upi',
      reference: '433512345678',
      collectedAt: '2026-11-22T10:31:00.000Z',
    });
    expect(JSON.stringify(view)).not.toMatch(/feeMinor|chargeMinor|remittanceId|collectedBy/);
    expect(FleetJob.parse(view)).toEqual(view);
  });

  it('shows the failed attempts and the merchant’s pending decision, the rider waiting', () => {
    const job = jobWith('pickup_completed', {
      deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: 'No answer', createdAt: at(30_000) }],
      pendingDecision: { options: ['reattempt', 'return'], deadlineAt: at(630_000), defaultAction: 'return' },
      verification: { pickup: handoff('verified', { verifiedAt: at(0) }), delivery: handoff('unavailable') },
    });

    const view = toFleetJob(job, 'rider', NOW);

    expect([view.deliveryAttempts, view.pendingDecision, view.returnTrip]).toEqual([
      [{ number: 1, reason: 'customer_unreachable', note: 'No answer', createdAt: at(30_000) }],
      { options: ['reattempt', 'return'], deadlineAt: at(630_000), defaultAction: 'return' },
      null,
    ]);
    expect(FleetJob.parse(view)).toEqual(view);
  });

  it.each(['failed', 'cancelled'] as const)(
    'shows the rider carrying a %s job’s parcel back the pickup’s contact and the return handoff’s state, never its code; once returned, no contacts',
    (status) => {
      const trip = {
        reason: status === 'failed' ? ('undeliverable' as const) : ('recalled' as const),
        status: 'returning' as const,
        chargeMinor: 3500,
        chargeSettlement: 'reserved' as const,
        startedAt: at(30_000),
        returnedAt: null,
        handoff: handoff('active', { expiresAt: at(90_000), failedAttempts: 1 }),
      };
      const returning = jobWith(status, { agentId: 'rider-asha-01', returnTrip: trip });
      const returned = jobWith(status, {
        agentId: 'rider-asha-01',
        returnTrip: { ...trip, status: 'returned', returnedAt: at(60_000), handoff: handoff('verified', { verifiedAt: at(60_000) }) },
      });

      const [way, back] = [toFleetJob(returning, 'rider', NOW), toFleetJob(returned, 'rider', NOW)];

      expect(way.returnTrip).toEqual({
        reason: trip.reason,
        status: 'returning',
        startedAt: at(30_000),
        returnedAt: null,
        verification: { status: 'active', expiresAt: at(90_000), verifiedAt: null, attemptsRemaining: 4 },
      });
      expect(way.pickup).toEqual({ ...BENGALURU_PICKUP_PLACE, name: 'Chai Point, MG Road', phone: '+919876543210', instructions: null });
      expect(back.returnTrip).toMatchObject({ status: 'returned', returnedAt: at(60_000), verification: { status: 'verified', verifiedAt: at(60_000) } });
      expect(back.pickup).toMatchObject({ name: null, phone: null });
      for (const view of [way, back]) {
        expect(keysDeep(view)).not.toContain('code');
        expect(keysDeep(view)).not.toContain('chargeMinor');
        expect(JSON.stringify(view)).not.toContain('4821');
        expect(FleetJob.parse(view)).toEqual(view);
      }
    },
  );

  it.each(JOB_STATUSES)('never carries a code, here for a %s job', (status) => {
    const job = jobWith(status, {
      verification: { pickup: handoff('verified', { verifiedAt: at(0) }), delivery: handoff('active', { expiresAt: at(60_000) }) },
    });

    const view = toFleetJob(job, 'rider', NOW);

    expect(keysDeep(view)).not.toContain('code');
    expect(JSON.stringify(view)).not.toContain('4821');
  });

  it('shows a rider no names or phones while no rider holds the job: before one accepts, and once it has ended', () => {
    const jobs = [
      jobWith('created'),
      jobWith('queued'),
      ...(['delivered', 'failed', 'cancelled'] as const).map((status) => jobWith(status, { agentId: 'rider-7' })),
    ];
    for (const job of jobs) {
      const view = toFleetJob(job, 'rider', NOW);

      expect([view.pickup, view.drop]).toEqual([
        { ...BENGALURU_PICKUP_PLACE, name: null, phone: null, instructions: null },
        { ...BENGALURU_DROP_PLACE, name: null, phone: null, instructions: null },
      ]);
    }
  });

  it('shows operations the names and phones whatever the job’s state', () => {
    for (const status of ['queued', 'booked', 'delivered', 'failed', 'cancelled'] as const) {
      const view = toFleetJob(jobWith(status, { agentId: status === 'queued' ? null : 'rider-7' }), 'ops', NOW);

      expect([view.pickup.name, view.pickup.phone, view.drop.name, view.drop.phone].every((value) => value !== null)).toBe(true);
    }
  });

  it.each([
    [0, 5],
    [1, 4],
    [4, 1],
    [MAX_CODE_ATTEMPTS, 0],
  ])('counts %d wrong tries as %d attempts remaining', (failedAttempts, remaining) => {
    const job = jobWith('booked', {
      verification: {
        pickup: handoff(failedAttempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'active', { expiresAt: at(60_000), failedAttempts }),
        delivery: handoff('pending'),
      },
    });

    expect(toFleetJob(job, 'rider', NOW).verification.pickup.attemptsRemaining).toBe(remaining);
  });

  it('shows an active code past its expiry as expired, as of the time asked', () => {
    const job = jobWith('booked', { verification: { pickup: handoff('active', { expiresAt: at(60_000) }), delivery: handoff('pending') } });

    expect(toFleetJob(job, 'rider', new Date(NOW.getTime() + 59_999)).verification.pickup).toEqual({
      status: 'active',
      expiresAt: at(60_000),
      verifiedAt: null,
      attemptsRemaining: 5,
    });
    expect(toFleetJob(job, 'rider', new Date(NOW.getTime() + 60_000)).verification.pickup).toEqual({
      status: 'expired',
      expiresAt: at(60_000),
      verifiedAt: null,
      attemptsRemaining: 5,
    });
    expect(job.verification.pickup.status).toBe('active');
  });

  it('shows null city, pincode, description and weight where the route has none', () => {
    const { pickupCity: _pc, pickupPincode: _pp, dropCity: _dc, dropPincode: _dp, packageDescription: _d, packageWeightGrams: _w, ...bare } = bengaluruQuote;

    const view = toFleetJob(jobWith('queued', { route: bare }), 'rider', NOW);

    expect(view.pickup).toEqual({ ...BENGALURU_PICKUP_PLACE, city: null, pincode: null, name: null, phone: null, instructions: null });
    expect(view.drop).toEqual({ ...BENGALURU_DROP_PLACE, city: null, pincode: null, name: null, phone: null, instructions: null });
    expect([view.packageDescription, view.packageWeight]).toEqual([null, null]);
  });
});

describe('toFleetOffer', () => {
  it('is where and what of a queued job, offered when it was queued', () => {
    const job = jobWith('queued', { route: { ...bengaluruQuote, packageWeightGrams: 1500 } });

    const offer = toFleetOffer(job);

    expect(offer).toEqual({
      id: job.id,
      offeredAt: at(1_000),
      pickup: BENGALURU_PICKUP_PLACE,
      drop: BENGALURU_DROP_PLACE,
      distanceMeters: BENGALURU_ROUTE_METERS,
      pickupDistanceMeters: null,
      packageDescription: 'Documents',
      packageWeight: '1.5 kg',
      collection: null,
    });
    expect(FleetOffer.parse(offer)).toEqual(offer);
  });

  it('gives the great-circle distance from the rider to the pickup, in whole metres, when the rider sends a position', () => {
    const job = jobWith('queued');

    expect(toFleetOffer(job, { latitude: BENGALURU_PICKUP_PLACE.latitude, longitude: BENGALURU_PICKUP_PLACE.longitude }).pickupDistanceMeters).toBe(0);
    // 0.01° of latitude is about 1,112 m
    expect(toFleetOffer(job, { latitude: BENGALURU_PICKUP_PLACE.latitude + 0.01, longitude: BENGALURU_PICKUP_PLACE.longitude }).pickupDistanceMeters).toBe(
      1112,
    );
  });

  it('dates an offer given back by a rider from its last queueing', () => {
    const job = jobWith('queued', {
      events: [
        event('created', 'merchant', at(0)),
        event('queued', 'system', at(1_000)),
        event('picked_by_agent', 'rider:rider-asha-01', at(5_000)),
        event('queued', 'rider:rider-asha-01', at(9_000), 'Declined by rider-asha-01'),
      ],
    });

    expect(toFleetOffer(job).offeredAt).toBe(at(9_000));
  });

  it('falls back to the job’s last change when it has never been queued', () => {
    const job = jobWith('created', { events: [event('created', 'merchant', at(0))] });

    expect(toFleetOffer(job).offeredAt).toBe(at(60_000));
  });

  it('carries no names, phones or codes', () => {
    expect(keysDeep(toFleetOffer(jobWith('queued'))).filter((key) => /^(name|phone|code)$|(Name|Phone)$/.test(key))).toEqual([]);
  });
});

describe('openOffers and the rider’s cash limit', () => {
  const due = (id: string, amountMinor: number): Job =>
    jobWith('queued', {
      id,
      collection: { amountMinor, feeMinor: 2000, status: 'due', method: null, reference: null, collectedAt: null, remittanceId: null, collectedBy: null },
    });
  const prepaid = jobWith('queued', { id: '5a1c7e0b-2d3f-4b6a-8c9d-0e1f2a3b4c5d' });
  const small = due('6b2d8f1c-3e4a-4c7b-9d0e-1f2a3b4c5d6e', 40_000);
  const large = due('7c3e9a2d-4f5b-4d8c-8e1f-2a3b4c5d6e7f', 60_000);
  // The ports openOffers uses: the zones, the offers index, the rider's cash account (exposure = in hand + due).
  const runtimeWith = (limitMinor: number, exposureMinor: number) =>
    ({
      zones: { current: async () => [] },
      config: { RIDER_CASH_LIMIT_MINOR: limitMinor },
      fleetJobs: { offers: async () => [prepaid, small, large] },
      riderCash: {
        account: async (agentId: string) => ({
          agentId,
          inHandMinor: exposureMinor,
          collectedCashMinor: exposureMinor,
          depositedMinor: 0,
          dueMinor: 0,
          exposureMinor,
        }),
      },
    }) as unknown as Parameters<typeof openOffers>[0];
  const rider: FleetCaller = { role: 'rider', keyId: 'k', keyHash: 'h', agentId: 'rider-7' };
  const ops: FleetCaller = { role: 'ops', keyId: 'k', keyHash: 'h', agentId: null };
  const ids = (jobs: Job[]) => jobs.map((job) => job.id);

  it.each([
    ['room for both', 200_000, 0, [prepaid, small, large]],
    ['room for the smaller payment alone (exactly)', 200_000, 160_000, [prepaid, small]],
    ['no room', 200_000, 200_000, [prepaid]],
    ['a limit lowered below what the rider already holds: prepaid jobs only', 100_000, 150_000, [prepaid]],
  ])('offers a rider with %s: the COD jobs that fit, and every prepaid job', async (_case, limit, exposure, expected) => {
    expect(ids(await openOffers(runtimeWith(limit, exposure), rider, { limit: 20 }))).toEqual(ids(expected));
  });

  it('offers operations every job, whatever the limit', async () => {
    expect(ids(await openOffers(runtimeWith(0, 0), ops, { limit: 20 }))).toEqual(ids([prepaid, small, large]));
  });
});
