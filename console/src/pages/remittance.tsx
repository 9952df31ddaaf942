import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import type { PageProps } from '../router.ts';
import { ErrorNotice, Link, Loading, Money, Page, StatusBadge, Table, Time, useLoad } from '../ui/index.ts';
import { CsvDownload } from './csv-download.tsx';
import './settings.css';

/** One remittance: what it credited and when, and the payments it carries, each linking to its job; their CSV as the API gives it. */
export default function Remittance({ params }: PageProps) {
  const t = useT();
  const id = params.id ?? '';
  const remittance = useLoad(() => api.get('/v1/remittances/{id}', { params: { id } }).then((result) => result.data.data), [id]);
  const data = remittance.data;

  return (
    <Page title={t.remittances.detailTitle(id)}>
      <p>
        <Link href="/console/remittances">← {t.remittances.back}</Link>
      </p>
      {remittance.error !== null && <ErrorNotice error={remittance.error} retry={remittance.reload} />}
      {remittance.loading && !data && <Loading />}
      {data && (
        <>
          <section class="card stack" aria-labelledby="details-heading">
            <h2 id="details-heading">{t.remittances.details}</h2>
            <dl class="figures">
              <div>
                <dt>{t.remittances.columns.status}</dt>
                <dd>
                  <StatusBadge value={data.status} label={t.remittances.status[data.status]} />
                </dd>
              </div>
              <div>
                <dt>{t.remittances.amount}</dt>
                <dd>
                  <Money minor={data.amountMinor} />
                </dd>
              </div>
              <div>
                <dt>{t.remittances.jobCount}</dt>
                <dd>{data.jobCount}</dd>
              </div>
              <div>
                <dt>{t.remittances.periodStart}</dt>
                <dd>
                  <Time iso={data.periodStart} />
                </dd>
              </div>
              <div>
                <dt>{t.remittances.periodEnd}</dt>
                <dd>
                  <Time iso={data.periodEnd} />
                </dd>
              </div>
              <div>
                <dt>{t.remittances.created}</dt>
                <dd>
                  <Time iso={data.createdAt} />
                </dd>
              </div>
              <div>
                <dt>{t.remittances.credited}</dt>
                <dd>{data.creditedAt ? <Time iso={data.creditedAt} /> : t.remittances.notYet}</dd>
              </div>
              <div>
                <dt>{t.remittances.ledgerEntry}</dt>
                <dd class="mono">{data.ledgerEntryId ?? t.common.none}</dd>
              </div>
            </dl>
          </section>

          <section class="stack" aria-labelledby="lines-heading">
            <h2 id="lines-heading">{t.remittances.lines}</h2>
            <CsvDownload
              load={() => api.text('/v1/remittances/{id}', { params: { id }, accept: 'text/csv' })}
              fileName={`remittance-${id}.csv`}
              words={t.remittances}
              hint={t.remittances.linesCsvHint}
            />
            {data.lines.length === 0 ? (
              <p class="muted">{t.remittances.noLines}</p>
            ) : (
              <div class="wide">
                <Table
                  caption={t.remittances.lines}
                  head={[t.remittances.lineColumns.job, t.remittances.lineColumns.amount, t.remittances.lineColumns.collected]}
                >
                  {data.lines.map((line) => (
                    <tr key={line.jobId}>
                      <td>
                        <Link href={`/console/jobs/${encodeURIComponent(line.jobId)}`} class="mono">
                          {line.jobId}
                        </Link>
                      </td>
                      <td class="num">
                        <Money minor={line.amountMinor} />
                      </td>
                      <td>
                        <Time iso={line.collectedAt} />
                      </td>
                    </tr>
                  ))}
                </Table>
              </div>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
