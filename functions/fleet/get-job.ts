import { fleetHandler } from '../http/handler.ts';
import { fleetJobResult, loadFleetJob } from '../use-cases/fleet-move.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';

/** GET /fleet/v1/jobs/{id}: an offer or the rider's own job (operations: any live job), without handoff codes. */
export const handler = fleetHandler('GET /fleet/v1/jobs/{id}', { path: FleetJobPath }, async ({ caller, path, rt }) =>
  fleetJobResult(await loadFleetJob(rt, caller, path.id), caller),
);
