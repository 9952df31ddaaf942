import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Quote } from '../core/quote.ts';
import { keys } from './table.ts';
import { TableRepository } from './repository.ts';
import { addGuardChecks, rethrowGuardFailure, type WriteGuard } from './guard.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';

// A quote outlives its five minutes by a day, so a late booking learns "expired", not "not found".
const RETAIN_AFTER_EXPIRY_SECONDS = 24 * 60 * 60;

/** Quotes, kept in their store's partition. */
export class QuoteRepository extends TableRepository {
  /** Stores a new quote, only while the caller's key and store are still allowed to write (else AccessRevokedError). */
  async put(quote: Quote, guard: WriteGuard): Promise<void> {
    try {
      await addGuardChecks(new Transaction(), this.tableName, guard)
        .add('quote', {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.quote(quote.storeId, quote.id),
              type: 'quote',
              quoteId: quote.id,
              storeId: quote.storeId,
              zoneId: quote.zoneId,
              zoneVersion: quote.zoneVersion,
              request: quote.request,
              distanceMeters: quote.distanceMeters,
              chargeMinor: quote.chargeMinor,
              ...(quote.returnChargeMinor !== undefined && { returnChargeMinor: quote.returnChargeMinor }),
              ...(quote.collectMinor !== undefined && { collectMinor: quote.collectMinor, collectionFeeMinor: quote.collectionFeeMinor }),
              createdAt: quote.createdAt,
              expiresAt: quote.expiresAt,
              ttl: Math.ceil(Date.parse(quote.expiresAt) / 1000) + RETAIN_AFTER_EXPIRY_SECONDS,
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

  /** The store's quote with this id, or null (another store's quote is not found by construction). */
  async get(storeId: string, quoteId: string): Promise<Quote | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.quote(storeId, quoteId), ConsistentRead: true }));
    if (!Item) return null;
    return {
      id: Item.quoteId,
      storeId: Item.storeId,
      zoneId: Item.zoneId,
      zoneVersion: Item.zoneVersion,
      request: Item.request,
      distanceMeters: Item.distanceMeters,
      chargeMinor: Item.chargeMinor,
      ...(Item.returnChargeMinor !== undefined && { returnChargeMinor: Item.returnChargeMinor as number }),
      ...(Item.collectMinor !== undefined && { collectMinor: Item.collectMinor as number, collectionFeeMinor: Item.collectionFeeMinor as number }),
      createdAt: Item.createdAt,
      expiresAt: Item.expiresAt,
      usedAt: Item.usedAt,
    };
  }
}
