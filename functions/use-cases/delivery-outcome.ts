import { DecisionDeadlinePassedError, JobNotFoundError } from '../core/errors.ts';
import { IllegalTransitionError } from '../core/lifecycle.ts';
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
async function moveAsMerchant(
  rt: Pick<Runtime, 'jobs'>,
  merchant: Merchant,
  target: Job | { storeId: string; jobId: string },
  event: LifecycleEvent,
  now?: Date,
  actor = 'merchant',
): Promise<Job> {
  // The store as this request's authentication read it gives the credit a return is first decided on (no read of its own).
  const credit = { availableMinor: merchant.store.availableMinor };
  const result = await rt.jobs.move(target as Job, event, actor, { guard: merchant, onLostRace: 'decide-again', credit, ...(now && { now }) });
  if (!result) throw new JobNotFoundError('jobId' in target ? target.jobId : target.id);
  return result.job;
}

/**
 * The merchant's decision after a failed delivery attempt: reattempt (a fresh delivery code) or
 * return (the parcel goes back), decided at `now` (the request's arrival). After the deadline it is
 * 409 decision_deadline_passed, and this request applies the default (as `system`, in the one
 * versioned write) unless a worker has just applied it: of the two, exactly one writes.
 */
export async function decideDelivery(
  rt: Pick<Runtime, 'jobs'>,
  request: { merchant: Merchant; jobId: string; action: DecisionAction; now?: Date },
): Promise<Job> {
  const { merchant, jobId, action, now = new Date() } = request;
  const job = await rt.jobs.get(merchant.storeId, jobId);
  if (!job) throw new JobNotFoundError(jobId);
  try {
    return await moveAsMerchant(rt, merchant, job, { type: 'decide', action }, now);
  } catch (error) {
    if (!(error instanceof DecisionDeadlinePassedError)) throw error;
    await applyDefault(rt, merchant, job, now);
    throw error;
  }
}

// The deadline's default, applied by the request that came too late, on the job as it read it; a
// worker that applied it meanwhile leaves nothing to apply (decided again: no decision pending).
async function applyDefault(rt: Pick<Runtime, 'jobs'>, merchant: Merchant, job: Job, now: Date): Promise<void> {
  try {
    await moveAsMerchant(rt, merchant, job, { type: 'decision_timeout' }, now, 'system');
  } catch (error) {
    if (!(error instanceof IllegalTransitionError)) throw error;
  }
}

/** The merchant recalls a picked-up parcel to the pickup: the job is cancelled and its return trip starts. */
export function recallParcel(rt: Pick<Runtime, 'jobs'>, request: { merchant: Merchant; jobId: string }): Promise<Job> {
  return moveAsMerchant(rt, request.merchant, { storeId: request.merchant.storeId, jobId: request.jobId }, { type: 'recall' });
}
