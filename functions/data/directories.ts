import type { TransactItem } from './transaction.ts';
import { FleetKeyRepository } from './fleet-key.repository.ts';

/** A store as the operator's directory lists it (the `STORES` partition: one item a store, written with the store). */
export interface StoreListing {
  storeId: string;
  name: string;
  sandbox: boolean;
  createdAt: string;
}

// The directory partitions: one item a store or rider, so listing costs what the directory holds, never a scan of the table.
// Kept apart from desk.repository.ts so the functions that write them (store and fleet key creation) carry nothing else.
/** The directories' partitions and keys: stores oldest first, riders by agent id. */
export const directory = {
  stores: 'STORES',
  riders: 'RIDERS',
  store: (storeId: string, createdAt: string) => ({ PK: 'STORES', SK: `${createdAt}#${storeId}` }),
  rider: (agentId: string) => ({ PK: 'RIDERS', SK: agentId }),
} as const;

/** The store's directory item, for the store's creation transaction. */
export function storeDirectoryPut(tableName: string, store: StoreListing): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: { ...directory.store(store.storeId, store.createdAt), type: 'store_listing', ...store, nameLower: store.name.toLowerCase() },
    },
  };
}

/** The rider's directory item, for the transaction of each rider key made: when their first and last keys were made. */
export function riderDirectoryUpdate(tableName: string, agentId: string, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName,
      Key: directory.rider(agentId),
      UpdateExpression: 'SET #type = :type, agentId = :agentId, firstKeyAt = if_not_exists(firstKeyAt, :at), lastKeyAt = :at',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'rider_listing', ':agentId': agentId, ':at': at },
    },
  };
}

/** Fleet keys as operations make them (the whole runtime): a rider's key also lists the rider in the directory, in the same transaction. */
export class FleetKeyAdminRepository extends FleetKeyRepository {
  protected override alsoWritten(agentId: string | null, at: string): TransactItem[] {
    return agentId ? [riderDirectoryUpdate(this.tableName, agentId, at)] : [];
  }
}
