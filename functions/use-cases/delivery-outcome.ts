import { JobNotFoundError } from '../core/errors.ts';
import type { DecisionAction, Job } from '../core/job.ts';
import type { LifecycleEvent } from '../core/lifecycle.ts';
import type { Merchant } from '../core/store.ts';
import type { Runtime } from '../runtime.ts';

/**
 * A merchant's move on a job that did not go to plan: the decision after a failed attempt
 * (`decide`), or a recall of the picked-up parcel (`recall`). Like a cancel, it is one transaction
 * conditioned on the version read, with its money (the forward charge captured, the return charge
 * reserved) and its events; and it never loses a race to the platform's own moves: a move that meets
 * another change of the job (the deadline's default, a rider's move) is decided again on the job as
 * it now is, so it gets the answer a fresh request would (e.g. 409 no_decision_pending once the
 * default was applied). Returns the job after the move.
 */
async function moveAsMerchant(rt: Pick<Runtime, 'jobs'>, merchant: Merchant, jobId: string, event: LifecycleEvent): Promise<Job> {
  // The store as this request's authentication read it gives the credit a return is first decided on (no read of its own).
  const credit = { availableMinor: merchant.store.availableMinor };
  const result = await rt.jobs.move({ storeId: merchant.storeId, jobId }, event, 'merchant', { guard: merchant, onLostRace: 'decide-again', credit });
  if (!result) throw new JobNotFoundError(jobId);
  return result.job;
}

/** The merchant's decision after a failed delivery attempt: reattempt (a fresh delivery code) or return (the parcel goes back). */
export function decideDelivery(rt: Pick<Runtime, 'jobs'>, request: { merchant: Merchant; jobId: string; action: DecisionAction }): Promise<Job> {
  return moveAsMerchant(rt, request.merchant, request.jobId, { type: 'decide', action: request.action });
}

/** The merchant recalls a picked-up parcel to the pickup: the job is cancelled and its return trip starts. */
export function recallParcel(rt: Pick<Runtime, 'jobs'>, request: { merchant: Merchant; jobId: string }): Promise<Job> {
  return moveAsMerchant(rt, request.merchant, request.jobId, { type: 'recall' });
}
