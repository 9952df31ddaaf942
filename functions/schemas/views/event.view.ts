import * as z from '../../zod.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../../core/event.ts';
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

/** `data` of an endpoint's event (`webhook_endpoint.disabled`): the endpoint, without its secret. */
export const EndpointEventData = z.strictObject({ endpoint: WebhookEndpointView });

/** An event, as the feed lists it and webhooks deliver it. */
export const EventView = z.strictObject({
  id: z.string().check(z.regex(EVENT_ID_PATTERN)),
  type: z.enum(EVENT_TYPES),
  createdAt: z.iso.datetime(),
  livemode: z.boolean(),
  jobId: z.nullable(z.uuid()),
  sequence: z.nullable(z.int().check(z.minimum(1))),
  data: z.union([
    JobEventData,
    JobUpdatedEventData,
    JobDeliveryAttemptedEventData,
    JobReturnEventData,
    JobCollectionEventData,
    EndpointEventData,
    RemittanceEventData,
  ]),
});
export type EventView = z.infer<typeof EventView>;

/** The feed's page. */
export const EventListResponse = z.strictObject({ data: z.array(EventView), nextCursor: z.string(), hasMore: z.boolean() });

export const RedeliverResponse = z.strictObject({
  eventId: z.string().check(z.regex(EVENT_ID_PATTERN)),
  endpointIds: z.array(z.string().check(z.regex(ENDPOINT_ID_PATTERN))),
});
