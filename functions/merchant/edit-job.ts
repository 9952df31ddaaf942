import { merchantHandler } from '../http/handler.ts';
import { jobsPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { JobEditHeaders, JobEditRequest, JobPath, jobETag, toJobDetail } from '../schemas/job.schema.ts';
import { editJob } from '../use-cases/edit-job.ts';

/** PATCH /v1/jobs/{id}: changes the job's contacts and instructions while its state allows; conditional with If-Match. */
export const handler = merchantHandler(
  'PATCH /v1/jobs/{id}',
  { path: JobPath, headers: JobEditHeaders, body: JobEditRequest, uses: { jobs: jobsPart } },
  async ({ merchant, path, headers, body, rt }) => {
    const ifMatch = headers['If-Match'];
    const job = await editJob(rt, { merchant, jobId: path.id, changes: body, ifVersions: ifMatch === '*' ? undefined : ifMatch });
    return jsonResult(200, { data: toJobDetail(job) }, { ETag: jobETag(job) });
  },
);
