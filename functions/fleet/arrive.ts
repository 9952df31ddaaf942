import { fleetJobAction } from './job-action.ts';
import { HandoffPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive: the rider is at the pickup, the drop, or back at the pickup with the parcel; that handoff's code starts its 30 minutes. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive', { path: HandoffPath }, ({ path }) => ({
  type: 'arrive',
  handoff: path.handoff,
}));
