import { WebhookEndpointNotFoundError } from '../core/errors.ts';
import { merchantHandler } from '../http/handler.ts';
import { webhooksPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { DeliveryListQuery, encodeLogCursor, EndpointPath } from '../schemas/webhook.schema.ts';

/** GET /v1/webhook-endpoints/{id}/deliveries: the endpoint's attempts, newest first, from a cursor. */
export const handler = merchantHandler(
  'GET /v1/webhook-endpoints/{id}/deliveries',
  { path: EndpointPath, query: DeliveryListQuery, uses: { webhooks: webhooksPart } },
  async ({ merchant, path, query, rt }) => {
    if (!(await rt.webhooks.get(merchant.storeId, path.id))) throw new WebhookEndpointNotFoundError(path.id);
    const page = await rt.webhooks.attempts(merchant.storeId, path.id, { limit: query.limit, after: query.after });
    return jsonResult(200, { data: page.attempts, nextCursor: page.last === null ? null : encodeLogCursor(page.last), hasMore: page.hasMore });
  },
);
