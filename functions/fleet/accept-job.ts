import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/accept: the rider takes an open offer (`picked_by_agent`, the job's `agentId` is theirs). */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/accept', { path: FleetJobPath }, ({ caller }) => ({
  type: 'accept',
  agentId: caller.agentId!,
}));
