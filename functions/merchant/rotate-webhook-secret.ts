import { KeptChangingError, WebhookEndpointNotFoundError } from '../core/errors.ts';
import { newWebhookSecret } from '../core/webhook-signature.ts';
import { SECRET_OVERLAP_MS, signingSecrets } from '../core/webhook.ts';
import { merchantHandler } from '../http/handler.ts';
import { webhooksPart } from '../runtime.ts';
import { webhookSecretsPart } from '../data/secret-keys.ts';
import { ok } from '../http/responses.ts';
import { EndpointPath } from '../schemas/webhook.schema.ts';

/**
 * POST /v1/webhook-endpoints/{id}/rotate-secret: a new secret (shown only here). The endpoint keeps
 * the current secret and one previous: the secret that was current keeps signing beside the new one for
 * 24 h at most; any older one is forgotten now (so a delivery carries two signatures at most, however
 * often the secret is rotated, and the endpoint's item cannot grow without bound). A
 * rotation that meets another change of the endpoint (a delivery marking it failing or healthy,
 * another rotation) is made again on the endpoint as it now is; after 3 tries, 503 (send it again).
 */
export const handler = merchantHandler(
  'POST /v1/webhook-endpoints/{id}/rotate-secret',
  { path: EndpointPath, uses: { webhooks: webhooksPart, webhookSecrets: webhookSecretsPart } },
  async ({ merchant, path, rt }) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const endpoint = await rt.webhooks.get(merchant.storeId, path.id);
      if (!endpoint) throw new WebhookEndpointNotFoundError(path.id);
      const now = new Date();
      const overlapEnd = new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString();
      const kept = signingSecrets(endpoint.secrets, now)
        .slice(0, 1)
        .map((old) => ({
          ...old,
          expiresAt: old.expiresAt !== null && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd,
        }));
      const secret = newWebhookSecret();
      const fresh = { sealed: await rt.webhookSecrets.seal(secret, endpoint.id), createdAt: now.toISOString(), expiresAt: null };
      if (await rt.webhooks.replaceSecrets(endpoint, [fresh, ...kept], now)) return ok({ secret });
    }
    throw new KeptChangingError('webhook endpoint');
  },
);
