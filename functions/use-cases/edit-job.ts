import { ConcurrentModificationError, JobNotFoundError, PreconditionFailedError } from '../core/errors.ts';
import type { Job, JobEdit } from '../core/job.ts';
import type { LifecycleEvent } from '../core/lifecycle.ts';
import type { Merchant } from '../core/store.ts';
import type { Runtime } from '../runtime.ts';

/** A merchant's edit of a job: which job, the changes, and the versions it may apply to (If-Match), if any. */
export interface EditJobRequest {
  merchant: Merchant;
  jobId: string;
  changes: JobEdit;
  /** Only these versions of the job may be edited (412 otherwise, and whenever the job changes meanwhile); absent: any. */
  ifVersions?: readonly number[];
}

/**
 * Edits the job's contacts and instructions through the transition function (`edit`), in one write
 * conditioned on the version read, with its `job.updated` event. Unconditional, an edit that meets
 * another change of the job (dispatch, a rider's move) is decided again on the job as it now is, like
 * a cancel; under If-Match any change since the version named is 412. Returns the job after the edit.
 */
export async function editJob(rt: Pick<Runtime, 'jobs'>, request: EditJobRequest): Promise<Job> {
  const { merchant, jobId, changes, ifVersions } = request;
  const job = await rt.jobs.get(merchant.storeId, jobId);
  if (!job) throw new JobNotFoundError(jobId);
  const event: LifecycleEvent = { type: 'edit', changes };
  if (ifVersions === undefined) return (await rt.jobs.move(job, event, 'merchant', { guard: merchant, onLostRace: 'decide-again' })).job;
  if (!ifVersions.includes(job.version)) throw new PreconditionFailedError();
  try {
    return (await rt.jobs.move(job, event, 'merchant', { guard: merchant, onLostRace: 'refuse' })).job;
  } catch (error) {
    throw error instanceof ConcurrentModificationError ? new PreconditionFailedError() : error;
  }
}
