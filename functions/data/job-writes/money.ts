import { collectedBy } from '../../core/collection.ts';
import type { Job } from '../../core/job.ts';
import { STORE_ACCESS_CONDITION } from '../guard.ts';
import { ledgerPut } from '../store.repository.ts';
import { keys } from '../table.ts';
import type { JobWrite, WriteContext } from './context.ts';

/** Whether the change updates the store's item: it moves money, or records a payment taken at the door. */
export function writesStore(before: Job, after: Job, { money }: WriteContext): boolean {
  return money.length > 0 || collectedBy(before, after) !== null;
}

/**
 * The store's totals: its money (balance, reserved, available), never below zero (a reservation needs
 * the credit to be there still), and a payment taken at the door in its cash-on-delivery totals. With
 * a guard, the merchant's API access must still be on. The item as it was comes back when the
 * condition fails, so FAILED_CONDITIONS can tell access turned off from credit spent.
 */
export const storeTotals: JobWrite = (before, after, context) => {
  if (!writesStore(before, after, context)) return [];
  const { money, guard } = context;
  const collected = collectedBy(before, after);
  const balance = money.reduce((sum, entry) => sum + entry.balanceDeltaMinor, 0);
  const reserved = money.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
  return [
    {
      name: 'store',
      item: {
        Update: {
          TableName: context.tableName,
          Key: keys.store(after.storeId),
          UpdateExpression: `SET balanceMinor = balanceMinor + :balance, reservedMinor = reservedMinor + :reserved, availableMinor = availableMinor + :available, updatedAt = :now${collected ? ' ADD codCollectedMinor :cod, codAwaitingMinor :cod' : ''}`,
          ConditionExpression: `balanceMinor >= :minusBalance AND reservedMinor >= :minusReserved AND availableMinor >= :minusAvailable${guard ? ` AND ${STORE_ACCESS_CONDITION}` : ''}`,
          ExpressionAttributeValues: {
            ':balance': balance,
            ':reserved': reserved,
            ':available': balance - reserved,
            ':minusBalance': -balance,
            ':minusReserved': -reserved,
            ':minusAvailable': reserved - balance,
            ':now': context.now.toISOString(),
            ...(collected && { ':cod': collected.amountMinor }),
            ...(guard && { ':apiEnabled': true }),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
    },
  ];
};

/** One statement line per movement, a millisecond apart so the statement lists them in the order they were decided. */
export const ledgerLines: JobWrite = (_before, after, { tableName, money, now }) =>
  money.map((entry, index) => ({
    name: `ledger#${index}`,
    item: ledgerPut(
      tableName,
      {
        storeId: after.storeId,
        type: entry.type,
        balanceDeltaMinor: entry.balanceDeltaMinor,
        reservedDeltaMinor: entry.reservedDeltaMinor,
        jobId: after.id,
        note: entry.note,
        operator: entry.operator ?? null,
      },
      new Date(now.getTime() + index),
    ),
  }));
