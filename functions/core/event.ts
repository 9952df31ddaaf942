import { randomBase62 } from './api-key.ts';
import {
  changedFields,
  JOB_STATUSES,
  toCollectionData,
  toReturnTripData,
  type CollectionData,
  type DeliveryAttempt,
  type EditableField,
  type Job,
  type JobStatus,
  type PendingDecision,
  type ReturnTripData,
} from './job.ts';

/**
 * Events: what merchants learn without polling. Every change of a job that a merchant cares about
 * produces one event, written in the same DynamoDB transaction as the change (functions/data), so there
 * is no change without its event and no event without its change.
 */

/**
 * `job.<status>` for each status a job can reach, then the settlement change, an edit, a failed
 * delivery attempt, the return trip's start and end (back at the pickup, or failed on the way), a cash-on-delivery
 * payment's change (collected, not collected, remitted), the location, then endpoint notices and remittances, then the
 * test event a merchant asks for (POST /v1/webhook-endpoints/{id}/test: sent to that endpoint only, never in the feed).
 */
export const EVENT_TYPES = [
  ...JOB_STATUSES.map((status) => `job.${status}` as const),
  'job.settlement_changed',
  'job.updated',
  'job.delivery_attempted',
  'job.return_started',
  'job.returned',
  'job.return_failed',
  'job.collection_updated',
  'job.location_updated',
  'webhook_endpoint.disabled',
  'remittance.created',
  'webhook_endpoint.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A rider's position is reported every few seconds; the feed takes one per job every 30 s at most. */
export const LOCATION_EVENT_INTERVAL_MS = 30_000;

/** Events stay in the feed (and can be redelivered) for 30 days. */
export const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** `evt_` and 24 base62 characters. */
export const EVENT_ID_PATTERN = /^evt_[0-9A-Za-z]{24}$/;

/**
 * An event as the feed lists it and webhooks deliver it. For job events, `sequence` counts the job's
 * events from 1 with no gaps and `data` is `{ previousStatus, job }` (`job` as GET /v1/jobs lists it,
 * at the change). Events of an endpoint have no job: `jobId` and `sequence` are null.
 */
export interface DeliveryEvent<Data = unknown> {
  id: string;
  type: EventType;
  createdAt: string;
  livemode: boolean;
  jobId: string | null;
  sequence: number | null;
  data: Data;
}

/**
 * A job event's `data`: the status before the change, and the job after it, as the list shows it;
 * `job.updated` also names the fields the merchant's edit changed (names only: the values are the
 * job detail's to show); `job.delivery_attempted` adds the new attempt and the decision it asks
 * for (null after the last attempt: the return starts at once); `job.return_started`,
 * `job.returned` and `job.return_failed` add the return trip as the job detail shows it.
 */
export interface JobEventData<Summary> {
  previousStatus: JobStatus | null;
  job: Summary;
  changedFields?: EditableField[];
  deliveryAttempt?: DeliveryAttempt;
  pendingDecision?: PendingDecision | null;
  returnTrip?: ReturnTripData;
  collection?: CollectionData;
}

export function newEventId(): string {
  return `evt_${randomBase62(24)}`;
}

/** The events a job's change produces, and the job with its event counters moved on (what is saved). */
export interface RecordedChange<Summary> {
  job: Job;
  events: Array<DeliveryEvent<JobEventData<Summary>>>;
}

/**
 * The events of a change from `before` to `after` (null before: the booking that created the job), in
 * order: the status change, then the settlement change, then an edit of the contacts or instructions,
 * then a failed delivery attempt, the return trip's start and its end (the parcel back at the pickup, or lost on the way),
 * then a cash-on-delivery payment's change (collected, lapsed, remitted), then a location report if the job's last one in the feed is at least 30 s old. The job's `eventSequence` and `locationEventAt` move on with them, so a
 * retry of the move (conditioned on the version it read) can never write an event twice.
 */
export function recordChange<Summary>(before: Job | null, after: Job, summarize: (job: Job) => Summary): RecordedChange<Summary> {
  const at = after.updatedAt;
  const types: EventType[] = [];
  if (before === null || before.status !== after.status) types.push(`job.${after.status}`);
  if (before !== null && before.settlement !== after.settlement) types.push('job.settlement_changed');
  const edited = before === null ? [] : changedFields(before, after);
  if (edited.length > 0) types.push('job.updated');
  const attempts = after.deliveryAttempts ?? [];
  const attempted = before !== null && attempts.length > (before.deliveryAttempts ?? []).length;
  if (attempted) types.push('job.delivery_attempted');
  const trip = after.returnTrip ?? null;
  if (before !== null && trip !== null && !before.returnTrip) types.push('job.return_started');
  if (before !== null && trip?.status === 'returned' && before.returnTrip?.status !== 'returned') types.push('job.returned');
  if (before !== null && trip?.status === 'failed' && before.returnTrip?.status !== 'failed') types.push('job.return_failed');
  const collection = after.collection ?? null;
  const collectionChanged =
    before !== null &&
    collection !== null &&
    (collection.status !== before.collection?.status || collection.remittanceId !== (before.collection?.remittanceId ?? null));
  if (collectionChanged) types.push('job.collection_updated');
  const lastLocationEvent = before?.locationEventAt ?? null;
  const located =
    before !== null &&
    after.riderLocation !== null &&
    after.riderLocation.recordedAt !== before.riderLocation?.recordedAt &&
    (lastLocationEvent === null || Date.parse(at) - Date.parse(lastLocationEvent) >= LOCATION_EVENT_INTERVAL_MS);
  if (located) types.push('job.location_updated');
  if (types.length === 0) return { job: after, events: [] };

  const first = (before?.eventSequence ?? 0) + 1;
  const job: Job = { ...after, eventSequence: first + types.length - 1, locationEventAt: located ? at : (after.locationEventAt ?? null) };
  const data = { previousStatus: before?.status ?? null, job: summarize(job) };
  const dataOf = (type: EventType): JobEventData<Summary> => {
    switch (type) {
      case 'job.updated':
        return { ...data, changedFields: edited };
      case 'job.delivery_attempted':
        return { ...data, deliveryAttempt: attempts.at(-1)!, pendingDecision: after.pendingDecision ?? null };
      case 'job.return_started':
      case 'job.returned':
      case 'job.return_failed':
        return { ...data, returnTrip: toReturnTripData(trip!) };
      case 'job.collection_updated':
        return { ...data, collection: toCollectionData(collection!) };
      default:
        return data;
    }
  };
  const events = types.map((type, index) => ({
    id: newEventId(),
    type,
    createdAt: at,
    livemode: !job.testMode,
    jobId: job.id,
    sequence: first + index,
    data: dataOf(type),
  }));
  return { job, events };
}
