import { describe } from './describe.ts';
import type { OperationDocs } from './operation.ts';
import { EventListQuery, EventPath, RedeliverRequest } from '../event.schema.ts';
import { EVENT_VARIANTS, EventListResponse, EventView, RedeliverResponse } from '../views/event.view.ts';
import { EVENT_EXAMPLES } from './event-examples.ts';

// The API description of event.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

const DATA_WORDS: Record<keyof typeof EVENT_VARIANTS, string> = {
  JobEvent:
    'A job’s status change (`job.<status>`), settlement change (`job.settlement_changed`) or a rider’s position (`job.location_updated`, at most every 30 s): `data` is `{previousStatus, job}`, the job as GET /v1/jobs lists it, at the change.',
  JobUpdatedEvent:
    'The merchant’s edit of a job’s contacts or instructions: `data.changedFields` names the fields it changed (the values are the job detail’s to show).',
  JobDeliveryAttemptedEvent:
    'A rider’s failed delivery attempt: `data.deliveryAttempt` is the new attempt, `data.pendingDecision` the decision it asks for (null after the last attempt: the return starts at once).',
  JobReturnEvent:
    'A return trip’s start (`job.return_started`) and end (`job.returned`, or `job.return_failed` for a parcel lost on the way back): `data.returnTrip` as the job detail shows it (its return code while it can be used).',
  JobCollectionEvent:
    'A cash-on-delivery payment’s change (collected, not collected, or remitted: `remittanceId`): `data.collection` as the job detail shows it (not inside `data.job`, which is the list’s summary).',
  WebhookEndpointEvent:
    'An endpoint disabled after failing deliveries (`webhook_endpoint.disabled`), or a test event asked for with POST /v1/webhook-endpoints/{id}/test (`webhook_endpoint.test`, sent to that endpoint only and not listed in the feed): `data.endpoint`, without its secret. No job: `jobId` and `sequence` are null.',
  RemittanceEvent: 'A remittance credited to your balance: `data.remittance`, as GET /v1/remittances lists it. No job: `jobId` and `sequence` are null.',
};
for (const [name, schema] of Object.entries(EVENT_VARIANTS) as Array<[keyof typeof EVENT_VARIANTS, (typeof EVENT_VARIANTS)[keyof typeof EVENT_VARIANTS]]>) {
  describe(schema, { description: DATA_WORDS[name] });
  if (schema.shape.jobId.def.type !== 'null') describe(schema.shape.sequence, { description: 'The job’s events counted from 1 with no gaps.' });
}

const eventExample = EVENT_EXAMPLES['job.queued'];

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
