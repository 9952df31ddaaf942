import { newEventId, type DeliveryEvent } from '../core/event.ts';
import { UnopenableSecretError } from '../core/secret-box.ts';
import { webhookHeaders } from '../core/webhook-signature.ts';
import { DISABLE_AFTER_MS, nextAttemptAt, signingSecrets, type AttemptOutcome } from '../core/webhook.ts';
import type { DeliveryWork, EndpointChange, StoredEndpoint } from '../data/webhook.repository.ts';
import { logger } from '../log/logger.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';
import { endpointView } from '../schemas/webhook.schema.ts';
import { sendWebhook, type Resolve, type SentOutcome } from './send.ts';

/** What the webhook sender uses: the base, the webhooks, the events and the webhook secrets' key. */
export type SenderRuntime = BaseRuntime & Pick<Runtime, 'webhooks' | 'events' | 'webhookSecrets'>;

/**
 * How long an endpoint whose attempt went unanswered (no connection, or no answer in time) is left
 * alone: as long as it has been failing, from 30 s to 10 min. Its deliveries are filed again for then,
 * unattempted, so no pass waits on it meanwhile and its backlog leaves the front of the worklist.
 */
const BACKOFF_MIN_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;

/** What became of a delivery taken from the worklist: sent (and recorded), dropped, left to another sender, filed for later, or its endpoint backed off. */
export type Delivered = 'sent' | 'dropped' | 'skipped' | { postponedUntil: Date } | { backoffUntil: Date };

/**
 * One delivery: taken with a lease for `leaseMs` (so no other sender sends it meanwhile), signed with
 * the endpoint's current secrets (Standard Webhooks), sent, and recorded with its next attempt or its
 * end. Dropped when its endpoint or event is gone, or its endpoint disabled (unless sent by hand);
 * filed for later, unattempted, while its endpoint is backed off (unless sent by hand).
 */
export async function attemptDelivery(
  rt: SenderRuntime,
  work: DeliveryWork,
  now: Date,
  options: { resolve?: Resolve; timeoutMs: number; leaseMs: number },
): Promise<Delivered> {
  const endpoint = await rt.webhooks.get(work.storeId, work.endpointId);
  // Backed off by an earlier pass (or another sender): filed again for then, unattempted. By hand: sent now.
  if (endpoint?.backoffUntil && Date.parse(endpoint.backoffUntil) > now.getTime() && !work.manual && endpoint.status === 'enabled') {
    const postponedUntil = new Date(endpoint.backoffUntil);
    await rt.webhooks.postpone(work, postponedUntil, now);
    return { postponedUntil };
  }
  if (!(await rt.webhooks.claim(work, now, options.leaseMs))) return 'skipped';
  const event = endpoint && (await rt.events.get(work.storeId, work.eventId));
  if (!endpoint || !event || (endpoint.status === 'disabled' && !work.manual)) {
    await rt.webhooks.drop(work);
    return 'dropped';
  }
  const secrets = await openSecrets(rt, endpoint, now);
  const body = JSON.stringify(event);
  // Signed at the moment it is sent (receivers check the timestamp against their clock); `now` is the pass's clock.
  const outcome =
    secrets.length === 0
      ? UNSIGNABLE
      : await sendWebhook(endpoint.url, webhookHeaders(secrets, { id: event.id, timestamp: Math.floor(Date.now() / 1000), body }), body, {
          allowLoopback: rt.config.WEBHOOK_ALLOW_LOOPBACK,
          resolve: options.resolve,
          timeoutMs: options.timeoutMs,
        });
  // The merchant's log says little of why (our network is not theirs to map); the operators' log says which.
  if (outcome.detail !== undefined) logger.info('webhook attempt failed', { storeId: work.storeId, endpointId: work.endpointId, detail: outcome.detail });
  const next = outcome.ok || work.manual ? null : nextAttemptAt(work.attempt, now);
  const backoffUntil = outcome.unanswered ? new Date(now.getTime() + backoffFor(endpoint, now)) : undefined;
  await rt.webhooks.record(work, outcome, now, next, endpoint, await endpointChange(rt, endpoint, outcome, now), backoffUntil);
  return backoffUntil ? { backoffUntil } : 'sent';
}

// How long an unanswered endpoint is left alone: as long as it has been failing, within the bounds.
function backoffFor(endpoint: StoredEndpoint, now: Date): number {
  const failingFor = endpoint.failingSince === null ? 0 : now.getTime() - Date.parse(endpoint.failingSince);
  return Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_MIN_MS, failingFor));
}

/** Why an attempt was not sent when none of the endpoint's secrets opens (the delivery log shows it). */
export const SECRET_UNREADABLE = 'Not sent: the endpoint’s signing secret cannot be read; rotate it (POST /v1/webhook-endpoints/{id}/rotate-secret)';
const UNSIGNABLE: SentOutcome = { ok: false, responseStatus: null, error: SECRET_UNREADABLE, durationMs: 0 };

// The endpoint's signing secrets, each opened under the WEBHOOK_SECRETS_KEY version it names (so one
// sealed by a function holding a newer or older version than the sender's opens all the same). One that
// opens under no version the sender can reach (another key, a version gone) is left out (and logged), so
// the others still sign; with none left the attempt fails with SECRET_UNREADABLE and is retried on the
// usual schedule. Secrets Manager unreachable is no such case: the attempt throws, its lease lapses and
// a later pass sends it.
async function openSecrets(rt: SenderRuntime, endpoint: StoredEndpoint, now: Date): Promise<string[]> {
  const opened = await Promise.all(
    signingSecrets(endpoint.secrets, now).map(async (secret) => {
      try {
        return [await rt.webhookSecrets.open(secret.sealed, endpoint.id)];
      } catch (error) {
        if (!(error instanceof UnopenableSecretError)) throw error;
        logger.warn(WEBHOOK_SECRET_UNREADABLE, { storeId: endpoint.storeId, endpointId: endpoint.id });
        return [];
      }
    }),
  );
  return opened.flat();
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
