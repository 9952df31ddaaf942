import { ForbiddenError } from '../core/errors.ts';
import { cancellationReasons, type CancellationReason } from './client.ts';
import { keys } from './table.ts';

/** Who is writing: the store and the hash of the key the request came with. */
export interface WriteGuard {
  storeId: string;
  keyHash: string;
}

/**
 * ConditionChecks that make a transaction fail unless the key is still active and the store still
 * has API access at the moment of the write, so a key revoked mid-request writes nothing. The key
 * check is always the transaction's first item; the store check its second. A transaction that also
 * updates the store (one item may appear only once) passes `{ store: false }` and puts
 * `STORE_ACCESS_CONDITION` into its own store update instead.
 */
export function guardChecks(tableName: string, guard: WriteGuard, options: { store: boolean } = { store: true }) {
  const checks = [
    {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.apiKeyByHash(guard.keyHash),
        ConditionExpression: '#status = :active AND storeId = :storeId',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active', ':storeId': guard.storeId },
      },
    },
    {
      ConditionCheck: {
        TableName: tableName,
        Key: keys.store(guard.storeId),
        ConditionExpression: 'apiEnabled = :true',
        ExpressionAttributeValues: { ':true': true },
      },
    },
  ];
  return options.store ? checks : checks.slice(0, 1);
}

/** The store condition a transaction's own store update carries in place of the store check. */
export const STORE_ACCESS_CONDITION = 'apiEnabled = :apiEnabled';

/**
 * Throws ForbiddenError when the key check (item 0) failed, when the store check (item 1, if present)
 * failed, or when `storeItemIndex` names a store update whose old item shows API access off.
 * Returns the transaction's reasons otherwise (null if the error was not a cancelled transaction).
 */
export function rethrowGuardFailure(error: unknown, options: { storeCheck: boolean; storeItemIndex?: number } = { storeCheck: true }): CancellationReason[] | null {
  const reasons = cancellationReasons(error);
  if (!reasons) return null;
  const failed = (index: number) => reasons[index]?.code === 'ConditionalCheckFailed';
  if (failed(0) || (options.storeCheck && failed(1))) throw new ForbiddenError();
  const storeItem = options.storeItemIndex === undefined ? undefined : reasons[options.storeItemIndex];
  if (storeItem?.code === 'ConditionalCheckFailed' && storeItem.item?.apiEnabled === false) throw new ForbiddenError();
  return reasons;
}
