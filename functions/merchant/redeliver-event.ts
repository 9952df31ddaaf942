import { EventNotFoundError, WebhookEndpointNotFoundError } from '../core/errors.ts';
import { subscribes } from '../core/webhook.ts';
import { merchantHandler } from '../http/handler.ts';
import { eventsPart, webhooksPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { EventPath, RedeliverRequest } from '../schemas/event.schema.ts';

/**
 * POST /v1/events/{id}/redeliver: sends the event again now, once: to the endpoint named (enabled or
 * not), or to every enabled endpoint that takes its type. 202: the sender picks them up at once.
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
      endpointIds = (await rt.webhooks.list(merchant.storeId)).filter((endpoint) => subscribes(endpoint, event.type)).map((endpoint) => endpoint.id);
    }
    if (endpointIds.length > 0) await rt.webhooks.redeliver(merchant.storeId, event.id, endpointIds, new Date());
    return jsonResult(202, { data: { eventId: event.id, endpointIds } });
  },
);
