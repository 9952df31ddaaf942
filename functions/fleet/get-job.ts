import { fleetHandler } from '../http/handler.ts';
import { ok } from '../http/responses.ts';
import { loadFleetJob } from '../use-cases/fleet-move.ts';
import { jobReaderPart } from '../runtime.ts';
import { FleetJobPath, toFleetJob } from '../schemas/fleet.schema.ts';

/** GET /fleet/v1/jobs/{id}: an offer or the rider's own job (operations: any live job), without handoff codes. */
export const handler = fleetHandler('GET /fleet/v1/jobs/{id}', { path: FleetJobPath, uses: { jobReader: jobReaderPart } }, async ({ caller, path, rt }) =>
  ok(toFleetJob(await loadFleetJob(rt.jobReader, caller, path.id), caller.role)),
);
