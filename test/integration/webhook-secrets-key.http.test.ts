import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { relayTick } from '../../functions/workers/relay.ts';
import { RETRY_DELAYS_MS } from '../../functions/core/webhook.ts';
import { deliverTick, SECRET_UNREADABLE } from '../../functions/webhooks/deliver.ts';
import { fixedKeyRing, SealedSecrets, SecretBox } from '../../functions/core/secret-box.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { allowLoopbackReceivers, useReceivers } from '../helpers/receiver.ts';

/** The webhook sender after a change of WEBHOOK_SECRETS_KEY: secrets sealed under the old key do not open. */
allowLoopbackReceivers();
const api = useLocalApi();
const receiver = useReceivers();

// The sender as it runs once WEBHOOK_SECRETS_KEY has been replaced by another key.
const afterKeyChange = (): Runtime => ({ ...api.table.rt, webhookSecrets: new SealedSecrets(fixedKeyRing('a new key of the sender, 32 characters or more')) });

describe('the webhook sender after a change of WEBHOOK_SECRETS_KEY', () => {
  // Review (issue 23 §4): the sender threw on every delivery whose secret was sealed under the old key,
  // recorded no attempt and retried every 30 s forever.
  it('records a failed attempt the merchant can read, sends nothing unsigned, and retries on the usual schedule', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const registered = await merchant.post('/v1/webhook-endpoints', { url: target.url, eventTypes: ['job.created'] });
    const endpoint = (registered.body as { data: { id: string } }).data;
    await merchant.bookJob();
    const now = new Date();
    await relayTick(api.table.rt, now);

    const report = await deliverTick(afterKeyChange(), now);
    const log = (await merchant.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`)).body as { data: Array<Record<string, unknown>> };

    expect(report).toEqual({ moved: 1, finished: 0, failed: 0 });
    expect(target.received).toEqual([]);
    expect(log.data).toEqual([
      expect.objectContaining({
        attempt: 1,
        outcome: 'failed',
        responseStatus: null,
        error: SECRET_UNREADABLE,
        nextAttemptAt: new Date(now.getTime() + RETRY_DELAYS_MS[0]).toISOString(),
      }),
    ]);
  });

  it('signs with the secrets that still open and leaves out those that do not', async () => {
    const merchant = await newMerchant(api.table.rt, api.server);
    const target = await receiver();
    const registered = await merchant.post('/v1/webhook-endpoints', { url: target.url, eventTypes: ['job.created'] });
    const endpoint = (registered.body as { data: { id: string; secret: string } }).data;
    // The endpoint's stored secrets: the one made now, and one sealed under a key since replaced.
    const stored = (await api.table.rt.webhooks.get(merchant.storeId, endpoint.id))!;
    const stale = { ...stored.secrets[0]!, sealed: new SecretBox('an old key of the sender, 32 characters or more').seal('whsec_old', endpoint.id) };
    await api.table.rt.webhooks.replaceSecrets(stored, [stale, ...stored.secrets], new Date());
    await merchant.bookJob();
    const now = new Date();
    await relayTick(api.table.rt, now);

    await deliverTick(api.table.rt, now);

    expect(target.received).toHaveLength(1);
    const request = target.received[0]!;
    expect(String((request.headers as Record<string, string>)['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ type: 'job.created' });
  });
});
