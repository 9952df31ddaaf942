import { checkWebhookUrl } from '../core/webhook-address.ts';
import { ValidationError } from '../core/errors.ts';
import { newWebhookSecret } from '../core/webhook-signature.ts';
import { newEndpointId } from '../core/webhook.ts';
import { merchantHandler } from '../http/handler.ts';
import { webhooksPart } from '../runtime.ts';
import { webhookSecretsPart } from '../data/secret-keys.ts';
import { created } from '../http/responses.ts';
import { endpointView, WebhookEndpointRequest } from '../schemas/webhook.schema.ts';

/** POST /v1/webhook-endpoints: a new endpoint and its secret (shown only in this answer; stored sealed). */
export const handler = merchantHandler(
  'POST /v1/webhook-endpoints',
  { body: WebhookEndpointRequest, uses: { webhooks: webhooksPart, webhookSecrets: webhookSecretsPart } },
  async ({ merchant, body, rt }) => {
    const checked = checkWebhookUrl(body.url, { allowLoopback: rt.config.WEBHOOK_ALLOW_LOOPBACK });
    if (!checked.ok) throw new ValidationError('Invalid request body: check url', { formErrors: [], fieldErrors: { url: [checked.reason] } });
    const id = newEndpointId();
    const secret = newWebhookSecret();
    const at = new Date().toISOString();
    const endpoint = await rt.webhooks.create({
      id,
      storeId: merchant.storeId,
      url: checked.url.href,
      eventTypes: body.eventTypes ?? null,
      description: body.description ?? null,
      status: 'enabled',
      secrets: [{ sealed: await rt.webhookSecrets.seal(secret, id), createdAt: at, expiresAt: null }],
      failingSince: null,
      createdAt: at,
      updatedAt: at,
    });
    return created({ ...endpointView(endpoint), secret });
  },
);
