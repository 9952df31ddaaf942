import { EVENT_RETENTION_SECONDS, type DeliveryEvent } from '../core/event.ts';
import { TEST_EVENT_INTERVAL_MS } from '../core/webhook.ts';
import type { PartFactory } from '../runtime.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { deliveryPut, storeMark } from './webhook-delivery.ts';
import type { StoredEndpoint } from './webhook-endpoints.repository.ts';

/** How many times a test event's transaction is tried while other writes of the store's worklist mark are in flight. */
const CONTENDED_ATTEMPTS = 10;

/** An event's item goes with the feed's (30 days after it happened). */
const eventExpiry = (event: DeliveryEvent) => Math.floor(Date.parse(event.createdAt) / 1000) + EVENT_RETENTION_SECONDS;

/**
 * Test events (POST /v1/webhook-endpoints/{id}/test), in a file of their own so only that route's
 * bundle carries them (its part, webhookTestsPart, is here, not in runtime.ts's list).
 */
export class WebhookTestRepository extends TableRepository {
  /**
   * Queues a test event for one endpoint, due now: the event by its id (so the sender, GET
   * /v1/events/{id} and a redelivery find it; never placed in the feed), its one delivery (`manual`
   * for a disabled endpoint: one attempt, as a redelivery by hand; else retried as any delivery), and
   * the endpoint's marker, so no endpoint gets a test event more than once per TEST_EVENT_INTERVAL_MS
   * (one transaction: two at once put one). Returns when the endpoint may have the next one instead
   * when it had one too recently.
   */
  async queueTestEvent(endpoint: StoredEndpoint, event: DeliveryEvent, now: Date): Promise<{ queued: true } | { queued: false; until: number }> {
    const { storeId } = endpoint;
    const until = now.getTime() + TEST_EVENT_INTERVAL_MS;
    const manual = endpoint.status === 'disabled';
    for (let conflicts = 0; ; conflicts++) {
      const tx = new Transaction()
        .add('marker', {
          Put: {
            TableName: this.tableName,
            Item: { ...{ PK: `STORE#${storeId}`, SK: `WEBHOOKTEST#${endpoint.id}` }, type: 'webhook-test', until, ttl: Math.ceil(until / 1000) + 3_600 },
            ConditionExpression: 'attribute_not_exists(PK) OR #until <= :now',
            ExpressionAttributeNames: { '#until': 'until' },
            ExpressionAttributeValues: { ':now': now.getTime() },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        })
        .add('event', {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.event(storeId, event.id), type: 'event', eventId: event.id, eventType: event.type, jobId: null, event, ttl: eventExpiry(event) },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        })
        .add(
          'delivery',
          deliveryPut(this.tableName, { storeId, endpointId: endpoint.id, eventId: event.id, attempt: 1, dueAt: now.toISOString(), manual, wake: true }),
        )
        .add('store', storeMark(this.tableName, storeId));
      try {
        await tx.commit(this.db);
        return { queued: true };
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        if (error.failed('marker')) {
          const old = error.oldItem('marker')?.until;
          return { queued: false, until: typeof old === 'number' ? old : until };
        }
        // Met another write of the store's mark on the worklist's index (a placement) at that moment: again.
        if (error.conflicted && conflicts + 1 < CONTENDED_ATTEMPTS) continue;
        throw error;
      }
    }
  }
}

/** The test events' repository, for the one route that sends them. */
export const webhookTestsPart: PartFactory<'webhookTests'> = (_base, { db, table }) => new WebhookTestRepository(db, table);
