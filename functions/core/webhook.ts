import { randomBase62 } from './api-key.ts';
import type { EventType } from './event.ts';

/** Webhook endpoints a store may have at once. */
export const MAX_ENDPOINTS_PER_STORE = 5;

/** A delivery succeeds on a 2xx answered within this long; anything else is retried. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * When each retry of a failed delivery is due, after the attempt before it: about 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 10 h. The first attempt and these seven make eight; after the eighth fails the
 * delivery is `failed` (it can still be sent again by hand).
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint whose every delivery has failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/**
 * How often one event may be sent to one endpoint by hand (POST /v1/events/{id}/redeliver): a store
 * cannot fill the sender's worklist with copies of the same delivery.
 */
export const REDELIVERY_INTERVAL_MS = 60_000;

/** How often a test event may be sent to one endpoint (POST /v1/webhook-endpoints/{id}/test). */
export const TEST_EVENT_INTERVAL_MS = 10_000;

/** How long an old secret keeps signing beside the new one after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 3_600_000;

export const ENDPOINT_ID_PATTERN = /^we_[0-9A-Za-z]{24}$/;

export function newEndpointId(): string {
  return `we_${randomBase62(24)}`;
}

export type EndpointStatus = 'enabled' | 'disabled';

/** A signing secret as stored: sealed (never the plain secret), and until when it signs (null: no end). */
export interface StoredSecret {
  sealed: string;
  createdAt: string;
  expiresAt: string | null;
}

/** A store's webhook endpoint, as kept in the table. */
export interface WebhookEndpoint {
  id: string;
  storeId: string;
  url: string;
  /** The event types it receives; null: every type, including types added later. */
  eventTypes: EventType[] | null;
  description: string | null;
  status: EndpointStatus;
  secrets: StoredSecret[];
  /** When its deliveries started failing with no success since (null: the last one succeeded, or none failed). */
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Whether the endpoint takes events of this type. */
export function subscribes(endpoint: Pick<WebhookEndpoint, 'eventTypes' | 'status'>, type: EventType): boolean {
  return endpoint.status === 'enabled' && (endpoint.eventTypes === null || endpoint.eventTypes.includes(type));
}

/** The secrets that sign at `now`: the current one, and a rotated-out one for 24 h after the rotation. Newest first. */
export function signingSecrets(secrets: readonly StoredSecret[], now: Date): StoredSecret[] {
  return secrets
    .filter((secret) => secret.expiresAt === null || Date.parse(secret.expiresAt) > now.getTime())
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** When the next attempt of a delivery is due after attempt `attempt` failed at `at`; null after the last. */
export function nextAttemptAt(attempt: number, at: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay);
}

/** What became of one attempt to deliver an event to an endpoint. */
export interface AttemptOutcome {
  ok: boolean;
  /** The receiver's status code, if it answered. */
  responseStatus: number | null;
  /** Why it failed, in a few words (null when it succeeded). */
  error: string | null;
  durationMs: number;
}
