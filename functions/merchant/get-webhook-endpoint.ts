import { WebhookEndpointNotFoundError } from '../core/errors.ts';
import { merchantHandler } from '../http/handler.ts';
import { webhooksPart } from '../runtime.ts';
import { ok } from '../http/responses.ts';
import { EndpointPath, endpointView } from '../schemas/webhook.schema.ts';

/** GET /v1/webhook-endpoints/{id}: one of the store's endpoints, without its secret. */
export const handler = merchantHandler(
  'GET /v1/webhook-endpoints/{id}',
  { path: EndpointPath, uses: { webhooks: webhooksPart } },
  async ({ merchant, path, rt }) => {
    const endpoint = await rt.webhooks.get(merchant.storeId, path.id);
    if (!endpoint) throw new WebhookEndpointNotFoundError(path.id);
    return ok(endpointView(endpoint));
  },
);
