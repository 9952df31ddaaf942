import { EventNotFoundError, NoSubscribedEndpointError, RedeliveryLimitedError, WebhookEndpointNotFoundError } from '../core/errors.ts';
import { REDELIVERY_INTERVAL_MS, subscribes } from '../core/webhook.ts';
import { merchantHandler } from '../http/handler.ts';
import { eventsPart, webhooksPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { EventPath, RedeliverRequest } from '../schemas/event.schema.ts';

/**
 * POST /v1/events/{id}/redeliver: sends the event again now, once: to the endpoint named (enabled or
 * not), or to every enabled endpoint that takes its type. 202: the sender picks them up at once. One
 * event goes to one endpoint by hand once a minute at most: a sooner redelivery to a named endpoint is
 * 429 redelivery_limited; a redelivery to every endpoint leaves such endpoints out (429 if that is all
 * of them). An event no enabled endpoint takes is 409 no_subscribed_endpoint: nothing would be sent.
 */
export const handler = merchantHandler(
  'POST /v1/events/{id}/redeliver',
  { path: EventPath, body: RedeliverRequest, optionalBody: true, uses: { events: eventsPart, webhooks: webhooksPart } },
  async ({ merchant, path, body, rt }) => {
    const event = await rt.events.get(merchant.storeId, path.id);
    if (!event) throw new EventNotFoundError(path.id);
    let endpointIds: string[];
    if (body.endpointId !== undefined) {
      if (!(await rt.webhooks.get(merchant.storeId, body.endpointId))) throw new WebhookEndpointNotFoundError(body.endpointId);
      endpointIds = [body.endpointId];
    } else {
      // A test event goes again only to the endpoint it tested, as it went first.
      const tested = event.type === 'webhook_endpoint.test' ? (event.data as { endpoint: { id: string } }).endpoint.id : null;
      endpointIds = (await rt.webhooks.list(merchant.storeId))
        .filter((endpoint) => subscribes(endpoint, event.type) && (tested === null || endpoint.id === tested))
        .map((endpoint) => endpoint.id);
      if (endpointIds.length === 0) throw new NoSubscribedEndpointError(event.type);
    }
    const now = new Date();
    const { queued, limited } = await rt.webhooks.redeliver(merchant.storeId, event.id, endpointIds, now);
    const [first] = limited;
    if (queued.length === 0 && first) {
      const retryAfter = Math.max(1, Math.ceil((Math.min(...limited.map((pair) => pair.until)) - now.getTime()) / 1000));
      throw new RedeliveryLimitedError(event.id, first.endpointId, REDELIVERY_INTERVAL_MS / 1000, retryAfter);
    }
    return jsonResult(202, { data: { eventId: event.id, endpointIds: queued } });
  },
);
