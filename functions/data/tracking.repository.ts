import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './table.ts';
import { TableRepository } from './repository.ts';
import { addGuardChecks, rethrowGuardFailure, type WriteGuard } from './guard.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';

/** A tracking link as stored: which job its token shows. */
export interface TrackingLink {
  tokenHash: string;
  storeId: string;
  jobId: string;
  createdAt: string;
}

/** Tracking links, each its own item keyed by its token's hash (a page view is one read to find the job). */
export class TrackingRepository extends TableRepository {
  /**
   * Stores a new link, only while the caller's key and store may still write (else AccessRevokedError).
   * DynamoDB deletes the item after `keepUntil` (its time to live).
   */
  async put(link: TrackingLink, keepUntil: string, guard: WriteGuard): Promise<void> {
    try {
      await addGuardChecks(new Transaction(), this.tableName, guard)
        .add('link', {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.trackingLink(link.tokenHash),
              type: 'tracking_link',
              storeId: link.storeId,
              jobId: link.jobId,
              createdAt: link.createdAt,
              ttl: Math.ceil(Date.parse(keepUntil) / 1000),
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        })
        .commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled) rethrowGuardFailure(error);
      throw error;
    }
  }

  /** The link a token's hash names, or null. */
  async get(tokenHash: string): Promise<TrackingLink | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.trackingLink(tokenHash), ConsistentRead: true }));
    if (!Item) return null;
    return { tokenHash, storeId: Item.storeId as string, jobId: Item.jobId as string, createdAt: Item.createdAt as string };
  }
}
