import { ParcelNotPickedUpError } from '../errors.ts';
import { endHandoff, newHandoff, type Handoff } from '../handoff.ts';
import { BEFORE_PICKUP, isReturning, type Job, type ReturnReason, type ReturnTrip } from '../job.ts';
import { lapsedFeeMinor, refuseOncePaid, releaseLapsedFee } from './collection.ts';
import type { Transition } from './events.ts';
import { capture, release, reserve, returnChargeOf } from './money.ts';
import type { Move, MoveDefinition } from './move.ts';

// The return trip: the parcel goes back to the pickup (undeliverable, or recalled by the merchant),
// the job ends, and the rider brings it back with the return code (core/lifecycle/handoffs.ts), or
// it never makes it back (returnFailed).

/**
 * The parcel goes back to the pickup: the job ends (the rider carried it, so the delivery's charge
 * is captured) and its rider keeps it until the store takes it back with the return code. The
 * return charge is reserved when the store's credit covers it, else left to operations (review).
 */
export function startReturn(m: Move, reason: ReturnReason, note: string, changes: Partial<Job> = {}): Transition {
  const { job, credit } = m;
  if (credit === undefined) throw new Error(`A return of job ${job.id} was decided without the store's credit`);
  const chargeMinor = returnChargeOf(job);
  const covered = credit.availableMinor >= chargeMinor;
  const returnTrip: ReturnTrip = {
    reason,
    status: 'returning',
    chargeMinor,
    chargeSettlement: covered ? 'reserved' : 'review',
    startedAt: m.at,
    returnedAt: null,
    handoff: newHandoff(),
  };
  // A payment still due lapses: the ride is captured, the collection fee released.
  if (job.settlement === 'reserved')
    m.addMoney(capture(job.chargeMinor - lapsedFeeMinor(job), reason === 'recalled' ? 'Recalled after pickup' : 'Undeliverable after pickup'));
  releaseLapsedFee(m);
  if (covered && chargeMinor > 0) m.addMoney(reserve(chargeMinor, 'Return trip'));
  const settlement = job.settlement === 'reserved' ? 'captured' : job.settlement;
  return m.done(m.ended(reason === 'recalled' ? 'cancelled' : 'failed', settlement, note, { ...changes, pendingDecision: null, returnTrip }));
}

/** The return of a parcel that could not be delivered after `attempts` failed attempts. */
export function undeliverable(m: Move, attempts: number, changes: Partial<Job> = {}): Transition {
  return startReturn(m, 'undeliverable', `Undeliverable after ${attempts} attempt${attempts === 1 ? '' : 's'}: the parcel goes back to the pickup`, changes);
}

/**
 * The return code verified (or operations' word, with their `note` in the history): back at the
 * pickup, the trip ends and its reserved charge is captured (one in review stays operations' to resolve).
 */
export function returned(m: Move, handoff: Handoff, note?: string): Transition {
  const trip = m.job.returnTrip!;
  const captured = trip.chargeSettlement === 'reserved';
  if (captured && trip.chargeMinor > 0) m.addMoney(capture(trip.chargeMinor, 'Returned to the pickup'));
  const chargeSettlement = captured ? 'captured' : trip.chargeSettlement;
  return m.done(
    m.next(
      {
        ...(note !== undefined && { status: m.job.status }),
        riderLocation: null,
        returnTrip: { ...trip, status: 'returned', returnedAt: handoff.verifiedAt, handoff, chargeSettlement },
      },
      note ?? null,
    ),
    'verified',
  );
}

/**
 * A returning parcel that never makes it back (lost or damaged on the way: the rider's or operations'
 * `fail`, or operations' `job end`): the return trip fails, its code can no longer be used and the
 * rider no longer holds the job. What the return charge becomes is operations' to decide, like a
 * fail after pickup: a reserved charge is released into review (nothing stays reserved), one already
 * in review stays there, one operations settled while the parcel was on its way stays settled. The
 * job keeps its status (it has ended); the note joins its history as an entry of that status, so the
 * merchant reads why.
 */
export function returnFailed(m: Move, note: string): Transition {
  const { job } = m;
  const trip = job.returnTrip!;
  const reserved = trip.chargeSettlement === 'reserved';
  if (reserved && trip.chargeMinor > 0) m.addMoney(release(trip.chargeMinor, `Return failed: ${note}`));
  const failedTrip: ReturnTrip = {
    ...trip,
    status: 'failed',
    chargeSettlement: reserved ? 'review' : trip.chargeSettlement,
    handoff: endHandoff(trip.handoff),
  };
  return m.done(m.next({ status: job.status, riderLocation: null, returnTrip: failedTrip }, note));
}

/** recall (the merchant): a picked-up parcel goes back to the pickup; before pickup, cancel is the call. */
export const recall: MoveDefinition<'recall'> = {
  apply: (m) => {
    const { job } = m;
    if (BEFORE_PICKUP.has(job.status)) throw new ParcelNotPickedUpError(job.id, job.status);
    if (isReturning(job)) throw m.illegal('The parcel is already on its way back to the pickup');
    m.requireStatus('pickup_completed');
    refuseOncePaid(m);
    return startReturn(m, 'recalled', 'Recalled by the merchant: the parcel goes back to the pickup');
  },
  mayStartReturn: () => true,
  isRetry: false, // the merchant's move
};
