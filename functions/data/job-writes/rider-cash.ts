import { riderCashChanges } from '../../core/collection.ts';
import { CashLimitExceededError } from '../../core/errors.ts';
import { keys } from '../table.ts';
import type { TransactItem } from '../transaction.ts';
import { each, type JobWrite } from './context.ts';

/**
 * The riders' cash accounts a change moves (core/collection.ts): the cash due on the jobs they hold,
 * the cash they took at the door (with its entry in their cash log). A change that raises a rider's
 * exposure (taking a cash-on-delivery job) is conditioned on it staying within the cash limit (else
 * 409 cash_limit_exceeded, and nothing is written).
 */
export const riderCash: JobWrite = (before, after, { tableName, now, limits }) =>
  each(
    'cash',
    riderCashChanges(before, after).flatMap((change) => {
      const exposure = change.dueDeltaMinor + change.inHandDeltaMinor;
      // A job whose cash alone is past the limit is refused here: no account (a rider new to cash) would hold the condition below.
      if (exposure > limits.riderCashLimitMinor) throw new CashLimitExceededError(limits.riderCashLimitMinor);
      const account: TransactItem = {
        Update: {
          TableName: tableName,
          Key: keys.riderCash(change.agentId),
          UpdateExpression:
            'SET agentId = :agent, updatedAt = :now ADD dueMinor :due, inHandMinor :inHand, collectedCashMinor :inHand, exposureMinor :exposure, depositedMinor :zero',
          ExpressionAttributeValues: {
            ':agent': change.agentId,
            ':now': now.toISOString(),
            ':due': change.dueDeltaMinor,
            ':inHand': change.inHandDeltaMinor,
            ':exposure': exposure,
            ':zero': 0,
            ...(exposure > 0 && { ':room': limits.riderCashLimitMinor - exposure }),
          },
          ...(exposure > 0 && { ConditionExpression: 'attribute_not_exists(exposureMinor) OR exposureMinor <= :room' }),
        },
      };
      if (change.inHandDeltaMinor === 0) return [account];
      const entry: TransactItem = {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.riderCashEntry(change.agentId, after.collection!.collectedAt!, after.id),
            type: 'rider_cash_entry',
            agentId: change.agentId,
            kind: 'collection',
            amountMinor: change.inHandDeltaMinor,
            storeId: after.storeId,
            jobId: after.id,
            createdAt: after.collection!.collectedAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
      return [account, entry];
    }),
  );
