import { describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalApi } from '../helpers/server.ts';
import { expectBalance, expectLedgerInvariant, newMerchant } from '../helpers/merchant.ts';
import { dispatchOnce } from '../helpers/fleet.ts';
import { captureLogs, useHandlerLogs } from '../helpers/logs.ts';
import { admin } from '../helpers/admin.ts';
import { dbOf, partitionItems } from '../helpers/table.ts';
import { dispatchTick } from '../../functions/workers/dispatch.ts';
import { WORKER_ITEM_FAILED } from '../../functions/workers/worklist.ts';
import { isItemTooLarge } from '../../functions/data/client.ts';
import { keys } from '../../functions/data/table.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { Job } from '../../functions/core/job.ts';

/**
 * A job whose item DynamoDB will not let grow (400 KB): the workers count it as a failure (the alarm's
 * metric), and operations end it with `npm run admin -- job end`, which releases its credit.
 */
const api = useLocalApi();
useHandlerLogs();

// Fills the job's history until DynamoDB refuses one more short event: then no move that adds an event fits.
async function fillToTheBrim(rt: Runtime, job: Job): Promise<void> {
  const append = (events: unknown[]) =>
    dbOf(rt).send(
      new UpdateCommand({
        TableName: rt.config.TABLE_NAME,
        Key: keys.job(job.storeId, job.seq),
        UpdateExpression: 'SET events = list_append(events, :more)',
        ExpressionAttributeValues: { ':more': events },
      }),
    );
  const filler = (note: string) => ({ id: 'filler', status: 'queued', actor: 'system', note, createdAt: job.createdAt });
  await append([filler('x'.repeat(380_000))]);
  for (const size of [100, 10, 1]) {
    for (;;) {
      try {
        await append(Array.from({ length: size }, () => filler('Filler')));
      } catch (error) {
        if (!isItemTooLarge(error)) throw error;
        break;
      }
    }
  }
}

describe('a job DynamoDB refuses to grow', () => {
  it('is counted as a worker failure, not a refusal, and operations end it: failed, its credit released in one transaction, its history kept', async () => {
    const { rt } = api.table;
    const m = await newMerchant(rt, api.server);
    const { id } = await m.bookJob();
    await dispatchOnce(rt);
    const queued = (await rt.jobs.get(m.storeId, id))!;
    await fillToTheBrim(rt, queued);
    const full = (await rt.jobs.get(m.storeId, id))!;

    const { records } = await captureLogs(() => dispatchTick(rt, new Date(Date.now() + rt.config.DISPATCH_TIMEOUT_SECONDS * 1000 + 1000)));
    const ended = await admin(api.table, ['job', 'end', '--job', id, '--note', 'Item full; ended by operations']);
    const job = (await rt.jobs.get(m.storeId, id))!;
    const history = (await partitionItems(rt, keys.jobPointer(id).PK)).filter((item) => item.type === 'job_history');

    expect(records.filter((r) => r.message === WORKER_ITEM_FAILED && r.jobId === id).map((r) => r.worker)).toEqual(['dispatch']);
    expect(ended).toMatchObject({ code: 0, stderr: '' });
    expect(job).toMatchObject({ status: 'failed', settlement: 'released' });
    expect(job.events.at(-1)).toMatchObject({ status: 'failed', actor: 'admin', note: 'Item full; ended by operations' });
    // Every event the job had is kept: on the job, or in its history item.
    const kept = [...job.events.slice(0, 1), ...history.flatMap((item) => item.events as unknown[]), ...job.events.slice(1, -1)];
    expect(kept).toEqual(full.events);
    await expectBalance(m, 100_000, 0);
    await expectLedgerInvariant(rt, m.storeId);
  }, 60_000);
});
