import * as z from '../../zod.ts';
import { EVENT_ID_PATTERN, type EventType } from '../../core/event.ts';
import { ENDPOINT_ID_PATTERN } from '../../core/webhook.ts';
import { EDITABLE_FIELDS, JOB_STATUSES } from '../../core/job.ts';
import { RemittanceView } from '../remittance.schema.ts';
import { WebhookEndpointView } from '../webhook.schema.ts';
import { CollectionView, JobSummary, PendingDecisionView, ReturnTripView } from './job.view.ts';
import { DeliveryAttemptView } from './job-parts.view.ts';

/** The events the feed lists and webhooks deliver, and the redelivery's answer; their words are in docs/event.docs.ts. */

/** `data` of a job event: the status before the change, and the job after it as GET /v1/jobs lists it. */
export const JobEventData = z.strictObject({ previousStatus: z.nullable(z.enum(JOB_STATUSES)), job: JobSummary });

/** `data` of `job.updated`: a job event's, and the names of the fields the merchant's edit changed (no values). */
export const JobUpdatedEventData = z.extend(JobEventData, { changedFields: z.array(z.enum(EDITABLE_FIELDS)) });

/** `data` of `job.delivery_attempted`: a job event's, the new attempt, and the decision it asks for (null after the last attempt: the return started at once). */
export const JobDeliveryAttemptedEventData = z.extend(JobEventData, { deliveryAttempt: DeliveryAttemptView, pendingDecision: z.nullable(PendingDecisionView) });

/** `data` of `job.return_started`, `job.returned` and `job.return_failed`: a job event's, and the return trip as the job detail shows it. */
export const JobReturnEventData = z.extend(JobEventData, { returnTrip: ReturnTripView });

/** `data` of `job.collection_updated`: a job event's, and the cash-on-delivery payment as the job detail shows it. */
export const JobCollectionEventData = z.extend(JobEventData, { collection: CollectionView });

/** `data` of `remittance.created`: the remittance as GET /v1/remittances lists it (credited). */
export const RemittanceEventData = z.strictObject({ remittance: RemittanceView });

/** `data` of an endpoint's event (`webhook_endpoint.disabled`, `webhook_endpoint.test`): the endpoint, without its secret. */
export const EndpointEventData = z.strictObject({ endpoint: WebhookEndpointView });

// The fields every event has; `type`, `jobId`, `sequence` and `data` are each variant's own.
const eventBase = {
  id: z.string().check(z.regex(EVENT_ID_PATTERN)),
  createdAt: z.iso.datetime(),
  livemode: z.boolean(),
};

/** A job's event: its job and its place in the job's sequence. */
const jobEvent = <const T extends readonly EventType[], D extends z.core.$ZodType>(types: T, data: D) =>
  z.strictObject({ ...eventBase, type: z.enum(types), jobId: z.uuid(), sequence: z.int().check(z.minimum(1)), data });

/** An event of no job (an endpoint's, a remittance's): `jobId` and `sequence` are null. */
const storeEvent = <const T extends readonly EventType[], D extends z.core.$ZodType>(types: T, data: D) =>
  z.strictObject({ ...eventBase, type: z.enum(types), jobId: z.null(), sequence: z.null(), data });

/** The event types whose `data` is a job event's alone: the status changes, the settlement's and the rider's location. */
export const PLAIN_JOB_EVENT_TYPES = [
  ...JOB_STATUSES.map((status) => `job.${status}` as const),
  'job.settlement_changed',
  'job.location_updated',
] as const satisfies readonly EventType[];

/**
 * The events by kind, each its own schema (a component of the API description) with the `type` values it takes:
 * a client narrows an event by its `type` (the OpenAPI discriminator) and reads that kind's `data`.
 */
export const EVENT_VARIANTS = {
  JobEvent: jobEvent(PLAIN_JOB_EVENT_TYPES, JobEventData),
  JobUpdatedEvent: jobEvent(['job.updated'], JobUpdatedEventData),
  JobDeliveryAttemptedEvent: jobEvent(['job.delivery_attempted'], JobDeliveryAttemptedEventData),
  JobReturnEvent: jobEvent(['job.return_started', 'job.returned', 'job.return_failed'], JobReturnEventData),
  JobCollectionEvent: jobEvent(['job.collection_updated'], JobCollectionEventData),
  WebhookEndpointEvent: storeEvent(['webhook_endpoint.disabled', 'webhook_endpoint.test'], EndpointEventData),
  RemittanceEvent: storeEvent(['remittance.created'], RemittanceEventData),
};

/** An event, as the feed lists it and webhooks deliver it: one of the kinds above, told apart by `type`. */
export const EventView = z.discriminatedUnion('type', [
  EVENT_VARIANTS.JobEvent,
  EVENT_VARIANTS.JobUpdatedEvent,
  EVENT_VARIANTS.JobDeliveryAttemptedEvent,
  EVENT_VARIANTS.JobReturnEvent,
  EVENT_VARIANTS.JobCollectionEvent,
  EVENT_VARIANTS.WebhookEndpointEvent,
  EVENT_VARIANTS.RemittanceEvent,
]);
export type EventView = z.infer<typeof EventView>;

/** The feed's page. */
export const EventListResponse = z.strictObject({ data: z.array(EventView), nextCursor: z.string(), hasMore: z.boolean() });

export const RedeliverResponse = z.strictObject({
  eventId: z.string().check(z.regex(EVENT_ID_PATTERN)),
  endpointIds: z.array(z.string().check(z.regex(ENDPOINT_ID_PATTERN))),
});
