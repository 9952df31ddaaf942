import { randomUUID } from 'node:crypto';
import { keys } from './table.ts';
import type { TransactItem } from './transaction.ts';
import type { DeliveryWork } from './webhook.repository.ts';

/*
 * The webhook worklist's item, on its own: both the event relay (a new event's deliveries, in its
 * placement) and the webhook repository (a retry, a redelivery) write it, and the webhook repository
 * writes events (an endpoint's disabling) through the event repository, so it lives in neither.
 */

/** The worklist item of a delivery's attempt (a new delivery: attempt 1, a new id). */
export function deliveryPut(tableName: string, work: Omit<DeliveryWork, 'deliveryId' | 'key'> & { deliveryId?: string }): TransactItem {
  const deliveryId = work.deliveryId ?? randomUUID();
  const { storeId, endpointId, eventId, attempt, dueAt, manual } = work;
  return {
    Put: {
      TableName: tableName,
      Item: { ...keys.webhookDelivery(dueAt, deliveryId), type: 'webhook-delivery', storeId, endpointId, eventId, attempt, dueAt, manual, deliveryId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
