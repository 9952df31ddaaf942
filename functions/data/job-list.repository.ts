import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Job, JobStatus } from '../core/job.ts';
import { rateDecided } from './client.ts';
import { batchGetJobs } from './job-batch.ts';
import { toJob } from './job-reader.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

/**
 * The merchant's list pages of a store's jobs, stored in the store's partition under its booking
 * counter (`JOB#<seq>`).
 *
 * Paging: a store's jobs are numbered 1..jobCount with no gaps, and newest first means descending
 * numbers, so the unfiltered page (offset, limit) is exactly the key range
 * [jobCount - offset - limit + 1, jobCount - offset]: one strongly consistent Query that reads
 * `limit` items, whatever the offset or the store's size.
 *
 * A status filter cannot be numbered that way (jobs change status), so it walks GSI1 (keys only,
 * ~100 bytes an entry, newest first) past `offset` entries and then reads the `limit` jobs
 * themselves. Its cost grows with offset + limit: about 9,000 skipped entries per 1 MB page, so the
 * largest offset (100,000) costs ~12 Query pages (~1,500 eventually consistent read units) before
 * the BatchGet. The index lags writes by a moment; jobs whose status moved on are dropped from the page.
 */
export class JobListRepository extends TableRepository {
  /** A page of the store's jobs, newest first. `jobCount` is the store's counter as auth read it. */
  async listNewest(storeId: string, jobCount: number, page: { limit: number; offset: number }): Promise<Job[]> {
    const newest = jobCount - page.offset;
    if (newest < 1) return [];
    const oldest = Math.max(1, newest - page.limit + 1);
    // One Query in practice (100 jobs are far below DynamoDB's 1 MB a response); queryAll follows on if not.
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :oldest AND :newest',
      ExpressionAttributeValues: { ':pk': keys.job(storeId, 1).PK, ':oldest': keys.job(storeId, oldest).SK, ':newest': keys.job(storeId, newest).SK },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toJob);
  }

  /** A page of the store's jobs in one status, newest first (see the class comment for its cost). */
  async listByStatus(storeId: string, status: JobStatus, page: { limit: number; offset: number }): Promise<Job[]> {
    // Its cost grows with the offset: it waits for the rate decision, so a refused one reads nothing.
    await rateDecided();
    const wanted = page.offset + page.limit;
    const entries: Array<{ PK: string; SK: string }> = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.jobByStatus(storeId, status, 0).GSI1PK },
          ScanIndexForward: false,
          Limit: wanted - entries.length,
          ExclusiveStartKey: startKey,
        }),
      );
      entries.push(...(result.Items ?? []).map((item) => ({ PK: item.PK as string, SK: item.SK as string })));
      startKey = result.LastEvaluatedKey;
    } while (startKey && entries.length < wanted);
    const pageKeys = entries.slice(page.offset, wanted);
    if (pageKeys.length === 0) return [];
    const jobs = await batchGetJobs(this.db, this.tableName, pageKeys);
    return jobs.filter((job) => job.status === status).sort((a, b) => b.seq - a.seq);
  }
}
