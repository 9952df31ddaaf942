import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { seqOfJobId, type Job } from '../core/job.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

/** A job from its item: the item's fields but its keys and type, its id from `jobId`. */
export function toJob(item: Record<string, unknown>): Job {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, jobId, ...fields } = item;
  return { id: jobId as string, ...(fields as Omit<Job, 'id'>) };
}

/**
 * Reads one job by its store and id, and nothing else: what a function that only shows a job (the
 * customer's tracking page) needs, without the moves, the money and the indexes of JobRepository,
 * which extends it (its bundle is about 20 KB smaller for it).
 */
export class JobReader extends TableRepository {
  /** The store's job with this id, in one read, or null (ids that are not ours are simply not found). */
  async get(storeId: string, jobId: string): Promise<Job | null> {
    const seq = seqOfJobId(jobId);
    if (seq === null) return null;
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.job(storeId, seq), ConsistentRead: true }));
    return Item && Item.jobId === jobId ? toJob(Item) : null;
  }
}
