import { workerHandler } from '../../engine/lambda.ts';
import { baseRuntime, jobsPart, withParts, workPart } from '../../runtime.ts';
import { simulationPass } from '../simulation.ts';
import type { WorkerRuntime } from '../worklist.ts';

/**
 * The sandbox rider on AWS, woken by the doorbell and its own alarms. Its pass is typed for the whole
 * worker runtime but reads only the jobs and the work.
 */
export const handler = workerHandler('simulation', () => withParts(baseRuntime(), { jobs: jobsPart, work: workPart }) as WorkerRuntime, simulationPass);
