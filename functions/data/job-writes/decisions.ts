import type { Job } from '../../core/job.ts';
import { keys } from '../table.ts';
import type { JobWrite } from './context.ts';

const waits = (job: Job) => (job.pendingDecision ?? null) !== null;

/**
 * The job's item in its store's list of jobs waiting for a decision (GET /v1/jobs?needsDecision=true):
 * put by the move that asks for a decision (a failed attempt), deleted by the one that ends the wait
 * (the merchant's decision, the default at the deadline, a failure or recall).
 */
export const decisionIndex: JobWrite = (before, after, { tableName }) => {
  if (waits(before) === waits(after)) return [];
  const key = keys.jobDecision(after.storeId, after.seq);
  const item = waits(after)
    ? { Put: { TableName: tableName, Item: { ...key, type: 'decision', storeId: after.storeId, jobId: after.id, seq: after.seq } } }
    : { Delete: { TableName: tableName, Key: key } };
  return [{ name: 'decision', item }];
};
