import { fleetJobAction } from './job-action.ts';
import { HandoffPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive: the rider is at the pickup or the drop; that handoff's code starts its 30 minutes. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/arrive', { path: HandoffPath }, ({ path }) => ({
  type: path.handoff === 'pickup' ? 'arrive_pickup' : 'arrive_drop',
}));
