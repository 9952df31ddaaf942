import type { LifecycleEvent } from './lifecycle.ts';
import type { Job } from './job.ts';
import type { LatLng } from './geo.ts';

/**
 * The sandbox rider: a scripted delivery on a compressed clock. A sandbox merchant picks the outcome
 * through the job's externalOrderId (so any integration can exercise it without extra endpoints):
 *   …sim-no-rider…            no rider accepts            → failed (released)
 *   …sim-fail-before-pickup…  the rider gives up at pickup → failed (released)
 *   …sim-fail-after-pickup…   lost after pickup           → failed (review)
 *   anything else                                          → delivered (captured)
 */
export type SimulatedOutcome = 'delivered' | 'no_rider' | 'fail_before_pickup' | 'fail_after_pickup';

export const SIMULATED_RIDER = 'sim-rider';
export const SIMULATOR_ACTOR = 'simulator';

/** The outcome a sandbox job's externalOrderId asks for. */
export function simulatedOutcome(externalOrderId: string): SimulatedOutcome {
  const id = externalOrderId.toLowerCase();
  if (id.includes('sim-no-rider')) return 'no_rider';
  if (id.includes('sim-fail-before-pickup')) return 'fail_before_pickup';
  if (id.includes('sim-fail-after-pickup')) return 'fail_after_pickup';
  return 'delivered';
}

/** One scripted step: at `at` (a fraction of the whole run) the simulator sends `event`. */
export interface SimulationStep {
  at: number;
  event: (job: Job) => LifecycleEvent;
}

// The delivered script, as fractions of the run; the others end early.
const SCRIPT: Array<{ at: number; name: string; event: (job: Job) => LifecycleEvent }> = [
  { at: 0.05, name: 'dispatch', event: () => ({ type: 'dispatch' }) },
  { at: 0.15, name: 'accept', event: () => ({ type: 'accept', agentId: SIMULATED_RIDER }) },
  { at: 0.2, name: 'start_confirmation', event: () => ({ type: 'start_confirmation' }) },
  { at: 0.25, name: 'confirm', event: () => ({ type: 'confirm' }) },
  { at: 0.45, name: 'arrive_pickup', event: () => ({ type: 'arrive_pickup' }) },
  { at: 0.5, name: 'submit_pickup_code', event: (job) => ({ type: 'submit_pickup_code', code: job.verification.pickup.code }) },
  { at: 0.85, name: 'arrive_drop', event: () => ({ type: 'arrive_drop' }) },
  { at: 0.95, name: 'submit_delivery_code', event: (job) => ({ type: 'submit_delivery_code', code: job.verification.delivery.code }) },
];

/** The steps of a run with this outcome, in order. */
export function simulationSteps(outcome: SimulatedOutcome): SimulationStep[] {
  const upTo = (name: string) => SCRIPT.slice(0, SCRIPT.findIndex((step) => step.name === name) + 1);
  switch (outcome) {
    case 'delivered':
      return SCRIPT;
    case 'no_rider':
      return [SCRIPT[0]!, { at: 0.5, event: () => ({ type: 'dispatch_timeout' }) }];
    case 'fail_before_pickup':
      return [...upTo('arrive_pickup'), { at: 0.5, event: () => ({ type: 'fail', note: 'Sandbox: the rider could not collect the parcel' }) }];
    case 'fail_after_pickup':
      return [...upTo('submit_pickup_code'), { at: 0.7, event: () => ({ type: 'fail', note: 'Sandbox: the parcel was lost after pickup' }) }];
  }
}

/**
 * The simulated rider's position at `fraction` of the run: riding in from 1 km west of the pickup
 * until the pickup (at 0.45), then along the pickup → drop line until the drop (at 0.85).
 */
export function simulatedPosition(pickup: LatLng, drop: LatLng, fraction: number): LatLng {
  const lerp = (a: LatLng, b: LatLng, t: number): LatLng => {
    const k = Math.min(1, Math.max(0, t));
    return { latitude: a.latitude + (b.latitude - a.latitude) * k, longitude: a.longitude + (b.longitude - a.longitude) * k };
  };
  const start = { latitude: pickup.latitude, longitude: pickup.longitude - 0.01 };
  if (fraction <= 0.45) return lerp(start, pickup, (fraction - 0.15) / 0.3);
  return lerp(pickup, drop, (fraction - 0.5) / 0.35);
}
