import { RateLimitedError, WebhookEndpointNotFoundError } from '../core/errors.ts';
import { newEventId, type DeliveryEvent } from '../core/event.ts';
import { merchantHandler } from '../http/handler.ts';
import { jsonResult } from '../http/responses.ts';
import { webhooksPart } from '../runtime.ts';
import { webhookTestsPart } from '../data/webhook-test.repository.ts';
import { endpointView, EndpointPath, type TestEventResponse } from '../schemas/webhook.schema.ts';

/**
 * POST /v1/webhook-endpoints/{id}/test: a `webhook_endpoint.test` event, to this endpoint only,
 * whatever types it takes; 202, the sender picks it up at once. Signed and logged as any delivery:
 * retried on failure to an enabled endpoint; to a disabled one sent once, as a redelivery by hand
 * (a success enables it again). Not in the feed: it is the caller's check, not a change of the store.
 * Once per 10 s per endpoint (429 rate_limited with Retry-After).
 */
export const handler = merchantHandler(
  'POST /v1/webhook-endpoints/{id}/test',
  { path: EndpointPath, uses: { webhooks: webhooksPart, webhookTests: webhookTestsPart } },
  async ({ merchant, path, rt }) => {
    const endpoint = await rt.webhooks.get(merchant.storeId, path.id);
    if (!endpoint) throw new WebhookEndpointNotFoundError(path.id);
    const now = new Date();
    const event: DeliveryEvent = {
      id: newEventId(),
      type: 'webhook_endpoint.test',
      createdAt: now.toISOString(),
      livemode: !merchant.store.sandbox,
      jobId: null,
      sequence: null,
      data: { endpoint: endpointView(endpoint) },
    };
    const result = await rt.webhookTests.queueTestEvent(endpoint, event, now);
    if (!result.queued) throw new RateLimitedError(Math.max(1, Math.ceil((result.until - now.getTime()) / 1000)));
    return jsonResult(202, { data: { eventId: event.id } satisfies TestEventResponse });
  },
);
