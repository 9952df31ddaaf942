import type { components } from '../../../../examples/api.d.ts';

/** The job as GET /v1/jobs/{id} answers it. */
export type JobDetail = components['schemas']['JobDetailResponse']['data'];
/** An event of the feed. */
export type JobEvent = components['schemas']['Event'];
/** What the Job page loaded: the job, its ETag (for If-Match) and its events. */
export interface LoadedJob {
  job: JobDetail;
  etag: string | null;
  events: JobEvent[];
}
/** Called by a part after it changed the job: the page loads it again. */
export type Reload = () => void;
