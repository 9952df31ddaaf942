import { workerHandler } from '../../engine/lambda.ts';
import { baseRuntime, jobsPart, remittancesPart, withParts } from '../../runtime.ts';
import { remittancePass } from '../remittances.ts';
import type { WorkerRuntime } from '../worklist.ts';

/**
 * Cash-on-delivery remittances on AWS, woken by the doorbell and the cut-off's alarm. Its pass is
 * typed for the whole worker runtime but reads only the remittances and the jobs.
 */
export const handler = workerHandler(
  'remittances',
  () => withParts(baseRuntime(), { remittances: remittancesPart, jobs: jobsPart }) as WorkerRuntime,
  remittancePass,
);
