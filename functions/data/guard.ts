import { ForbiddenError } from '../core/errors.ts';
import { cancellationReasons } from './client.ts';
import { keys } from './table.ts';

/** Who is writing: the store and the hash of the key the request came with. */
export interface WriteGuard {
  storeId: string;
  keyHash: string;
}

/**
 * ConditionChecks that make a transaction fail unless the key is still active and the store still
 * has API access at the moment of the write, so a key revoked mid-request writes nothing. They are
 * always the first two items of the transaction (see `rethrowGuardFailure`).
 */
export function guardChecks(tableName: string, guard: WriteGuard) {
  return [
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
}

/** Turns a transaction cancelled by a guard check into ForbiddenError; returns the reasons otherwise. */
export function rethrowGuardFailure(error: unknown): string[] | null {
  const reasons = cancellationReasons(error);
  if (reasons && (reasons[0] === 'ConditionalCheckFailed' || reasons[1] === 'ConditionalCheckFailed')) {
    throw new ForbiddenError();
  }
  return reasons;
}
