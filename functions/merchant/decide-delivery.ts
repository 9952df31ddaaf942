import { merchantHandler } from '../http/handler.ts';
import { jobsPart } from '../runtime.ts';
import { ok } from '../http/responses.ts';
import { DecisionRequest, JobPath, toJobDetail } from '../schemas/job.schema.ts';
import { decideDelivery } from '../use-cases/delivery-outcome.ts';

/** POST /v1/jobs/{id}/decision: the merchant's decision after a failed delivery attempt (reattempt or return). */
export const handler = merchantHandler(
  'POST /v1/jobs/{id}/decision',
  { path: JobPath, body: DecisionRequest, uses: { jobs: jobsPart } },
  async ({ merchant, path, body, rt }) => ok(toJobDetail(await decideDelivery(rt, { merchant, jobId: path.id, action: body.action }))),
);
