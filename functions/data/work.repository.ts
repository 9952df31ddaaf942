import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SimulatedOutcome } from '../core/simulation.ts';
import { isConditionFailure } from './client.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

export type WorkKind = 'dispatch' | 'simulation';

/** A job waiting for the dispatcher (live stores) or the sandbox simulator (sandbox stores). */
export interface WorkItem {
  kind: WorkKind;
  storeId: string;
  jobId: string;
  createdAt: string;
  /** Simulation only: the scripted outcome and how many of its steps are done. */
  outcome?: SimulatedOutcome;
  step: number;
}

/** The work item a booking writes in its transaction, so no booked job can be missed. */
export function workItemPut(tableName: string, item: Omit<WorkItem, 'step'>) {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.work(item.kind, item.createdAt, item.jobId),
        type: 'work',
        storeId: item.storeId,
        jobId: item.jobId,
        createdAt: item.createdAt,
        step: 0,
        ...(item.outcome && { outcome: item.outcome }),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The dispatcher's and the simulator's worklists: one partition each, oldest first. Open jobs are
 * few at a time (they leave the list when they end); at a scale where one partition is too hot, the
 * list is sharded by zone.
 */
export class WorkRepository extends TableRepository {
  async list(kind: WorkKind): Promise<WorkItem[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.work(kind, '', '').PK },
      ConsistentRead: true,
    });
    return items.map((item) => ({
      kind,
      storeId: item.storeId as string,
      jobId: item.jobId as string,
      createdAt: item.createdAt as string,
      step: (item.step as number | undefined) ?? 0,
      ...(item.outcome !== undefined && { outcome: item.outcome as SimulatedOutcome }),
    }));
  }

  /** Records that `item` got past step `from` (no-op if another worker already did). */
  async advance(item: WorkItem, from: number): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.work(item.kind, item.createdAt, item.jobId),
          UpdateExpression: 'SET step = :next',
          ConditionExpression: 'step = :from',
          ExpressionAttributeValues: { ':from': from, ':next': from + 1 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Takes a finished job off its list. */
  async remove(item: WorkItem): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: keys.work(item.kind, item.createdAt, item.jobId) }));
  }
}
