import { api } from '../api.ts';
import { istDate } from '../format.ts';
import { useT } from '../i18n.ts';
import type { PageProps } from '../router.ts';
import { ErrorNotice, Link, Loading, Money, Page, Pager, StatusBadge, Table, Time, useLoad } from '../ui/index.ts';
import { CsvDownload } from './csv-download.tsx';
import './settings.css';

const PAGE_SIZE = 50;

function remittancesHref(cursor: string): string {
  return cursor ? `/console/remittances?${new URLSearchParams({ cursor })}` : '/console/remittances';
}

/** Remittances: the cash-on-delivery totals, then the remittances a page at a time, each linking to its payments; the page's CSV as the API gives it. */
export default function Remittances({ query }: PageProps) {
  const t = useT();
  const cursor = query.get('cursor') ?? '';
  const listQuery = { limit: PAGE_SIZE, ...(cursor && { after: cursor }) };
  const summary = useLoad(() => api.get('/v1/cod-summary').then((result) => result.data.data), []);
  const list = useLoad(() => api.get('/v1/remittances', { query: listQuery }).then((result) => result.data), [cursor]);

  return (
    <Page title={t.remittances.title}>
      <p>{t.remittances.intro}</p>
      <section class="card stack" aria-labelledby="cod-heading">
        <h2 id="cod-heading">{t.remittances.summary}</h2>
        {summary.error !== null && <ErrorNotice error={summary.error} retry={summary.reload} />}
        {summary.loading && !summary.data && <Loading />}
        {summary.data && (
          <dl class="figures">
            <div>
              <dt>{t.remittances.collected}</dt>
              <dd>
                <Money minor={summary.data.collectedMinor} />
              </dd>
            </div>
            <div>
              <dt>{t.remittances.awaiting}</dt>
              <dd>
                <Money minor={summary.data.awaitingRemittanceMinor} />
              </dd>
            </div>
            <div>
              <dt>{t.remittances.awaitingVerification}</dt>
              <dd>
                <Money minor={summary.data.awaitingVerificationMinor} />
              </dd>
            </div>
            <div>
              <dt>{t.remittances.remitted}</dt>
              <dd>
                <Money minor={summary.data.remittedMinor} />
              </dd>
            </div>
            <div>
              <dt>{t.remittances.nextRemittance}</dt>
              <dd>{summary.data.nextRemittanceAt ? <Time iso={summary.data.nextRemittanceAt} /> : t.remittances.noneDue}</dd>
            </div>
          </dl>
        )}
      </section>

      <section class="stack" aria-labelledby="list-heading">
        <h2 id="list-heading">{t.remittances.list}</h2>
        <CsvDownload
          load={() => api.text('/v1/remittances', { query: listQuery, accept: 'text/csv' })}
          fileName={`remittances-${istDate()}${cursor ? '-older' : ''}.csv`}
          words={t.remittances}
          hint={t.remittances.listCsvHint}
        />
        {list.error !== null && <ErrorNotice error={list.error} retry={list.reload} />}
        {list.loading && <Loading />}
        {!list.loading && list.data?.data.length === 0 && <p class="muted">{t.remittances.empty}</p>}
        {!list.loading && list.data && list.data.data.length > 0 && (
          <div class="wide">
            <Table
              caption={t.remittances.list}
              head={[
                t.remittances.columns.id,
                t.remittances.columns.status,
                t.remittances.columns.amount,
                t.remittances.columns.jobs,
                t.remittances.columns.period,
                t.remittances.columns.credited,
              ]}
            >
              {list.data.data.map((remittance) => (
                <tr key={remittance.id}>
                  <td>
                    <Link href={`/console/remittances/${encodeURIComponent(remittance.id)}`} class="mono">
                      {remittance.id}
                    </Link>
                  </td>
                  <td>
                    <StatusBadge value={remittance.status} label={t.remittances.status[remittance.status]} />
                  </td>
                  <td class="num">
                    <Money minor={remittance.amountMinor} />
                  </td>
                  <td class="num">{remittance.jobCount}</td>
                  <td>
                    <Time iso={remittance.periodStart} /> – <Time iso={remittance.periodEnd} />
                  </td>
                  <td>{remittance.creditedAt ? <Time iso={remittance.creditedAt} /> : t.remittances.notYet}</td>
                </tr>
              ))}
            </Table>
          </div>
        )}
        <Pager first={cursor ? remittancesHref('') : null} next={list.data?.hasMore && list.data.nextCursor ? remittancesHref(list.data.nextCursor) : null} />
      </section>
    </Page>
  );
}
