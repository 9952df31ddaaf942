import type { components } from '../../../../examples/api.d.ts';
import { api } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { ErrorNotice, Link, Loading, StatusBadge, Table, Time, useLoad } from '../../ui/index.ts';
import type { JobEvent } from './types.ts';

type Delivery = components['schemas']['DeliveryListResponse']['data'][number];
type Endpoint = components['schemas']['WebhookEndpointListResponse']['data'][number];

/** How many of each endpoint's latest attempts are searched for this job's events (the API lists an endpoint's attempts, not a job's). */
export const DELIVERIES_SEARCHED = 100;

async function loadDeliveries(eventIds: Set<string>): Promise<{ endpoints: Endpoint[]; rows: Array<Delivery & { endpoint: Endpoint }> }> {
  const endpoints = (await api.get('/v1/webhook-endpoints')).data.data;
  const pages = await Promise.all(
    endpoints.map(async (endpoint) => {
      const page = await api.get('/v1/webhook-endpoints/{id}/deliveries', { params: { id: endpoint.id }, query: { limit: DELIVERIES_SEARCHED } });
      return page.data.data.filter((delivery) => eventIds.has(delivery.eventId)).map((delivery) => ({ ...delivery, endpoint }));
    }),
  );
  return { endpoints, rows: pages.flat().sort((a, b) => Date.parse(b.attemptedAt) - Date.parse(a.attemptedAt)) };
}

/** The webhook deliveries of this job's events, from every endpoint of the store, newest first. */
export function Deliveries({ events }: { events: JobEvent[] }) {
  const t = useT();
  const eventIds = new Set(events.map((event) => event.id));
  const typeOf = new Map(events.map((event) => [event.id, event.type]));
  const key = [...eventIds].join(',');
  const { data, error, reload } = useLoad(() => loadDeliveries(eventIds), [key]);
  return (
    <section class="card stack" aria-labelledby="job-deliveries">
      <h2 id="job-deliveries">{t.job.deliveries}</h2>
      {error !== null ? (
        <ErrorNotice error={error} retry={reload} />
      ) : data === undefined ? (
        <Loading />
      ) : data.endpoints.length === 0 ? (
        <p>{t.job.deliveriesNoEndpoint}</p>
      ) : data.rows.length === 0 ? (
        <p>{t.job.deliveriesEmpty}</p>
      ) : (
        <>
          <Table
            caption={t.job.deliveries}
            head={[t.job.deliveryEvent, t.job.deliveryEndpoint, t.job.deliveryAttempt, t.job.deliveryOutcome, t.job.deliveryAt, t.job.deliveryNext]}
          >
            {data.rows.map((row) => (
              <tr key={`${row.endpoint.id}-${row.eventId}-${row.attempt}-${row.attemptedAt}`}>
                <td class="mono">{typeOf.get(row.eventId) ?? row.eventId}</td>
                <td>
                  <Link href={`/console/webhooks/${encodeURIComponent(row.endpoint.id)}`} class="mono job-wrap">
                    {row.endpoint.url}
                  </Link>
                </td>
                <td>{row.attempt}</td>
                <td>
                  <StatusBadge value={row.outcome} label={`${t.job.deliveryOutcomes[row.outcome]}${row.responseStatus ? ` (${row.responseStatus})` : ''}`} />
                  {row.error && <span class="muted job-line">{row.error}</span>}
                </td>
                <td>
                  <Time iso={row.attemptedAt} />
                </td>
                <td>
                  <Time iso={row.nextAttemptAt} />
                </td>
              </tr>
            ))}
          </Table>
          <p class="muted">{t.job.deliveriesScope(DELIVERIES_SEARCHED)}</p>
        </>
      )}
    </section>
  );
}
