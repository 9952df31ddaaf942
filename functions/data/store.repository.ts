import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerEntry, Store } from '../core/store.ts';
import { rateDecided } from './client.ts';
import { keys } from './table.ts';
import { TableRepository } from './repository.ts';

/** A store from its item. */
export function toStore(item: Record<string, unknown>): Store {
  return {
    id: item.storeId as string,
    name: item.name as string,
    sandbox: item.sandbox as boolean,
    apiEnabled: item.apiEnabled as boolean,
    balanceMinor: item.balanceMinor as number,
    reservedMinor: item.reservedMinor as number,
    availableMinor: item.availableMinor as number,
    codCollectedMinor: (item.codCollectedMinor as number | undefined) ?? 0,
    codAwaitingMinor: (item.codAwaitingMinor as number | undefined) ?? 0,
    codRemittedMinor: (item.codRemittedMinor as number | undefined) ?? 0,
    jobCount: (item.jobCount as number | undefined) ?? 0,
    rateLimitOverrides: (item.rateLimitOverrides as Record<string, number> | undefined) ?? {},
    testStoreId: (item.testStoreId as string | undefined) ?? null,
    liveStoreId: (item.liveStoreId as string | undefined) ?? null,
    createdAt: item.createdAt as string,
  };
}

/** A ledger entry from its item. */
export function toLedgerEntry(item: Record<string, unknown>): LedgerEntry {
  return {
    id: item.entryId as string,
    storeId: item.storeId as string,
    type: item.entryType as LedgerEntry['type'],
    balanceDeltaMinor: item.balanceDeltaMinor as number,
    reservedDeltaMinor: item.reservedDeltaMinor as number,
    jobId: (item.jobId as string | undefined) ?? null,
    note: (item.note as string | undefined) ?? null,
    // Only operations' adjustments name their operator.
    ...(typeof item.operator === 'string' && { operator: item.operator }),
    createdAt: item.createdAt as string,
  };
}

/** A ledger item to put inside a transaction that moves money. */
export function ledgerPut(tableName: string, entry: Omit<LedgerEntry, 'id' | 'createdAt'>, now: Date) {
  const id = randomUUID();
  const createdAt = now.toISOString();
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.ledgerEntry(entry.storeId, createdAt, id),
        type: 'ledger',
        entryId: id,
        storeId: entry.storeId,
        entryType: entry.type,
        balanceDeltaMinor: entry.balanceDeltaMinor,
        reservedDeltaMinor: entry.reservedDeltaMinor,
        jobId: entry.jobId ?? undefined,
        note: entry.note ?? undefined,
        operator: entry.operator ?? undefined,
        createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Stores as requests read them: the store (authentication) and its ledger's pages (the statement).
 * What operations change (a new store, a top-up, API access, rate limits) is StoreAdminRepository's
 * (store-admin.repository.ts), so no request function's bundle carries it.
 */
export class StoreRepository extends TableRepository {
  /** The store, read strongly consistent (auth depends on it), or null. */
  async get(storeId: string): Promise<Store | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ConsistentRead: true }));
    return Item ? toStore(Item) : null;
  }

  /**
   * Ledger entries newest first, after (older than) the entry whose sort key is `before`, at most
   * `limit` (one Query, strongly consistent); whether older entries remain.
   */
  async ledgerPage(storeId: string, page: { limit: number; before?: string }): Promise<{ entries: Array<LedgerEntry & { key: string }>; more: boolean }> {
    // A statement reads page after page (and the store again): it waits for the rate decision, so a refused one reads nothing.
    await rateDecided();
    const { items, more } = await this.pageBefore(keys.store(storeId).PK, keys.ledgerPrefix, page);
    return { entries: items.map((item) => ({ ...toLedgerEntry(item), key: item.SK as string })), more };
  }
}
