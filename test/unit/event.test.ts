import { describe, expect, it } from 'vitest';
import { EVENT_ID_PATTERN, EVENT_TYPES, LOCATION_EVENT_INTERVAL_MS, recordChange } from '../../functions/core/event.ts';
import { CODE_TTL_MS, transition, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { newJob } from '../../functions/core/booking.ts';
import { JOB_STATUSES, type Job } from '../../functions/core/job.ts';
import { toJobSummary } from '../../functions/core/job.ts';
import { BENGALURU_CHARGE_MINOR, pricedBengaluruQuote as quote, sampleBookingDetails, sampleStore } from '../helpers/fixtures.ts';

const store = (sandbox: boolean) =>
  sampleStore({ sandbox, reservedMinor: BENGALURU_CHARGE_MINOR, availableMinor: 10_000 - BENGALURU_CHARGE_MINOR, jobCount: 1 });
const details = sampleBookingDetails;
const now = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

/** The booking's job with its creation recorded, as the booking transaction writes it. */
const created = (sandbox = false) => recordChange(null, newJob({ store: store(sandbox), quote, details, idempotencyKey: 'k', seq: 1, now }), toJobSummary);

/** `job` after `event` at `ms`, recorded: what a move writes. */
function move(job: Job, event: LifecycleEvent, ms: number, actor = 'rider:r1') {
  return recordChange(job, transition(job, event, actor, at(ms)).job, toJobSummary);
}

describe('recordChange: an edit', () => {
  it('writes job.updated naming the fields whose values changed (no values), next in the job’s sequence', () => {
    const { job } = created();

    const { job: saved, events } = move(
      job,
      { type: 'edit', changes: { dropPhone: '+919845054321', dropName: job.dropName, pickupInstructions: 'Gate 2' } },
      1_000,
      'merchant',
    );

    expect(events).toEqual([
      {
        id: expect.stringMatching(EVENT_ID_PATTERN),
        type: 'job.updated',
        createdAt: at(1_000).toISOString(),
        livemode: true,
        jobId: job.id,
        sequence: 2,
        data: { previousStatus: 'created', job: toJobSummary(saved), changedFields: ['pickupInstructions', 'dropPhone'] },
      },
    ]);
    expect(saved.eventSequence).toBe(2);
  });
});

describe('recordChange: a delivery that does not go to plan', () => {
  const CREDIT = { availableMinor: 10_000 };
  /** A job picked up and at the drop, with its events recorded on the way. */
  function atDrop(): Job {
    let { job } = created();
    const moves: Array<[LifecycleEvent, string]> = [
      [{ type: 'dispatch' }, 'system'],
      [{ type: 'accept', agentId: 'r1' }, 'rider:r1'],
      [{ type: 'start_confirmation' }, 'rider:r1'],
      [{ type: 'confirm' }, 'rider:r1'],
      [{ type: 'arrive', handoff: 'pickup' }, 'rider:r1'],
    ];
    moves.forEach(([event, actor], i) => (job = recordChange(job, transition(job, event, actor, at(i * 1000)).job, toJobSummary).job));
    job = recordChange(
      job,
      transition(job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }, 'rider:r1', at(6_000)).job,
      toJobSummary,
    ).job;
    return recordChange(job, transition(job, { type: 'arrive', handoff: 'delivery' }, 'rider:r1', at(7_000)).job, toJobSummary).job;
  }
  const attempt: LifecycleEvent = { type: 'attempt_delivery', reason: 'customer_unreachable', note: null };
  const record = (job: Job, event: LifecycleEvent, ms: number, actor: string) =>
    recordChange(job, transition(job, event, actor, at(ms), CREDIT).job, toJobSummary);
  const shapes = (events: ReturnType<typeof record>['events']) => events.map((event) => [event.type, event.sequence, Object.keys(event.data).sort()]);

  it('writes job.delivery_attempted with the attempt and the decision it asks for', () => {
    const job = atDrop();

    const { job: saved, events } = record(job, attempt, 10_000, 'rider:r1');

    expect(events).toEqual([
      {
        id: expect.stringMatching(EVENT_ID_PATTERN),
        type: 'job.delivery_attempted',
        createdAt: at(10_000).toISOString(),
        livemode: true,
        jobId: job.id,
        sequence: job.eventSequence! + 1,
        data: {
          previousStatus: 'pickup_completed',
          job: toJobSummary(saved),
          deliveryAttempt: saved.deliveryAttempts![0],
          pendingDecision: saved.pendingDecision,
        },
      },
    ]);
  });

  it('writes the status, settlement, attempt and return_started events, in that order, for the second attempt', () => {
    let job = record(atDrop(), attempt, 10_000, 'rider:r1').job;
    job = record(job, { type: 'decide', action: 'reattempt' }, 11_000, 'merchant').job;
    job = record(job, { type: 'arrive', handoff: 'delivery' }, 12_000, 'rider:r1').job;

    const { job: saved, events } = record(job, attempt, 13_000, 'rider:r1');

    expect(shapes(events)).toEqual([
      ['job.failed', job.eventSequence! + 1, ['job', 'previousStatus']],
      ['job.settlement_changed', job.eventSequence! + 2, ['job', 'previousStatus']],
      ['job.delivery_attempted', job.eventSequence! + 3, ['deliveryAttempt', 'job', 'pendingDecision', 'previousStatus']],
      ['job.return_started', job.eventSequence! + 4, ['job', 'previousStatus', 'returnTrip']],
    ]);
    expect(events[2]!.data).toMatchObject({ deliveryAttempt: { number: 2 }, pendingDecision: null });
    expect(events[3]!.data.returnTrip).toEqual({
      reason: 'undeliverable',
      status: 'returning',
      chargeMinor: saved.returnTrip!.chargeMinor,
      startedAt: at(13_000).toISOString(),
      returnedAt: null,
      verification: { status: 'pending', code: saved.returnTrip!.handoff.code, expiresAt: null, verifiedAt: null },
    });
  });

  it('writes job.returned, with the return trip and no code, when the store gives the rider the return code', () => {
    let job = record(atDrop(), { type: 'recall' }, 10_000, 'merchant').job;
    job = record(job, { type: 'arrive', handoff: 'return' }, 11_000, 'rider:r1').job;

    const { job: saved, events } = record(job, { type: 'submit_code', handoff: 'return', code: job.returnTrip!.handoff.code }, 12_000, 'rider:r1');

    expect(shapes(events)).toEqual([['job.returned', job.eventSequence! + 1, ['job', 'previousStatus', 'returnTrip']]]);
    expect(events[0]!.data.returnTrip).toEqual({
      reason: 'recalled',
      status: 'returned',
      chargeMinor: saved.returnTrip!.chargeMinor,
      startedAt: at(10_000).toISOString(),
      returnedAt: at(12_000).toISOString(),
      verification: { status: 'verified', code: null, expiresAt: at(11_000 + CODE_TTL_MS).toISOString(), verifiedAt: at(12_000).toISOString() },
    });
  });

  it('writes job.return_failed alone (the job keeps its status and settlement), with the trip and no code, when the parcel is lost on the way back', () => {
    const job = record(atDrop(), { type: 'recall' }, 10_000, 'merchant').job;

    const { events } = record(job, { type: 'fail', note: 'Parcel lost on the way back' }, 11_000, 'rider:r1');

    expect(shapes(events)).toEqual([['job.return_failed', job.eventSequence! + 1, ['job', 'previousStatus', 'returnTrip']]]);
    expect(events[0]!.data).toMatchObject({ previousStatus: 'cancelled', job: { status: 'cancelled' } });
    expect(events[0]!.data.returnTrip).toMatchObject({ status: 'failed', returnedAt: null, verification: { status: 'unavailable', code: null } });
  });
});

describe('recordChange: the events a change writes', () => {
  it('gives a new job its job.created event, sequence 1, with the job as the list shows it', () => {
    const { job, events } = created();

    expect(events).toEqual([
      {
        id: expect.stringMatching(EVENT_ID_PATTERN),
        type: 'job.created',
        createdAt: now.toISOString(),
        livemode: true,
        jobId: job.id,
        sequence: 1,
        data: { previousStatus: null, job: toJobSummary(job) },
      },
    ]);
    expect(job.eventSequence).toBe(1);
  });

  it('marks a sandbox store’s events livemode: false', () => {
    expect(created(true).events[0]!.livemode).toBe(false);
  });

  it('writes job.<status> for every status a job reaches, with the status before it, numbering the job’s events with no gaps', () => {
    let { job } = created();
    const types = ['job.created'];
    const steps: LifecycleEvent[] = [
      { type: 'dispatch' },
      { type: 'accept', agentId: 'r1' },
      { type: 'start_confirmation' },
      { type: 'confirm' },
      { type: 'arrive', handoff: 'pickup' },
    ];
    let sequence = 1;
    for (const [i, event] of steps.entries()) {
      const before = job;
      const recorded = move(job, event, (i + 1) * 1000);
      job = recorded.job;
      for (const e of recorded.events) {
        expect(e.sequence).toBe(++sequence);
        expect(e.data.previousStatus).toBe(before.status);
        expect(e.data.job).toEqual(toJobSummary(job));
        types.push(e.type);
      }
    }

    expect(types).toEqual(['job.created', 'job.queued', 'job.picked_by_agent', 'job.booking_in_progress', 'job.booked']);
    expect(job.eventSequence).toBe(5);
  });

  it('writes nothing for a change a merchant does not see (arriving at a door, a wrong code)', () => {
    let { job } = created();
    for (const event of [{ type: 'dispatch' }, { type: 'accept', agentId: 'r1' }, { type: 'start_confirmation' }, { type: 'confirm' }] as LifecycleEvent[]) {
      job = move(job, event, 1000).job;
    }

    const arrived = move(job, { type: 'arrive', handoff: 'pickup' }, 2000);
    const wrong = move(arrived.job, { type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code === '0000' ? '0001' : '0000' }, 3000);

    expect(arrived.events).toEqual([]);
    expect(wrong.events).toEqual([]);
    expect(wrong.job.eventSequence).toBe(job.eventSequence);
  });

  it('writes the status change, then the settlement change, when one move does both (a cancel releases the credit)', () => {
    const { job } = created();

    const { events } = move(job, { type: 'cancel' }, 1000, 'merchant');

    expect(events.map((e) => [e.type, e.sequence, e.data.previousStatus, e.data.job.settlement])).toEqual([
      ['job.cancelled', 2, 'created', 'released'],
      ['job.settlement_changed', 3, 'created', 'released'],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
  });

  it('writes job.location_updated for a rider’s location at most once every 30 s per job', () => {
    let { job } = created();
    for (const event of [{ type: 'dispatch' }, { type: 'accept', agentId: 'r1' }] as LifecycleEvent[]) job = move(job, event, 0).job;
    const report = (ms: number) => {
      const recorded = move(job, { type: 'report_location', latitude: 12.97, longitude: 77.6 + ms / 1e9, accuracy: 5 }, ms);
      job = recorded.job;
      return recorded.events.map((e) => e.type);
    };

    const written = [0, 5_000, 29_999, LOCATION_EVENT_INTERVAL_MS, 45_000, 59_999, 60_000].map(report);

    expect(written).toEqual([['job.location_updated'], [], [], ['job.location_updated'], [], [], ['job.location_updated']]);
  });

  it('has a type for each status and for the settlement, edit, attempt, return, collection, location, endpoint, remittance and endpoint-test events, no more', () => {
    expect(EVENT_TYPES).toEqual([
      ...JOB_STATUSES.map((s) => `job.${s}`),
      'job.settlement_changed',
      'job.updated',
      'job.delivery_attempted',
      'job.return_started',
      'job.returned',
      'job.return_failed',
      'job.collection_updated',
      'job.location_updated',
      'webhook_endpoint.disabled',
      'remittance.created',
      'webhook_endpoint.test',
    ]);
  });

  it('numbers on from a job booked before events existed (no counter yet)', () => {
    const { job } = created();
    const { eventSequence: _, ...older } = job;

    expect(move(older as Job, { type: 'dispatch' }, 1000, 'system').events[0]!.sequence).toBe(1);
  });
});
