import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Job, JobStatus } from '../core/job.ts';
import { rateDecided } from './client.ts';
import { batchGetJobs, readJobs } from './job-batch.ts';
import { toJob } from './job-reader.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

/** A range of booking numbers, both ends included. */
export interface SeqRange {
  oldest: number;
  newest: number;
}

/** How many of the newest jobs an order id is looked for in when the order index has none of it (jobs booked before the index). */
export const ORDER_FALLBACK_JOBS = 1_000;

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
  async listNewest(storeId: string, jobCount: number, page: { limit: number; offset: number }, first = 1): Promise<Job[]> {
    const newest = jobCount - page.offset;
    if (newest < first) return [];
    const oldest = Math.max(first, newest - page.limit + 1);
    // One Query in practice (100 jobs are far below DynamoDB's 1 MB a response); queryAll follows on if not.
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :oldest AND :newest',
      ExpressionAttributeValues: { ':pk': keys.job(storeId, 1).PK, ':oldest': keys.job(storeId, oldest).SK, ':newest': keys.job(storeId, newest).SK },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toJob);
  }

  /** A page of the store's jobs in one status, newest first, within `seqs` if given (see the class comment for its cost). */
  async listByStatus(storeId: string, status: JobStatus, page: { limit: number; offset: number }, seqs?: SeqRange): Promise<Job[]> {
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
          KeyConditionExpression: seqs ? 'GSI1PK = :pk AND GSI1SK BETWEEN :oldest AND :newest' : 'GSI1PK = :pk',
          ExpressionAttributeValues: {
            ':pk': keys.jobByStatus(storeId, status, 0).GSI1PK,
            ...(seqs && { ':oldest': keys.jobByStatus(storeId, status, seqs.oldest).GSI1SK, ':newest': keys.jobByStatus(storeId, status, seqs.newest).GSI1SK }),
          },
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

  /**
   * The booking numbers of the jobs created in [from, to): two binary searches over the store's job
   * items by number (numbers and creation times rise together), each at most ⌈log2(jobCount + 1)⌉
   * GetItems of one attribute. Null when no job is in the range.
   */
  async createdBetween(storeId: string, jobCount: number, range: { from?: string; to?: string }): Promise<SeqRange | null> {
    const oldest = range.from === undefined ? 1 : (await this.lastCreatedBefore(storeId, jobCount, range.from)) + 1;
    const newest = range.to === undefined ? jobCount : await this.lastCreatedBefore(storeId, jobCount, range.to);
    return oldest <= newest ? { oldest, newest } : null;
  }

  /** A page of the key range `seqs`, newest first: one Query of `limit` items, as the unfiltered page. */
  async listBetween(storeId: string, seqs: SeqRange, page: { limit: number; offset: number }): Promise<Job[]> {
    return this.listNewest(storeId, seqs.newest, page, seqs.oldest);
  }

  /**
   * A page of the store's jobs waiting for its decision, newest first, within `seqs` if given: a Query
   * of their index items (job-writes/decisions.ts; offset + limit keys at most) and one BatchGet.
   */
  async listNeedingDecision(storeId: string, page: { limit: number; offset: number }, seqs?: SeqRange): Promise<Job[]> {
    const from = keys.jobDecision(storeId, seqs?.oldest ?? 0).SK;
    const to = keys.jobDecision(storeId, seqs?.newest ?? 10 ** 15 - 1).SK;
    const jobs = await this.pageOfIndex(storeId, from, to, page);
    return jobs.filter((job) => (job.pendingDecision ?? null) !== null);
  }

  /**
   * A page of the store's jobs with this order id, newest first: a Query of their index items (written
   * at booking) and one BatchGet. Jobs booked before those items existed have none: when the index
   * holds none, the newest ORDER_FALLBACK_JOBS job items are looked through (a filtered Query, up to
   * that many items read); an order older than that and booked before the index is not found.
   */
  async listByOrder(storeId: string, externalOrderId: string, jobCount: number, page: { limit: number; offset: number }): Promise<Job[]> {
    const prefix = `ORDER#${encodeURIComponent(externalOrderId)}#`;
    const indexed = await this.pageOfIndex(storeId, prefix, `${prefix}~`, page);
    if (indexed.length > 0 || page.offset > 0 || jobCount < 1) return indexed.filter((job) => job.externalOrderId === externalOrderId);
    await rateDecided();
    const found: Job[] = [];
    let startKey: Record<string, unknown> | undefined;
    let examined = 0;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :oldest AND :newest',
          FilterExpression: 'externalOrderId = :order',
          ExpressionAttributeValues: {
            ':pk': keys.job(storeId, 1).PK,
            ':oldest': keys.job(storeId, Math.max(1, jobCount - ORDER_FALLBACK_JOBS + 1)).SK,
            ':newest': keys.job(storeId, jobCount).SK,
            ':order': externalOrderId,
          },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: ORDER_FALLBACK_JOBS - examined,
          ExclusiveStartKey: startKey,
        }),
      );
      examined += result.ScannedCount ?? 0;
      found.push(...(result.Items ?? []).map(toJob));
      startKey = result.LastEvaluatedKey;
    } while (startKey && examined < ORDER_FALLBACK_JOBS && found.length < page.limit);
    return found.slice(0, page.limit);
  }

  // A newest-first page of one of the store's index lists (items naming a job by `seq` or `jobId`), and the jobs they name.
  private async pageOfIndex(storeId: string, from: string, to: string, page: { limit: number; offset: number }): Promise<Job[]> {
    await rateDecided();
    const wanted = page.offset + page.limit;
    const entries: Array<Record<string, unknown>> = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.job(storeId, 1).PK, ':from': from, ':to': to },
          ProjectionExpression: 'jobId',
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: wanted - entries.length,
          ExclusiveStartKey: startKey,
        }),
      );
      entries.push(...(result.Items ?? []));
      startKey = result.LastEvaluatedKey;
    } while (startKey && entries.length < wanted);
    const refs = entries.slice(page.offset, wanted).map((entry) => ({ storeId, jobId: entry.jobId as string }));
    if (refs.length === 0) return [];
    return (await readJobs(this.db, this.tableName, refs)).sort((a, b) => b.seq - a.seq);
  }

  // The number of the newest job created before `at` (0: none), by binary search: numbers rise with creation times.
  private async lastCreatedBefore(storeId: string, jobCount: number, at: string): Promise<number> {
    let low = 0;
    let high = jobCount;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: keys.job(storeId, middle), ProjectionExpression: 'createdAt', ConsistentRead: true }),
      );
      if (((Item?.createdAt as string | undefined) ?? '') < at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
