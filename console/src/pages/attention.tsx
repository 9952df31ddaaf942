import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../examples/api.d.ts';
import { api } from '../api.ts';
import { istDate, istDayStart, money } from '../format.ts';
import { useT } from '../i18n.ts';
import './job.css';
import type { PageProps } from '../router.ts';
import { Button, Countdown, ErrorNotice, Link, Loading, Notice, Page, StatusBadge, Table, useLoad, errorText } from '../ui/index.ts';

type JobDetail = components['schemas']['JobDetailResponse']['data'];
type JobSummary = components['schemas']['JobListResponse']['data'][number];
type Endpoint = components['schemas']['WebhookEndpointListResponse']['data'][number];
type Delivery = components['schemas']['DeliveryListResponse']['data'][number];

/** "Low" credit: under the cost of this many deliveries at the store's typical charge. */
export const LOW_BALANCE_DELIVERIES = 5;
/** The threshold while the store has no priced job to take a typical charge from (₹500). */
export const LOW_BALANCE_DEFAULT_MINOR = 50_000;
/** How many recent jobs give the typical charge (their median). */
const TYPICAL_OF = 20;
/** Today's jobs are counted from at most this many pages of 100; past that the page says "500+". */
const TODAY_PAGES = 5;
const PAGE = 100;
/** How long after a deadline the list is read again: the platform's default lands within a few seconds. */
const DEFAULT_APPLIED_MS = 3_000;

const STATUSES = ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed', 'delivered', 'failed', 'cancelled'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** The jobs waiting for a decision, each with its detail (the list's items do not carry `pendingDecision`). */
async function loadDecisions(): Promise<JobDetail[]> {
  const list = await api.get('/v1/jobs', { query: { needsDecision: 'true', limit: 50 } });
  const details = await Promise.all(list.data.data.map((job) => api.get('/v1/jobs/{id}', { params: { id: job.id } })));
  return details
    .map((answer) => answer.data.data)
    .filter((job) => job.pendingDecision !== null)
    .sort((a, b) => Date.parse(a.pendingDecision!.deadlineAt) - Date.parse(b.pendingDecision!.deadlineAt));
}

/** Each endpoint that is disabled, or whose latest delivery attempt failed (the list itself says only enabled or disabled). */
async function loadEndpoints(): Promise<{ endpoints: Endpoint[]; troubled: Array<{ endpoint: Endpoint; latest: Delivery | null }> }> {
  const endpoints = (await api.get('/v1/webhook-endpoints')).data.data;
  const latest = await Promise.all(
    endpoints.map(async (endpoint) =>
      endpoint.status === 'disabled'
        ? null
        : ((await api.get('/v1/webhook-endpoints/{id}/deliveries', { params: { id: endpoint.id }, query: { limit: 1 } })).data.data[0] ?? null),
    ),
  );
  const troubled = endpoints
    .map((endpoint, i) => ({ endpoint, latest: latest[i] ?? null }))
    .filter(({ endpoint, latest }) => endpoint.status === 'disabled' || latest?.outcome === 'failed');
  return { endpoints, troubled };
}

async function loadCredit() {
  const [balance, recent] = await Promise.all([api.get('/v1/balance'), api.get('/v1/jobs', { query: { limit: TYPICAL_OF } })]);
  const charges = recent.data.data.map((job) => job.chargeMinor).filter((charge): charge is number => charge !== null);
  const typical = charges.length > 0 ? median(charges) : null;
  const threshold = typical === null ? LOW_BALANCE_DEFAULT_MINOR : typical * LOW_BALANCE_DELIVERIES;
  return { balance: balance.data.data, typical, threshold };
}

/** Today's (IST) jobs by status: the list from the day's start, page by page up to a bound. */
async function loadToday(): Promise<{ date: string; counts: Map<string, number>; capped: boolean }> {
  const date = istDate();
  const jobs: JobSummary[] = [];
  let capped = false;
  for (let page = 0; page < TODAY_PAGES; page++) {
    const answer = await api.get('/v1/jobs', { query: { createdFrom: istDayStart(date), limit: PAGE, offset: page * PAGE } });
    jobs.push(...answer.data.data);
    if (answer.data.data.length < PAGE) break;
    capped = page === TODAY_PAGES - 1;
  }
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(job.status, (counts.get(job.status) ?? 0) + 1);
  return { date, counts, capped };
}

function Decisions() {
  const t = useT();
  const decisions = useLoad(loadDecisions, []);
  // When the nearest deadline passes the platform applies the default (the return): the list is read again then.
  const nearest = decisions.data?.[0]?.pendingDecision?.deadlineAt;
  useEffect(() => {
    if (!nearest) return;
    const timer = setTimeout(decisions.reload, Math.max(0, Date.parse(nearest) - Date.now()) + DEFAULT_APPLIED_MS);
    return () => clearTimeout(timer);
  }, [nearest, decisions.reload]);
  const [result, setResult] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const decide = async (job: JobDetail, action: 'reattempt' | 'return') => {
    const name = job.externalOrderId ?? job.id;
    setBusy(job.id);
    try {
      await api.post('/v1/jobs/{id}/decision', { params: { id: job.id }, body: { action } });
      setResult({ kind: 'ok', text: action === 'reattempt' ? t.attention.reattempted(name) : t.attention.returned(name) });
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error, t) });
    } finally {
      setBusy(null);
      decisions.reload();
    }
  };
  return (
    <section class="stack" aria-labelledby="attention-decisions">
      <h2 id="attention-decisions">{t.attention.decisions}</h2>
      <p class="muted">{t.attention.decisionsIntro}</p>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {decisions.error !== null ? (
        <ErrorNotice error={decisions.error} retry={decisions.reload} />
      ) : decisions.data === undefined ? (
        <Loading />
      ) : decisions.data.length === 0 ? (
        <p>{t.attention.noDecisions}</p>
      ) : (
        // Cards, not a table: on a phone the decision's buttons stay in view, never scrolled off to the side.
        <ul class="stack job-cards" aria-label={t.attention.decisionsCaption}>
          {decisions.data.map((job) => {
            const attempt = job.deliveryAttempts.at(-1);
            const heading = `decision-${job.id}`;
            return (
              <li key={job.id} class="card stack-tight" data-job={job.id}>
                <h3 id={heading}>
                  <Link href={`/console/jobs/${encodeURIComponent(job.id)}`}>{job.externalOrderId ?? job.id}</Link>
                </h3>
                <p data-field="customer">
                  {t.attention.customer}: {job.dropName}
                </p>
                <p data-field="attempt">
                  {t.attention.attempt}: {attempt ? t.job.attemptReasons[attempt.reason] : ''}
                </p>
                <p>
                  <Countdown deadline={job.pendingDecision!.deadlineAt} />
                </p>
                {/* The buttons are described by their job's heading: several cards' "Return"s are told apart. */}
                <div class="row">
                  <Button variant="primary" disabled={busy === job.id} aria-describedby={heading} onClick={() => decide(job, 'reattempt')}>
                    {t.attention.reattempt}
                  </Button>
                  <Button disabled={busy === job.id} aria-describedby={heading} onClick={() => decide(job, 'return')}>
                    {t.attention.return}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Webhooks() {
  const t = useT();
  const { data, error, reload } = useLoad(loadEndpoints, []);
  return (
    <section class="stack" aria-labelledby="attention-webhooks">
      <h2 id="attention-webhooks">{t.attention.webhooks}</h2>
      {error !== null ? (
        <ErrorNotice error={error} retry={reload} />
      ) : data === undefined ? (
        <Loading />
      ) : data.endpoints.length === 0 ? (
        <p>{t.attention.noWebhooks}</p>
      ) : data.troubled.length === 0 ? (
        <p>
          <StatusBadge value="succeeded" label={t.attention.allWell} /> {t.attention.webhooksFine}
        </p>
      ) : (
        <ul class="stack job-trouble">
          {data.troubled.map(({ endpoint, latest }) => (
            <li key={endpoint.id} class="card stack-tight">
              <Link href={`/console/webhooks/${encodeURIComponent(endpoint.id)}`} class="mono job-wrap">
                {endpoint.url}
              </Link>
              {endpoint.status === 'disabled' ? (
                <p>
                  <StatusBadge value="disabled" label={t.attention.disabled} /> {t.attention.endpointDisabled}
                </p>
              ) : (
                <p>
                  <StatusBadge value="failing" label={t.attention.failing} />{' '}
                  {t.attention.endpointFailing(latest?.error ?? String(latest?.responseStatus ?? ''))}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Credit() {
  const t = useT();
  const { data, error, reload } = useLoad(loadCredit, []);
  return (
    <section class="stack" aria-labelledby="attention-credit">
      <h2 id="attention-credit">{t.attention.balance}</h2>
      {error !== null ? (
        <ErrorNotice error={error} retry={reload} />
      ) : data === undefined ? (
        <Loading />
      ) : (
        <>
          {data.balance.availableMinor < data.threshold ? (
            <Notice kind="warn">{t.attention.balanceLow(money(data.balance.availableMinor), money(data.threshold))}</Notice>
          ) : (
            <p>{t.attention.balanceFine(money(data.balance.availableMinor))}</p>
          )}
          <p class="muted">
            {data.typical === null ? t.attention.lowMeansDefault(money(data.threshold)) : t.attention.lowMeans(LOW_BALANCE_DELIVERIES, money(data.typical))}{' '}
            <Link href="/console/statement">{t.attention.statement}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function Today() {
  const t = useT();
  const { data, error, reload } = useLoad(loadToday, []);
  return (
    <section class="stack" aria-labelledby="attention-today">
      <h2 id="attention-today">{t.attention.today}</h2>
      {error !== null ? (
        <ErrorNotice error={error} retry={reload} />
      ) : data === undefined ? (
        <Loading />
      ) : data.counts.size === 0 ? (
        <p>
          {t.attention.noJobsToday} <Link href="/console/book">{t.attention.bookDelivery}</Link>
        </p>
      ) : (
        <>
          <p class="muted">{t.attention.todayIntro(data.date)}</p>
          <Table caption={t.attention.today} head={[t.attention.status, t.attention.count]}>
            {STATUSES.filter((status) => data.counts.has(status)).map((status) => (
              <tr key={status}>
                <td>
                  <Link href={`/console/jobs?status=${status}&createdFrom=${data.date}`}>
                    <StatusBadge value={status} label={t.common.status[status]} />
                  </Link>
                </td>
                <td>{data.capped ? t.attention.atLeast(data.counts.get(status)!) : data.counts.get(status)}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}

/** Needs attention (home): what a person should act on now. */
export default function AttentionPage(_props: PageProps) {
  const t = useT();
  return (
    <Page title={t.attention.title}>
      <Decisions />
      <Webhooks />
      <Credit />
      <Today />
    </Page>
  );
}
