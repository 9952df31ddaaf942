import { EXAMPLE_AT, variant } from './examples.ts';
import type { OperationDocs } from './operation.ts';
import {
  CreatedWebhookEndpoint,
  DeletedWebhookEndpoint,
  DeliveryListQuery,
  DeliveryListResponse,
  EndpointPath,
  RotatedSecret,
  TestEventResponse,
  WebhookEndpointListResponse,
  WebhookEndpointRequest,
  WebhookEndpointView,
} from '../webhook.schema.ts';

// The API description of webhook.schema.ts's routes: read by scripts/openapi-document.ts only, never by a Lambda handler.

export const endpointExample = {
  id: 'we_8ZtQm3LkP0aXc7VbN2sR5yWq',
  url: 'https://shop.example.in/hooks/delivery',
  eventTypes: null,
  description: 'Order system',
  status: 'enabled',
  createdAt: EXAMPLE_AT,
};
const secretExample = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8=';
const createdEndpointExample = variant(endpointExample, { secret: secretExample });

export const webhookOperations = {
  'POST /v1/webhook-endpoints': {
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description:
      'Events of the store are POSTed to the URL, signed the Standard Webhooks way (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with any Standard Webhooks library and the `secret`, shown only in this answer and on rotation). A 2xx within 10 s is success; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. Delivery is at least once. A job’s events reach each endpoint in `sequence` order at their first attempt; retries may arrive later and out of order. Act on every event by its `type`, dedupe by `webhook-id`, and use `sequence` only to decide whether `data.job` is newer than the copy you keep. At most 5 endpoints a store.',
    tag: 'Webhooks',
    requestBody: {
      name: 'WebhookEndpointRequest',
      schema: WebhookEndpointRequest,
      example: { url: 'https://shop.example.in/hooks/delivery', description: 'Order system' },
    },
    success: [
      {
        status: 201,
        description: 'The endpoint, with its secret (shown only now)',
        name: 'CreatedWebhookEndpointResponse',
        schema: CreatedWebhookEndpoint,
        envelope: true,
        example: { data: createdEndpointExample },
      },
    ],
    errors: [400, 401, 403, 409, 429, 500, 503],
  },
  'GET /v1/webhook-endpoints': {
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description: 'The store’s endpoints, oldest first (no secrets). Counts against the read limit.',
    tag: 'Webhooks',
    success: [
      {
        status: 200,
        description: 'The endpoints',
        name: 'WebhookEndpointListResponse',
        schema: WebhookEndpointListResponse,
        example: { data: [endpointExample] },
      },
    ],
    errors: [400, 401, 403, 429, 500, 503],
  },
  'GET /v1/webhook-endpoints/{id}': {
    operationId: 'getWebhookEndpoint',
    summary: 'A webhook endpoint',
    description: 'One of the store’s endpoints (no secret). Counts against the read limit.',
    tag: 'Webhooks',
    path: EndpointPath,
    success: [
      {
        status: 200,
        description: 'The endpoint',
        name: 'WebhookEndpointResponse',
        schema: WebhookEndpointView,
        envelope: true,
        example: { data: endpointExample },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'DELETE /v1/webhook-endpoints/{id}': {
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint; deliveries waiting for it are dropped.',
    tag: 'Webhooks',
    path: EndpointPath,
    success: [
      {
        status: 200,
        description: 'Deleted',
        name: 'DeletedWebhookEndpointResponse',
        schema: DeletedWebhookEndpoint,
        envelope: true,
        example: { data: { id: 'we_8ZtQm3LkP0aXc7VbN2sR5yWq', deleted: true } },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'POST /v1/webhook-endpoints/{id}/rotate-secret': {
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate an endpoint’s secret',
    description:
      'Gives the endpoint a new secret, shown only in this answer. For 24 hours deliveries carry two signatures, one with the new secret and one with the old, so a receiver can switch over without losing any; then only the new one. Only the secret that was current keeps signing: rotating again within the 24 hours ends the older one at once, so a delivery never carries more than two signatures.',
    tag: 'Webhooks',
    path: EndpointPath,
    success: [
      {
        status: 200,
        description: 'The new secret',
        name: 'RotatedSecretResponse',
        schema: RotatedSecret,
        envelope: true,
        example: { data: { secret: secretExample } },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'POST /v1/webhook-endpoints/{id}/test': {
    operationId: 'sendTestEvent',
    summary: 'Send a test event',
    description:
      'Sends a `webhook_endpoint.test` event (`data.endpoint`: the endpoint) to this endpoint only, whatever event types it takes: signed like every delivery and shown in its delivery log. To an enabled endpoint it is retried on failure like any event; to a disabled one it is sent once, as a redelivery by hand, and a success enables the endpoint again. The event is not listed in GET /v1/events (it changed nothing); GET /v1/events/{id} shows it. One test event per endpoint every 10 seconds: sooner is 429 `rate_limited` with `Retry-After`.',
    tag: 'Webhooks',
    path: EndpointPath,
    success: [
      {
        status: 202,
        description: 'The test event, queued for the endpoint',
        name: 'TestEventResponse',
        schema: TestEventResponse,
        envelope: true,
        example: { data: { eventId: 'evt_3Hk9Qx2LmP7sVb4Nc8Rt1Wz6' } },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
  'GET /v1/webhook-endpoints/{id}/deliveries': {
    operationId: 'listWebhookDeliveries',
    summary: 'An endpoint’s delivery log',
    description:
      'Every attempt to deliver an event to the endpoint, newest first: the event, the attempt’s number, its outcome, the receiver’s status, the error, how long it took and when the next attempt is due. Kept 30 days. Counts against the read limit.',
    tag: 'Webhooks',
    path: EndpointPath,
    query: DeliveryListQuery,
    success: [
      {
        status: 200,
        description: 'A page of attempts',
        name: 'DeliveryListResponse',
        schema: DeliveryListResponse,
        example: {
          data: [
            {
              eventId: 'evt_2f9KcQ0aZx7LmN4pR8sT1uVw',
              attempt: 1,
              outcome: 'failed',
              responseStatus: 500,
              error: 'Answered 500',
              durationMs: 112,
              attemptedAt: '2026-11-22T10:00:02.000Z',
              nextAttemptAt: '2026-11-22T10:00:07.000Z',
            },
          ],
          nextCursor: null,
          hasMore: false,
        },
      },
    ],
    errors: [400, 401, 403, 404, 429, 500, 503],
  },
} satisfies OperationDocs;
