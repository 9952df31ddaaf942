import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EndpointLimitError, ServiceUnavailableError, WebhookEndpointNotFoundError } from '../core/errors.ts';
import { MAX_ENDPOINTS_PER_STORE, REDELIVERY_INTERVAL_MS, type StoredSecret, type WebhookEndpoint } from '../core/webhook.ts';
import { isConditionFailure } from './client.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { deliveryPut, storeMark } from './webhook-delivery.ts';
import { toEndpoint, WebhookEndpointReader, type StoredEndpoint } from './webhook-endpoints.repository.ts';
import { WebhookWorklistRepository } from './webhook-worklist.repository.ts';

export type { DeliveryWork, EndpointChange } from './webhook-worklist.repository.ts';
export type { StoredEndpoint } from './webhook-endpoints.repository.ts';

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

/** How many times a change of a store's endpoints is tried while other changes of them are in flight. */
const CONTENDED_ATTEMPTS = 10;

/**
 * Webhook endpoints (in their store's partition, at most five a store, counted by an item kept with
 * each creation and deletion), each endpoint's log of attempts and redelivery by hand; the deliveries
 * waiting to be attempted are the worklist's (webhook-worklist.repository.ts), reached through here;
 * the list of a store's endpoints is the reader's (webhook-endpoints.repository.ts).
 */
export class WebhookRepository extends WebhookEndpointReader {
  // The sender's worklist has its own file (webhook-worklist.repository.ts); the sender reaches it here, as before.
  private readonly worklist = new WebhookWorklistRepository(this.db, this.tableName);
  /** Deliveries due at `now`, store by store, and what the read tells of the rest. */
  readonly due: WebhookWorklistRepository['due'] = (now, limits) => this.worklist.due(now, limits);
  /** Takes a due delivery for `leaseMs`; false if another sender holds it or it is gone. */
  readonly claim: WebhookWorklistRepository['claim'] = (work, now, leaseMs) => this.worklist.claim(work, now, leaseMs);
  /** Files a delivery again at `until`, unattempted; false if it is gone or another sender holds it. */
  readonly postpone: WebhookWorklistRepository['postpone'] = (work, until, now) => this.worklist.postpone(work, until, now);
  /** Drops a delivery without attempting it. */
  readonly drop: WebhookWorklistRepository['drop'] = (work) => this.worklist.drop(work);
  /** The first attempts still pending of each (store, endpoint, job) pair, by sequence. */
  readonly pendingFirsts: WebhookWorklistRepository['pendingFirsts'] = (pairs) => this.worklist.pendingFirsts(pairs);
  /** Records an attempt and what it means for the endpoint, once. */
  readonly record: WebhookWorklistRepository['record'] = (...attempt) => this.worklist.record(...attempt);

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
    let conflicts = 0;
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
      tx.add('store', storeMark(this.tableName, storeId));
      try {
        await tx.commit(this.db);
        return { queued: left, limited };
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        // A pair sent within the interval (or being sent by a redelivery at this moment) is left out.
        const refused = left.filter(
          (endpointId) => error.failed(`marker:${endpointId}`) || error.reasons.get(`marker:${endpointId}`)?.code === 'TransactionConflict',
        );
        if (refused.length === 0) {
          // Met another write of the store's mark on the worklist's index (a placement) at that moment: again.
          if (error.conflicted && ++conflicts < CONTENDED_ATTEMPTS) continue;
          throw error;
        }
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
