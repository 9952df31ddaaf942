import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerEntry, Store } from '../core/store.ts';
import { RecordNotFoundError, ServiceUnavailableError, TopUpTooLargeError } from '../core/errors.ts';
import { MAX_MINOR } from '../core/money.ts';
import { generateApiKey, newId } from '../core/api-key.ts';
import { isConditionFailure } from './client.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { keys } from './table.ts';
import { apiKeyPuts } from './api-key.repository.ts';
import { ledgerPut, StoreRepository, toLedgerEntry, toStore } from './store.repository.ts';
import { storeDirectoryPut } from './directories.ts';

/** What creating a store hands back: the only moment the API key is visible. */
export interface CreatedStore {
  storeId: string;
  keyId: string;
  apiKey: string;
}

/** A twin link refused: a store missing, of the wrong kind, or linked already (the admin CLI shows the message). */
export class StoreLinkRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreLinkRefusedError';
  }
}

/** Who last changed a rate group's agreed limit, and when (`reset`: back to the standard). */
export interface RateLimitChange {
  operator: string;
  at: string;
  reset: boolean;
}

/** How many times a change of a store's rate limits is tried while other changes keep landing first. */
const MAX_LIMIT_ATTEMPTS = 10;

/**
 * Stores as operations change them (the admin CLI, the local server, tests): a new store, top-ups,
 * API access, rate limits, the whole ledger. The whole runtime's `stores`; request functions have
 * StoreRepository's reads alone.
 */
export class StoreAdminRepository extends StoreRepository {
  /**
   * Creates a store with API access on, its first key, and (if any) an opening top-up, in one
   * transaction. `storeId` is for a caller that must prepare something under the id first (the admin
   * CLI makes the store's usage key at the gateway); a new id by default.
   */
  async create(input: { name: string; sandbox: boolean; creditMinor: number; storeId?: string }, now = new Date()): Promise<CreatedStore> {
    const storeId = input.storeId ?? newId('store');
    const keyId = newId('key');
    const apiKey = generateApiKey(input.sandbox);
    const createdAt = now.toISOString();
    const tx = new Transaction()
      .add('store', {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.store(storeId),
            type: 'store',
            storeId,
            name: input.name,
            sandbox: input.sandbox,
            apiEnabled: true,
            balanceMinor: input.creditMinor,
            reservedMinor: 0,
            availableMinor: input.creditMinor,
            jobCount: 0,
            createdAt,
            updatedAt: createdAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })
      .addEach('key', apiKeyPuts(this.tableName, { keyId, storeId, apiKey, sandbox: input.sandbox }, now))
      .add('listing', storeDirectoryPut(this.tableName, { storeId, name: input.name, sandbox: input.sandbox, createdAt }));
    if (input.creditMinor > 0) {
      tx.add(
        'ledger',
        ledgerPut(
          this.tableName,
          { storeId, type: 'top_up', balanceDeltaMinor: input.creditMinor, reservedDeltaMinor: 0, jobId: null, note: 'Opening credit' },
          now,
        ),
      );
    }
    await tx.commit(this.db);
    return { storeId, keyId, apiKey };
  }

  /** Adds credit (a top-up) and its ledger entry in one transaction; returns the store after it. */
  async credit(storeId: string, amountMinor: number, note: string | null, now = new Date()): Promise<Store> {
    try {
      await new Transaction()
        .add('store', this.balanceMove(storeId, amountMinor, now))
        .add('ledger', ledgerPut(this.tableName, { storeId, type: 'top_up', balanceDeltaMinor: amountMinor, reservedDeltaMinor: 0, jobId: null, note }, now))
        .commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('store')) {
        const store = await this.get(storeId);
        if (!store) throw new RecordNotFoundError('store', storeId);
        throw new TopUpTooLargeError(MAX_MINOR);
      }
      throw error;
    }
    return (await this.get(storeId))!;
  }

  // The store's side of a change of its balance: balance and available credit move by `amountMinor`
  // on an existing store, never taking the balance above MAX_MINOR nor available credit below zero.
  protected balanceMove(storeId: string, amountMinor: number, now: Date) {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.store(storeId),
        UpdateExpression: 'SET balanceMinor = balanceMinor + :amount, availableMinor = availableMinor + :amount, updatedAt = :now',
        ConditionExpression: `attribute_exists(PK) AND ${amountMinor < 0 ? 'availableMinor >= :taken' : 'balanceMinor <= :ceiling'}`,
        ExpressionAttributeValues: {
          ':amount': amountMinor,
          ':now': now.toISOString(),
          ...(amountMinor < 0 ? { ':taken': -amountMinor } : { ':ceiling': MAX_MINOR - amountMinor }),
        },
      },
    };
  }

  /** Turns the store's merchant API access on or off. */
  async setApiAccess(storeId: string, enabled: boolean, now = new Date()): Promise<Store> {
    return this.setAttribute(storeId, 'apiEnabled', enabled, now);
  }

  /**
   * Replaces the store's per-minute limit overrides (an empty map restores the defaults). The buckets
   * are not touched: each holds the time the store has used of the minute, whatever the limit, and
   * each request decides with the limit it read on the store (functions/data/rate-limit.repository.ts),
   * so no change refills a bucket. `change` is the new overrides, or how to make them from the agreed
   * ones: it is applied to what each attempt reads (`limitsVersion` orders changes made at once), so
   * two changes made at once to different groups both stay. `changedBy` records, in the same write,
   * who changed which groups and when (`rateLimitChanges`, read by `rateLimitChanges`).
   */
  async setRateLimits(
    storeId: string,
    change: Record<string, number> | ((agreed: Record<string, number>) => Record<string, number>),
    now = new Date(),
    changedBy?: { operator: string; groups: readonly string[]; reset: readonly string[] },
  ): Promise<Store> {
    for (let attempt = 0; attempt < MAX_LIMIT_ATTEMPTS; attempt++) {
      const { Item: before } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ConsistentRead: true }));
      if (!before) throw new RecordNotFoundError('store', storeId);
      const overrides = typeof change === 'function' ? change(toStore(before).rateLimitOverrides) : change;
      const version = before.limitsVersion as number | undefined;
      const at = now.toISOString();
      const audit = changedBy && {
        ...(before.rateLimitChanges as Record<string, RateLimitChange> | undefined),
        ...Object.fromEntries(changedBy.groups.map((group) => [group, { operator: changedBy.operator, at, reset: false }])),
        ...Object.fromEntries(changedBy.reset.map((group) => [group, { operator: changedBy.operator, at, reset: true }])),
      };
      try {
        const { Attributes } = await this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key: keys.store(storeId),
            UpdateExpression: `SET rateLimitOverrides = :value, limitsVersion = :next, updatedAt = :now${audit ? ', rateLimitChanges = :audit' : ''}`,
            ConditionExpression: version === undefined ? 'attribute_exists(PK) AND attribute_not_exists(limitsVersion)' : 'limitsVersion = :version',
            ExpressionAttributeValues: {
              ':value': overrides,
              ':next': (version ?? 0) + 1,
              ':now': at,
              ...(audit && { ':audit': audit }),
              ...(version !== undefined && { ':version': version }),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toStore(Attributes!);
      } catch (error) {
        if (!isConditionFailure(error)) throw error; // another change landed first: made again on what it left
      }
    }
    throw new ServiceUnavailableError(new Error(`store ${storeId}'s rate limits kept changing`));
  }

  /** Who last changed each rate group's agreed limit, and when (groups never changed since this was kept are absent). */
  async rateLimitChanges(storeId: string): Promise<Record<string, RateLimitChange>> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ProjectionExpression: 'rateLimitChanges', ConsistentRead: true }),
    );
    return (Item?.rateLimitChanges as Record<string, RateLimitChange> | undefined) ?? {};
  }

  // Sets one setting of an existing store (404 if there is none) and returns the store as it is now.
  /**
   * Links a live store to a sandbox store as its twin (the console's test mode): both updated in one
   * transaction, refused when either is missing, of the wrong kind, or linked already.
   */
  async linkSandbox(liveStoreId: string, sandboxStoreId: string, now = new Date()): Promise<void> {
    const link = (storeId: string, sandbox: boolean, field: 'testStoreId' | 'liveStoreId', other: string) => ({
      Update: {
        TableName: this.tableName,
        Key: keys.store(storeId),
        UpdateExpression: 'SET #field = :other, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND sandbox = :sandbox AND attribute_not_exists(testStoreId) AND attribute_not_exists(liveStoreId)',
        ExpressionAttributeNames: { '#field': field },
        ExpressionAttributeValues: { ':other': other, ':now': now.toISOString(), ':sandbox': sandbox },
      },
    });
    try {
      await new Transaction()
        .add('live', link(liveStoreId, false, 'testStoreId', sandboxStoreId))
        .add('sandbox', link(sandboxStoreId, true, 'liveStoreId', liveStoreId))
        .commit(this.db);
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const refused = error.failed('live') ? liveStoreId : sandboxStoreId;
      const kind = refused === liveStoreId ? 'a live store' : 'a sandbox store';
      throw new StoreLinkRefusedError(`${refused} is not ${kind} that is linked to none (missing, the wrong kind, or linked already)`);
    }
  }

  private async setAttribute(storeId: string, name: 'apiEnabled', value: unknown, now: Date): Promise<Store> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.store(storeId),
          UpdateExpression: 'SET #name = :value, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#name': name },
          ExpressionAttributeValues: { ':value': value, ':now': now.toISOString() },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toStore(Attributes!);
    } catch (error) {
      if (isConditionFailure(error)) throw new RecordNotFoundError('store', storeId);
      throw error;
    }
  }

  /** Every ledger entry of the store, newest first. */
  async ledger(storeId: string): Promise<LedgerEntry[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.store(storeId).PK, ':prefix': keys.ledgerPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toLedgerEntry);
  }
}
