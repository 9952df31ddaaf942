import { cashHolderOf } from '../../core/collection.ts';
import type { JobWrite, NamedItem } from './context.ts';
import { keys } from '../table.ts';

/**
 * The riders' holding counters a change moves: the rider who takes the job counts one more, on the
 * condition that they hold fewer than `maxHeldJobs` (else 409 rider_at_capacity, and nothing is
 * written); the rider who lets it go (decline, delivery, failure, cancel) one fewer. The holder is
 * the one cashHolderOf names (sandbox jobs are the simulator's).
 */
export const holdingCounters: JobWrite = (before, after, { tableName, limits }) => {
  const [was, is] = [cashHolderOf(before), cashHolderOf(after)];
  if (was === is) return [];
  const counter = (name: string, agentId: string, delta: 1 | -1): NamedItem => ({
    name,
    item: {
      Update: {
        TableName: tableName,
        Key: keys.agentHolding(agentId),
        UpdateExpression: 'ADD holding :delta',
        ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 && { ':max': limits.maxHeldJobs }) },
        ...(delta > 0 && { ConditionExpression: 'attribute_not_exists(holding) OR holding < :max' }),
      },
    },
  });
  return [...(is ? [counter('holding:gained', is, 1)] : []), ...(was ? [counter('holding:released', was, -1)] : [])];
};
