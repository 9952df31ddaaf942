import { fleetJobAction } from './job-action.ts';
import { HandoffPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reissue-code (operations): a fresh code for an expired handoff. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/reissue-code', { path: HandoffPath }, ({ path }) => ({
  type: 'reissue_code',
  handoff: path.handoff,
}));
