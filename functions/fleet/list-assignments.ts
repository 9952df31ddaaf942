import { jsonResult } from '../http/responses.ts';
import { fleetHandler } from '../http/handler.ts';
import { toFleetJob } from '../schemas/fleet.schema.ts';
import { fleetJobsPart } from '../runtime.ts';

/** GET /fleet/v1/assignments: the jobs this rider holds now (accepted, not yet delivered or ended), most recently changed first. */
export const handler = fleetHandler('GET /fleet/v1/assignments', { uses: { fleetJobs: fleetJobsPart } }, async ({ caller, rt }) => {
  const jobs = await rt.fleetJobs.assignedTo(caller.agentId!);
  return jsonResult(200, { data: jobs.map((job) => toFleetJob(job, 'rider')) });
});
