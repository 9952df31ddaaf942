import { workerHandler } from '../../engine/lambda.ts';
import { baseRuntime, jobsPart, withParts, workPart } from '../../runtime.ts';
import { dispatchPass } from '../dispatch.ts';
import type { WorkerRuntime } from '../worklist.ts';

/**
 * Dispatch on AWS: offers booked jobs and applies its timeouts, woken by the doorbell. Its pass is
 * typed for the whole worker runtime but reads only the jobs and the work (and the zones through it).
 */
export const handler = workerHandler('dispatch', () => withParts(baseRuntime(), { jobs: jobsPart, work: workPart }) as WorkerRuntime, dispatchPass);
