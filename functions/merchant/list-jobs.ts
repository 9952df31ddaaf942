import { merchantHandler } from '../http/handler.ts';
import { jobListsPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { toJobSummary } from '../core/job.ts';
import { JobListQuery } from '../schemas/job.schema.ts';

/** GET /v1/jobs: the store's jobs, newest first, optionally of one status; `{data, limit, offset}`. */
export const handler = merchantHandler('GET /v1/jobs', { query: JobListQuery, uses: { jobLists: jobListsPart } }, async ({ merchant, query, rt }) => {
  const page = { limit: query.limit, offset: query.offset };
  const jobs = query.status
    ? await rt.jobLists.listByStatus(merchant.storeId, query.status, page)
    : await rt.jobLists.listNewest(merchant.storeId, merchant.store.jobCount, page);
  return jsonResult(200, { data: jobs.map(toJobSummary), limit: page.limit, offset: page.offset });
});
