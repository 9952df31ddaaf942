/**
 * Reading the webhook sender's worklist: each store's list of deliveries (due time first), found
 * through the index of stores that have any, and the sharded list of before the lists by store, read
 * until it is empty; and the pending first attempts of a job at an endpoint (their order items).
 */
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './client.ts';
import { TableRepository } from './repository.ts';
import { compareKeys, keys } from './table.ts';
import { orderPairOf } from './webhook-delivery.ts';
import type { DeliveryWork } from './webhook-worklist.repository.ts';
import { batchGetItems } from './batch-get.ts';

/** What one read of the worklist asks for: how many of a store's, how many stores, and how many of the list of before. */
export interface DueLimits {
  perStore: number;
  stores: number;
  unsharded: number;
}

/** The deliveries due, and what the read tells of the rest. */
export interface DueDeliveries {
  work: DeliveryWork[];
  /** The stores whose read was all due (more of theirs may be), `before` for the list of before. */
  full: Set<string>;
  /** Stores with deliveries due that this read left for another (more than `stores` of them). */
  storesLeft: boolean;
  /** The earliest delivery due later that the read saw (null: none seen). */
  nextDueAt: Date | null;
  /** How many due deliveries other senders hold now, by store id and by `<storeId>/<endpointId>`. */
  busy: Map<string, number>;
}

/** The list of before the lists by store, in `DueDeliveries.full`. */
export const BEFORE = 'before';

/** A worklist item as the sender works with it. */
export function toWork(item: Record<string, unknown>): DeliveryWork {
  return {
    key: { PK: item.PK as string, SK: item.SK as string },
    deliveryId: item.deliveryId as string,
    storeId: item.storeId as string,
    endpointId: item.endpointId as string,
    eventId: item.eventId as string,
    attempt: item.attempt as number,
    dueAt: item.dueAt as string,
    manual: item.manual === true,
    jobId: (item.jobId as string | undefined) ?? null,
    sequence: (item.sequence as number | undefined) ?? null,
  };
}

/** Reads what the webhook sender has due; see the file's comment. */
export class WebhookDueReader extends TableRepository {
  /**
   * Deliveries due at `now`: up to `perStore` of each store's (oldest due first), for up to `stores`
   * stores with some due (a window that starts at random when there are more), and up to `unsharded`
   * of the list of before. One Query for the index, one for each store read, nine for the list of
   * before. A store found with nothing left is taken off the index; one with nothing due before a
   * time is marked with it, so later reads skip it until then (unless a write adds to it meanwhile).
   */
  async due(now: Date, limits: DueLimits): Promise<DueDeliveries> {
    const upTo = `${now.toISOString()}#~`;
    const [marks, before] = await Promise.all([
      this.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.webhookStoresPartition }, ConsistentRead: true }),
      this.dueBefore(upTo, limits.unsharded),
    ]);
    let nextDueAt = Number.POSITIVE_INFINITY;
    const later = (at: string) => (nextDueAt = Math.min(nextDueAt, Date.parse(at)));
    const waiting = marks.filter((mark) => {
      if (typeof mark.nextDueAt !== 'string' || mark.nextDueAt <= now.toISOString()) return true;
      later(mark.nextDueAt);
      return false;
    });
    const offset = waiting.length > limits.stores ? Math.floor(Math.random() * waiting.length) : 0;
    const chosen = Array.from({ length: Math.min(waiting.length, limits.stores) }, (_, i) => waiting[(offset + i) % waiting.length]!);
    const reads = await Promise.all(chosen.map((mark) => this.storeDue(mark, upTo, limits.perStore)));
    const full = new Set<string>(before.length === limits.unsharded ? [BEFORE] : []);
    // A delivery another sender holds (its lease not run out) is that sender's: not this pass's work.
    const busy = new Map<string, number>();
    const free = (item: Record<string, unknown>) => {
      if (typeof item.leaseUntil !== 'number' || item.leaseUntil < now.getTime()) return true;
      for (const key of [item.storeId as string, `${item.storeId as string}/${item.endpointId as string}`]) busy.set(key, (busy.get(key) ?? 0) + 1);
      return false;
    };
    const work = before.filter(free).map(toWork);
    for (const [index, read] of reads.entries()) {
      work.push(...read.due.filter(free).map(toWork));
      if (read.due.length === limits.perStore) full.add(chosen[index]!.SK as string);
      if (read.next) later(read.next);
    }
    return { work, full, storesLeft: waiting.length > chosen.length, nextDueAt: Number.isFinite(nextDueAt) ? new Date(nextDueAt) : null, busy };
  }

  /**
   * The sequences of first attempts still pending for each (store, endpoint, job) pair asked (keyed
   * by orderPairOf; a pair with none is absent): one BatchGet per 100 pairs, consistent.
   */
  async pendingFirsts(pairs: ReadonlyArray<{ storeId: string; endpointId: string; jobId: string }>): Promise<Map<string, number[]>> {
    const unique = [...new Map(pairs.map((pair) => [orderPairOf(pair), pair])).values()];
    const pending = new Map<string, number[]>();
    const itemKeys = unique.map((pair) => keys.webhookOrder(pair.storeId, pair.endpointId, pair.jobId));
    for (const item of await batchGetItems(this.db, this.tableName, itemKeys, { consistent: true })) {
      const [endpointId, jobId] = (item.SK as string).slice('WEBHOOKORDER#'.length).split('#') as [string, string];
      const sequences = [...((item.pending as Set<number> | undefined) ?? [])].sort((a, b) => a - b);
      if (sequences.length > 0) pending.set(orderPairOf({ storeId: (item.PK as string).slice('STORE#'.length), endpointId, jobId }), sequences);
    }
    return pending;
  }

  // The list of before the lists by store: every shard's oldest due, together, then the oldest of all.
  private async dueBefore(upTo: string, limit: number): Promise<Array<Record<string, unknown>>> {
    const pages = await Promise.all(
      [...keys.webhookDeliveryPartitions(), keys.unshardedWebhookDeliveryPartition].map((pk) =>
        this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: 'PK = :pk AND SK <= :upTo',
            ExpressionAttributeValues: { ':pk': pk, ':upTo': upTo },
            ConsistentRead: true,
            Limit: limit,
          }),
        ),
      ),
    );
    return pages
      .flatMap((page) => page.Items ?? [])
      .sort((a, b) => compareKeys(a.SK as string, b.SK as string))
      .slice(0, limit);
  }

  // One store's oldest deliveries (due or not: the first not due says when the store is next due).
  private async storeDue(mark: Record<string, unknown>, upTo: string, limit: number): Promise<{ due: Array<Record<string, unknown>>; next: string | null }> {
    const storeId = mark.SK as string;
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.webhookDelivery(storeId, '', '').PK },
        ConsistentRead: true,
        Limit: limit,
      }),
    );
    const items = page.Items ?? [];
    const due = items.filter((item) => compareKeys(item.SK as string, upTo) <= 0);
    const next = due.length < items.length ? (items[due.length]!.dueAt as string) : null;
    if (items.length === 0) await this.unmark(storeId, mark.token, null);
    else if (due.length === 0) await this.unmark(storeId, mark.token, next);
    return { due, next };
  }

  // Takes a store off the index (nothing left) or marks when it is next due, unless a write changed its mark since it was read.
  private async unmark(storeId: string, token: unknown, nextDueAt: string | null): Promise<void> {
    const common = {
      TableName: this.tableName,
      Key: keys.webhookStore(storeId),
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
    };
    try {
      if (nextDueAt === null) await this.db.send(new DeleteCommand({ ...common, ExpressionAttributeValues: { ':token': token } }));
      else
        await this.db.send(
          new UpdateCommand({ ...common, UpdateExpression: 'SET nextDueAt = :next', ExpressionAttributeValues: { ':token': token, ':next': nextDueAt } }),
        );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}
