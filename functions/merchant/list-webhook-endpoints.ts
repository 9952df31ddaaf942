import { merchantHandler } from '../http/handler.ts';
import { webhooksPart } from '../runtime.ts';
import { jsonResult } from '../http/responses.ts';
import { endpointView } from '../schemas/webhook.schema.ts';

/** GET /v1/webhook-endpoints: the store's endpoints, oldest first, without secrets. */
export const handler = merchantHandler('GET /v1/webhook-endpoints', { uses: { webhooks: webhooksPart } }, async ({ merchant, rt }) =>
  jsonResult(200, { data: (await rt.webhooks.list(merchant.storeId)).map(endpointView) }),
);
