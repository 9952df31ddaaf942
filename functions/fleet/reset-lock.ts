import { fleetJobAction } from './job-action.ts';
import { HandoffPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock (operations): unlocks a locked handoff with a fresh code for the merchant. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock', { path: HandoffPath }, ({ path }) => ({
  type: 'reset_lock',
  handoff: path.handoff,
}));
