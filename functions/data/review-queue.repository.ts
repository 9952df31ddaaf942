import { reviewOf, type ReviewReason } from '../core/review.ts';
import type { Job, JobStatus } from '../core/job.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import type { JobWrite, NamedItem } from './job-writes/context.ts';

/** A job in operations' review queue, as its index item holds it. */
export interface ReviewItem {
  storeId: string;
  jobId: string;
  reason: ReviewReason;
  owesMinor: number;
  status: JobStatus;
  testMode: boolean;
  since: string;
}

/** The job's review queue item, or null when the job waits for nobody. */
export function reviewItemOf(job: Job): (ReviewItem & { PK: string; SK: string; type: 'review' }) | null {
  const entry = reviewOf(job);
  if (!entry) return null;
  return {
    ...keys.reviewItem(entry.since, job.storeId, job.id),
    type: 'review',
    storeId: job.storeId,
    jobId: job.id,
    reason: entry.reason,
    owesMinor: entry.owesMinor,
    status: job.status,
    testMode: job.testMode,
    since: entry.since,
  };
}

/**
 * The review queue's side of a job change, in its transaction (JOB_WRITES): the item the job after
 * the change implies is put (always, so a job that went to review before the queue existed gets its
 * item at its next change), the one the job before implied is deleted when the job no longer implies
 * it. The job's version condition orders these writes, so the item always says what the job says.
 */
export const reviewQueue: JobWrite = (before, after, { tableName }) => {
  const [was, is] = [reviewItemOf(before), reviewItemOf(after)];
  const items: NamedItem[] = [];
  if (was && (!is || was.SK !== is.SK)) items.push({ name: 'review:left', item: { Delete: { TableName: tableName, Key: { PK: was.PK, SK: was.SK } } } });
  if (is) items.push({ name: 'review', item: { Put: { TableName: tableName, Item: is } } });
  return items;
};

const toReviewItem = (item: Record<string, unknown>): ReviewItem => ({
  storeId: item.storeId as string,
  jobId: item.jobId as string,
  reason: item.reason as ReviewReason,
  owesMinor: item.owesMinor as number,
  status: item.status as JobStatus,
  testMode: item.testMode === true,
  since: item.since as string,
});

/** Operations' review queue (the admin CLI's `review list`): every store's jobs waiting for a person. */
export class ReviewQueueRepository extends TableRepository {
  /** Every job in review, oldest first, sandbox jobs included (`testMode`). One partition, strongly consistent. */
  async list(): Promise<ReviewItem[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.reviewPartition },
      ConsistentRead: true,
    });
    return items.map(toReviewItem);
  }
}
