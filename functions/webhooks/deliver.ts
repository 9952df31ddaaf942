import { newEventId, type DeliveryEvent } from '../core/event.ts';
import { webhookHeaders } from '../core/webhook-signature.ts';
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_MS, nextAttemptAt, signingSecrets, type AttemptOutcome } from '../core/webhook.ts';
import type { DeliveryWork, EndpointChange, StoredEndpoint } from '../data/webhook.repository.ts';
import { logger } from '../http/logger.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';

/** What the webhook sender uses: the base, the webhooks and the events. */
export type SenderRuntime = BaseRuntime & Pick<Runtime, 'webhooks' | 'events'>;
import type { TickReport } from '../workers/ticks.ts';
import { WORKER_ITEM_FAILED } from '../workers/ticks.ts';
import { endpointView } from '../schemas/webhook.schema.ts';
import { sendWebhook, type Resolve } from './send.ts';

/** How many due deliveries one tick takes, and how many it sends at once. */
const BATCH = 50;
const PARALLEL = 10;
/** A taken delivery is the taker's for this long: the longest attempt and the time to record it. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;

/**
 * The webhook sender: one pass over the deliveries due now. Each is taken (so no other sender sends
 * it meanwhile), signed with the endpoint's current secrets (Standard Webhooks), sent, and recorded
 * with its next attempt or its end. Deliveries whose endpoint or event is gone are dropped; those of a
 * disabled endpoint too, unless sent by hand. A delivery that throws is logged as a failed worker item
 * and comes due again when its lease runs out.
 */
export async function deliverTick(rt: SenderRuntime, now = new Date(), options: { resolve?: Resolve } = {}): Promise<TickReport> {
  const report = { moved: 0, finished: 0, failed: 0 };
  const due = await rt.webhooks.due(now, BATCH);
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const work = due[next++]!;
      try {
        const outcome = await deliver(rt, work, now, options.resolve);
        if (outcome === 'sent') report.moved += 1;
        if (outcome === 'dropped') report.finished += 1;
      } catch (error) {
        report.failed += 1;
        logger.error(WORKER_ITEM_FAILED, { worker: 'webhooks', storeId: work.storeId, endpointId: work.endpointId, eventId: work.eventId, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
  return report;
}

async function deliver(rt: SenderRuntime, work: DeliveryWork, now: Date, resolve: Resolve | undefined): Promise<'sent' | 'dropped' | 'skipped'> {
  if (!(await rt.webhooks.claim(work, now, LEASE_MS))) return 'skipped';
  const [endpoint, event] = await Promise.all([rt.webhooks.get(work.storeId, work.endpointId), rt.events.get(work.storeId, work.eventId)]);
  if (!endpoint || !event || (endpoint.status === 'disabled' && !work.manual)) {
    await rt.webhooks.drop(work);
    return 'dropped';
  }
  const secrets = openSecrets(rt, endpoint, now);
  const body = JSON.stringify(event);
  // Signed at the moment it is sent (receivers check the timestamp against their clock); `now` is the tick's clock.
  const outcome =
    secrets.length === 0
      ? UNSIGNABLE
      : await sendWebhook(endpoint.url, webhookHeaders(secrets, { id: event.id, timestamp: Math.floor(Date.now() / 1000), body }), body, {
          allowLoopback: rt.config.WEBHOOK_ALLOW_LOOPBACK,
          resolve,
        });
  const next = outcome.ok || work.manual ? null : nextAttemptAt(work.attempt, now);
  await rt.webhooks.record(work, outcome, now, next, endpoint, await endpointChange(rt, endpoint, outcome, now));
  return 'sent';
}

/** Why an attempt was not sent when none of the endpoint's secrets opens (the delivery log shows it). */
export const SECRET_UNREADABLE = 'Not sent: the endpoint’s signing secret cannot be read; rotate it (POST /v1/webhook-endpoints/{id}/rotate-secret)';
const UNSIGNABLE: AttemptOutcome = { ok: false, responseStatus: null, error: SECRET_UNREADABLE, durationMs: 0 };

// The endpoint's signing secrets that open under the sender's WEBHOOK_SECRETS_KEY. One sealed under a
// key since replaced does not: it is left out (and logged), so the others still sign; with none left
// the attempt fails with SECRET_UNREADABLE and is retried on the usual schedule.
function openSecrets(rt: SenderRuntime, endpoint: StoredEndpoint, now: Date): string[] {
  const box = rt.webhookSecrets();
  return signingSecrets(endpoint.secrets, now).flatMap((secret) => {
    try {
      return [box.open(secret.sealed, endpoint.id)];
    } catch {
      logger.warn(WEBHOOK_SECRET_UNREADABLE, { storeId: endpoint.storeId, endpointId: endpoint.id });
      return [];
    }
  });
}

/** The log message of a signing secret that does not open (sealed under another WEBHOOK_SECRETS_KEY). */
export const WEBHOOK_SECRET_UNREADABLE = 'webhook secret unreadable';

// What an attempt means for its endpoint: healthy again after a success (re-enabled, if a delivery by
// hand got through to a disabled one); failing since now after a first failure; disabled once every
// delivery has failed for DISABLE_AFTER_MS, with its webhook_endpoint.disabled event.
async function endpointChange(rt: SenderRuntime, endpoint: StoredEndpoint, outcome: AttemptOutcome, now: Date): Promise<EndpointChange> {
  if (outcome.ok) return endpoint.failingSince !== null || endpoint.status === 'disabled' ? { kind: 'succeeded' } : { kind: 'none' };
  if (endpoint.status !== 'enabled') return { kind: 'none' };
  if (endpoint.failingSince === null) return { kind: 'failing' };
  if (now.getTime() - Date.parse(endpoint.failingSince) < DISABLE_AFTER_MS) return { kind: 'none' };
  const store = await rt.stores.get(endpoint.storeId);
  const at = now.toISOString();
  const disabled = { ...endpoint, status: 'disabled' as const, updatedAt: at };
  const event: DeliveryEvent = {
    id: newEventId(),
    type: 'webhook_endpoint.disabled',
    createdAt: at,
    livemode: !(store?.sandbox ?? false),
    jobId: null,
    sequence: null,
    data: { endpoint: endpointView(disabled) },
  };
  return { kind: 'disable', event };
}
