import { merchantHandler } from '../http/handler.ts';
import { jobReaderPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { JobNotFoundError } from '../core/errors.ts';
import { JobPath, jobETag, toJobDetail } from '../schemas/job.schema.ts';

/** GET /v1/jobs/{id}: the job with its status history and handoff verification, in one read; its ETag makes an edit conditional. */
export const handler = merchantHandler('GET /v1/jobs/{id}', { path: JobPath, uses: { jobReader: jobReaderPart } }, async ({ merchant, path, rt }) => {
  const job = await rt.jobReader.get(merchant.storeId, path.id);
  if (!job) throw new JobNotFoundError(path.id);
  return jsonResult(200, { data: toJobDetail(job) }, { ETag: jobETag(job) });
});
