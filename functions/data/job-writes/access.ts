import { addGuardChecks } from '../guard.ts';
import { fleetKeyCheck } from '../fleet-key.repository.ts';
import { Transaction } from '../transaction.ts';
import type { JobWrite } from './context.ts';
import { writesStore } from './money.ts';

/**
 * Who may write, checked at the write: a merchant's key and store (`guard`; a change that updates the
 * store carries the store's access condition in that update instead, one item a key), or a fleet key.
 */
export const access: JobWrite = (before, after, context) => {
  const { tableName, guard, fleetKeyHash } = context;
  if (guard) return addGuardChecks(new Transaction(), tableName, guard, { store: !writesStore(before, after, context) }).items;
  if (fleetKeyHash) return [{ name: 'fleetKey', item: fleetKeyCheck(tableName, fleetKeyHash) }];
  return [];
};
