import { workerHandler } from '../../engine/lambda.ts';
import { baseRuntime, jobsPart, remittancesPart, upiPaymentsPart, withParts } from '../../runtime.ts';
import { remittancePass } from '../remittances.ts';
import type { WorkerRuntime } from '../worklist.ts';

/**
 * Cash-on-delivery remittances on AWS, woken by the doorbell and the cut-off's alarm. Its pass is
 * typed for the whole worker runtime but reads only the remittances, the jobs and the UPI payments it charges to their riders.
 */
export const handler = workerHandler(
  'remittances',
  () => withParts(baseRuntime(), { remittances: remittancesPart, jobs: jobsPart, upiPayments: upiPaymentsPart }) as WorkerRuntime,
  remittancePass,
);
