import { GetCommand, PutCommand, QueryCommand, UpdateCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from './batch-get.ts';
import { hashApiKey, looksLikeApiKey } from '../core/api-key.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { directory, riderDirectoryUpdate, storeDirectoryPut, type StoreListing } from './directories.ts';
import { toJob } from './job-reader.ts';
import { reviewItemOf } from './review-queue.repository.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';

export type { StoreListing };

/** A merchant API key and its store, found by the key itself (its hash) or by its id. */
export interface KeyOwner {
  keyId: string;
  storeId: string;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
}

/** A rider as operations' desk lists them: first and last fleet key, cash in hand, jobs held. */
export interface RiderListing {
  agentId: string;
  firstKeyAt: string;
  lastKeyAt: string;
  inHandMinor: number;
  dueMinor: number;
  holding: number;
}

/** Cash a rider holds now: how much, and since when (the oldest collection not yet deposited). */
export interface CashHeld {
  agentId: string;
  inHandMinor: number;
  since: string | null;
}

const figure = (item: Record<string, unknown> | undefined, name: string) => (item?.[name] as number | undefined) ?? 0;

/**
 * Operations' desk (the admin CLI): stores by name, a key's store, riders and the cash they hold.
 * Lists read the directory partitions (STORES, RIDERS), whose size is the number of stores and riders.
 */
export class DeskRepository extends TableRepository {
  /** Every store whose name contains `text` (any case; all without it), oldest first. */
  async stores(text?: string): Promise<StoreListing[]> {
    const wanted = text?.toLowerCase();
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': directory.stores, ...(wanted !== undefined && { ':text': wanted }) },
      ...(wanted !== undefined && { FilterExpression: 'contains(nameLower, :text)' }),
    });
    return items.map((item) => ({
      storeId: item.storeId as string,
      name: item.name as string,
      sandbox: item.sandbox === true,
      createdAt: item.createdAt as string,
    }));
  }

  /** The key given as the key itself (mdk_…, found by its hash) or by its id, with its store; null when no key is either. */
  async keyOwner(given: string): Promise<KeyOwner | null> {
    const byHash = looksLikeApiKey(given) ? await this.item(keys.apiKeyByHash(hashApiKey(given))) : undefined;
    const keyId = (byHash?.keyId as string | undefined) ?? (looksLikeApiKey(given) ? undefined : given);
    const byId = keyId === undefined ? undefined : await this.item(keys.apiKeyById(keyId));
    if (!byId) return null;
    const revokedAt = (byId.revokedAt as string | undefined) ?? null;
    return {
      keyId: byId.keyId as string,
      storeId: byId.storeId as string,
      status: revokedAt ? 'revoked' : 'active',
      createdAt: byId.createdAt as string,
      revokedAt,
    };
  }

  /** Every rider who ever had a fleet key, by agent id, with their cash in hand and the jobs they hold now. */
  async riders(): Promise<RiderListing[]> {
    const listed = await this.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': directory.riders } });
    const agentIds = listed.map((item) => item.agentId as string);
    const accounts = await this.items(agentIds.flatMap((id) => [keys.riderCash(id), keys.agentHolding(id)]));
    return listed.map((item) => {
      const agentId = item.agentId as string;
      const cash = accounts.get(`${keys.riderCash(agentId).PK}|CASH`);
      return {
        agentId,
        firstKeyAt: item.firstKeyAt as string,
        lastKeyAt: item.lastKeyAt as string,
        inHandMinor: figure(cash, 'inHandMinor'),
        dueMinor: figure(cash, 'dueMinor'),
        holding: figure(accounts.get(`${keys.agentHolding(agentId).PK}|HOLDING`), 'holding'),
      };
    });
  }

  /**
   * Since when the rider has held the cash in hand: deposits take the oldest cash first, so what is
   * held is the newest collections that make up `inHandMinor`; the oldest of those is the answer
   * (null with nothing in hand). Reads the log back only as far as that collection.
   */
  async cashHeldSince(agentId: string, inHandMinor: number): Promise<string | null> {
    if (inHandMinor <= 0) return null;
    let counted = 0;
    let before: string | undefined;
    for (;;) {
      const { items, more } = await this.pageBefore(keys.riderCash(agentId).PK, keys.riderCashEntryPrefix, { limit: 100, before });
      for (const item of items) {
        if (item.kind === 'deposit') continue;
        counted += item.amountMinor as number;
        if (counted >= inHandMinor) return item.createdAt as string;
      }
      if (!more || items.length === 0) return (items.at(-1)?.createdAt as string | undefined) ?? null;
      before = items.at(-1)!.SK as string;
    }
  }

  /** The riders holding cash now, longest held first: how much, since when. */
  async cashHolders(): Promise<CashHeld[]> {
    const holders = (await this.riders()).filter((rider) => rider.inHandMinor > 0);
    const held = await Promise.all(
      holders.map(async ({ agentId, inHandMinor }) => ({ agentId, inHandMinor, since: await this.cashHeldSince(agentId, inHandMinor) })),
    );
    return held.sort((a, b) => (a.since ?? '').localeCompare(b.since ?? '') || a.agentId.localeCompare(b.agentId));
  }

  /**
   * Fills the directories and the review queue with what was made before them (stores, riders, jobs
   * in review): one scan of the whole table, run once by hand after an upgrade; running it again
   * changes nothing. A job's item is written on the condition that the job is still at the version
   * read (a job that moved meanwhile had its item written by that move). Returns what it found.
   */
  async reindex(): Promise<{ stores: number; riders: number; reviews: number }> {
    const counts = { stores: 0, riders: 0, reviews: 0 };
    const pages = paginateScan(
      { client: this.db },
      {
        TableName: this.tableName,
        FilterExpression:
          '#type = :store OR (#type = :fleetKey AND #role = :rider) OR (#type = :job AND (settlement = :review OR returnTrip.chargeSettlement = :review OR attribute_type(overdue, :map)))',
        ExpressionAttributeNames: { '#type': 'type', '#role': 'role' },
        ExpressionAttributeValues: { ':store': 'store', ':fleetKey': 'fleetKeyId', ':rider': 'rider', ':job': 'job', ':review': 'review', ':map': 'M' },
      },
    );
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        if (item.type === 'store') {
          const listing = { storeId: item.storeId as string, name: item.name as string, sandbox: item.sandbox === true, createdAt: item.createdAt as string };
          await this.db.send(new PutCommand(storeDirectoryPut(this.tableName, listing).Put!));
          counts.stores++;
        } else if (item.type === 'fleetKeyId') {
          const { Update } = riderDirectoryUpdate(this.tableName, item.agentId as string, item.createdAt as string);
          // Another key's time is not this one's: the first key stays the earliest, the last the latest of those seen.
          await this.db.send(
            new UpdateCommand({
              ...Update!,
              UpdateExpression: 'SET #type = :type, agentId = :agentId, firstKeyAt = if_not_exists(firstKeyAt, :at), lastKeyAt = if_not_exists(lastKeyAt, :at)',
            }),
          );
          counts.riders++;
        } else if (await this.fileReview(item)) {
          counts.reviews++;
        }
      }
    }
    return counts;
  }

  // Puts a job's review item on the condition that the job is still at the version read; false when it moved or waits for nobody.
  private async fileReview(item: Record<string, unknown>): Promise<boolean> {
    const job = toJob(item);
    const review = reviewItemOf(job);
    if (!review) return false;
    try {
      await new Transaction()
        .add('job', {
          ConditionCheck: {
            TableName: this.tableName,
            Key: { PK: item.PK, SK: item.SK },
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': job.version },
          },
        })
        .add('review', { Put: { TableName: this.tableName, Item: review } })
        .commit(this.db);
      return true;
    } catch (error) {
      if (error instanceof TransactionCancelled) return false;
      throw error;
    }
  }

  /**
   * When a job's review was resolved: the time of the newest statement line of the job whose note
   * starts with `decided` (what resolve and resolve_return write). Null when there is none.
   */
  async resolvedAt(storeId: string, jobId: string, decided: string): Promise<string | null> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          FilterExpression: 'jobId = :jobId AND begins_with(note, :decided)',
          ExpressionAttributeValues: { ':pk': keys.store(storeId).PK, ':prefix': keys.ledgerPrefix, ':jobId': jobId, ':decided': decided },
          ScanIndexForward: false,
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      const found = page.Items?.[0];
      if (found) return found.createdAt as string;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return null;
  }

  private async item(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
    return (await this.db.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true }))).Item;
  }

  // The items under these keys by `PK|SK`, in one BatchGet per 100 (unprocessed keys asked again).
  private async items(wanted: ReadonlyArray<{ PK: string; SK: string }>): Promise<Map<string, Record<string, unknown>>> {
    const items = await batchGetItems(
      this.db,
      this.tableName,
      wanted.map(({ PK, SK }) => ({ PK, SK })),
      { consistent: false },
    );
    return new Map(items.map((item) => [`${item.PK}|${item.SK}`, item]));
  }
}
