import { merchantHandler } from '../http/handler.ts';
import { jobListsPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { toJobSummary, type Job } from '../core/job.ts';
import type { Merchant } from '../core/store.ts';
import type { JobListRepository } from '../data/job-list.repository.ts';
import { JobListQuery } from '../schemas/job-list.schema.ts';

/** An instant as the jobs store it (UTC, milliseconds), so it compares with their `createdAt` as text. */
const stored = (instant: string | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());

/**
 * The page the query asks for: by order id alone; else within the creation range (booking numbers
 * found by binary search), of the jobs waiting for a decision, of one status, or all.
 */
async function pageOf(jobLists: JobListRepository, { storeId, store }: Merchant, query: JobListQuery): Promise<Job[]> {
  const page = { limit: query.limit, offset: query.offset };
  if (query.externalOrderId !== undefined) return jobLists.listByOrder(storeId, query.externalOrderId, store.jobCount, page);
  const ranged = query.createdFrom !== undefined || query.createdTo !== undefined;
  const seqs = ranged ? await jobLists.createdBetween(storeId, store.jobCount, { from: stored(query.createdFrom), to: stored(query.createdTo) }) : undefined;
  if (seqs === null) return [];
  if (query.needsDecision === 'true') return jobLists.listNeedingDecision(storeId, page, seqs);
  if (query.status) return jobLists.listByStatus(storeId, query.status, page, seqs);
  return seqs ? jobLists.listBetween(storeId, seqs, page) : jobLists.listNewest(storeId, store.jobCount, page);
}

/** GET /v1/jobs: the store's jobs, newest first, filtered as the query asks; `{data, limit, offset}`. */
export const handler = merchantHandler('GET /v1/jobs', { query: JobListQuery, uses: { jobLists: jobListsPart } }, async ({ merchant, query, rt }) => {
  const jobs = await pageOf(rt.jobLists, merchant, query);
  return jsonResult(200, { data: jobs.map(toJobSummary), limit: query.limit, offset: query.offset });
});
