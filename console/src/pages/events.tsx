import type { components } from '../../../examples/api.d.ts';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { hrefWith, type PageProps } from '../router.ts';
import { Button, ErrorNotice, Link, Loading, Page, Pager, Table, Time, TypeAndJobFilters, useLoad } from '../ui/index.ts';
import './settings.css';

type Event = components['schemas']['Event'];
/** An event type, as the API names them. */
export type EventType = NonNullable<components['schemas']['WebhookEndpointRequest']['eventTypes']>[number];

// A record, not a list, so a type the API adds is a type error here until it is listed.
const TYPE_SET: Record<EventType, true> = {
  'job.created': true,
  'job.queued': true,
  'job.picked_by_agent': true,
  'job.booking_in_progress': true,
  'job.booked': true,
  'job.pickup_completed': true,
  'job.delivered': true,
  'job.failed': true,
  'job.cancelled': true,
  'job.settlement_changed': true,
  'job.updated': true,
  'job.delivery_attempted': true,
  'job.return_started': true,
  'job.returned': true,
  'job.return_failed': true,
  'job.collection_updated': true,
  'job.location_updated': true,
  'webhook_endpoint.disabled': true,
  'remittance.created': true,
  'webhook_endpoint.test': true,
};
/** Every event type, in the API's order. */
export const EVENT_TYPES = Object.keys(TYPE_SET) as EventType[];

const PAGE_SIZE = 50;

interface Filters {
  type: string;
  jobId: string;
  cursor: string;
}

function eventsHref({ type, jobId, cursor }: Filters): string {
  return hrefWith('/console/events', { type, jobId, cursor });
}

const isEventType = (value: string): value is EventType => Object.hasOwn(TYPE_SET, value);

/** Events: the store's feed, oldest first, by cursor, with the type and job filters the API offers. */
export default function Events({ query }: PageProps) {
  const t = useT();
  const filters: Filters = { type: query.get('type') ?? '', jobId: query.get('jobId') ?? '', cursor: query.get('cursor') ?? '' };
  const feed = useLoad(
    () =>
      api
        .get('/v1/events', {
          query: {
            limit: PAGE_SIZE,
            ...(isEventType(filters.type) && { type: filters.type }),
            ...(filters.jobId && { jobId: filters.jobId }),
            ...(filters.cursor && { after: filters.cursor }),
          },
        })
        .then((result) => result.data),
    [filters.type, filters.jobId, filters.cursor],
  );

  return (
    <Page title={t.events.title}>
      <p>{t.events.intro}</p>
      {/* Applying them starts the feed again from its oldest event. */}
      <TypeAndJobFilters path="/console/events" filters={filters} types={EVENT_TYPES.map((value) => ({ value, label: value }))} words={t.events} />
      <section class="stack" aria-labelledby="feed-heading">
        <h2 id="feed-heading">{t.events.feed}</h2>
        {feed.error !== null && <ErrorNotice error={feed.error} retry={feed.reload} />}
        {feed.loading && <Loading />}
        {!feed.loading && feed.data?.data.length === 0 && <p class="muted">{t.events.empty}</p>}
        {!feed.loading && feed.data && feed.data.data.length > 0 && (
          <div class="wide">
            <Table
              caption={t.events.feed}
              head={[
                t.events.columns.time,
                t.events.columns.type,
                t.events.columns.job,
                t.events.columns.sequence,
                t.events.columns.about,
                t.events.columns.data,
              ]}
            >
              {feed.data.data.map((event) => (
                <tr key={event.id} data-event={event.id}>
                  <td>
                    <Time iso={event.createdAt} />
                  </td>
                  <td class="mono">{event.type}</td>
                  <td>
                    {event.jobId ? (
                      <Link href={`/console/jobs/${encodeURIComponent(event.jobId)}`} class="mono">
                        {event.jobId}
                      </Link>
                    ) : (
                      t.common.none
                    )}
                  </td>
                  <td class="num">{event.sequence ?? t.common.none}</td>
                  <td>
                    <About event={event} />
                  </td>
                  <td>
                    <details>
                      <summary>{t.events.showData}</summary>
                      <pre class="mono data">{JSON.stringify(event.data, null, 2)}</pre>
                    </details>
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        )}
        {feed.data && !feed.data.hasMore && (
          <p class="row">
            {feed.data.data.length > 0 && <span class="muted">{t.events.upToDate}</span>}
            <Button onClick={feed.reload}>{t.events.checkAgain}</Button>
          </p>
        )}
        {/* The start stays reachable when a cursor is refused (400). */}
        <Pager
          first={filters.cursor ? eventsHref({ ...filters, cursor: '' }) : null}
          next={feed.data?.hasMore ? eventsHref({ ...filters, cursor: feed.data.nextCursor }) : null}
        />
      </section>
    </Page>
  );
}

/** What an event is about, in a few words: the job's new status, the endpoint, or the remittance. */
function About({ event }: { event: Event }) {
  const t = useT();
  if (event.type === 'remittance.created') {
    const { id } = event.data.remittance;
    return <Link href={`/console/remittances/${encodeURIComponent(id)}`}>{t.events.remittance(id)}</Link>;
  }
  if (event.type === 'webhook_endpoint.disabled' || event.type === 'webhook_endpoint.test') {
    const { id, url } = event.data.endpoint;
    return <Link href={`/console/webhooks/${encodeURIComponent(id)}`}>{t.events.endpoint(url)}</Link>;
  }
  // Every other kind is a job's event (the union's remaining members all carry `data.job`).
  if (!('job' in event.data)) return null;
  const { job } = event.data;
  const status = t.events.jobStatus(t.common.status[job.status] ?? job.status);
  return (
    <span>
      {job.externalOrderId && <span class="mono">{job.externalOrderId} · </span>}
      {status}
      {event.type === 'job.updated' && <span class="muted"> · {t.events.changedFields(event.data.changedFields.join(', '))}</span>}
    </span>
  );
}
