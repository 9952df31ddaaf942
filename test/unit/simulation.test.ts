import { describe, expect, it } from 'vitest';
import { simulatedOutcome, simulatedPosition, simulationSteps } from '../../functions/core/simulation.ts';
import { jobInState } from '../../scripts/lifecycle-diagram.ts';

describe('the sandbox simulator’s script', () => {
  it.each([
    ['ORD-1001', 'delivered'],
    ['ORD-1001-sim-no-rider', 'no_rider'],
    ['SIM-FAIL-BEFORE-PICKUP-7', 'fail_before_pickup'],
    ['x:sim-fail-after-pickup', 'fail_after_pickup'],
  ])('reads the outcome of externalOrderId %s as %s', (externalOrderId, outcome) => {
    expect(simulatedOutcome(externalOrderId)).toBe(outcome);
  });

  it.each([
    ['delivered', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'arrive_drop', 'submit_delivery_code']],
    ['no_rider', ['dispatch', 'dispatch_timeout']],
    ['fail_before_pickup', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'fail']],
    ['fail_after_pickup', ['dispatch', 'accept', 'start_confirmation', 'confirm', 'arrive_pickup', 'submit_pickup_code', 'fail']],
  ] as const)('scripts %s as %j, in time order within the run', (outcome, events) => {
    const steps = simulationSteps(outcome);
    const job = jobInState('booked', 'submit_pickup_code');

    expect(steps.map((step) => step.event(job).type)).toEqual(events);
    expect(steps.map((step) => step.at)).toEqual([...steps.map((step) => step.at)].sort((a, b) => a - b));
    expect(steps.every((step) => step.at > 0 && step.at < 1)).toBe(true);
  });

  it('gives the codes the job really has, so the handoffs verify', () => {
    const job = jobInState('booked', 'submit_pickup_code');
    const submit = simulationSteps('delivered').find((step) => step.event(job).type === 'submit_pickup_code')!;

    expect(submit.event(job)).toEqual({ type: 'submit_pickup_code', code: job.verification.pickup.code });
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
});
