import { useT } from '../../i18n.ts';
import { StatusBadge, Time } from '../../ui/index.ts';
import type { JobDetail, JobEvent } from './types.ts';

const STATUS_EVENTS = new Set(
  ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed', 'delivered', 'failed', 'cancelled'].map((s) => `job.${s}`),
);

interface Entry {
  key: string;
  at: string;
  status?: string;
  text: string;
  detail: string | null;
}

/**
 * The job's history (its status changes, with actor and note) merged with the events that say more than
 * a status: an edit, a failed attempt, the return trip, settlement and cash. A status event repeats its
 * history entry, and a rider's position is not news here, so those two kinds are left out.
 */
export function timelineOf(job: JobDetail, events: JobEvent[], t: ReturnType<typeof useT>): Entry[] {
  const history: Entry[] = job.events.map((entry) => ({
    key: entry.id,
    at: entry.createdAt,
    status: entry.status,
    text: t.job.statusChange(t.common.status[entry.status] ?? entry.status),
    detail: [entry.note, entry.actor && t.job.by(entry.actor)].filter(Boolean).join(' · ') || null,
  }));
  const more: Entry[] = events
    .filter((event) => !STATUS_EVENTS.has(event.type) && event.type !== 'job.location_updated' && event.type in t.job.eventTypes)
    .map((event) => ({ key: event.id, at: event.createdAt, text: t.job.eventTypes[event.type]!, detail: detailOf(event, t) }));
  // A stable sort: entries of the same instant (the simulator makes several moves at once) keep the history's order, then the feed's.
  return [...history, ...more].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

function detailOf(event: JobEvent, t: ReturnType<typeof useT>): string | null {
  const data = event.data as Record<string, unknown> & { job?: { settlement?: string | null } };
  switch (event.type) {
    case 'job.updated':
      return t.job.changedFields((data.changedFields as string[]).join(', '));
    case 'job.delivery_attempted': {
      const attempt = data.deliveryAttempt as { reason: string; note: string | null };
      return [t.job.attemptReasons[attempt.reason] ?? attempt.reason, attempt.note].filter(Boolean).join(' · ');
    }
    case 'job.settlement_changed':
      return data.job?.settlement ? (t.common.settlement[data.job.settlement] ?? data.job.settlement) : null;
    case 'job.collection_updated': {
      const collection = data.collection as { status: string } | null;
      return collection ? (t.job.codStatuses[collection.status] ?? collection.status) : null;
    }
    default:
      return null;
  }
}

/** The timeline, oldest first. */
export function Timeline({ job, events }: { job: JobDetail; events: JobEvent[] }) {
  const t = useT();
  const entries = timelineOf(job, events, t);
  return (
    <section class="card stack" aria-labelledby="job-timeline">
      <h2 id="job-timeline">{t.job.timeline}</h2>
      {entries.length === 0 ? (
        <p>{t.job.timelineEmpty}</p>
      ) : (
        <ol class="job-timeline">
          {entries.map((entry) => (
            <li key={entry.key}>
              <Time iso={entry.at} /> {entry.status ? <StatusBadge value={entry.status} label={entry.text} /> : <strong>{entry.text}</strong>}
              {entry.detail && <span class="muted"> — {entry.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
