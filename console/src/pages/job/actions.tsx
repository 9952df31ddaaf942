import { useState } from 'preact/hooks';
import { api } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { currentSession } from '../../session.ts';
import { Button, Countdown, CopyButton, errorText, Notice, Time } from '../../ui/index.ts';
import type { JobDetail, Reload } from './types.ts';

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

/** Runs an action, then shows its result and reloads the job (whatever happened, the job may have moved). */
function useAction(reload: Reload) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'ok', text: await action() });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t) });
    } finally {
      setBusy(false);
      reload();
    }
  };
  const shown = outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>;
  return { busy, run, shown };
}

/** The decision a failed attempt asks for, with its deadline. */
export function Decision({ job, reload }: { job: JobDetail; reload: Reload }) {
  const t = useT();
  const { busy, run, shown } = useAction(reload);
  const decide = (action: 'reattempt' | 'return') =>
    run(async () => {
      await api.post('/v1/jobs/{id}/decision', { params: { id: job.id }, body: { action } });
      return t.job.decided[action];
    });
  return (
    <section class="card stack" aria-labelledby="job-decision">
      <h2 id="job-decision">{t.job.decision}</h2>
      {shown}
      {job.pendingDecision && (
        <>
          <p>{t.job.decisionIntro}</p>
          <p>
            <Countdown deadline={job.pendingDecision.deadlineAt} />
          </p>
          <div class="row">
            <Button variant="primary" disabled={busy} onClick={() => decide('reattempt')}>
              {t.job.reattempt}
            </Button>
            <Button disabled={busy} onClick={() => decide('return')}>
              {t.job.return}
            </Button>
          </div>
        </>
      )}
      {job.deliveryAttempts.length > 0 && (
        <>
          <h3>{t.job.attempts}</h3>
          <ol>
            {job.deliveryAttempts.map((attempt) => (
              <li key={attempt.number}>
                <Time iso={attempt.createdAt} /> {t.job.attemptReasons[attempt.reason] ?? attempt.reason}
                {attempt.note && <span class="muted"> — {attempt.note}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

const CANCELLABLE = new Set(['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked']);

/** A destructive action behind a second, explicit press. */
function Confirmed({ label, question, confirm, busy, onConfirm }: { label: string; question: string; confirm: string; busy: boolean; onConfirm: () => void }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  if (!asking) return <Button onClick={() => setAsking(true)}>{label}</Button>;
  return (
    <div class="stack job-confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <div class="row">
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirm}
        </Button>
        <Button onClick={() => setAsking(false)}>{t.job.keep}</Button>
      </div>
    </div>
  );
}

/** Cancel (before pickup) and recall (after it), as the job's state allows. */
export function CancelRecall({ job, reload }: { job: JobDetail; reload: Reload }) {
  const t = useT();
  const { busy, run, shown } = useAction(reload);
  const canCancel = CANCELLABLE.has(job.status);
  const canRecall = job.status === 'pickup_completed' && job.returnTrip === null;
  if (!canCancel && !canRecall && !shown) return null;
  return (
    <div class="stack">
      {shown}
      {canCancel && (
        <Confirmed
          label={t.job.cancel}
          question={t.job.cancelQuestion}
          confirm={t.job.cancelConfirm}
          busy={busy}
          onConfirm={() =>
            run(async () => {
              await api.post('/v1/jobs/{id}/cancel', { params: { id: job.id } });
              return t.job.cancelled;
            })
          }
        />
      )}
      {canRecall && (
        <Confirmed
          label={t.job.recall}
          question={t.job.recallQuestion}
          confirm={t.job.recallConfirm}
          busy={busy}
          onConfirm={() =>
            run(async () => {
              await api.post('/v1/jobs/{id}/return', { params: { id: job.id } });
              return t.job.recalled;
            })
          }
        />
      )}
    </div>
  );
}

/** A new link to the customer's tracking page, to copy or to share on WhatsApp (a link the person follows; the page sends nothing there). */
export function TrackingLink({ job }: { job: JobDetail }) {
  const t = useT();
  const [link, setLink] = useState<{ url: string; expiresAt: string | null } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setLink((await api.post('/v1/jobs/{id}/tracking-link', { params: { id: job.id } })).data.data);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const store = currentSession()?.store.name ?? '';
  return (
    <section class="card stack" aria-labelledby="job-tracking">
      <h3 id="job-tracking">{t.job.tracking}</h3>
      <p class="muted">{t.job.trackingIntro}</p>
      {failure !== null && <Notice kind="error">{errorText(failure, t)}</Notice>}
      {link && (
        <Notice kind="ok" title={t.job.linkMade}>
          <p>
            <code class="mono job-wrap" data-field="tracking-url">
              {link.url}
            </code>
          </p>
          <div class="row">
            <CopyButton value={link.url} />
            <a
              class="button button-plain"
              href={`https://wa.me/?text=${encodeURIComponent(t.job.whatsAppText(store, link.url))}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.job.whatsApp}
            </a>
          </div>
          {link.expiresAt && (
            <p class="muted">
              {t.job.linkExpires}: <Time iso={link.expiresAt} />
            </p>
          )}
        </Notice>
      )}
      <div class="row">
        <Button disabled={busy} onClick={make}>
          {t.job.makeLink}
        </Button>
      </div>
    </section>
  );
}
