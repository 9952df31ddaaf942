import type { LifecycleEvent } from './lifecycle.ts';
import { cashDueOf, type Handoff, type Job } from './job.ts';
import type { LatLng } from './geo.ts';
import { CODE_TTL_MS } from './lifecycle.ts';

/**
 * The sandbox rider: a scripted delivery on a compressed clock. A sandbox merchant picks the outcome
 * through the job's externalOrderId (so any integration can exercise it without extra endpoints):
 *   …sim-no-rider…            no rider accepts            → failed (released)
 *   …sim-fail-before-pickup…  the rider gives up at pickup → failed (released)
 *   …sim-fail-after-pickup…   lost after pickup           → failed (review)
 *   …sim-undeliverable…       nobody answers at the drop  → the merchant's decision: delivered on a
 *                             reattempt; on a return (decided, or the default at the deadline) the
 *                             parcel goes back and the rider gives the return code
 *   …sim-payment-refused…     a cash-on-delivery customer will not pay → a failed attempt
 *                             (payment_refused) and the merchant's decision, as for sim-undeliverable
 *                             (a prepaid job has nothing to refuse: it is delivered)
 *   anything else                                          → delivered (captured)
 * At the drop of a cash-on-delivery job the rider collects the amount due in cash before the delivery
 * code (also after a reattempt). A merchant's recall after pickup works on any of them: the rider
 * brings the parcel back the same way.
 * Once the script is done (or the job ended on the way), `followUpMove` says what the job's state still
 * asks of the rider.
 */
export type SimulatedOutcome = 'delivered' | 'no_rider' | 'fail_before_pickup' | 'fail_after_pickup' | 'undeliverable' | 'payment_refused';

export const SIMULATED_RIDER = 'sim-rider';
export const SIMULATOR_ACTOR = 'simulator';

/** The outcome a sandbox job's externalOrderId asks for. */
export function simulatedOutcome(externalOrderId: string): SimulatedOutcome {
  const id = externalOrderId.toLowerCase();
  if (id.includes('sim-no-rider')) return 'no_rider';
  if (id.includes('sim-fail-before-pickup')) return 'fail_before_pickup';
  if (id.includes('sim-fail-after-pickup')) return 'fail_after_pickup';
  if (id.includes('sim-undeliverable')) return 'undeliverable';
  if (id.includes('sim-payment-refused')) return 'payment_refused';
  return 'delivered';
}

/** One scripted step: at `at` (a fraction of the whole run) the simulator sends `event`. */
export interface SimulationStep {
  at: number;
  event: (job: Job) => LifecycleEvent;
}

// The payment the simulated rider takes at the door: the whole amount due, in cash.
const collectCash = (job: Job): LifecycleEvent => ({ type: 'collect', method: 'cash', amountMinor: cashDueOf(job), reference: null });

// The delivered script, as fractions of the run; the others end early.
const SCRIPT: Array<{ at: number; name: string; event: (job: Job) => LifecycleEvent }> = [
  { at: 0.05, name: 'dispatch', event: () => ({ type: 'dispatch' }) },
  { at: 0.15, name: 'accept', event: () => ({ type: 'accept', agentId: SIMULATED_RIDER }) },
  { at: 0.2, name: 'start_confirmation', event: () => ({ type: 'start_confirmation' }) },
  { at: 0.25, name: 'confirm', event: () => ({ type: 'confirm' }) },
  { at: 0.45, name: 'arrive_pickup', event: () => ({ type: 'arrive', handoff: 'pickup' }) },
  { at: 0.5, name: 'submit_pickup_code', event: (job) => ({ type: 'submit_code', handoff: 'pickup', code: job.verification.pickup.code }) },
  { at: 0.85, name: 'arrive_drop', event: () => ({ type: 'arrive', handoff: 'delivery' }) },
  { at: 0.9, name: 'collect', event: collectCash },
  { at: 0.95, name: 'submit_delivery_code', event: (job) => ({ type: 'submit_code', handoff: 'delivery', code: job.verification.delivery.code }) },
];

/**
 * The steps of a run with this outcome, in order, for a cash-on-delivery job (`cashOnDelivery`: the
 * rider collects at the door before the code) or a prepaid one.
 */
export function simulationSteps(outcome: SimulatedOutcome, cashOnDelivery = false): SimulationStep[] {
  const script = cashOnDelivery ? SCRIPT : SCRIPT.filter((step) => step.name !== 'collect');
  const upTo = (name: string) => script.slice(0, script.findIndex((step) => step.name === name) + 1);
  switch (outcome) {
    case 'delivered':
      return script;
    case 'payment_refused':
      return cashOnDelivery
        ? [...upTo('arrive_drop'), { at: 0.9, event: () => ({ type: 'attempt_delivery', reason: 'payment_refused', note: SIMULATED_REFUSAL_NOTE }) }]
        : script;
    case 'no_rider':
      return [SCRIPT[0]!, { at: 0.5, event: () => ({ type: 'dispatch_timeout' }) }];
    case 'fail_before_pickup':
      return [...upTo('arrive_pickup'), { at: 0.5, event: () => ({ type: 'fail', note: 'Sandbox: the rider could not collect the parcel' }) }];
    case 'fail_after_pickup':
      return [...upTo('submit_pickup_code'), { at: 0.7, event: () => ({ type: 'fail', note: 'Sandbox: the parcel was lost after pickup' }) }];
    case 'undeliverable':
      return [...upTo('arrive_drop'), { at: 0.9, event: () => ({ type: 'attempt_delivery', reason: 'customer_unreachable', note: SIMULATED_ATTEMPT_NOTE }) }];
  }
}

/** The simulated rider's note on the failed attempt (the merchant sees it; the customer's page never does). */
export const SIMULATED_ATTEMPT_NOTE = 'Sandbox: nobody answered the door or the phone';
/** The simulated rider's note when the customer will not pay. */
export const SIMULATED_REFUSAL_NOTE = 'Sandbox: the customer would not pay';

/** The way back to the pickup, once a return starts, as a fraction of the run (the pickup → drop leg's length). */
export const RETURN_LEG = 0.35;
/** How long the rider stands at a door before the code is given (as arrive_drop → submit_delivery_code in the script). */
export const AT_THE_DOOR = 0.1;

/** A move the job's state asks for: `event` by `actor` once the clock reaches `dueAt` (epoch ms). */
export interface FollowUpMove {
  dueAt: number;
  event: LifecycleEvent;
  actor: string;
}

// When the rider arrived at the door of an active handoff: its code's clock started then.
const arrivedAt = (handoff: Handoff) => Date.parse(handoff.expiresAt!) - CODE_TTL_MS;

/**
 * What a sandbox job still needs once its script is done or it ended on the way, or null when nothing:
 *   a pending decision → its default (`decision_timeout`, by `system`) at the deadline (sandbox jobs are
 *     not on the live dispatch worklist, so the simulator applies it);
 *   a reattempt (a fresh delivery code, nobody at the door yet) → back at the drop at once (the rider
 *     waited near it), the payment of a cash-on-delivery job collected half AT_THE_DOOR later, the code
 *     AT_THE_DOOR later;
 *   a return under way → at the pickup RETURN_LEG after it started, the return code AT_THE_DOOR later.
 * A handoff locked or expired waits for operations (null).
 */
export function followUpMove(job: Job, runMs: number): FollowUpMove | null {
  const rider = (dueAt: number, event: LifecycleEvent): FollowUpMove => ({ dueAt, event, actor: SIMULATOR_ACTOR });
  if (job.status === 'pickup_completed') {
    if (job.pendingDecision) return { dueAt: Date.parse(job.pendingDecision.deadlineAt), event: { type: 'decision_timeout' }, actor: 'system' };
    const delivery = job.verification.delivery;
    if ((job.deliveryAttempts ?? []).length === 0 || delivery.status !== 'active') return null;
    if (delivery.expiresAt === null) return rider(Number.NEGATIVE_INFINITY, { type: 'arrive', handoff: 'delivery' });
    if (cashDueOf(job) > 0) return rider(arrivedAt(delivery) + (AT_THE_DOOR / 2) * runMs, collectCash(job));
    return rider(arrivedAt(delivery) + AT_THE_DOOR * runMs, { type: 'submit_code', handoff: 'delivery', code: delivery.code });
  }
  const trip = job.returnTrip;
  if (trip?.status !== 'returning') return null;
  if (trip.handoff.status === 'pending') return rider(Date.parse(trip.startedAt) + RETURN_LEG * runMs, { type: 'arrive', handoff: 'return' });
  if (trip.handoff.status === 'active')
    return rider(arrivedAt(trip.handoff) + AT_THE_DOOR * runMs, { type: 'submit_code', handoff: 'return', code: trip.handoff.code });
  return null;
}

/**
 * The simulated rider's position at `fraction` of the run: riding in from 1 km west of the pickup
 * until the pickup (at 0.45), then along the pickup → drop line until the drop (at 0.85).
 */
export function simulatedPosition(pickup: LatLng, drop: LatLng, fraction: number): LatLng {
  const start = { latitude: pickup.latitude, longitude: pickup.longitude - 0.01 };
  if (fraction <= 0.45) return lerp(start, pickup, (fraction - 0.15) / 0.3);
  return lerp(pickup, drop, (fraction - 0.5) / 0.35);
}

function lerp(a: LatLng, b: LatLng, t: number): LatLng {
  const k = Math.min(1, Math.max(0, t));
  return { latitude: a.latitude + (b.latitude - a.latitude) * k, longitude: a.longitude + (b.longitude - a.longitude) * k };
}

/**
 * The simulated rider's position on the way back, `elapsedMs` into the return: from where the return
 * started (`startFraction` of the run: on the pickup → drop line, or at the drop) straight to the pickup
 * over RETURN_LEG of the run.
 */
export function simulatedReturnPosition(pickup: LatLng, drop: LatLng, startFraction: number, elapsedMs: number, runMs: number): LatLng {
  return lerp(simulatedPosition(pickup, drop, startFraction), pickup, elapsedMs / (RETURN_LEG * runMs));
}
