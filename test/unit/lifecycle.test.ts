import { describe, expect, it } from 'vitest';
import {
  CODE_TTL_MS,
  MAX_CODE_ATTEMPTS,
  REPEATED_DECLINES,
  effectiveHandoff,
  mayStartReturn,
  transition,
  type LifecycleEvent,
  type MoveName,
} from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import { declinedBy, firstQueuedAt, JOB_STATUSES, offeredAt, type Job, type JobStatus } from '../../functions/core/job.ts';
import { toJobDetail } from '../../functions/schemas/job.schema.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails, sampleStore } from '../helpers/fixtures.ts';
import { PROBE_CREDIT, SAMPLE_EVENTS, jobInState, lifecycleMarkdown } from '../../scripts/lifecycle-diagram.ts';
import { readFileSync } from 'node:fs';

const store = sampleStore({ reservedMinor: BENGALURU_CHARGE_MINOR, availableMinor: 10_000 - BENGALURU_CHARGE_MINOR, jobCount: 1 });
const details = sampleBookingDetails;
const now = new Date('2026-11-22T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

const booked = (): Job => newJob({ store, quote, details, idempotencyKey: 'k', seq: 1, now });

const EVENTS = SAMPLE_EVENTS;
// The same preparation the state diagram is drawn from (scripts/lifecycle-diagram.ts).
const jobAt = (status: JobStatus, event: MoveName): Job => jobInState(status, event, now);

const BEFORE_PICKUP: JobStatus[] = ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked'];
const OPEN: JobStatus[] = [...BEFORE_PICKUP, 'pickup_completed'];

// Where each event may go, by the status it starts from; every other pair must be refused.
const ALLOWED: Record<MoveName, Partial<Record<JobStatus, JobStatus>>> = {
  dispatch: { created: 'queued' },
  dispatch_timeout: { queued: 'failed' },
  accept: { queued: 'picked_by_agent' },
  start_confirmation: { picked_by_agent: 'booking_in_progress' },
  confirm: { booking_in_progress: 'booked' },
  decline: { picked_by_agent: 'queued', booking_in_progress: 'queued' },
  report_location: { picked_by_agent: 'picked_by_agent', booking_in_progress: 'booking_in_progress', booked: 'booked', pickup_completed: 'pickup_completed' },
  arrive_pickup: { booked: 'booked' },
  submit_pickup_code: { booked: 'pickup_completed' },
  arrive_drop: { pickup_completed: 'pickup_completed' },
  submit_delivery_code: { pickup_completed: 'delivered' },
  fail: Object.fromEntries(OPEN.map((s) => [s, 'failed'])),
  cancel: Object.fromEntries(BEFORE_PICKUP.map((s) => [s, 'cancelled'])),
  edit: Object.fromEntries(BEFORE_PICKUP.map((s) => [s, s])),
  reset_lock: Object.fromEntries(OPEN.map((s) => [s, s])),
  reissue_code: Object.fromEntries(OPEN.map((s) => [s, s])),
  resolve: { failed: 'failed' },
  attempt_delivery: { pickup_completed: 'pickup_completed' },
  decide: { pickup_completed: 'failed' },
  decision_timeout: { pickup_completed: 'failed' },
  recall: { pickup_completed: 'cancelled' },
  arrive_return: { failed: 'failed', cancelled: 'cancelled' },
  submit_return_code: { failed: 'failed', cancelled: 'cancelled' },
  resolve_return: { failed: 'failed', cancelled: 'cancelled' },
  collect: { pickup_completed: 'pickup_completed' },
  remit: Object.fromEntries(JOB_STATUSES.map((s) => [s, s])),
  mark_overdue: { failed: 'failed', cancelled: 'cancelled' },
  resolve_overdue: { failed: 'failed', cancelled: 'cancelled' },
};

// Refusals other than the general 409 invalid_transition.
const REFUSAL: Partial<Record<MoveName, Partial<Record<JobStatus, string>>>> = {
  cancel: { pickup_completed: 'parcel_return_required', delivered: 'not_cancellable', failed: 'not_cancellable', cancelled: 'not_cancellable' },
  edit: { pickup_completed: 'job_not_editable', delivered: 'job_not_editable', failed: 'job_not_editable', cancelled: 'job_not_editable' },
  decide: Object.fromEntries(JOB_STATUSES.filter((s) => s !== 'pickup_completed').map((s) => [s, 'no_decision_pending'])),
  recall: Object.fromEntries(BEFORE_PICKUP.map((s) => [s, 'parcel_not_picked_up'])),
};

const pairs = (Object.keys(EVENTS) as MoveName[]).flatMap((event) => JOB_STATUSES.map((status) => [event, status] as const));

describe('docs/lifecycle.md', () => {
  it('is the diagram of the transition function as it is (run `npm run lifecycle-diagram` after changing it)', () => {
    expect(readFileSync(new URL('../../docs/lifecycle.md', import.meta.url), 'utf8')).toBe(lifecycleMarkdown());
  });
});

describe('transition: every (status, event) pair', () => {
  it.each(pairs)('%s from %s', (event, status) => {
    const job = jobAt(status, event);
    const target = ALLOWED[event][status];

    if (target === undefined) {
      const code = REFUSAL[event]?.[status] ?? 'invalid_transition';
      expect(() => transition(job, EVENTS[event], 'test', now, PROBE_CREDIT)).toThrow(expect.objectContaining({ code }));
      return;
    }
    const { job: next } = transition(job, EVENTS[event], 'test', now, PROBE_CREDIT);
    expect(next.status).toBe(target);
    expect(next.version).toBe(job.version + 1);
    // Operations' end of an overdue return notes itself in the history, at the job's own status.
    expect(next.events.length).toBe(job.events.length + (target === status && event !== 'resolve_overdue' ? 0 : 1));
  });
});

describe('transition: money', () => {
  const charge = BENGALURU_CHARGE_MINOR;

  it.each([
    ['cancel', 'created', { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -charge }, 'released'],
    ['fail', 'booked', { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -charge }, 'released'],
    ['dispatch_timeout', 'queued', { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -charge }, 'released'],
    ['submit_delivery_code', 'pickup_completed', { type: 'capture', balanceDeltaMinor: -charge, reservedDeltaMinor: -charge }, 'captured'],
    ['fail', 'pickup_completed', undefined, 'review'],
  ] as const)('%s from %s moves %j and leaves settlement %s', (event, status, money, settlement) => {
    const result = transition(jobAt(status, event), EVENTS[event], 'test', now);

    expect(result.money.map(({ type, balanceDeltaMinor, reservedDeltaMinor }) => ({ type, balanceDeltaMinor, reservedDeltaMinor }))).toEqual(
      money === undefined ? [] : [money],
    );
    expect(result.job.settlement).toBe(settlement);
  });

  it.each([
    ['capture', { type: 'capture', balanceDeltaMinor: -charge, reservedDeltaMinor: -charge, note: 'Review resolved: capture' }, 'captured'],
    ['release', { type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -charge, note: 'Review resolved: release' }, 'released'],
  ] as const)('resolves a review by %s', (outcome, money, settlement) => {
    const result = transition(jobAt('failed', 'resolve'), { type: 'resolve', outcome }, 'admin', now);

    expect(result.money).toEqual([money]);
    expect(result.job.settlement).toBe(settlement);
  });

  it('moves no money for a job that holds none', () => {
    const result = transition({ ...jobAt('queued', 'cancel'), settlement: null }, EVENTS.cancel, 'merchant', now);

    expect(result.money).toEqual([]);
    expect(result.job.settlement).toBeNull();
  });
});

describe('transition: a delivery from start to end', () => {
  it('records each status change with its actor, activates and verifies both codes, and captures on delivery', () => {
    let job = booked();
    const step = (event: LifecycleEvent, actor: string, at = now) => {
      const result = transition(job, event, actor, at);
      job = result.job;
      return result;
    };

    step({ type: 'dispatch' }, 'system');
    step({ type: 'accept', agentId: 'rider-7' }, 'rider:rider-7');
    step({ type: 'start_confirmation' }, 'rider:rider-7');
    step({ type: 'confirm' }, 'rider:rider-7');
    step({ type: 'report_location', latitude: 12.9756, longitude: 77.6066, accuracy: 5 }, 'rider:rider-7');
    step({ type: 'arrive', handoff: 'pickup' }, 'rider:rider-7');
    const pickupExpiry = job.verification.pickup.expiresAt;
    const pickup = step({ type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, 'rider:rider-7');
    step({ type: 'arrive', handoff: 'delivery' }, 'rider:rider-7');
    const delivery = step({ type: 'submit_code', handoff: 'delivery', code: job.verification.delivery.code }, 'rider:rider-7');

    expect(job.events.map((e) => [e.status, e.actor])).toEqual([
      ['created', 'merchant'],
      ['queued', 'system'],
      ['picked_by_agent', 'rider:rider-7'],
      ['booking_in_progress', 'rider:rider-7'],
      ['booked', 'rider:rider-7'],
      ['pickup_completed', 'rider:rider-7'],
      ['delivered', 'rider:rider-7'],
    ]);
    expect(pickupExpiry).toBe(later(CODE_TTL_MS).toISOString());
    expect(pickup.codeOutcome).toBe('verified');
    expect(delivery).toMatchObject({
      codeOutcome: 'verified',
      money: [{ type: 'capture', balanceDeltaMinor: -BENGALURU_CHARGE_MINOR, reservedDeltaMinor: -BENGALURU_CHARGE_MINOR }],
    });
    expect(job).toMatchObject({ status: 'delivered', settlement: 'captured', agentId: 'rider-7', riderLocation: null, version: 10 });
    expect(job.verification.pickup).toMatchObject({ status: 'verified', verifiedAt: now.toISOString() });
    expect(job.verification.delivery).toMatchObject({ status: 'verified', verifiedAt: now.toISOString() });
  });

  it('sends a declined job back to the queue without its rider', () => {
    const job = { ...jobAt('picked_by_agent', 'decline'), riderLocation: { latitude: 1, longitude: 2, accuracy: null, recordedAt: now.toISOString() } };

    const { job: next } = transition(job, { type: 'decline' }, 'rider:rider-7', now);

    expect(next).toMatchObject({ status: 'queued', agentId: null, riderLocation: null });
    expect(next.events.at(-1)).toMatchObject({ status: 'queued', actor: 'rider:rider-7', note: 'Declined by rider-7' });
  });
});

describe('transition: handoff codes', () => {
  const atDoor = (): Job => jobAt('booked', 'submit_pickup_code');

  it('counts wrong codes and locks the handoff at the fifth', () => {
    let job = atDoor();
    const outcomes = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const result = transition(job, { type: 'submit_code', handoff: 'pickup', code: '0000' }, 'rider:rider-7', now);
      outcomes.push(result.codeOutcome);
      job = result.job;
    }

    expect(outcomes).toEqual(['wrong_code', 'wrong_code', 'wrong_code', 'wrong_code', 'locked']);
    expect(job.verification.pickup).toMatchObject({ status: 'locked', failedAttempts: 5 });
    expect(job.status).toBe('booked');
    expect(() => transition(job, { type: 'submit_code', handoff: 'pickup', code: '1234' }, 'rider:rider-7', now)).toThrow(
      expect.objectContaining({ code: 'handoff_locked', message: 'The pickup handoff is locked after 5 wrong codes; fleet operations must reset it' }),
    );
  });

  it('lets operations reset a lock with a fresh code', () => {
    const { job } = transition(jobAt('booked', 'reset_lock'), { type: 'reset_lock', handoff: 'pickup' }, 'admin', now);

    expect(job.verification.pickup).toEqual({
      code: expect.stringMatching(/^\d{4}$/),
      status: 'active',
      expiresAt: later(CODE_TTL_MS).toISOString(),
      verifiedAt: null,
      failedAttempts: 0,
    });
  });

  it('expires a code past its time: the submission is refused and the handoff stored as expired', () => {
    const result = transition(atDoor(), { type: 'submit_code', handoff: 'pickup', code: '1234' }, 'rider:rider-7', later(CODE_TTL_MS));

    expect(result.codeOutcome).toBe('expired');
    expect(result.job.status).toBe('booked');
    expect(result.job.verification.pickup.status).toBe('expired');
  });

  it('refuses a code for a handoff already recorded as expired, with nothing to write', () => {
    const { job } = transition(atDoor(), { type: 'submit_code', handoff: 'pickup', code: '1234' }, 'rider:rider-7', later(CODE_TTL_MS));

    expect(() => transition(job, { type: 'submit_code', handoff: 'pickup', code: '1234' }, 'rider:rider-7', later(CODE_TTL_MS + 1))).toThrow(
      expect.objectContaining({ code: 'code_expired', message: 'The pickup code has expired; fleet operations can re-issue it' }),
    );
  });

  it('lets operations re-issue an expired code', () => {
    const { job } = transition(jobAt('booked', 'reissue_code'), { type: 'reissue_code', handoff: 'pickup' }, 'admin', now);

    expect(job.verification.pickup).toMatchObject({ status: 'active', failedAttempts: 0, expiresAt: later(CODE_TTL_MS).toISOString() });
  });

  it('shows the merchant an active code past its time as expired, without its code', () => {
    const job = atDoor();

    expect(toJobDetail(job, now).verification.pickup).toMatchObject({ status: 'active', code: '1234' });
    expect(toJobDetail(job, later(CODE_TTL_MS)).verification.pickup).toMatchObject({ status: 'expired', code: null });
    expect(effectiveHandoff(job.verification.pickup, later(CODE_TTL_MS - 1)).status).toBe('active');
  });

  it('makes the delivery code active at pickup and starts its clock at the drop', () => {
    let { job } = transition(atDoor(), { type: 'submit_code', handoff: 'pickup', code: '1234' }, 'rider:rider-7', now);
    expect(job.verification.delivery).toMatchObject({ status: 'active', expiresAt: null });

    job = transition(job, { type: 'arrive', handoff: 'delivery' }, 'rider:rider-7', later(60_000)).job;

    expect(job.verification.delivery.expiresAt).toBe(later(60_000 + CODE_TTL_MS).toISOString());
  });

  it('ends unused handoffs when the job ends before them', () => {
    const { job } = transition(jobAt('booked', 'fail'), { type: 'fail', note: 'Shop closed' }, 'rider:rider-7', now);

    expect(job.verification.pickup).toMatchObject({ status: 'unavailable', expiresAt: null });
    expect(job.verification.delivery.status).toBe('unavailable');
    expect(job.events.at(-1)).toMatchObject({ status: 'failed', note: 'Shop closed' });
  });
});

describe('transition: edit', () => {
  it('changes the drop’s fields after pickup, and refuses the pickup’s then, naming only those', () => {
    const job = jobAt('pickup_completed', 'edit');

    const edited = transition(job, { type: 'edit', changes: { dropPhone: '+919845054321', dropInstructions: null } }, 'merchant', now).job;

    expect(edited).toEqual({ ...job, dropPhone: '+919845054321', dropInstructions: null, version: job.version + 1, updatedAt: now.toISOString() });
    expect(() => transition(job, { type: 'edit', changes: { pickupName: 'x', dropName: 'y', pickupPhone: '+919876500000' } }, 'merchant', now)).toThrow(
      expect.objectContaining({
        code: 'job_not_editable',
        details: { formErrors: [], fieldErrors: {}, fields: ['pickupName', 'pickupPhone'], status: 'pickup_completed' },
      }),
    );
  });

  it('returns the very job for an edit that changes nothing (an absent instruction equals null), so nothing is written', () => {
    const job = booked();
    const unset = { ...job, pickupInstructions: undefined };

    expect(transition(job, { type: 'edit', changes: { dropName: job.dropName } }, 'merchant', now).job).toBe(job);
    expect(transition(unset, { type: 'edit', changes: { pickupInstructions: null } }, 'merchant', now).job).toBe(unset);
  });

  it('never grows the job’s history: any number of edits leaves the events as they were and the item within its fields’ bounds', () => {
    let job = booked();
    for (let i = 0; i < 200; i++) {
      job = transition(
        job,
        { type: 'edit', changes: { dropInstructions: `${i}`.padEnd(280, 'x'), pickupInstructions: `${i}`.padEnd(280, 'y') } },
        'merchant',
        later(i),
      ).job;
    }

    expect(job.events).toHaveLength(1);
    expect(job.version).toBe(201);
    expect(JSON.stringify(job).length).toBeLessThan(JSON.stringify(booked()).length + 2 * 280 + 100);
  });
});

describe('what one job can accumulate', () => {
  // A job on offer, accepted by `rider` and put back on offer by them, `times` over (each rider once).
  function offeredAndDeclined(times: number): Job {
    let job = transition(booked(), { type: 'dispatch' }, 'system', now).job;
    for (let i = 0; i < times; i++) {
      job = transition(job, { type: 'accept', agentId: `rider-${i}` }, `rider:rider-${i}`, later(i * 1000)).job;
      job = transition(job, { type: 'decline' }, `rider:rider-${i}`, later(i * 1000 + 500)).job;
    }
    return job;
  }

  it('refuses a rider taking back a job they declined', () => {
    const job = offeredAndDeclined(1);

    expect(() => transition(job, { type: 'accept', agentId: 'rider-0' }, 'rider:rider-0', later(5_000))).toThrow(
      expect.objectContaining({ code: 'invalid_transition', message: 'You declined this job; it is offered to other riders' }),
    );
    expect(transition(job, { type: 'accept', agentId: 'rider-other' }, 'rider:rider-other', later(5_000)).job.status).toBe('picked_by_agent');
  });

  // Review (issue 23): five rider keys could end any live job within a second of its offer, each
  // accepting and declining once. Declines alone never end a job: the dispatch timeout decides.
  it(`keeps a job on offer with its credit held however many riders decline it (${REPEATED_DECLINES} and more)`, () => {
    const declined = offeredAndDeclined(REPEATED_DECLINES * 2);

    expect(declined).toMatchObject({ status: 'queued', settlement: 'reserved', agentId: null });
    expect(declinedBy(declined)).toHaveLength(REPEATED_DECLINES * 2);
    expect(transition(declined, { type: 'accept', agentId: 'rider-next' }, 'rider:rider-next', later(60_000)).job.status).toBe('picked_by_agent');
    expect(transition(declined, { type: 'dispatch_timeout' }, 'system', later(60_000))).toMatchObject({
      job: { status: 'failed', settlement: 'released' },
      money: [{ type: 'release', reservedDeltaMinor: -BENGALURU_CHARGE_MINOR }],
    });
  });

  it('adds two events a decline: what a job accumulates is bounded by the riders who can reach it before the dispatch timeout', () => {
    const job = offeredAndDeclined(REPEATED_DECLINES);

    // booked, queued, then picked_by_agent and queued again per rider
    expect(job.events.length).toBe(2 + 2 * REPEATED_DECLINES);
  });

  it('gives a confirmed job back to the offers when dispatch declines it for a rider who never reached the pickup; a rider cannot decline it so', () => {
    let job = transition(booked(), { type: 'dispatch' }, 'system', now).job;
    job = transition(job, { type: 'accept', agentId: 'rider-1' }, 'rider:rider-1', later(1_000)).job;
    job = transition(job, { type: 'start_confirmation' }, 'rider:rider-1', later(2_000)).job;
    job = transition(job, { type: 'confirm' }, 'rider:rider-1', later(3_000)).job;

    const given = transition(job, { type: 'decline' }, 'system', later(60_000));

    expect(given.money).toEqual([]);
    expect(given.job).toMatchObject({ status: 'queued', agentId: null, settlement: 'reserved', verification: { pickup: { status: 'pending' } } });
    expect(given.job.events.at(-1)).toMatchObject({ status: 'queued', actor: 'system', note: 'Not at the pickup in time: rider-1' });
    expect(declinedBy(given.job)).toEqual(['rider-1']);
    expect(() => transition(job, { type: 'decline' }, 'rider:rider-1', later(60_000))).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
    const arrived = transition(job, { type: 'arrive', handoff: 'pickup' }, 'rider:rider-1', later(4_000)).job;
    expect(() => transition(arrived, { type: 'decline' }, 'system', later(60_000))).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
  });

  it('times dispatch from the first time the job was queued, not from its latest re-offer', () => {
    const job = offeredAndDeclined(2);

    expect(firstQueuedAt(job)).toBe(now.toISOString());
    expect(offeredAt(job)).toBe(later(1_500).toISOString());
  });
});

describe('mayStartReturn: when a move needs the store’s credit', () => {
  const attempt: LifecycleEvent = { type: 'attempt_delivery', reason: 'customer_unreachable', note: null };
  const firstAttempt = jobAt('pickup_completed', 'attempt_delivery');
  const secondAttempt: Job = {
    ...firstAttempt,
    deliveryAttempts: [{ number: 1, reason: 'customer_unreachable', note: null, createdAt: now.toISOString() }],
  };
  const waiting = jobAt('pickup_completed', 'decide');
  const cases: Array<[string, Job, LifecycleEvent]> = [
    ...JOB_STATUSES.flatMap((status) =>
      (Object.keys(EVENTS) as MoveName[]).map((type): [string, Job, LifecycleEvent] => [`${type} from ${status}`, jobAt(status, type), EVENTS[type]]),
    ),
    ['a first failed attempt', firstAttempt, attempt],
    ['a second failed attempt', secondAttempt, attempt],
    ['a decision to reattempt', waiting, { type: 'decide', action: 'reattempt' }],
    ['a decision to return', waiting, { type: 'decide', action: 'return' }],
    ['a decision with none pending', jobAt('pickup_completed', 'recall'), { type: 'decide', action: 'return' }],
    [
      'a default of reattempt at the deadline',
      { ...waiting, pendingDecision: { ...waiting.pendingDecision!, defaultAction: 'reattempt' } },
      { type: 'decision_timeout' },
    ],
  ];

  // The credit is one read of the store's item before the move: asked for exactly when the move starts a return, never otherwise.
  it.each(cases)('is asked for exactly when the move starts a return: %s', (_name, job, event) => {
    let startsReturn: boolean;
    try {
      startsReturn = !job.returnTrip && Boolean(transition(job, event, 'merchant', now, PROBE_CREDIT).job.returnTrip);
    } catch {
      startsReturn = false;
    }

    expect(mayStartReturn(job, event)).toBe(startsReturn);
  });
});
