import { merchantHandler } from '../http/handler.ts';
import { jobsPart } from '../runtime.ts';
import { ok } from '../http/responses.ts';
import { JobPath, toJobDetail } from '../schemas/job.schema.ts';
import { recallParcel } from '../use-cases/delivery-outcome.ts';

/** POST /v1/jobs/{id}/return: recalls a picked-up parcel to the pickup (the job is cancelled; its return trip starts). */
export const handler = merchantHandler('POST /v1/jobs/{id}/return', { path: JobPath, uses: { jobs: jobsPart } }, async ({ merchant, path, rt }) =>
  ok(toJobDetail(await recallParcel(rt, { merchant, jobId: path.id }))),
);
