import * as z from '../zod.ts';
import { EVENT_ID_PATTERN, EVENT_TYPES } from '../core/event.ts';
import { ENDPOINT_ID_PATTERN, type WebhookEndpoint } from '../core/webhook.ts';
import { opaqueCursor, QueryInt, Text } from './common.schema.ts';

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
  description: z.optional(z.nullable(Text({ max: 200, min: 0, blank: 'Must not be blank: send null for no description' }))),
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

/** `data` of POST /v1/webhook-endpoints/{id}/test: the test event's id (its delivery is in the endpoint's log). */
export const TestEventResponse = z.strictObject({ eventId: z.string().check(z.regex(EVENT_ID_PATTERN)) });
export type TestEventResponse = z.infer<typeof TestEventResponse>;

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
