import { merchantHandler } from './http/handler.ts';
import { ok } from './http/errors.ts';
import { NotFoundError } from './core/errors.ts';
import { transition } from './core/lifecycle.ts';
import { JobPath, toJobDetail } from './schemas/job.schema.ts';

/**
 * POST /v1/jobs/{id}/cancel: cancels while the job's state allows it, giving the reservation back,
 * in one transaction conditioned on the version read (a concurrent change → 409).
 */
export const handler = merchantHandler('POST /v1/jobs/{id}/cancel', { path: JobPath }, async ({ merchant, path, rt }) => {
  const job = await rt.jobs.get(merchant.storeId, path.id);
  if (!job) throw new NotFoundError('job_not_found', `No job ${path.id} for this store`);
  const { job: cancelled, money } = transition(job, { type: 'cancel' }, 'merchant', new Date());
  await rt.jobs.save(cancelled, { expectedVersion: job.version, guard: merchant, money });
  return ok(toJobDetail(cancelled));
});
