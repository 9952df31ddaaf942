import { returnCharge } from '../pricing.ts';
import type { Job, Settlement } from '../job.ts';
import type { Money } from './events.ts';
import type { MoveDefinition } from './move.ts';

// The job's money: the ledger entries a move makes, and operations' review of a settlement.

/** Releases a reservation. */
export const release = (amountMinor: number, note: string): Money => ({ type: 'release', balanceDeltaMinor: 0, reservedDeltaMinor: -amountMinor, note });
/** Captures a reservation: the amount leaves the balance. */
export const capture = (amountMinor: number, note: string): Money => ({
  type: 'capture',
  balanceDeltaMinor: -amountMinor,
  reservedDeltaMinor: -amountMinor,
  note,
});
/** Reserves from the available credit. */
export const reserve = (amountMinor: number, note: string): Money => ({ type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: amountMinor, note });
/** Captures what was never reserved (a return charge in review). */
export const captureUnreserved = (amountMinor: number, note: string): Money => ({
  type: 'capture',
  balanceDeltaMinor: -amountMinor,
  reservedDeltaMinor: 0,
  note,
});

/** Ending before pickup gives back what is still held; a job holding nothing moves no money. */
export function releaseHeld(job: Job, note: string): { settlement: Settlement | null; money: Money[] } {
  return job.settlement === 'reserved' ? { settlement: 'released', money: [release(job.chargeMinor, note)] } : { settlement: job.settlement, money: [] };
}

/**
 * The job's charge without a collection fee it no longer owes: a cash-on-delivery job that ends
 * without the payment is charged for the ride alone (its fee released when the collection lapsed).
 */
export function chargeOwed(job: Job): number {
  return job.chargeMinor - (job.collection?.status === 'not_collected' ? job.collection.feeMinor : 0);
}

/** The charge of the job's return trip: agreed at the quote, or the default share for jobs booked before. */
export function returnChargeOf(job: Job): number {
  return job.returnChargeMinor ?? returnCharge(job.chargeMinor);
}

/** A review's statement note: what was decided, and the operator's own words after it when given. */
const reviewNote = (decided: string, note: string | null | undefined) => (note ? `${decided}: ${note}` : decided);

/** The operator a review's money names, when one is given. */
const byOperator = (operator: string | null | undefined) => (operator ? { operator } : {});

/** resolve (operations): a failed job's charge in review is captured or released. */
export const resolve: MoveDefinition<'resolve'> = {
  apply: (m) => {
    const { job, event } = m;
    m.requireStatus('failed');
    if (job.settlement !== 'review') throw m.illegal('Only a job in settlement review can be resolved');
    const note = reviewNote(`Review resolved: ${event.outcome}`, event.note);
    const capturing = event.outcome === 'capture';
    m.addMoney({ ...(capturing ? capture(chargeOwed(job), note) : release(chargeOwed(job), note)), ...byOperator(event.operator) });
    return m.done(m.next({ settlement: capturing ? 'captured' : 'released' }));
  },
  mayStartReturn: false,
  isRetry: false, // operations' move
};

/** resolve_return (operations): a return charge in review is captured from the balance, or waived. */
export const resolveReturn: MoveDefinition<'resolve_return'> = {
  apply: (m) => {
    const trip = m.job.returnTrip;
    if (!trip || trip.chargeSettlement !== 'review') throw m.illegal('Only a return charge in review can be resolved');
    // A charge in review was never reserved (the credit did not cover it): captured from the balance, or waived.
    const capturing = m.event.outcome === 'capture';
    const note = reviewNote(`Return charge review resolved: ${m.event.outcome}`, m.event.note);
    if (capturing) m.addMoney({ ...captureUnreserved(trip.chargeMinor, note), ...byOperator(m.event.operator) });
    return m.done(m.next({ returnTrip: { ...trip, chargeSettlement: capturing ? 'captured' : 'released' } }));
  },
  mayStartReturn: false,
  isRetry: false, // operations' move
};
