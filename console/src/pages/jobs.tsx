import { useState } from 'preact/hooks';
import type { operations } from '../../../examples/api.d.ts';
import { api } from '../api.ts';
import { istDayEnd, istDayStart } from '../format.ts';
import { useT } from '../i18n.ts';
import './job.css';
import { hrefWith, navigate, type PageProps } from '../router.ts';
import { ErrorNotice, Field, Form, Link, Loading, Money, Page, Pager, StatusBadge, Table, Time, useLoad } from '../ui/index.ts';

type ListQuery = NonNullable<operations['listJobs']['parameters']['query']>;
type Status = NonNullable<ListQuery['status']>;

/** The list's page size: pages of 50. */
export const PAGE_SIZE = 50;
const STATUSES: Status[] = ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed', 'delivered', 'failed', 'cancelled'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as the URL holds them (dates as IST calendar days, the way people pick them). */
interface Filters {
  status: string;
  createdFrom: string;
  createdTo: string;
  externalOrderId: string;
  needsDecision: boolean;
}

function filtersOf(query: URLSearchParams): Filters {
  return {
    status: query.get('status') ?? '',
    createdFrom: query.get('createdFrom') ?? '',
    createdTo: query.get('createdTo') ?? '',
    externalOrderId: query.get('externalOrderId') ?? '',
    needsDecision: query.get('needsDecision') === 'true',
  };
}

/** The app URL of a list page: the filters, and the offset past the first page. */
export function jobsHref(filters: Filters, offset = 0): string {
  const { status, createdFrom, createdTo, externalOrderId, needsDecision } = filters;
  return hrefWith('/console/jobs', { status, createdFrom, createdTo, externalOrderId, needsDecision, offset });
}

/**
 * The API's query: an IST day range becomes instants (from the first day's start, to the start of the
 * day after the last: `createdTo` is exclusive). An order id is looked up on its own, as the API asks.
 */
export function apiQuery(filters: Filters, offset: number): ListQuery {
  if (filters.externalOrderId) return { externalOrderId: filters.externalOrderId, limit: PAGE_SIZE, offset };
  return {
    limit: PAGE_SIZE,
    offset,
    // Every job waiting for a decision is picked up: the API takes no status beside needsDecision.
    ...(!filters.needsDecision && STATUSES.includes(filters.status as Status) && { status: filters.status as Status }),
    ...(DATE.test(filters.createdFrom) && { createdFrom: istDayStart(filters.createdFrom) }),
    ...(DATE.test(filters.createdTo) && { createdTo: istDayEnd(filters.createdTo) }),
    ...(filters.needsDecision && { needsDecision: 'true' as const }),
  };
}

function FilterForm({ filters }: { filters: Filters }) {
  const t = useT();
  const [draft, setDraft] = useState(filters);
  const set = (name: keyof Filters) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const apply = async () => navigate(jobsHref(draft));
  return (
    <Form onSubmit={apply} submitLabel={t.jobs.apply} secondary={<Link href="/console/jobs">{t.jobs.clear}</Link>} class="card">
      <fieldset class="stack">
        <legend>{t.jobs.filters}</legend>
        <div class="grid-2">
          <Field
            label={t.jobs.status}
            name="status"
            as="select"
            value={draft.status}
            onValue={set('status')}
            options={[{ value: '', label: t.jobs.anyStatus }, ...STATUSES.map((status) => ({ value: status, label: t.common.status[status] ?? status }))]}
          />
          <Field
            label={t.jobs.externalOrderId}
            name="externalOrderId"
            hint={t.jobs.orderIdHint}
            value={draft.externalOrderId}
            onValue={set('externalOrderId')}
          />
          <Field label={t.jobs.createdFrom} name="createdFrom" type="date" value={draft.createdFrom} onValue={set('createdFrom')} />
          <Field label={t.jobs.createdTo} name="createdTo" type="date" value={draft.createdTo} onValue={set('createdTo')} />
        </div>
        <div class="job-check">
          <input
            id="jobs-needs-decision"
            aria-describedby="jobs-needs-decision-hint"
            type="checkbox"
            checked={draft.needsDecision}
            onChange={(event) => setDraft((current) => ({ ...current, needsDecision: (event.currentTarget as HTMLInputElement).checked }))}
          />
          <label for="jobs-needs-decision">{t.jobs.needsDecision}</label>
        </div>
        <p id="jobs-needs-decision-hint" class="hint">
          {t.jobs.needsDecisionHint}
        </p>
      </fieldset>
    </Form>
  );
}

/** Jobs: the store's jobs, newest first, filtered by the URL's query, 50 a page. */
export default function JobsPage({ query }: PageProps) {
  const t = useT();
  const filters = filtersOf(query);
  const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
  const key = jobsHref(filters, offset);
  const { data, error, loading, reload } = useLoad(async () => (await api.get('/v1/jobs', { query: apiQuery(filters, offset) })).data, [key]);
  const filtered = jobsHref(filters) !== '/console/jobs';
  return (
    <Page title={t.jobs.title}>
      <FilterForm key={jobsHref(filters)} filters={filters} />
      {error !== null ? (
        <ErrorNotice error={error} retry={reload} />
      ) : data === undefined || loading ? (
        // A new filter or page: the rows of the last one are not shown under it.
        <Loading />
      ) : data.data.length === 0 && offset === 0 ? (
        <p>{filtered ? t.jobs.empty : t.jobs.emptyAll}</p>
      ) : (
        <>
          <Table
            caption={t.jobs.caption(offset + 1, offset + data.data.length)}
            head={[t.jobs.order, t.jobs.status, t.jobs.customer, t.jobs.drop, t.jobs.charge, t.jobs.created]}
            empty={data.data.length === 0}
          >
            {data.data.map((job) => (
              <tr key={job.id} data-job={job.id}>
                <td>
                  <Link href={`/console/jobs/${encodeURIComponent(job.id)}`}>{job.externalOrderId ?? t.jobs.noOrderId}</Link>
                </td>
                <td>
                  <StatusBadge value={job.status} label={t.common.status[job.status]} />
                </td>
                <td>{job.dropName}</td>
                <td>{[job.dropAddress, job.dropCity].filter(Boolean).join(', ')}</td>
                <td>
                  <Money minor={job.chargeMinor} />
                </td>
                <td>
                  <Time iso={job.createdAt} />
                </td>
              </tr>
            ))}
          </Table>
          <Pager first={offset > 0 ? jobsHref(filters) : null} next={data.data.length === PAGE_SIZE ? jobsHref(filters, offset + PAGE_SIZE) : null} />
        </>
      )}
    </Page>
  );
}
