import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_RETENTION_SECONDS, type DeliveryEvent, type EventType } from '../core/event.ts';
import { EndpointLimitError, ServiceUnavailableError, WebhookEndpointNotFoundError } from '../core/errors.ts';
import { MAX_ENDPOINTS_PER_STORE, REDELIVERY_INTERVAL_MS, type AttemptOutcome, type StoredSecret, type WebhookEndpoint } from '../core/webhook.ts';
import { isConditionFailure } from './client.ts';
import { eventOutboxPuts } from './event.repository.ts';
import { TableRepository } from './repository.ts';
import { compareKeys, keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { deliveryPut } from './webhook-delivery.ts';

/** An endpoint as stored, with the version its changes are conditioned on. */
export interface StoredEndpoint extends WebhookEndpoint {
  version: number;
  /** Until when the sender leaves its deliveries alone after one went unanswered (null: it is not backed off). */
  backoffUntil: string | null;
}

/** A delivery's next attempt on the sender's worklist. */
export interface DeliveryWork {
  deliveryId: string;
  storeId: string;
  endpointId: string;
  eventId: string;
  /** The attempt this is (1 for the first). */
  attempt: number;
  dueAt: string;
  /** Sent by hand (POST /v1/events/{id}/redeliver): one attempt, no retries. */
  manual: boolean;
  /** Where the worklist item is (its shard, or the unsharded list of before an upgrade). */
  key: { PK: string; SK: string };
}

/** One line of an endpoint's delivery log. */
export interface AttemptRecord {
  eventId: string;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: string;
  nextAttemptAt: string | null;
}

/** What recording an attempt does to the endpoint, decided by the caller from the endpoint it read. */
export type EndpointChange =
  | { kind: 'none' }
  | { kind: 'succeeded' }
  | { kind: 'failing' }
  /** Every delivery failed for DISABLE_AFTER_MS: the endpoint is disabled and the event written with it. */
  | { kind: 'disable'; event: DeliveryEvent };

/** How many times a change of a store's endpoints is tried while other changes of them are in flight. */
const CONTENDED_ATTEMPTS = 10;

const expiresAt = (at: string) => Math.floor(Date.parse(at) / 1000) + EVENT_RETENTION_SECONDS;

function toEndpoint(item: Record<string, unknown>): StoredEndpoint {
  return {
    id: item.endpointId as string,
    storeId: item.storeId as string,
    url: item.url as string,
    eventTypes: (item.eventTypes as EventType[] | null) ?? null,
    description: (item.description as string | null) ?? null,
    status: item.status as StoredEndpoint['status'],
    secrets: item.secrets as StoredSecret[],
    failingSince: (item.failingSince as string | null) ?? null,
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
    backoffUntil: (item.backoffUntil as string | null | undefined) ?? null,
  };
}

function toWork(item: Record<string, unknown>): DeliveryWork {
  return {
    key: { PK: item.PK as string, SK: item.SK as string },
    deliveryId: item.deliveryId as string,
    storeId: item.storeId as string,
    endpointId: item.endpointId as string,
    eventId: item.eventId as string,
    attempt: item.attempt as number,
    dueAt: item.dueAt as string,
    manual: item.manual === true,
  };
}

/**
 * Webhook endpoints (in their store's partition, at most five a store, counted by an item kept with
 * each creation and deletion), the deliveries waiting to be attempted (one worklist partition, due
 * time first) and each endpoint's log of attempts.
 */
export class WebhookRepository extends TableRepository {
  /** Adds an endpoint, unless the store has five already (409 endpoint_limit_reached). */
  async create(endpoint: WebhookEndpoint): Promise<StoredEndpoint> {
    const stored = { ...endpoint, version: 1, backoffUntil: null };
    try {
      await this.commitContended(() =>
        new Transaction()
          .add('count', {
            Update: {
              TableName: this.tableName,
              Key: keys.webhookCount(endpoint.storeId),
              UpdateExpression: 'ADD #count :one',
              ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_ENDPOINTS_PER_STORE },
            },
          })
          .add('endpoint', { Put: { TableName: this.tableName, Item: this.item(stored), ConditionExpression: 'attribute_not_exists(PK)' } }),
      );
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('count')) throw new EndpointLimitError(MAX_ENDPOINTS_PER_STORE);
      throw error;
    }
    return stored;
  }

  /** The store's endpoints, oldest first. */
  async list(storeId: string): Promise<StoredEndpoint[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.webhookCount(storeId).PK, ':prefix': keys.webhookEndpointPrefix },
      ConsistentRead: true,
    });
    return items.map(toEndpoint).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async get(storeId: string, endpointId: string): Promise<StoredEndpoint | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.webhookEndpoint(storeId, endpointId), ConsistentRead: true }));
    return Item ? toEndpoint(Item) : null;
  }

  /** Removes an endpoint (404 if the store has no such endpoint); its waiting deliveries are dropped when they come due. */
  async delete(storeId: string, endpointId: string): Promise<void> {
    try {
      await this.commitContended(() =>
        new Transaction()
          .add('endpoint', {
            Delete: { TableName: this.tableName, Key: keys.webhookEndpoint(storeId, endpointId), ConditionExpression: 'attribute_exists(PK)' },
          })
          .add('count', {
            Update: {
              TableName: this.tableName,
              Key: keys.webhookCount(storeId),
              UpdateExpression: 'ADD #count :minusOne',
              ConditionExpression: '#count > :zero',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
            },
          }),
      );
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('endpoint')) throw new WebhookEndpointNotFoundError(endpointId);
      throw error;
    }
  }

  /** Writes the endpoint's secrets as given, if it is still at the version read (else the caller reads again). */
  async replaceSecrets(endpoint: StoredEndpoint, secrets: StoredSecret[], now: Date): Promise<StoredEndpoint | null> {
    const next = { ...endpoint, secrets, updatedAt: now.toISOString(), version: endpoint.version + 1 };
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.webhookEndpoint(endpoint.storeId, endpoint.id),
          UpdateExpression: 'SET secrets = :secrets, updatedAt = :now, version = :next',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':secrets': secrets, ':now': next.updatedAt, ':next': next.version, ':version': endpoint.version },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
    return next;
  }

  /** Deliveries due at `now` (oldest due first), at most `limit`: every shard's together, and the unsharded list of before an upgrade. */
  async due(now: Date, limit: number): Promise<DeliveryWork[]> {
    const pages = await Promise.all(
      [...keys.webhookDeliveryPartitions(), keys.unshardedWebhookDeliveryPartition].map((pk) =>
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'PK = :pk AND SK <= :now',
            ExpressionAttributeValues: { ':pk': pk, ':now': `${now.toISOString()}#~` },
            ConsistentRead: true,
            Limit: limit,
          }),
        ),
      ),
    );
    return pages
      .flatMap((page) => page.Items ?? [])
      .sort((a, b) => compareKeys(a.SK as string, b.SK as string))
      .slice(0, limit)
      .map(toWork);
  }

  /**
   * Takes a due delivery for `leaseMs` so no other sender attempts it meanwhile; false if another
   * sender holds it or it is gone. A sender that dies holding it leaves it to be taken again after.
   */
  async claim(work: DeliveryWork, now: Date, leaseMs: number): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: work.key,
          UpdateExpression: 'SET leaseUntil = :until',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
          ExpressionAttributeValues: { ':until': now.getTime() + leaseMs, ':now': now.getTime() },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /**
   * Files a delivery again at `until`, unattempted (its endpoint is backed off): the same delivery and
   * attempt, out of the due part of the worklist. False if it is gone or another sender holds it.
   */
  async postpone(work: DeliveryWork, until: Date, now: Date): Promise<boolean> {
    try {
      await new Transaction()
        .add('work', {
          Delete: {
            TableName: this.tableName,
            Key: work.key,
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeValues: { ':now': now.getTime() },
          },
        })
        .add('later', deliveryPut(this.tableName, { ...work, dueAt: until.toISOString() }))
        .commit(this.db);
      return true;
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('work')) return false;
      throw error;
    }
  }

  /** Drops a delivery without attempting it (its endpoint or its event is gone). */
  async drop(work: DeliveryWork): Promise<void> {
    await new Transaction().add('work', { Delete: { TableName: this.tableName, Key: work.key } }).commit(this.db);
  }

  /**
   * Records an attempt, in one transaction: the log line; the delivery off the worklist, and its next
   * attempt on it when one is due; and what the attempt means for the endpoint (failing since, back to
   * healthy, or disabled with its `webhook_endpoint.disabled` event). Recorded once: a second sender
   * recording the same attempt finds the delivery gone and writes nothing.
   */
  async record(
    work: DeliveryWork,
    outcome: AttemptOutcome,
    at: Date,
    next: Date | null,
    endpoint: StoredEndpoint,
    change: EndpointChange,
    backoffUntil?: Date,
  ): Promise<void> {
    const attemptedAt = at.toISOString();
    const tx = new Transaction()
      .add('work', {
        Delete: { TableName: this.tableName, Key: work.key, ConditionExpression: 'attribute_exists(PK)' },
      })
      .add('log', {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.webhookAttempt(work.storeId, work.endpointId, attemptedAt, work.deliveryId, work.attempt),
            type: 'webhook-attempt',
            eventId: work.eventId,
            attempt: work.attempt,
            outcome: outcome.ok ? 'succeeded' : 'failed',
            responseStatus: outcome.responseStatus,
            error: outcome.error,
            durationMs: outcome.durationMs,
            attemptedAt,
            nextAttemptAt: next?.toISOString() ?? null,
            ttl: expiresAt(attemptedAt),
          },
        },
      });
    if (next) tx.add('next', deliveryPut(this.tableName, { ...work, attempt: work.attempt + 1, dueAt: next.toISOString() }));
    const endpointKey = keys.webhookEndpoint(endpoint.storeId, endpoint.id);
    // An unanswered attempt backs the endpoint off (the sender leaves its deliveries until then); a success ends it.
    const backoff = backoffUntil ? ', backoffUntil = :backoff' : '';
    const backoffValue = backoffUntil ? { ':backoff': backoffUntil.toISOString() } : {};
    if (change.kind === 'succeeded') {
      tx.add('endpoint', {
        Update: {
          TableName: this.tableName,
          Key: endpointKey,
          UpdateExpression: 'SET failingSince = :null, backoffUntil = :null, #status = :enabled, updatedAt = :now ADD version :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':null': null, ':enabled': 'enabled', ':now': attemptedAt, ':one': 1 },
        },
      });
    } else if (change.kind === 'failing') {
      tx.add('endpoint', {
        Update: {
          TableName: this.tableName,
          Key: endpointKey,
          // From the first failure after a success (an endpoint starts with failingSince null, so not if_not_exists).
          UpdateExpression: `SET failingSince = :now, updatedAt = :now${backoff} ADD version :one`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':now': attemptedAt, ':one': 1, ...backoffValue },
        },
      });
    } else if (change.kind === 'disable') {
      tx.add('endpoint', {
        Update: {
          TableName: this.tableName,
          Key: endpointKey,
          UpdateExpression: 'SET #status = :disabled, updatedAt = :now ADD version :one',
          ConditionExpression: '#status = :enabled',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':disabled': 'disabled', ':enabled': 'enabled', ':now': attemptedAt, ':one': 1 },
        },
      });
      tx.addEach('event', eventOutboxPuts(this.tableName, endpoint.storeId, [change.event]));
    } else if (backoffUntil) {
      tx.add('endpoint', {
        Update: {
          TableName: this.tableName,
          Key: endpointKey,
          UpdateExpression: 'SET backoffUntil = :backoff',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: backoffValue,
        },
      });
    }
    try {
      await tx.commit(this.db);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      // Recorded by another sender already: nothing more to write.
      if (error.failed('work')) return;
      // The endpoint was deleted or disabled meanwhile: the attempt is still recorded, without the endpoint's change.
      if (error.failed('endpoint')) return this.record(work, outcome, at, next, endpoint, { kind: 'none' }, undefined);
      throw error;
    }
  }

  /** A page of the endpoint's delivery log, newest first, after the line at `after` (its sort key). */
  async attempts(
    storeId: string,
    endpointId: string,
    page: { limit: number; after?: string },
  ): Promise<{ attempts: AttemptRecord[]; last: string | null; hasMore: boolean }> {
    const prefix = keys.webhookAttemptPrefix(endpointId);
    const { items: shown, more } = await this.pageBefore(keys.webhookCount(storeId).PK, prefix, {
      limit: page.limit,
      before: page.after === undefined ? undefined : `${prefix}${page.after}`,
    });
    return {
      attempts: shown.map((item) => ({
        eventId: item.eventId as string,
        attempt: item.attempt as number,
        outcome: item.outcome as AttemptRecord['outcome'],
        responseStatus: (item.responseStatus as number | null) ?? null,
        error: (item.error as string | null) ?? null,
        durationMs: item.durationMs as number,
        attemptedAt: item.attemptedAt as string,
        nextAttemptAt: (item.nextAttemptAt as string | null) ?? null,
      })),
      last: shown.length > 0 ? (shown.at(-1)!.SK as string).slice(prefix.length) : (page.after ?? null),
      hasMore: more,
    };
  }

  /**
   * Puts deliveries of an event to these endpoints, due now, one attempt each (a redelivery by hand),
   * each with the pair's marker, so no pair is sent by hand more than once per REDELIVERY_INTERVAL_MS
   * (written in the same transaction: two redeliveries at once put one delivery). Returns the
   * endpoints it queued for and, for those refused, when their pair may be sent again.
   */
  async redeliver(
    storeId: string,
    eventId: string,
    endpointIds: readonly string[],
    now: Date,
  ): Promise<{ queued: string[]; limited: Array<{ endpointId: string; until: number }> }> {
    const limited: Array<{ endpointId: string; until: number }> = [];
    let left = [...endpointIds];
    while (left.length > 0) {
      const tx = new Transaction();
      for (const endpointId of left) {
        tx.add(`marker:${endpointId}`, {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.redelivery(storeId, eventId, endpointId),
              type: 'webhook-redelivery',
              until: now.getTime() + REDELIVERY_INTERVAL_MS,
              ttl: Math.ceil((now.getTime() + REDELIVERY_INTERVAL_MS) / 1000) + 3_600,
            },
            ConditionExpression: 'attribute_not_exists(PK) OR #until <= :now',
            ExpressionAttributeNames: { '#until': 'until' },
            ExpressionAttributeValues: { ':now': now.getTime() },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        });
        tx.add(`delivery:${endpointId}`, deliveryPut(this.tableName, { storeId, endpointId, eventId, attempt: 1, dueAt: now.toISOString(), manual: true }));
      }
      try {
        await tx.commit(this.db);
        return { queued: left, limited };
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        // A pair sent within the interval (or being sent by a redelivery at this moment) is left out.
        const refused = left.filter(
          (endpointId) => error.failed(`marker:${endpointId}`) || error.reasons.get(`marker:${endpointId}`)?.code === 'TransactionConflict',
        );
        if (refused.length === 0) throw error;
        for (const endpointId of refused) {
          const until = error.oldItem(`marker:${endpointId}`)?.until;
          limited.push({ endpointId, until: typeof until === 'number' ? until : now.getTime() + REDELIVERY_INTERVAL_MS });
        }
        left = left.filter((endpointId) => !refused.includes(endpointId));
      }
    }
    return { queued: [], limited };
  }

  // A store's endpoint changes share its count item: one that meets another in flight (TransactionConflict)
  // goes again after a short pause, a few times, then answers 503.
  private async commitContended(build: () => Transaction): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await build().commit(this.db);
        return;
      } catch (error) {
        if (!(error instanceof TransactionCancelled) || !error.conflicted || error.reasons.size === 0) throw error;
        if ([...error.reasons.values()].some((reason) => reason.code === 'ConditionalCheckFailed')) throw error;
        if (attempt >= CONTENDED_ATTEMPTS) throw new ServiceUnavailableError(error);
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
      }
    }
  }

  private item(endpoint: StoredEndpoint) {
    const { id, ...fields } = endpoint;
    return { ...keys.webhookEndpoint(endpoint.storeId, id), type: 'webhook-endpoint', endpointId: id, ...fields };
  }
}
