import type { Job } from '../../core/job.ts';
import { keys } from '../table.ts';
import type { JobWrite } from './context.ts';

/** The job as an item: its fields, its key, and its status index entry. */
export function jobItem(job: Job) {
  const { id, ...fields } = job;
  return { ...keys.job(job.storeId, job.seq), ...keys.jobByStatus(job.storeId, job.status, job.seq), type: 'job', jobId: id, ...fields };
}

/** The job after the change, on the condition that it is still at the version read (else the change lost its race). */
export const jobPut: JobWrite = (before, after, { tableName }) => [
  {
    name: 'job',
    item: {
      Put: {
        TableName: tableName,
        Item: jobItem(after),
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: { ':expected': before.version },
      },
    },
  },
];
