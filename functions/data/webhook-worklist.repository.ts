/**
 * The webhook sender's worklist: the deliveries due (every shard's, oldest first), taking one for a
 * while, filing it again later, dropping it, and recording an attempt with what it means for its
 * endpoint. The endpoints themselves, their delivery log and redelivery by hand are in webhook.repository.ts.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_RETENTION_SECONDS, type DeliveryEvent } from '../core/event.ts';
import type { AttemptOutcome } from '../core/webhook.ts';
import { isConditionFailure } from './client.ts';
import { eventOutboxPuts } from './event.repository.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { WebhookDueReader } from './webhook-due.repository.ts';
import { deliveryPut, isOrdered, orderDone, storeMark } from './webhook-delivery.ts';
import type { StoredEndpoint } from './webhook.repository.ts';

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
  /** The event's job and its sequence (null: not a job's event, or written before deliveries carried them). */
  jobId: string | null;
  sequence: number | null;
  /** Where the worklist item is (its shard, or the unsharded list of before an upgrade). */
  key: { PK: string; SK: string };
}

/** What recording an attempt does to the endpoint, decided by the caller from the endpoint it read. */
export type EndpointChange =
  | { kind: 'none' }
  | { kind: 'succeeded' }
  | { kind: 'failing' }
  /** Every delivery failed for DISABLE_AFTER_MS: the endpoint is disabled and the event written with it. */
  | { kind: 'disable'; event: DeliveryEvent };

// A delivery of the list of before the lists by store: its next attempt goes to its store's list, which the index must name.
const movedFromBefore = (work: DeliveryWork) => work.key.PK !== keys.webhookDelivery(work.storeId, '', '').PK;

/** How many times recording an attempt is tried while another transaction holds one of its items. */
const CONFLICT_TRIES = 5;
const onlyConflicted = (error: TransactionCancelled) =>
  error.conflicted && ![...error.reasons.values()].some((reason) => reason.code === 'ConditionalCheckFailed');
const pause = (tries: number) => new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 30 * tries));

const expiresAt = (at: string) => Math.floor(Date.parse(at) / 1000) + EVENT_RETENTION_SECONDS;

/** The deliveries waiting to be attempted (one worklist, sharded, due time first) and the recording of each attempt. */
export class WebhookWorklistRepository extends WebhookDueReader {
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
        .addEach('store', movedFromBefore(work) ? [storeMark(this.tableName, work.storeId)] : [])
        .commit(this.db);
      return true;
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('work')) return false;
      throw error;
    }
  }

  /** Drops a delivery without attempting it (its endpoint or its event is gone); a first attempt lets its job's next go. */
  async drop(work: DeliveryWork, tries = 1): Promise<void> {
    const tx = new Transaction().add('work', { Delete: { TableName: this.tableName, Key: work.key, ConditionExpression: 'attribute_exists(PK)' } });
    if (isOrdered(work)) tx.add('order', orderDone(this.tableName, work));
    try {
      await tx.commit(this.db);
    } catch (error) {
      // Dropped or recorded by another sender already.
      if (error instanceof TransactionCancelled && error.failed('work')) return;
      if (error instanceof TransactionCancelled && onlyConflicted(error) && tries < CONFLICT_TRIES) {
        await pause(tries);
        return this.drop(work, tries + 1);
      }
      throw error;
    }
  }

  /**
   * Records an attempt, in one transaction: the log line; the delivery off the worklist, and its next
   * attempt on it when one is due; and what the attempt means for the endpoint (failing since, back to
   * healthy, or disabled with its `webhook_endpoint.disabled` event); a first attempt's sequence off
   * its job's order item, so the job's next event may go. Recorded once: a second sender recording the
   * same attempt finds the delivery gone and writes nothing.
   */
  async record(
    work: DeliveryWork,
    outcome: AttemptOutcome,
    at: Date,
    next: Date | null,
    endpoint: StoredEndpoint,
    change: EndpointChange,
    backoffUntil?: Date,
    tries = 1,
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
    if (next && movedFromBefore(work)) tx.add('store', storeMark(this.tableName, work.storeId));
    if (isOrdered(work)) tx.add('order', orderDone(this.tableName, work));
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
      // Another transaction on one of its items at that moment (a placement of the job's next event on its order item): again.
      if (onlyConflicted(error) && tries < CONFLICT_TRIES) {
        await pause(tries);
        return this.record(work, outcome, at, next, endpoint, change, backoffUntil, tries + 1);
      }
      throw error;
    }
  }
}
