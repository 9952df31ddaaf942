import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_RETENTION_SECONDS, type DeliveryEvent, type EventType } from '../core/event.ts';
import { subscribes, type WebhookEndpoint } from '../core/webhook.ts';
import { deliveryPut, orderAdd, orderPairOf, storeMark } from './webhook-delivery.ts';
import { TableRepository } from './repository.ts';
import { rateDecided } from './client.ts';
import { compareKeys, keys } from './table.ts';
import { Transaction, TransactionCancelled, type TransactItem } from './transaction.ts';

/**
 * A DynamoDB transaction takes 100 items: the head, the store's mark on the webhook worklist's index,
 * and per event 3 (feed, by id, outbox removed) and, for each endpoint that takes it, one delivery and
 * at most one order item (one per job and endpoint).
 */
const eventsPerPlacement = (endpoints: number) => Math.floor(98 / (3 + 2 * endpoints));
/** How many waiting events one relay pass reads. */
const RELAY_BATCH = 300;

/** How many feed items one filtered page examines at most (then it answers with what it found, and hasMore). */
const FILTER_SCAN_BUDGET = 1_000;

const expiresAt = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + EVENT_RETENTION_SECONDS;

/**
 * The outbox items of a change's events: put in the change's own transaction, so the event exists
 * exactly when the change does. The relay places them in their store's feed.
 */
export function eventOutboxPuts(tableName: string, storeId: string, events: readonly DeliveryEvent[]): TransactItem[] {
  return events.map((event) => ({
    Put: {
      TableName: tableName,
      Item: { ...keys.eventOutbox(storeId, event), type: 'outbox', storeId, event, ttl: expiresAt(event.createdAt) },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }));
}

/** The store's endpoints, as the relay needs them to hand each event to those that take it. */
export type EndpointsOf = (storeId: string) => Promise<ReadonlyArray<Pick<WebhookEndpoint, 'id' | 'eventTypes' | 'status'>>>;

/** An event waiting in the outbox, and where. */
export interface Waiting {
  event: DeliveryEvent;
  key: { PK: string; SK: string };
}

/** An event in its store's feed, at its position. */
export interface PlacedEvent {
  storeId: string;
  position: number;
  event: DeliveryEvent;
}

/** A page of the feed: the events, the position of the last item looked at, and whether the feed goes on. */
export interface FeedPage {
  events: DeliveryEvent[];
  position: number;
  hasMore: boolean;
}

/**
 * Events, from the change that writes them to the feed a store reads.
 *
 * A change's transaction puts its events in the outbox (its store's shard of OUTBOX_SHARDS, oldest
 * first). The relay reads every shard together and gives each event the next position of its
 * store's feed (the feed head, a counter moved on a condition), writing the feed item and the by-id item and removing the outbox item in one
 * transaction. Positions are therefore given once, in one order, with no gaps, whatever order the
 * changes committed in: a reader that remembers the last position it saw never misses or repeats an
 * event (positions are only ever added after it). The cost: an event appears in the feed when the relay
 * has placed it (the workers' next tick), not the moment its change commits.
 */
export class EventRepository extends TableRepository {
  /**
   * What waits for the relay, by store (a store's events oldest first), up to RELAY_BATCH a shard;
   * `more` when a shard held more than that. What the outbox of before the sharding still holds goes
   * first, all of it before anything newer (a store's events are placed in the order they were written).
   */
  async waiting(): Promise<{ stores: Array<{ storeId: string; waiting: Waiting[] }>; more: boolean }> {
    const read = (pk: string) =>
      this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
          Limit: RELAY_BATCH,
        }),
      );
    const [unsharded, ...sharded] = await Promise.all([keys.unshardedOutboxPartition, ...keys.outboxPartitions()].map(read));
    const pages = unsharded!.LastEvaluatedKey ? [unsharded!] : [unsharded!, ...sharded];
    const byStore = new Map<string, Waiting[]>();
    for (const item of pages.flatMap((page) => page.Items ?? [])) {
      const storeId = item.storeId as string;
      const waiting = { event: item.event as DeliveryEvent, key: { PK: item.PK as string, SK: item.SK as string } };
      const ofStore = byStore.get(storeId);
      if (ofStore) ofStore.push(waiting);
      else byStore.set(storeId, [waiting]);
    }
    const stores = [...byStore].map(([storeId, waiting]) => ({ storeId, waiting: waiting.sort((a, b) => compareKeys(a.key.SK, b.key.SK)) }));
    return { stores, more: pages.length === 1 || pages.some((page) => page.LastEvaluatedKey !== undefined) };
  }

  /**
   * Places a store's waiting events in its feed, in order, as many a transaction as its endpoints allow,
   * each with a delivery (due now) for each of the store's enabled webhook endpoints that takes the
   * event's type. Stops before a chunk `mayStart` refuses (a deadline) and after one that lost a race
   * (another relay placed it, or the head moved): `done` false, the rest waits for the next pass.
   * Another relay placing the same events at the same time loses nothing: each placement is
   * conditioned on the feed head and on the outbox items, so one places them and the other finds them gone.
   */
  async placeStore(
    storeId: string,
    waiting: readonly Waiting[],
    endpointsOf: EndpointsOf,
    now: Date,
    mayStart: () => boolean = () => true,
  ): Promise<{ placed: PlacedEvent[]; deliveries: number; done: boolean }> {
    const endpoints = (await endpointsOf(storeId)).filter((endpoint) => endpoint.status === 'enabled');
    const chunk = eventsPerPlacement(endpoints.length);
    const placed: PlacedEvent[] = [];
    let deliveries = 0;
    for (let i = 0; i < waiting.length; i += chunk) {
      if (i > 0 && !mayStart()) return { placed, deliveries, done: false };
      const done = await this.place(storeId, waiting.slice(i, i + chunk), endpoints, now);
      if (done.placed.length === 0) return { placed, deliveries, done: false };
      placed.push(...done.placed);
      deliveries += done.deliveries;
    }
    return { placed, deliveries, done: true };
  }

  /** The store's events after `position`, oldest first, at most `limit`, of one job or one type if asked. */
  async list(storeId: string, query: { after: number; limit: number; jobId?: string; type?: EventType }): Promise<FeedPage> {
    const filters: string[] = [];
    const values: Record<string, unknown> = {};
    if (query.jobId !== undefined) {
      filters.push('jobId = :jobId');
      values[':jobId'] = query.jobId;
    }
    if (query.type !== undefined) {
      filters.push('eventType = :type');
      values[':type'] = query.type;
    }
    // A filtered page may read up to FILTER_SCAN_BUDGET items: it waits for the rate decision, so a refused one reads nothing.
    if (filters.length > 0) await rateDecided();
    const events: DeliveryEvent[] = [];
    let position = query.after;
    let examined = 0;
    let startKey: Record<string, unknown> | undefined;
    for (;;) {
      // Unfiltered, one more than the page shows tells whether the feed goes on; filtered, a larger read.
      const pageLimit = filters.length === 0 ? query.limit + 1 : Math.min(FILTER_SCAN_BUDGET - examined, 200);
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ...(filters.length > 0 && { FilterExpression: filters.join(' AND ') }),
          ExpressionAttributeValues: {
            ':pk': keys.feedHead(storeId).PK,
            ':from': keys.feedEvent(storeId, query.after + 1).SK,
            ':to': keys.feedEvent(storeId, 10 ** 15 - 1).SK,
            ...values,
          },
          ConsistentRead: true,
          Limit: pageLimit,
          ExclusiveStartKey: startKey,
        }),
      );
      examined += page.ScannedCount ?? 0;
      const items = page.Items ?? [];
      for (let i = 0; i < items.length; i++) {
        if (events.length === query.limit) return { events, position, hasMore: true };
        events.push(items[i]!.event as DeliveryEvent);
        position = items[i]!.position as number;
      }
      startKey = page.LastEvaluatedKey;
      // Past the items it matched, a filtered read still moved the cursor to the last item it looked at.
      if (startKey && filters.length > 0) position = Math.max(position, Number((startKey.SK as string).slice('FEED#'.length)));
      if (!startKey) return { events, position, hasMore: false };
      if (filters.length > 0 && examined >= FILTER_SCAN_BUDGET) return { events, position, hasMore: true };
    }
  }

  /** The store's event with this id, or null (another store's events are not found). */
  async get(storeId: string, eventId: string): Promise<DeliveryEvent | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.event(storeId, eventId), ConsistentRead: true }));
    return Item ? (Item.event as DeliveryEvent) : null;
  }

  // Places events after the store's feed head, in one transaction; an outbox item already gone (another
  // relay placed it) or a head that moved meanwhile cancels it, and the next pass tries again.
  private async place(
    storeId: string,
    waiting: Waiting[],
    endpoints: Awaited<ReturnType<EndpointsOf>>,
    now: Date,
    tries = 1,
  ): Promise<{ placed: PlacedEvent[]; deliveries: number }> {
    const events = waiting.map(({ event }) => event);
    const { Item: head } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.feedHead(storeId), ConsistentRead: true }));
    const last = (head?.position as number | undefined) ?? 0;
    const placed = events.map((event, index) => ({ storeId, position: last + index + 1, event }));
    const ordered = new Map<string, { pair: { storeId: string; endpointId: string; jobId: string }; sequences: number[] }>();
    const tx = new Transaction().add('head', {
      Update: {
        TableName: this.tableName,
        Key: keys.feedHead(storeId),
        UpdateExpression: 'SET #position = :next',
        ConditionExpression: head ? '#position = :last' : 'attribute_not_exists(PK)',
        ExpressionAttributeNames: { '#position': 'position' },
        ExpressionAttributeValues: { ':next': last + events.length, ...(head && { ':last': last }) },
      },
    });
    for (const [index, { position, event }] of placed.entries()) {
      const common = { eventId: event.id, eventType: event.type, jobId: event.jobId, position, event, ttl: expiresAt(event.createdAt) };
      tx.add(`feed:${event.id}`, { Put: { TableName: this.tableName, Item: { ...keys.feedEvent(storeId, position), type: 'feed-event', ...common } } });
      tx.add(`byId:${event.id}`, { Put: { TableName: this.tableName, Item: { ...keys.event(storeId, event.id), type: 'event', ...common } } });
      tx.add(`outbox:${event.id}`, {
        Delete: { TableName: this.tableName, Key: waiting[index]!.key, ConditionExpression: 'attribute_exists(PK)' },
      });
      for (const endpoint of endpoints.filter((candidate) => subscribes(candidate, event.type))) {
        const delivery = { storeId, endpointId: endpoint.id, eventId: event.id, attempt: 1, dueAt: now.toISOString(), manual: false };
        tx.add(`delivery:${event.id}:${endpoint.id}`, deliveryPut(this.tableName, { ...delivery, jobId: event.jobId, sequence: event.sequence }));
        if (event.jobId === null || event.sequence === null) continue;
        const pair = { storeId, endpointId: endpoint.id, jobId: event.jobId };
        const sequences = ordered.get(orderPairOf(pair));
        if (sequences) sequences.sequences.push(event.sequence);
        else ordered.set(orderPairOf(pair), { pair, sequences: [event.sequence] });
      }
    }
    // Each job's first attempts at each endpoint, pending until each is over: the sender sends them in sequence order.
    for (const [name, { pair, sequences }] of ordered) tx.add(`order:${name}`, orderAdd(this.tableName, pair, sequences, now));
    const deliveries = tx.names.filter((name) => name.startsWith('delivery:')).length;
    if (deliveries > 0) tx.add('store', storeMark(this.tableName, storeId));
    try {
      await tx.commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled) {
        // Met a sender recording the job's previous event on its order item at that moment: again.
        if (error.conflicted && ![...error.reasons.values()].some((reason) => reason.code === 'ConditionalCheckFailed') && tries < 5) {
          return this.place(storeId, waiting, endpoints, now, tries + 1);
        }
        // Placed by another relay meanwhile: nothing to do.
        return { placed: [], deliveries: 0 };
      }
      throw error;
    }
    return { placed, deliveries };
  }
}
