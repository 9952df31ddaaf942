import { vi } from 'vitest';
import { runtime } from '../../functions/runtime.ts';

/** A reply as a test compares it: status and parsed body. */
export interface RacedReply {
  status: number;
  body: unknown;
}

/**
 * Sends a request while `platform` (a worker's tick, a rider's move through the test's own runtime)
 * commits its change between the handler's first read of the job and its write: the handlers' own
 * job repository returns the job as it was, then lets `platform` run. Returns the reply (status and
 * body), how often the job was read (one GetItem each) and how often the move was tried (JobRepository's tryMove).
 */
export async function raced(
  platform: () => Promise<unknown>,
  request: () => Promise<RacedReply>,
): Promise<{ reply: RacedReply; reads: number; tries: number }> {
  const jobs = runtime().jobs;
  const read = jobs.get.bind(jobs);
  const spy = vi.spyOn(jobs, 'get').mockImplementationOnce(async (storeId, jobId) => {
    const job = await read(storeId, jobId);
    await platform();
    return job;
  });
  const tries = vi.spyOn(jobs as unknown as { tryMove(...args: unknown[]): Promise<unknown> }, 'tryMove');
  try {
    const { status, body } = await request();
    return { reply: { status, body }, reads: spy.mock.calls.length, tries: tries.mock.calls.length };
  } finally {
    spy.mockRestore();
    tries.mockRestore();
  }
}
