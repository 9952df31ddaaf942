import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from './batch-get.ts';
import { seqOfJobId, type Job } from '../core/job.ts';
import { toJob } from './job-reader.ts';
import { keys } from './table.ts';

/** Which job: its store and its id. */
export interface JobRef {
  storeId: string;
  jobId: string;
}

/**
 * The jobs these references name, each once, in one BatchGet per 100 (missing ones are left out;
 * order not kept). A job named twice (two index items of one job) is read once: DynamoDB refuses
 * a batch that names a key twice.
 */
export async function readJobs(db: DynamoDBDocumentClient, tableName: string, refs: readonly JobRef[]): Promise<Job[]> {
  const unique = new Map(
    refs.flatMap(({ storeId, jobId }) => {
      const seq = seqOfJobId(jobId);
      return seq === null ? [] : [[`${storeId}#${seq}`, keys.job(storeId, seq)] as const];
    }),
  );
  const itemKeys = [...unique.values()];
  const jobs: Job[] = [];
  for (let i = 0; i < itemKeys.length; i += 100) jobs.push(...(await batchGetJobs(db, tableName, itemKeys.slice(i, i + 100))));
  return jobs;
}

/** The jobs at these keys (at most 100, each once), strongly consistent, asking again for those DynamoDB left unprocessed. */
export async function batchGetJobs(db: DynamoDBDocumentClient, tableName: string, itemKeys: Array<{ PK: string; SK: string }>): Promise<Job[]> {
  return (await batchGetItems(db, tableName, itemKeys, { consistent: true })).map(toJob);
}
