import { collectedBy } from '../../core/collection.ts';
import { keys } from '../table.ts';
import type { JobWrite } from './context.ts';

/**
 * A payment taken at the door puts its store on the remittance worker's list. `collections` counts the
 * payments filed: the worker takes a store off its list only while none came since it looked.
 */
export const remittanceWork: JobWrite = (before, after, { tableName }) => {
  const collected = collectedBy(before, after);
  if (!collected) return [];
  return [
    {
      name: 'remittanceWork',
      item: {
        Update: {
          TableName: tableName,
          Key: keys.remittanceWork(after.storeId),
          UpdateExpression: 'SET #type = :work, storeId = :store, sandbox = :sandbox, lastCollectedAt = :at ADD collections :one',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':work': 'work', ':store': after.storeId, ':sandbox': after.testMode, ':at': collected.collectedAt, ':one': 1 },
        },
      },
    },
  ];
};
