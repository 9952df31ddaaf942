import { merchantHandler } from '../http/handler.ts';
import { jobsPart } from '../runtime.ts';
import { ok } from '../http/responses.ts';
import { JobNotFoundError } from '../core/errors.ts';
import { JobPath, toJobDetail } from '../schemas/job.schema.ts';

/**
 * POST /v1/jobs/{id}/cancel: cancels while the job's state allows it, giving the reservation back,
 * in one transaction conditioned on the version read. A cancel that loses that race (to dispatch, a
 * timeout, a rider, the simulator) is decided again on the job as it now is: it never answers 409
 * concurrent_modification.
 */
export const handler = merchantHandler('POST /v1/jobs/{id}/cancel', { path: JobPath, uses: { jobs: jobsPart } }, async ({ merchant, path, rt }) => {
  const result = await rt.jobs.move({ storeId: merchant.storeId, jobId: path.id }, { type: 'cancel' }, 'merchant', {
    guard: merchant,
    onLostRace: 'decide-again',
  });
  if (!result) throw new JobNotFoundError(path.id);
  return ok(toJobDetail(result.job));
});
