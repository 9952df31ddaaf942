import { describe, expect, it } from 'vitest';
import {
  followUpMove,
  SIMULATED_ATTEMPT_NOTE,
  SIMULATED_REFUSAL_NOTE,
  simulatedOutcome,
  simulatedPosition,
  simulatedReturnPosition,
  simulationSteps,
  type SimulatedOutcome,
} from '../../functions/core/simulation.ts';
import { ENDED, type Job } from '../../functions/core/job.ts';
import { moveName, transition, type LifecycleEvent } from '../../functions/core/lifecycle.ts';
import { jobInState, PROBE_CREDIT } from '../../scripts/lifecycle-diagram.ts';

describe('the sandbox simulator’s script', () => {
  it.each([
    ['ORD-1001', 'delivered'],
    ['ORD-1001-sim-no-rider', 'no_rider'],
    ['SIM-FAIL-BEFORE-PICKUP-7', 'fail_before_pickup'],
    ['x:sim-fail-after-pickup', 'fail_after_pickup'],
    ['ORD-9-Sim-Undeliverable', 'undeliverable'],
    ['COD-42-sim-payment-refused', 'payment_refused'],
  ])('reads the outcome of externalOrderId %s as %s', (externalOrderId, outcome) => {
    expect(simulatedOutcome(externalOrderId)).toBe(outcome);
  });

  it.each([
    ['delivered', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop', 'submit_delivery_code']],
    ['no_rider', ['dispatch', 'dispatch_timeout']],
    ['fail_before_pickup', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'fail']],
    ['fail_after_pickup', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'fail']],
    ['undeliverable', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop', 'attempt_delivery']],
  ] as const)('scripts %s as %j, in time order within the run', (outcome, events) => {
    const steps = simulationSteps(outcome);
    const job = jobInState('booked', 'submit_pickup_code');

    expect(steps.map((step) => moveName(step.event(job)))).toEqual(events);
    expect(steps.map((step) => step.at)).toEqual([...steps.map((step) => step.at)].sort((a, b) => a - b));
    expect(steps.every((step) => step.at > 0 && step.at < 1)).toBe(true);
  });

  it.each([
    [
      'delivered',
      ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop', 'collect', 'submit_delivery_code'],
    ],
    ['payment_refused', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop', 'attempt_delivery']],
    ['undeliverable', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop', 'attempt_delivery']],
  ] as const)('scripts %s for a cash-on-delivery job as %j, in time order', (outcome, events) => {
    const steps = simulationSteps(outcome, true);
    const job = codJob(jobInState('booked', 'submit_pickup_code'));

    expect(steps.map((step) => moveName(step.event(job)))).toEqual(events);
    expect(steps.map((step) => step.at)).toEqual([...steps.map((step) => step.at)].sort((a, b) => a - b));
  });

  it('collects the whole amount due in cash at the door, and has a customer who will not pay refuse it', () => {
    const job = codJob(jobInState('pickup_completed', 'collect'));

    expect(simulationSteps('delivered', true).at(-2)!.event(job)).toEqual({ type: 'collect', method: 'cash', amountMinor: 50_000, reference: null });
    expect(simulationSteps('payment_refused', true).at(-1)!.event(job)).toEqual({
      type: 'attempt_delivery',
      reason: 'payment_refused',
      note: SIMULATED_REFUSAL_NOTE,
    });
  });

  it('delivers a prepaid job whose externalOrderId says sim-payment-refused: it has nothing to refuse', () => {
    expect(simulationSteps('payment_refused', false)).toEqual(simulationSteps('delivered', false));
  });

  it('gives the codes the job really has, so the handoffs verify', () => {
    const job = jobInState('booked', 'submit_pickup_code');
    const submit = simulationSteps('delivered').find((step) => moveName(step.event(job)) === 'submit_pickup_code')!;

    expect(submit.event(job)).toEqual({ type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code });
  });

  it('moves the rider in to the pickup, then along the pickup → drop line', () => {
    const pickup = { latitude: 12.97, longitude: 77.6 };
    const drop = { latitude: 12.99, longitude: 77.64 };

    const start = simulatedPosition(pickup, drop, 0.15);
    expect(start.latitude).toBe(12.97);
    expect(start.longitude).toBeCloseTo(77.59, 10);
    expect(simulatedPosition(pickup, drop, 0.45)).toEqual(pickup);
    const halfway = simulatedPosition(pickup, drop, 0.675);
    expect(halfway.latitude).toBeCloseTo(12.98, 10);
    expect(halfway.longitude).toBeCloseTo(77.62, 10);
    expect(simulatedPosition(pickup, drop, 0.9)).toEqual(drop);
  });

  it('moves the rider back to the pickup on a return, from where the return started', () => {
    const pickup = { latitude: 12.97, longitude: 77.6 };
    const drop = { latitude: 12.99, longitude: 77.64 };
    const runMs = 60_000;

    expect(simulatedReturnPosition(pickup, drop, 0.9, 0, runMs)).toEqual(drop);
    const halfway = simulatedReturnPosition(pickup, drop, 0.9, 0.175 * runMs, runMs);
    expect(halfway.latitude).toBeCloseTo(12.98, 10);
    expect(halfway.longitude).toBeCloseTo(77.62, 10);
    expect(simulatedReturnPosition(pickup, drop, 0.9, 0.35 * runMs, runMs)).toEqual(pickup);
    // A recall on the way: from the point reached (the middle of the pickup → drop line) back.
    const recalled = simulatedReturnPosition(pickup, drop, 0.675, 0, runMs);
    expect(recalled.latitude).toBeCloseTo(12.98, 10);
  });
});

// The simulator as the worker runs it, played through the real transition function on a clock that
// ticks every 2 s (coarser than the engine, whose alarms run each step at its time): the script's steps
// as they fall due, then what the job's state asks (followUpMove), and the merchant's move at the
// moment the test chooses.
const RUN_MS = 60_000; // SIMULATION_SECONDS' default

/** The job with a cash-on-delivery payment of ₹500 due (its fee in the charge). */
function codJob(job: Job): Job {
  return {
    ...job,
    chargeMinor: job.chargeMinor + 2000,
    collection: { amountMinor: 50_000, feeMinor: 2000, status: 'due', method: null, reference: null, collectedAt: null, remittanceId: null, collectedBy: null },
  };
}
const TICK_MS = 2_000;

interface Played {
  job: Job;
  /** Each move made: `<event>:<actor>@<seconds after booking>`. */
  moves: string[];
  /** When the simulator had nothing more to do (its worklist item would go), in seconds after booking. */
  doneAt: number;
}

function play(outcome: SimulatedOutcome, merchant?: { at: number; event: LifecycleEvent }, cashOnDelivery = false): Played {
  const booked = Date.parse('2026-01-01T10:00:00.000Z');
  const created: Job = { ...jobInState('created', 'dispatch', new Date(booked)), testMode: true, agentId: null };
  let job = cashOnDelivery ? codJob(created) : created;
  const steps = simulationSteps(outcome, cashOnDelivery);
  const moves: string[] = [];
  const move = (event: LifecycleEvent, actor: string, now: number) => {
    job = transition(job, event, actor, new Date(now), PROBE_CREDIT).job;
    moves.push(`${moveName(event)}:${actor}@${(now - booked) / 1000}`);
  };
  let step = 0;
  let merchantMoved = merchant === undefined;
  for (let now = booked; now <= booked + 600_000; now += TICK_MS) {
    if (!merchantMoved && now - booked >= merchant!.at * 1000) {
      move(merchant!.event, 'merchant', now);
      merchantMoved = true;
    }
    const from = step;
    for (; !ENDED.has(job.status) && step < steps.length && steps[step]!.at * RUN_MS <= now - booked; step++) move(steps[step]!.event(job), 'simulator', now);
    const pastScript = ENDED.has(job.status) || step >= steps.length;
    // As the worker: no follow-up in a tick that made script steps.
    for (let next = pastScript && step === from ? followUpMove(job, RUN_MS) : null; next && next.dueAt <= now; next = followUpMove(job, RUN_MS))
      move(next.event, next.actor, now);
    if (pastScript && merchantMoved && followUpMove(job, RUN_MS) === null) return { job, moves, doneAt: (now - booked) / 1000 };
  }
  throw new Error(`the ${outcome} run never ended: ${moves.join(', ')}`);
}

describe('a sandbox job whose externalOrderId says sim-undeliverable (default 60 s run, 2 s ticks)', () => {
  const forward = ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop'];

  it('fails the first attempt at the drop (customer_unreachable, with the rider’s note), then waits for the merchant', () => {
    const steps = simulationSteps('undeliverable');
    const job = jobInState('pickup_completed', 'attempt_delivery');

    expect(steps.at(-1)).toMatchObject({ at: 0.9 });
    expect(steps.at(-1)!.event(job)).toEqual({ type: 'attempt_delivery', reason: 'customer_unreachable', note: SIMULATED_ATTEMPT_NOTE });
  });

  it('delivers on a reattempt: back at the door at the next tick, the fresh code 6 s later, delivered 66 s after booking', () => {
    const played = play('undeliverable', { at: 60, event: { type: 'decide', action: 'reattempt' } });

    expect(played.moves.map((m) => m.split(':')[0])).toEqual([...forward, 'attempt_delivery', 'decide', 'arrive_drop', 'submit_delivery_code']);
    expect(played.moves.slice(-4)).toEqual([
      'attempt_delivery:simulator@54',
      'decide:merchant@60',
      'arrive_drop:simulator@60',
      'submit_delivery_code:simulator@66',
    ]);
    expect(played.job).toMatchObject({ status: 'delivered', settlement: 'captured', pendingDecision: null });
    expect(played.job.returnTrip ?? null).toBeNull();
    expect(played.job.deliveryAttempts).toHaveLength(1);
    expect(played.doneAt).toBe(66);
  });

  it('brings the parcel back on a return the merchant decides: at the pickup 21 s after, the return code 6 s later', () => {
    const played = play('undeliverable', { at: 70, event: { type: 'decide', action: 'return' } });

    expect(played.moves.slice(-4)).toEqual([
      'attempt_delivery:simulator@54',
      'decide:merchant@70',
      'arrive_return:simulator@92',
      'submit_return_code:simulator@98',
    ]);
    expect(played.job).toMatchObject({
      status: 'failed',
      settlement: 'captured',
      returnTrip: { reason: 'undeliverable', status: 'returned', chargeSettlement: 'captured' },
    });
    expect(played.doneAt).toBe(98);
  });

  it('applies the default (return, by system) once the 60 s deadline passes, and is back 142 s after booking, within three minutes', () => {
    const played = play('undeliverable');

    expect(played.moves.slice(-4)).toEqual([
      'attempt_delivery:simulator@54',
      'decision_timeout:system@114',
      'arrive_return:simulator@136',
      'submit_return_code:simulator@142',
    ]);
    expect(played.job).toMatchObject({ status: 'failed', returnTrip: { reason: 'undeliverable', status: 'returned' } });
    expect(played.doneAt).toBeLessThan(180);
  });

  it('waits for no decision once the merchant recalls the parcel during it: back 27 s after the recall', () => {
    const played = play('undeliverable', { at: 100, event: { type: 'recall' } });

    expect(played.moves.slice(-4)).toEqual([
      'attempt_delivery:simulator@54',
      'recall:merchant@100',
      'arrive_return:simulator@122',
      'submit_return_code:simulator@128',
    ]);
    expect(played.job).toMatchObject({ status: 'cancelled', pendingDecision: null, returnTrip: { reason: 'recalled', status: 'returned' } });
  });
});

describe('a cash-on-delivery sandbox job (default 60 s run, 2 s ticks)', () => {
  const forward = ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop'];

  it('is paid in cash at the door 3 s before the delivery code, and delivered', () => {
    const played = play('delivered', undefined, true);

    expect(played.moves.slice(-3)).toEqual(['arrive_drop:simulator@52', 'collect:simulator@54', 'submit_delivery_code:simulator@58']);
    expect(played.job).toMatchObject({ status: 'delivered', settlement: 'captured', collection: { status: 'collected', method: 'cash', amountMinor: 50_000 } });
  });

  it('whose customer will not pay (sim-payment-refused) waits for the merchant; on a reattempt the rider collects, then delivers', () => {
    const played = play('payment_refused', { at: 60, event: { type: 'decide', action: 'reattempt' } }, true);

    expect(played.moves.map((m) => m.split(':')[0])).toEqual([...forward, 'attempt_delivery', 'decide', 'arrive_drop', 'collect', 'submit_delivery_code']);
    expect(played.moves.slice(-4)).toEqual(['decide:merchant@60', 'arrive_drop:simulator@60', 'collect:simulator@64', 'submit_delivery_code:simulator@66']);
    expect(played.job.deliveryAttempts).toEqual([expect.objectContaining({ reason: 'payment_refused', note: SIMULATED_REFUSAL_NOTE })]);
    expect(played.job).toMatchObject({ status: 'delivered', collection: { status: 'collected', method: 'cash' } });
  });

  it('whose customer will not pay comes back on the default return, collecting nothing', () => {
    const played = play('payment_refused', undefined, true);

    expect(played.moves.slice(-3)).toEqual(['decision_timeout:system@114', 'arrive_return:simulator@136', 'submit_return_code:simulator@142']);
    expect(played.job).toMatchObject({ status: 'failed', returnTrip: { status: 'returned' }, collection: { status: 'not_collected', collectedAt: null } });
  });
});

describe('a recall of a plain sandbox job after pickup', () => {
  it.each([
    ['just after pickup', 32, 'arrive_return:simulator@54', 60],
    ['at the drop, before the code', 52, 'arrive_return:simulator@74', 80],
  ])('brings the parcel back (%s): the rest of the script is not run', (_when, at, arrival, doneAt) => {
    const played = play('delivered', { at, event: { type: 'recall' } });

    expect(played.moves).not.toContain(expect.stringMatching(/^submit_delivery_code/));
    expect(played.moves.slice(-3)).toEqual([`recall:merchant@${at}`, arrival, `submit_return_code:simulator@${doneAt}`]);
    expect(played.job).toMatchObject({ status: 'cancelled', settlement: 'captured', returnTrip: { reason: 'recalled', status: 'returned' } });
    expect(played.doneAt).toBe(doneAt);
  });
});

describe('followUpMove', () => {
  it('asks nothing of a job that needs nothing more: delivered, failed without a return, a return done, one at the pickup still', () => {
    expect(followUpMove(jobInState('delivered', 'dispatch'), RUN_MS)).toBeNull();
    expect(followUpMove(jobInState('failed', 'resolve'), RUN_MS)).toBeNull();
    expect(followUpMove(jobInState('failed', 'resolve_return'), RUN_MS)).toBeNull();
    expect(followUpMove(jobInState('booked', 'arrive_pickup'), RUN_MS)).toBeNull();
    // At the drop on the first try: the script, not the follow-up, gives the code.
    expect(followUpMove(jobInState('pickup_completed', 'submit_delivery_code'), RUN_MS)).toBeNull();
  });

  it('leaves a locked return code to operations', () => {
    const job = jobInState('failed', 'arrive_return');
    const locked = { ...job, returnTrip: { ...job.returnTrip!, handoff: { ...job.returnTrip!.handoff, status: 'locked' as const } } };

    expect(followUpMove(locked, RUN_MS)).toBeNull();
  });
});
