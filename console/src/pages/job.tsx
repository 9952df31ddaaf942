import { useEffect } from 'preact/hooks';
import { api, ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import './job.css';
import type { PageProps } from '../router.ts';
import { ErrorNotice, Loading, Notice, Page, useLoad } from '../ui/index.ts';
import { CancelRecall, Decision, TrackingLink } from './job/actions.tsx';
import { Deliveries } from './job/deliveries.tsx';
import { EditJob } from './job/edit.tsx';
import { JobMap } from './job/map.tsx';
import { Timeline } from './job/timeline.tsx';
import { CashOnDelivery, Codes, ReturnTrip, Summary } from './job/summary.tsx';
import type { JobDetail, JobEvent, LoadedJob } from './job/types.ts';

/** While a job can still change by itself (a rider, the simulator, a deadline), the page reads it again this often. */
export const REFRESH_MS = 10_000;
/** The events feed is read for the timeline up to this many pages of 100. */
const EVENT_PAGES = 5;

async function loadJob(id: string): Promise<LoadedJob> {
  const [detail, events] = await Promise.all([api.get('/v1/jobs/{id}', { params: { id } }), loadEvents(id)]);
  return { job: detail.data.data, etag: detail.response.headers.get('ETag'), events };
}

async function loadEvents(jobId: string): Promise<JobEvent[]> {
  const events: JobEvent[] = [];
  let after: string | undefined;
  for (let page = 0; page < EVENT_PAGES; page++) {
    const answer = await api.get('/v1/events', { query: { jobId, limit: 100, ...(after && { after }) } });
    events.push(...answer.data.data);
    if (!answer.data.hasMore) break;
    after = answer.data.nextCursor;
  }
  return events;
}

const ENDED = new Set(['delivered', 'failed', 'cancelled']);
/** A job still moving: not ended, or its parcel still on the way back. */
export const isLive = (job: JobDetail) => !ENDED.has(job.status) || job.returnTrip?.status === 'returning';

/** Job: one delivery, everything about it and what can be done with it. */
export default function JobPage({ params }: PageProps) {
  const t = useT();
  const id = params.id!;
  const { data, error, reload } = useLoad(() => loadJob(id), [id]);
  const live = data !== undefined && isLive(data.job);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, reload]);

  const title = t.job.title(data?.job.externalOrderId ?? id);
  if (data === undefined) {
    return (
      <Page title={title}>
        {error instanceof ApiError && error.status === 404 ? (
          <Notice kind="error">{t.job.notFound}</Notice>
        ) : error !== null ? (
          <ErrorNotice error={error} retry={reload} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  const { job, etag, events } = data;
  const hasMap = job.pickupLatitude !== null && job.pickupLongitude !== null && job.dropLatitude !== null && job.dropLongitude !== null;
  return (
    <Page title={title}>
      {error !== null && <ErrorNotice error={error} retry={reload} />}
      <div class="grid-2">
        <Summary job={job} />
        <section class="card stack" aria-labelledby="job-map-heading">
          <h2 id="job-map-heading">{t.job.map}</h2>
          {hasMap ? (
            <JobMap
              pickup={{ latitude: job.pickupLatitude!, longitude: job.pickupLongitude! }}
              drop={{ latitude: job.dropLatitude!, longitude: job.dropLongitude! }}
              rider={job.riderLocation}
            />
          ) : (
            <p>{t.job.noMap}</p>
          )}
        </section>
      </div>
      {(job.pendingDecision || job.deliveryAttempts.length > 0) && <Decision job={job} reload={reload} />}
      {job.returnTrip && <ReturnTrip trip={job.returnTrip} />}
      <Codes job={job} />
      <section class="stack" aria-labelledby="job-actions">
        <h2 id="job-actions">{t.job.actions}</h2>
        <CancelRecall job={job} reload={reload} />
        <EditJob key={job.id} job={job} etag={etag} reload={reload} />
        <TrackingLink job={job} />
      </section>
      {job.collection && <CashOnDelivery collection={job.collection} />}
      <Timeline job={job} events={events} />
      <Deliveries events={events} />
    </Page>
  );
}
