import type { components } from '../../../examples/api.d.ts';
import { api } from '../api.ts';
import { istDate } from '../format.ts';
import { useT } from '../i18n.ts';
import { hrefWith, type PageProps } from '../router.ts';
import { ErrorNotice, Link, Loading, Money, Notice, Page, Pager, Table, Time, TypeAndJobFilters, useLoad } from '../ui/index.ts';
import { CsvDownload } from './csv-download.tsx';
import './settings.css';

type Entry = components['schemas']['StatementResponse']['data'][number];
type EntryType = Entry['type'];

const PAGE_SIZE = 50;
const TYPES: EntryType[] = ['top_up', 'reserve', 'release', 'capture', 'adjustment', 'cod_remittance'];

interface Filters {
  type: string;
  jobId: string;
  cursor: string;
}

/** The statement's address for these filters: the URL is the page's state, so a filtered page is a link. */
function statementHref({ type, jobId, cursor }: Filters): string {
  return hrefWith('/console/statement', { type, jobId, cursor });
}

/** The API's query for a page: the job filter and the cursor (the ledger has no type filter: the page applies it). */
function ledgerQuery({ jobId, cursor }: Filters) {
  return { limit: PAGE_SIZE, ...(jobId && { jobId }), ...(cursor && { after: cursor }) };
}

/** Statement: the store's credit, its ledger a page at a time with type and job filters, and the page's CSV as the API gives it. */
export default function Statement({ query }: PageProps) {
  const t = useT();
  const filters: Filters = { type: query.get('type') ?? '', jobId: query.get('jobId') ?? '', cursor: query.get('cursor') ?? '' };
  const balance = useLoad(() => api.get('/v1/balance').then((result) => result.data.data), []);
  const ledger = useLoad(() => api.get('/v1/ledger', { query: ledgerQuery(filters) }).then((result) => result.data), [filters.jobId, filters.cursor]);
  const shown = ledger.data?.data.filter((entry) => !filters.type || entry.type === filters.type) ?? [];
  const csvName = `statement-${istDate()}${filters.jobId ? `-job-${filters.jobId.slice(0, 8)}` : ''}${filters.cursor ? '-older' : ''}.csv`;

  return (
    <Page title={t.statement.title}>
      <section class="card stack" aria-labelledby="credit-heading">
        <h2 id="credit-heading">{t.statement.credit}</h2>
        {balance.error !== null && <ErrorNotice error={balance.error} retry={balance.reload} />}
        {balance.loading && !balance.data && <Loading />}
        {balance.data && (
          <>
            <dl class="figures">
              <div>
                <dt>{t.statement.balance}</dt>
                <dd>
                  <Money minor={balance.data.balanceMinor} />
                </dd>
              </div>
              <div>
                <dt>{t.statement.reserved}</dt>
                <dd>
                  <Money minor={balance.data.reservedMinor} />
                </dd>
              </div>
              <div>
                <dt>{t.statement.available}</dt>
                <dd>
                  <strong>
                    <Money minor={balance.data.availableMinor} />
                  </strong>
                </dd>
              </div>
            </dl>
            {!balance.data.apiEnabled && <Notice kind="warn">{t.statement.apiOff}</Notice>}
          </>
        )}
      </section>

      {/* Applying them starts again from the newest entries. */}
      <TypeAndJobFilters
        path="/console/statement"
        filters={filters}
        types={TYPES.map((value) => ({ value, label: t.statement.types[value] }))}
        words={t.statement}
      />

      <section class="stack" aria-labelledby="entries-heading">
        <h2 id="entries-heading">{t.statement.entries}</h2>
        <CsvDownload
          load={() => api.text('/v1/ledger', { query: ledgerQuery(filters), accept: 'text/csv' })}
          fileName={csvName}
          words={t.statement}
          hint={t.statement.csvHint}
        />
        {filters.type && <p class="muted">{t.statement.typeFilterNote}</p>}
        {ledger.error !== null && <ErrorNotice error={ledger.error} retry={ledger.reload} />}
        {ledger.loading && <Loading />}
        {!ledger.loading && ledger.data && shown.length === 0 && (
          <p class="muted">{filters.type || filters.jobId ? t.statement.emptyFiltered : t.statement.empty}</p>
        )}
        {!ledger.loading && shown.length > 0 && (
          <div class="wide">
            <Table
              caption={t.statement.entries}
              head={[
                t.statement.columns.date,
                t.statement.columns.type,
                t.statement.columns.amount,
                t.statement.columns.balance,
                t.statement.columns.reserved,
                t.statement.columns.job,
                t.statement.columns.note,
              ]}
            >
              {shown.map((entry) => (
                <tr key={entry.id} data-entry={entry.id}>
                  <td>
                    <Time iso={entry.createdAt} />
                  </td>
                  <td>{t.statement.types[entry.type]}</td>
                  <td class="num">
                    <Money minor={entry.amountMinor} />
                  </td>
                  <td class="num">
                    <Money minor={entry.balanceMinor} />
                  </td>
                  <td class="num">
                    <Money minor={entry.reservedMinor} />
                  </td>
                  <td>
                    {entry.jobId ? (
                      <Link href={`/console/jobs/${encodeURIComponent(entry.jobId)}`} class="mono">
                        {entry.jobId}
                      </Link>
                    ) : (
                      t.common.none
                    )}
                  </td>
                  <td>{entry.note ?? t.common.none}</td>
                </tr>
              ))}
            </Table>
          </div>
        )}
        {/* The first page stays reachable when a cursor is refused (400: one from before the service's key changed). */}
        <Pager
          first={filters.cursor ? statementHref({ ...filters, cursor: '' }) : null}
          next={ledger.data?.hasMore && ledger.data.nextCursor ? statementHref({ ...filters, cursor: ledger.data.nextCursor }) : null}
        />
      </section>
    </Page>
  );
}
