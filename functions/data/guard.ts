import { AccessRevokedError } from '../core/errors.ts';
import { keys } from './table.ts';
import type { Transaction, TransactionCancelled } from './transaction.ts';

/** Who is writing: the store and the hash of the key the request came with. */
export interface WriteGuard {
  storeId: string;
  keyHash: string;
  /** How the merchant authenticated: a console session's writes mark the history notes they write. */
  via?: 'api_key' | 'console';
}

/** The names the guard's items have in a transaction. */
export const GUARD = { key: 'guard:key', store: 'guard:store' } as const;

/**
 * Adds the ConditionChecks that make a transaction fail unless the key is still active and the store
 * still has API access at the moment of the write, so a key revoked mid-request writes nothing. A
 * transaction that also updates the store (one item may appear only once) passes `{ store: false }`
 * and puts `STORE_ACCESS_CONDITION` into its own store update instead.
 */
export function addGuardChecks(tx: Transaction, tableName: string, guard: WriteGuard, options: { store: boolean } = { store: true }): Transaction {
  tx.add(GUARD.key, {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.apiKeyByHash(guard.keyHash),
      // A rolled key past its expiresAt is revoked though its status still says active.
      ConditionExpression: '#status = :active AND storeId = :storeId AND (attribute_not_exists(expiresAt) OR expiresAt > :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active', ':storeId': guard.storeId, ':now': new Date().toISOString() },
    },
  });
  if (options.store) {
    tx.add(GUARD.store, {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.store(guard.storeId),
        ConditionExpression: 'apiEnabled = :true',
        ExpressionAttributeValues: { ':true': true },
      },
    });
  }
  return tx;
}

/** The store condition a transaction's own store update carries in place of the store check. */
export const STORE_ACCESS_CONDITION = 'apiEnabled = :apiEnabled';

/**
 * Throws AccessRevokedError when the guard's key or store check failed, or when `storeItem` names a
 * store update whose old item shows API access off.
 */
export function rethrowGuardFailure(cancelled: TransactionCancelled, options: { storeItem?: string } = {}): void {
  if (cancelled.failed(GUARD.key) || cancelled.failed(GUARD.store)) throw new AccessRevokedError();
  if (options.storeItem && cancelled.failed(options.storeItem) && cancelled.oldItem(options.storeItem)?.apiEnabled === false) throw new AccessRevokedError();
}
