import { merchantHandler } from '../http/handler.ts';
import { webhooksPart } from '../runtime.ts';
import { ok } from '../http/responses.ts';
import { EndpointPath } from '../schemas/webhook.schema.ts';

/** DELETE /v1/webhook-endpoints/{id}: removes the endpoint; its waiting deliveries are dropped when due. */
export const handler = merchantHandler(
  'DELETE /v1/webhook-endpoints/{id}',
  { path: EndpointPath, uses: { webhooks: webhooksPart } },
  async ({ merchant, path, rt }) => {
    await rt.webhooks.delete(merchant.storeId, path.id);
    return ok({ id: path.id, deleted: true });
  },
);
