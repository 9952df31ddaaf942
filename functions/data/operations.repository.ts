import { paginateScan, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from './client.ts';
import { AdjustmentBelowZeroError, AdjustmentConflictError, RecordNotFoundError, TopUpTooLargeError } from '../core/errors.ts';
import { MAX_MINOR } from '../core/money.ts';
import { keyStatus } from '../core/api-key.ts';
import type { StoreApiKey } from './store-api-keys.repository.ts';
import { readKeyStates } from './api-key.repository.ts';
import type { Store } from '../core/store.ts';
import { keys } from './table.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { ledgerPut } from './store.repository.ts';
import { StoreAdminRepository } from './store-admin.repository.ts';

/** A key as an operator sees it in a list: the API's view of it (never the key, only its first characters), under `keyId`. */
export type ApiKeySummary = Omit<StoreApiKey, 'id'> & { keyId: string };

/** An operator's correction of a store's balance (the admin CLI's `store adjust`). */
export interface AdjustmentInput {
  /** Signed paise: positive adds credit, negative takes it away. */
  amountMinor: number;
  /** Why, as the merchant's statement shows it (the entry's note). */
  reason: string;
  /** Applied once per store: the same reason id again is a replay (same amount) or a conflict. */
  reasonId: string;
  /** Who made it (kept in the entry, not shown to the merchant). */
  operator: string;
}

/** What an adjustment did: the store after it, its ledger entry, and whether an earlier run had already made it. */
export interface AdjustmentResult {
  store: Store;
  entryId: string;
  replayed: boolean;
}

/**
 * What only operations do, through the admin CLI: adjustments of a store's credit and the list of its
 * keys. Kept apart from the repositories the functions use, so no function's bundle carries them.
 */
export class OperationsRepository extends StoreAdminRepository {
  /**
   * An operator's adjustment: the store's balance and available credit move by `amountMinor`, with an
   * `adjustment` ledger entry and the reason id's marker, in one transaction. It never takes available
   * credit below zero (nor the balance above MAX_MINOR). The same reason id again changes nothing: with
   * the same amount it reports the first run (`replayed`), with another it is a conflict.
   */
  async adjust(storeId: string, input: AdjustmentInput, now = new Date()): Promise<AdjustmentResult> {
    const { amountMinor } = input;
    const ledger = ledgerPut(
      this.tableName,
      { storeId, type: 'adjustment', balanceDeltaMinor: amountMinor, reservedDeltaMinor: 0, jobId: null, note: input.reason, operator: input.operator },
      now,
    );
    const entryId = ledger.Put.Item.entryId;
    try {
      await new Transaction()
        .add('store', this.balanceMove(storeId, amountMinor, now))
        .add('marker', {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.adjustment(storeId, input.reasonId),
              type: 'adjustment',
              reasonId: input.reasonId,
              amountMinor,
              entryId,
              operator: input.operator,
              createdAt: now.toISOString(),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        })
        .add('ledger', ledger)
        .commit(this.db);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const earlier = error.oldItem('marker');
      if (earlier) {
        if (earlier.amountMinor !== amountMinor) throw new AdjustmentConflictError(input.reasonId, earlier.amountMinor as number);
        return { store: (await this.get(storeId))!, entryId: earlier.entryId as string, replayed: true };
      }
      if (error.failed('store')) {
        const store = await this.get(storeId);
        if (!store) throw new RecordNotFoundError('store', storeId);
        if (amountMinor < 0) throw new AdjustmentBelowZeroError(amountMinor, store.availableMinor);
        throw new TopUpTooLargeError(MAX_MINOR);
      }
      throw error;
    }
    return { store: (await this.get(storeId))!, entryId, replayed: false };
  }

  /**
   * Every key of the store, oldest first. Keys are found by their id items, which are not under the
   * store: this scans the table (the admin CLI's `key list`, run by hand; nothing on a request's path),
   * then reads their state (status, expiry, last use) by hash, as auth does.
   */
  async keysOf(storeId: string, now = new Date()): Promise<ApiKeySummary[]> {
    const pages = paginateScan(
      { client: this.db },
      {
        TableName: this.tableName,
        FilterExpression: '#type = :type AND storeId = :storeId',
        ProjectionExpression: 'keyId, keyHash, keyPrefix, createdAt, revokedAt',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'apiKeyId', ':storeId': storeId },
      },
    );
    const items: Array<Record<string, unknown>> = [];
    for await (const page of pages) items.push(...(page.Items ?? []));
    const states = await readKeyStates(
      this.db,
      this.tableName,
      items.map((item) => item.keyHash as string),
    );
    const found = items.map((item): ApiKeySummary => {
      const state = states.get(item.keyHash as string);
      const revokedAt = (item.revokedAt as string | undefined) ?? null;
      const derived = state ? keyStatus(state, now) : { status: revokedAt ? ('revoked' as const) : ('active' as const), revokedAt };
      return {
        keyId: item.keyId as string,
        name: state?.name ?? null,
        prefix: (item.keyPrefix as string | undefined) ?? null,
        status: derived.status,
        createdAt: item.createdAt as string,
        expiresAt: state?.expiresAt ?? null,
        revokedAt: derived.revokedAt,
        lastUsedOn: state?.lastUsedOn ?? null,
      };
    });
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.keyId.localeCompare(b.keyId));
  }

  /**
   * Puts each key that has no item in its store's list (made before the list existed) into it: a scan
   * of the keys' id items, one conditional Put per missing one (an item already there is left as it is).
   * Returns how many it added.
   */
  async indexKeys(): Promise<number> {
    const pages = paginateScan(
      { client: this.db },
      {
        TableName: this.tableName,
        FilterExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'apiKeyId' },
      },
    );
    let added = 0;
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        try {
          await this.db.send(
            new PutCommand({
              TableName: this.tableName,
              Item: {
                ...keys.storeApiKey(item.storeId as string, item.keyId as string),
                type: 'storeApiKey',
                keyId: item.keyId,
                keyHash: item.keyHash,
                keyPrefix: item.keyPrefix ?? null,
                name: item.name ?? null,
                createdAt: item.createdAt,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            }),
          );
          added++;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
    }
    return added;
  }
}
