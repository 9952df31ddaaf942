import * as z from '../zod.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../core/event.ts';
import { ENDPOINT_ID_PATTERN, type WebhookEndpoint } from '../core/webhook.ts';
import { opaqueCursor, QueryInt } from './common.schema.ts';
import { EXAMPLE_AT, variant } from './examples.ts';
import type { OperationDocs } from './operation.ts';

/** The longest URL an endpoint may have. */
const MAX_URL_LENGTH = 2048;

/** Body of POST /v1/webhook-endpoints. The URL's own rules (https, no credentials, a public host) are checked after this. */
export const WebhookEndpointRequest = z.strictObject({
  url: z.string().check(
    z.minLength(1),
    z.maxLength(MAX_URL_LENGTH, `Must be at most ${MAX_URL_LENGTH} characters`),
    z.meta({
      format: 'uri',
      description:
        'Where events are POSTed: `https` only, no credentials in the URL, at most 2,048 characters, a host with public addresses only (checked again at each send; redirects are not followed).',
      examples: ['https://shop.example.in/hooks/delivery'],
    }),
  ),
  eventTypes: z
    .optional(
      z.array(z.enum(EVENT_TYPES)).check(
        z.minLength(1),
        z.refine((types) => new Set(types).size === types.length, 'Must not name a type twice'),
      ),
    )
    .check(z.meta({ description: 'The event types to receive; leave it out for every type (including types added later).' })),
  description: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});
export type WebhookEndpointRequest = z.infer<typeof WebhookEndpointRequest>;

/** Path of the endpoint routes. */
export const EndpointPath = z.object({ id: z.string().check(z.regex(ENDPOINT_ID_PATTERN, 'Must be a webhook endpoint id (we_ and 24 letters or digits)')) });

/** An endpoint as GET shows it (never its secret). */
export const WebhookEndpointView = z.strictObject({
  id: z.string().check(z.regex(ENDPOINT_ID_PATTERN)),
  url: z.string(),
  eventTypes: z.nullable(z.array(z.enum(EVENT_TYPES))).check(z.meta({ description: 'The event types it receives; null: every type.' })),
  description: z.nullable(z.string()),
  status: z.enum(['enabled', 'disabled']),
  createdAt: z.iso.datetime(),
});
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;

/** The secret endpoints sign with: `whsec_` and the base64 of 32 random bytes. */
const Secret = z
  .string()
  .check(
    z.regex(/^whsec_[A-Za-z0-9+/]{43}=$/),
    z.meta({ description: 'The signing secret (`whsec_…`), shown only here: keep it safe. Verify deliveries with it (Standard Webhooks).' }),
  );

/** `data` of POST /v1/webhook-endpoints: the endpoint and, this once, its secret. */
export const CreatedWebhookEndpoint = z.extend(WebhookEndpointView, { secret: Secret });

export const WebhookEndpointListResponse = z.strictObject({ data: z.array(WebhookEndpointView) });

export const RotatedSecret = z.strictObject({ secret: Secret });

/** `data` of DELETE /v1/webhook-endpoints/{id}. */
export const DeletedWebhookEndpoint = z.strictObject({ id: z.string().check(z.regex(ENDPOINT_ID_PATTERN)), deleted: z.literal(true) });

/** An endpoint as the API shows it. */
export function endpointView(endpoint: WebhookEndpoint): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    description: endpoint.description,
    status: endpoint.status,
    createdAt: endpoint.createdAt,
  };
}

/** A cursor into an endpoint's delivery log: base64url of `log:<the last line's place>`. */
const logCursor = opaqueCursor(
  'log',
  /\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f-]{36}#\d{2}/,
  200,
  'The `nextCursor` of an earlier page: the attempts before it (older).',
);
export const encodeLogCursor = logCursor.encode;

/** Query of GET /v1/webhook-endpoints/{id}/deliveries. */
export const DeliveryListQuery = z.strictObject({
  limit: QueryInt(1, 100, 50),
  after: z.optional(logCursor.schema),
});

/** One attempt to deliver an event to the endpoint. */
export const DeliveryAttemptView = z.strictObject({
  eventId: z.string().check(z.regex(EVENT_ID_PATTERN)),
  attempt: z.int().check(z.minimum(1)),
  outcome: z.enum(['succeeded', 'failed']),
  responseStatus: z.nullable(z.int()),
  error: z.nullable(z.string()),
  durationMs: z.int().check(z.minimum(0)),
  attemptedAt: z.iso.datetime(),
  nextAttemptAt: z
    .nullable(z.iso.datetime())
    .check(z.meta({ description: 'When it is tried again; null when it succeeded, was the last try, or was sent by hand.' })),
});

export const DeliveryListResponse = z.strictObject({ data: z.array(DeliveryAttemptView), nextCursor: z.nullable(z.string()), hasMore: z.boolean() });

// The routes' API description (read by scripts/openapi-document.ts); bundles drop it.

const endpointExample = {
  id: 'we_8ZtQm3LkP0aXc7VbN2sR5yWq',
  url: 'https://shop.example.in/hooks/delivery',
  eventTypes: null,
  description: 'Order system',
  status: 'enabled',
  createdAt: EXAMPLE_AT,
};
const secretExample = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8=';
const createdEndpointExample = /* @__PURE__ */ variant(endpointExample, { secret: secretExample });

export const webhookOperations = {
  'POST /v1/webhook-endpoints': {
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description:
      'Events of the store are POSTed to the URL, signed the Standard Webhooks way (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with any Standard Webhooks library and the `secret`, shown only in this answer and on rotation). A 2xx within 10 s is success; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. Delivery is at least once and in no promised order: dedupe by `webhook-id` and use the event’s `sequence` to ignore stale updates. At most 5 endpoints a store.',
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
