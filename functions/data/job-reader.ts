import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { seqOfJobId, type Job } from '../core/job.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

/** A job from its item: the item's fields but its keys and type, its id from `jobId`. */
export function toJob(item: Record<string, unknown>): Job {
  const { PK: _pk, SK: _sk, GSI1PK: _gpk, GSI1SK: _gsk, type: _type, jobId, ...fields } = item;
  return { id: jobId as string, ...(fields as Omit<Job, 'id'>) };
}

/** How many job → store pairs a container remembers (far more than the live jobs its riders touch). */
const REMEMBERED_JOBS = 50_000;

/**
 * Reads one job by its store and id (or finds its store by its id), and nothing else: what a function
 * that only shows a job (the merchant's and the fleet's job, the tracking page) needs, without the
 * moves, the money and the indexes of JobRepository, which extends it (its bundle is about 30 KB
 * smaller for it).
 */
export class JobReader extends TableRepository {
  // Which store each job id seen here belongs to (storeOf): it never changes. One runtime's readers
  // share it (runtime.ts), so a job the reader has found is known to the job repository too.
  private readonly storeByJob: Map<string, string>;

  constructor(db: ConstructorParameters<typeof TableRepository>[0], tableName: string, storeByJob = new Map<string, string>()) {
    super(db, tableName);
    this.storeByJob = storeByJob;
  }

  /** The store's job with this id, in one read, or null (ids that are not ours are simply not found). */
  async get(storeId: string, jobId: string): Promise<Job | null> {
    const seq = seqOfJobId(jobId);
    if (seq === null) return null;
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.job(storeId, seq), ConsistentRead: true }));
    return Item && Item.jobId === jobId ? toJob(Item) : null;
  }

  /**
   * The store a job belongs to, for callers that know only the job's id; null if there is no such job.
   * A job never changes store, so the container remembers the answer (a rider's next move on the job
   * reads the job alone).
   */
  async storeOf(jobId: string): Promise<string | null> {
    const id = jobId.toLowerCase();
    const known = this.storeByJob.get(id);
    if (known !== undefined) return known;
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.jobPointer(id), ConsistentRead: true }));
    if (!Item) return null;
    if (this.storeByJob.size >= REMEMBERED_JOBS) this.storeByJob.clear();
    this.storeByJob.set(id, Item.storeId as string);
    return Item.storeId as string;
  }
}
