import { newEventId, type DeliveryEvent } from '../core/event.ts';
import { webhookHeaders } from '../core/webhook-signature.ts';
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_MS, nextAttemptAt, signingSecrets, type AttemptOutcome } from '../core/webhook.ts';
import type { DeliveryWork, EndpointChange, StoredEndpoint } from '../data/webhook.repository.ts';
import { logger } from '../log/logger.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';

/** What the webhook sender uses: the base, the webhooks and the events. */
export type SenderRuntime = BaseRuntime & Pick<Runtime, 'webhooks' | 'events'>;
import type { TickReport } from '../workers/worklist.ts';
import { WORKER_ITEM_FAILED, type PassOptions, type PassResult } from '../workers/worklist.ts';
import { endpointView } from '../schemas/webhook.schema.ts';
import { sendWebhook, type Resolve, type SentOutcome } from './send.ts';

/** How many due deliveries one tick reads (oldest first), and how many it sends at once in all. */
const DUE_READ = 200;
const PARALLEL = 10;
/**
 * Fairness: at most this many of one store's deliveries, and of one endpoint's, are in flight at once,
 * and the stores take turns (round-robin) for the free places, so a store whose receivers are slow
 * delays its own deliveries only.
 */
export const IN_FLIGHT_PER_STORE = 4;
export const IN_FLIGHT_PER_ENDPOINT = 2;
/** The time an attempt's bookkeeping may take after its answer (recording it, in one transaction). */
const RECORD_MARGIN_MS = 3_000;
/** A taken delivery is the taker's for this long: the longest attempt and the time to record it. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;
/**
 * How long an endpoint whose attempt went unanswered (no connection, or no answer in time) is left
 * alone: as long as it has been failing, from 30 s to 10 min. Its deliveries are filed again for then,
 * unattempted, so no tick waits on it meanwhile and its backlog leaves the front of the worklist.
 */
const BACKOFF_MIN_MS = 30_000;
const BACKOFF_MAX_MS = 10 * 60_000;

/** What a tick of the sender may be told: when it must be done (no attempt starts that cannot finish by then). */
export interface DeliverOptions {
  resolve?: Resolve;
  /** Epoch ms by which the tick must be over: the invocation's end on AWS, the tick's budget locally. */
  deadline?: number;
  /** One attempt's limit (DELIVERY_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

/**
 * The webhook sender: one pass over the deliveries due now. Each is taken (so no other sender sends
 * it meanwhile), signed with the endpoint's current secrets (Standard Webhooks), sent, and recorded
 * with its next attempt or its end. Deliveries whose endpoint or event is gone are dropped; those of a
 * disabled endpoint too, unless sent by hand. A delivery that throws is logged as a failed worker item
 * and comes due again when its lease runs out.
 *
 * Fair to every store: deliveries are taken store by store in turn, with at most IN_FLIGHT_PER_STORE of
 * a store's and IN_FLIGHT_PER_ENDPOINT of an endpoint's in flight; an endpoint whose attempt goes
 * unanswered is backed off at once (its other deliveries are filed for later, not attempted); and no
 * attempt starts unless it can end, recorded, before `deadline`.
 */
export async function deliverTick(rt: SenderRuntime, now = new Date(), options: DeliverOptions = {}): Promise<TickReport> {
  const report = { moved: 0, finished: 0, failed: 0 };
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const due = await rt.webhooks.due(now, DUE_READ);
  const queues = new Map<string, DeliveryWork[]>();
  for (const work of due) {
    const queue = queues.get(work.storeId);
    if (queue) queue.push(work);
    else queues.set(work.storeId, [work]);
  }
  const stores = [...queues.keys()];
  const inFlight = new Map<string, number>();
  const count = (key: string, by: number) => inFlight.set(key, (inFlight.get(key) ?? 0) + by);
  const endpointKey = (work: DeliveryWork) => `${work.storeId}/${work.endpointId}`;
  // Endpoints found unanswering in this tick, and until when they are left alone.
  const backedOff = new Map<string, Date>();
  let turn = 0;

  // The next delivery to start: the next store in turn with a free place that has one whose endpoint has a free place.
  const take = (): DeliveryWork | undefined => {
    for (let i = 0; i < stores.length; i++) {
      const storeId = stores[(turn + i) % stores.length]!;
      if ((inFlight.get(storeId) ?? 0) >= IN_FLIGHT_PER_STORE) continue;
      const queue = queues.get(storeId)!;
      const index = queue.findIndex((work) => (inFlight.get(endpointKey(work)) ?? 0) < IN_FLIGHT_PER_ENDPOINT);
      if (index === -1) continue;
      turn = (turn + i + 1) % stores.length;
      return queue.splice(index, 1)[0];
    }
    return undefined;
  };
  const timeLeft = () => options.deadline === undefined || options.deadline - Date.now() >= timeoutMs + RECORD_MARGIN_MS;

  const handle = async (work: DeliveryWork) => {
    try {
      const until = backedOff.get(endpointKey(work));
      if (until && !work.manual) {
        await rt.webhooks.postpone(work, until, now);
        return;
      }
      const outcome = await deliver(rt, work, now, options.resolve, timeoutMs);
      if (outcome === 'sent') report.moved += 1;
      if (outcome === 'dropped') report.finished += 1;
      if (typeof outcome === 'object') backedOff.set(endpointKey(work), outcome.backoffUntil);
    } catch (error) {
      report.failed += 1;
      logger.error(WORKER_ITEM_FAILED, { worker: 'webhooks', storeId: work.storeId, endpointId: work.endpointId, eventId: work.eventId, error });
    }
  };

  await new Promise<void>((done) => {
    let running = 0;
    const pump = () => {
      while (running < PARALLEL && timeLeft()) {
        const work = take();
        if (!work) break;
        running += 1;
        count(work.storeId, 1);
        count(endpointKey(work), 1);
        void handle(work).finally(() => {
          running -= 1;
          count(work.storeId, -1);
          count(endpointKey(work), -1);
          pump();
        });
      }
      if (running === 0) done();
    };
    pump();
  });
  return report;
}

type Delivered = 'sent' | 'dropped' | 'skipped' | 'postponed' | { backoffUntil: Date };

async function deliver(rt: SenderRuntime, work: DeliveryWork, now: Date, resolve: Resolve | undefined, timeoutMs: number): Promise<Delivered> {
  const endpoint = await rt.webhooks.get(work.storeId, work.endpointId);
  // Backed off by an earlier tick (or another sender): filed again for then, unattempted. By hand: sent now.
  if (endpoint?.backoffUntil && Date.parse(endpoint.backoffUntil) > now.getTime() && !work.manual && endpoint.status === 'enabled') {
    await rt.webhooks.postpone(work, new Date(endpoint.backoffUntil), now);
    return 'postponed';
  }
  if (!(await rt.webhooks.claim(work, now, LEASE_MS))) return 'skipped';
  const event = endpoint && (await rt.events.get(work.storeId, work.eventId));
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
          timeoutMs,
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

/** One pass of the webhook sender, for the engine. */
export async function deliverPass(rt: SenderRuntime, options: PassOptions & Omit<DeliverOptions, 'deadline'> = {}): Promise<PassResult> {
  const { now, deadline, ...rest } = options;
  return { report: await deliverTick(rt, now, { ...rest, deadline }), more: false, nextDueAt: null };
}
