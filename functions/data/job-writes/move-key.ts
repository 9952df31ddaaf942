import type { MoveKey } from '../../core/move-key.ts';
import { keys } from '../table.ts';
import type { JobWrite } from './context.ts';

/** The Idempotency-Key's marker of a rider's move, put with the move on the condition that the key is new (else FAILED_CONDITIONS: `moveKey`). */
export function moveKeyPut(marker: MoveKey): JobWrite {
  return (_before, after, { tableName }) => [
    {
      name: 'moveKey',
      item: {
        Put: {
          TableName: tableName,
          Item: { ...keys.moveKey(marker.jobId, marker.actor, marker.key), type: 'move_key', ...marker, version: after.version, createdAt: after.updatedAt },
          ConditionExpression: 'attribute_not_exists(PK)',
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    },
  ];
}
