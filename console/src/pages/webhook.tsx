import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useT } from '../i18n.ts';
import { hrefWith, navigate, type PageProps } from '../router.ts';
import { Button, ErrorNotice, Link, Loading, Notice, Page, Pager, StatusBadge, Table, Time, useLoad } from '../ui/index.ts';
import { announceDeleted } from './webhooks.tsx';
import { ShownOnce } from './shown-once.tsx';
import './settings.css';

const PAGE_SIZE = 50;

/** What the last action did: its words, a new secret it showed, or its error. */
type Outcome = { kind: 'done'; message: string; secret?: string } | { kind: 'failed'; error: unknown } | null;

/** Runs one action at a time and keeps what it did, for the page to show. */
function useAction(): { busy: boolean; outcome: Outcome; run: (action: () => Promise<Exclude<Outcome, null | { kind: 'failed' }>>) => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<Exclude<Outcome, null | { kind: 'failed' }>>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await action());
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run };
}

/**
 * One webhook endpoint: its details; a test event, a new secret (shown once) and deletion; its delivery
 * log a page at a time (failed ones only, if asked), each delivery sent again on demand.
 */
export default function Webhook({ params, query }: PageProps) {
  const t = useT();
  const id = params.id ?? '';
  const cursor = query.get('cursor') ?? '';
  const failedOnly = query.get('failed') === '1';
  const endpoint = useLoad(() => api.get('/v1/webhook-endpoints/{id}', { params: { id } }).then((result) => result.data.data), [id]);
  const deliveries = useLoad(
    () =>
      api
        .get('/v1/webhook-endpoints/{id}/deliveries', { params: { id }, query: { limit: PAGE_SIZE, ...(cursor && { after: cursor }) } })
        .then((result) => result.data),
    [id, cursor],
  );
  const action = useAction();
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const href = (next: { cursor?: string; failed?: boolean }) => {
    return hrefWith(`/console/webhooks/${encodeURIComponent(id)}`, { cursor: next.cursor, failed: (next.failed ?? failedOnly) && '1' });
  };

  const sendTest = () =>
    action.run(async () => {
      const { data } = await api.post('/v1/webhook-endpoints/{id}/test', { params: { id } });
      deliveries.reload();
      return { kind: 'done', message: t.webhooks.testSent(data.data.eventId) };
    });
  const rotate = () =>
    action.run(async () => {
      setConfirming(null);
      const { data } = await api.post('/v1/webhook-endpoints/{id}/rotate-secret', { params: { id } });
      return { kind: 'done', message: t.webhooks.rotated, secret: data.data.secret };
    });
  const remove = (url: string) =>
    action.run(async () => {
      await api.delete('/v1/webhook-endpoints/{id}', { params: { id } });
      announceDeleted(url);
      navigate('/console/webhooks');
      return { kind: 'done', message: t.webhooks.deleted(url) };
    });
  const redeliver = (eventId: string) =>
    action.run(async () => {
      await api.post('/v1/events/{id}/redeliver', { params: { id: eventId }, body: { endpointId: id } });
      deliveries.reload();
      return { kind: 'done', message: t.webhooks.redelivered(eventId) };
    });

  const url = endpoint.data?.url ?? id;
  const rows = deliveries.data?.data.filter((delivery) => !failedOnly || delivery.outcome === 'failed') ?? [];

  return (
    <Page title={t.webhooks.endpointTitle(url)}>
      <p>
        <Link href="/console/webhooks">← {t.webhooks.back}</Link>
      </p>
      {endpoint.error !== null && <ErrorNotice error={endpoint.error} retry={endpoint.reload} />}
      {endpoint.loading && !endpoint.data && <Loading />}
      {endpoint.data && (
        <>
          <section class="card stack" aria-labelledby="details-heading">
            <h2 id="details-heading">{t.webhooks.details}</h2>
            <dl class="figures">
              <div>
                <dt>{t.webhooks.columns.status}</dt>
                <dd>
                  <StatusBadge value={endpoint.data.status} label={t.webhooks.status[endpoint.data.status]} />
                </dd>
              </div>
              <div>
                <dt>{t.webhooks.columns.types}</dt>
                <dd>{endpoint.data.eventTypes ? endpoint.data.eventTypes.join(', ') : t.webhooks.everyType}</dd>
              </div>
              <div>
                <dt>{t.webhooks.columns.description}</dt>
                <dd>{endpoint.data.description ?? t.common.none}</dd>
              </div>
              <div>
                <dt>{t.webhooks.createdAt}</dt>
                <dd>
                  <Time iso={endpoint.data.createdAt} />
                </dd>
              </div>
            </dl>
          </section>

          <section class="card stack" aria-labelledby="actions-heading">
            <h2 id="actions-heading">{t.webhooks.actions}</h2>
            <Outcome outcome={action.outcome} secretTitle={t.webhooks.newSecret} secretNote={t.webhooks.secretOnce} />
            <div class="row">
              <Button variant="primary" onClick={sendTest} disabled={action.busy}>
                {t.webhooks.sendTest}
              </Button>
              <Button onClick={() => setConfirming('rotate')} disabled={action.busy} aria-expanded={confirming === 'rotate'}>
                {t.webhooks.rotate}
              </Button>
              <Button variant="danger" onClick={() => setConfirming('delete')} disabled={action.busy} aria-expanded={confirming === 'delete'}>
                {t.webhooks.delete}
              </Button>
            </div>
            {confirming === 'rotate' && (
              <Confirm onCancel={() => setConfirming(null)}>
                <p>{t.webhooks.rotateConfirm}</p>
                <Button variant="primary" onClick={rotate} disabled={action.busy}>
                  {t.webhooks.rotateNow}
                </Button>
              </Confirm>
            )}
            {confirming === 'delete' && (
              <Confirm onCancel={() => setConfirming(null)}>
                <p>{t.webhooks.deleteConfirm(endpoint.data.url)}</p>
                <Button variant="danger" onClick={() => remove(endpoint.data!.url)} disabled={action.busy}>
                  {t.webhooks.deleteNow}
                </Button>
              </Confirm>
            )}
          </section>
        </>
      )}

      <section class="stack" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">{t.webhooks.deliveries}</h2>
        <div class="row">
          <label class="check">
            <input
              type="checkbox"
              checked={failedOnly}
              onChange={(event) => navigate(href({ failed: (event.currentTarget as HTMLInputElement).checked }), { replace: true })}
            />{' '}
            {t.webhooks.failedOnly}
          </label>
          <Button onClick={deliveries.reload}>{t.webhooks.refresh}</Button>
        </div>
        {deliveries.error !== null && <ErrorNotice error={deliveries.error} retry={deliveries.reload} />}
        {deliveries.loading && !deliveries.data && <Loading />}
        {deliveries.data && rows.length === 0 && <p class="muted">{failedOnly ? t.webhooks.noFailed : t.webhooks.noDeliveries}</p>}
        {deliveries.data && rows.length > 0 && (
          <div class="wide">
            <Table
              caption={t.webhooks.deliveries}
              head={[
                t.webhooks.deliveryColumns.event,
                t.webhooks.deliveryColumns.attempt,
                t.webhooks.deliveryColumns.outcome,
                t.webhooks.deliveryColumns.response,
                t.webhooks.deliveryColumns.error,
                t.webhooks.deliveryColumns.duration,
                t.webhooks.deliveryColumns.attempted,
                t.webhooks.deliveryColumns.next,
                t.webhooks.deliveryColumns.action,
              ]}
            >
              {rows.map((delivery) => (
                <tr key={`${delivery.eventId}:${delivery.attempt}:${delivery.attemptedAt}`} data-event={delivery.eventId} data-outcome={delivery.outcome}>
                  <td class="mono">{delivery.eventId}</td>
                  <td class="num">{delivery.attempt}</td>
                  <td>
                    <StatusBadge value={delivery.outcome} label={t.webhooks.outcome[delivery.outcome]} />
                  </td>
                  <td class="num">{delivery.responseStatus ?? t.webhooks.noResponse}</td>
                  <td>{delivery.error ?? t.common.none}</td>
                  <td class="num">{t.webhooks.ms(delivery.durationMs)}</td>
                  <td>
                    <Time iso={delivery.attemptedAt} />
                  </td>
                  <td>{delivery.nextAttemptAt ? <Time iso={delivery.nextAttemptAt} /> : t.webhooks.noRetry}</td>
                  <td>
                    {/* Named with its event: every row has one (an aria-label, not hidden text, which would escape the scrolling table). */}
                    <Button onClick={() => redeliver(delivery.eventId)} disabled={action.busy} aria-label={`${t.webhooks.redeliver} ${delivery.eventId}`}>
                      {t.webhooks.redeliver}
                    </Button>
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        )}
        <Pager
          first={cursor ? href({ cursor: '' }) : null}
          next={deliveries.data?.hasMore && deliveries.data.nextCursor ? href({ cursor: deliveries.data.nextCursor }) : null}
        />
      </section>
    </Page>
  );
}

/** What the last action did; a secret it made is shown once, in page state only. */
function Outcome({ outcome, secretTitle, secretNote }: { outcome: Outcome; secretTitle: string; secretNote: string }) {
  if (outcome === null) return null;
  if (outcome.kind === 'failed') return <ErrorNotice error={outcome.error} />;
  return (
    <>
      <Notice kind="ok">{outcome.message}</Notice>
      {outcome.secret && <ShownOnce title={secretTitle} note={secretNote} secret={outcome.secret} />}
    </>
  );
}

/** A second step before an action that cannot be taken back. */
function Confirm({ onCancel, children }: { onCancel: () => void; children: ComponentChildren }) {
  const t = useT();
  return (
    <div class="confirm stack-tight" role="group" aria-label={t.common.confirm}>
      {children}
      <Button onClick={onCancel}>{t.webhooks.cancel}</Button>
    </div>
  );
}
