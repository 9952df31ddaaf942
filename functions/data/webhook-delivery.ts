import { randomUUID } from 'node:crypto';
import { EVENT_RETENTION_SECONDS } from '../core/event.ts';
import { keys } from './table.ts';
import type { TransactItem } from './transaction.ts';
import type { DeliveryWork } from './webhook.repository.ts';

/*
 * The webhook worklist's item, on its own: both the event relay (a new event's deliveries, in its
 * placement) and the webhook repository (a retry, a redelivery) write it, and the webhook repository
 * writes events (an endpoint's disabling) through the event repository, so it lives in neither.
 */

/** What a delivery put needs: the work without its key; a new one gets a new id; before ordering, no job or sequence. */
export type NewDelivery = Omit<DeliveryWork, 'deliveryId' | 'key' | 'jobId' | 'sequence'> &
  Partial<Pick<DeliveryWork, 'deliveryId' | 'jobId' | 'sequence'>> & {
    /** Put by a request, due now, with no relay to ring the sender (a test event): the doorbell wakes it (rings.ts). */
    wake?: true;
  };

/** The worklist item of a delivery's attempt (a new delivery: attempt 1, a new id). */
export function deliveryPut(tableName: string, work: NewDelivery): TransactItem {
  const deliveryId = work.deliveryId ?? randomUUID();
  const { storeId, endpointId, eventId, attempt, dueAt, manual, jobId = null, sequence = null, wake } = work;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.webhookDelivery(storeId, dueAt, deliveryId),
        type: 'webhook-delivery',
        storeId,
        endpointId,
        eventId,
        attempt,
        dueAt,
        manual,
        deliveryId,
        ...(jobId !== null && sequence !== null && { jobId, sequence }),
        ...(wake && { wake }),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Marks the store as having deliveries on the worklist, in the transaction that may put its first
 * (a placement, a redelivery, a retry moved from the list of before): a new token, so a sender that
 * found the store's list empty or not yet due before this write does not take the mark off or file it for later.
 */
export function storeMark(tableName: string, storeId: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.webhookStore(storeId),
      UpdateExpression: 'SET #type = :type, storeId = :storeId, #token = :token REMOVE nextDueAt',
      ExpressionAttributeNames: { '#type': 'type', '#token': 'token' },
      ExpressionAttributeValues: { ':type': 'webhook-store', ':storeId': storeId, ':token': randomUUID() },
    },
  };
}

/**
 * Whether the delivery is a first attempt that keeps its job's order at its endpoint: a job's event
 * sent by the relay's placement (not by hand, not a retry), written since deliveries carry a sequence.
 */
export function isOrdered<W extends Pick<DeliveryWork, 'attempt' | 'manual' | 'jobId' | 'sequence'>>(work: W): work is W & { jobId: string; sequence: number } {
  return work.attempt === 1 && !work.manual && work.jobId !== null && work.sequence !== null;
}

/** A (store, endpoint, job) pair's key in maps, as the order item names it. */
export const orderPairOf = (work: { storeId: string; endpointId: string; jobId: string }) => `${work.storeId}/${work.endpointId}/${work.jobId}`;

const orderTtl = (at: Date) => Math.floor(at.getTime() / 1000) + EVENT_RETENTION_SECONDS;

/** Adds first attempts' sequences to their pair's order item (one update for all of a pair's, as a transaction allows one per item). */
export function orderAdd(
  tableName: string,
  pair: { storeId: string; endpointId: string; jobId: string },
  sequences: readonly number[],
  at: Date,
): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.webhookOrder(pair.storeId, pair.endpointId, pair.jobId),
      UpdateExpression: 'ADD pending :sequences SET #type = :type, #ttl = :ttl',
      ExpressionAttributeNames: { '#type': 'type', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':sequences': new Set(sequences), ':type': 'webhook-order', ':ttl': orderTtl(at) },
    },
  };
}

/** Takes a first attempt's sequence off its pair's order item: its attempt is over (recorded or dropped), the next may go. */
export function orderDone(tableName: string, work: { storeId: string; endpointId: string; jobId: string; sequence: number }): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.webhookOrder(work.storeId, work.endpointId, work.jobId),
      // An item gone by its TTL comes back empty: it keeps a TTL too.
      UpdateExpression: 'DELETE pending :sequence SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':sequence': new Set([work.sequence]), ':ttl': orderTtl(new Date()) },
    },
  };
}
