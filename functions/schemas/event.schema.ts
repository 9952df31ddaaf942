import * as z from '../zod.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../core/event.ts';
import { ENDPOINT_ID_PATTERN } from '../core/webhook.ts';
import { EDITABLE_FIELDS, JOB_STATUSES } from '../core/job.ts';
import { opaqueCursor, QueryInt } from './common.schema.ts';
import { CollectionView, DeliveryAttemptView, JobSummary, PendingDecisionView, ReturnTripView } from './job.schema.ts';
import { RemittanceView } from './remittance.schema.ts';
import { WebhookEndpointView } from './webhook.schema.ts';
import { EXAMPLE_AT, EXAMPLE_JOB_ID } from './examples.ts';
import type { OperationDocs } from './operation.ts';

/**
 * A feed cursor: where a reader is in its store's feed (the position of the last event it was given,
 * or of the last one a filtered page looked at). Opaque to clients: base64url of `feed:<position>`.
 */
const feedCursor = opaqueCursor(
  'feed',
  /\d{1,15}/,
  64,
  'The `nextCursor` of an earlier page: the events after it. Without it, the feed from its start (the last 30 days).',
);
export const encodeCursor = (position: number): string => feedCursor.encode(String(position));

/** Query of GET /v1/events; unknown parameters are rejected. */
export const EventListQuery = z.strictObject({
  limit: QueryInt(1, 100, 50),
  after: z.optional(z.pipe(feedCursor.schema, z.transform(Number))),
  jobId: z.optional(
    z.pipe(
      z.uuid({ error: 'Must be a job id (a UUID)' }),
      z.transform((id) => id.toLowerCase()),
    ),
  ),
  type: z.optional(z.enum(EVENT_TYPES)),
});
export type EventListQuery = z.infer<typeof EventListQuery>;

/** Path of GET /v1/events/{id}. */
export const EventPath = z.object({ id: z.string().check(z.regex(EVENT_ID_PATTERN, 'Must be an event id (evt_ and 24 letters or digits)')) });

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
  sequence: z
    .nullable(z.int().check(z.minimum(1)))
    .check(z.meta({ description: 'The job’s events counted from 1 with no gaps; null for an endpoint’s event.' })),
  data: z
    .union([
      JobEventData,
      JobUpdatedEventData,
      JobDeliveryAttemptedEventData,
      JobReturnEventData,
      JobCollectionEventData,
      EndpointEventData,
      RemittanceEventData,
    ])
    .check(
      z.meta({
        description:
          'A job event: `{previousStatus, job}` (the job as GET /v1/jobs lists it, at the change); `job.updated` adds `changedFields`, the names (not the values) of the fields the merchant’s edit changed; `job.delivery_attempted` adds `deliveryAttempt` (the new failed attempt) and `pendingDecision` (the decision it asks for, or null after the last attempt, when the return starts at once); `job.return_started`, `job.returned` and `job.return_failed` add `returnTrip` as the job detail shows it (its return code while it can be used); `job.collection_updated` adds `collection` (a cash-on-delivery payment collected, not collected, or remitted: `remittanceId`). `webhook_endpoint.disabled`: `{endpoint}`. `remittance.created`: `{remittance}` (a remittance credited to your balance, as GET /v1/remittances lists it).',
      }),
    ),
});
export type EventView = z.infer<typeof EventView>;

/** The feed's page. */
export const EventListResponse = z.strictObject({ data: z.array(EventView), nextCursor: z.string(), hasMore: z.boolean() });

/** Body of POST /v1/events/{id}/redeliver (optional: without it, to every enabled endpoint that takes the event). */
export const RedeliverRequest = z.strictObject({
  endpointId: z.optional(z.string().check(z.regex(ENDPOINT_ID_PATTERN, 'Must be a webhook endpoint id (we_ and 24 letters or digits)'))),
});

export const RedeliverResponse = z.strictObject({
  eventId: z.string().check(z.regex(EVENT_ID_PATTERN)),
  endpointIds: z.array(z.string().check(z.regex(ENDPOINT_ID_PATTERN))),
});

// The routes' API description (read by scripts/openapi-document.ts); bundles drop it.

const eventExample = {
  id: 'evt_2f9KcQ0aZx7LmN4pR8sT1uVw',
  type: 'job.queued',
  createdAt: '2026-11-22T10:00:01.000Z',
  livemode: true,
  jobId: EXAMPLE_JOB_ID,
  sequence: 2,
  data: {
    previousStatus: 'created',
    job: {
      id: EXAMPLE_JOB_ID,
      externalOrderId: 'ORD-1001',
      status: 'queued',
      agentId: null,
      dropName: 'Asha Rao',
      dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
      dropCity: 'Bengaluru',
      dropPincode: '560038',
      dropPhone: '+919845012345',
      packageDescription: 'Documents',
      chargeMinor: 6900,
      settlement: 'reserved',
      createdAt: EXAMPLE_AT,
      updatedAt: '2026-11-22T10:00:01.000Z',
    },
  },
};

export const eventOperations = {
  'GET /v1/events': {
    operationId: 'listEvents',
    summary: 'List events',
    description:
      'The store’s events, oldest first, after a cursor: every status change of a job (`job.<status>`), every settlement change (`job.settlement_changed`), every edit of a job’s contacts or instructions (`job.updated`), a rider’s failed delivery attempt (`job.delivery_attempted`), a return trip’s start and end (`job.return_started`, then `job.returned`, or `job.return_failed` for a parcel lost on the way back), a cash-on-delivery payment’s change (`job.collection_updated`), a remittance credited to your balance (`remittance.created`) and a rider’s location at most every 30 s (`job.location_updated`), kept 30 days. Store `nextCursor` and call again with `after=<nextCursor>`: you never miss or repeat an event. An event appears here a moment after its change (within a few seconds), in the order the feed received it; `sequence` orders one job’s events. With `jobId` or `type`, a page can hold fewer than `limit` events while `hasMore` is true: keep following `nextCursor`. Counts against the read limit.',
    tag: 'Events',
    query: EventListQuery,
    success: [
      {
        status: 200,
        description: 'A page of events, and where to go on from',
        name: 'EventListResponse',
        schema: EventListResponse,
        example: { data: [eventExample], nextCursor: 'ZmVlZDox', hasMore: false },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /v1/events/{id}': {
    operationId: 'getEvent',
    summary: 'An event',
    description: 'One of the store’s events, by its id (the `webhook-id` of its deliveries). Counts against the read limit.',
    tag: 'Events',
    path: EventPath,
    success: [{ status: 200, description: 'The event', name: 'EventResponse', schema: EventView, envelope: true, example: { data: eventExample } }],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'POST /v1/events/{id}/redeliver': {
    operationId: 'redeliverEvent',
    summary: 'Send an event again',
    description:
      'Sends the event again now, once (no retries): to one endpoint (`endpointId`), or without a body to every enabled endpoint that takes its type. A delivery by hand that succeeds to a disabled endpoint enables it again. One event is sent to one endpoint by hand once a minute at most: sooner, a named endpoint is 429 `redelivery_limited` (with `Retry-After`), and a redelivery to every endpoint leaves such endpoints out (429 if that leaves none). 409 `no_subscribed_endpoint` when no enabled endpoint takes the event’s type.',
    tag: 'Webhooks',
    path: EventPath,
    optionalBody: true,
    requestBody: { name: 'RedeliverRequest', schema: RedeliverRequest, example: { endpointId: 'we_8ZtQm3LkP0aXc7VbN2sR5yWq' } },
    success: [
      {
        status: 202,
        description: 'The deliveries are on their way',
        name: 'RedeliverResponse',
        schema: RedeliverResponse,
        envelope: true,
        example: { data: { eventId: 'evt_2f9KcQ0aZx7LmN4pR8sT1uVw', endpointIds: ['we_8ZtQm3LkP0aXc7VbN2sR5yWq'] } },
      },
    ],
    errors: [400, 401, 403, 404, 409, 429, 500, 503],
  },
} satisfies OperationDocs;
