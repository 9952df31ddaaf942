import { fleetJobAction } from './job-action.ts';
import { HandoffPath } from '../schemas/fleet.schema.ts';
import { CodeRequest } from '../schemas/fleet-requests/code.ts';

/** POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code: the code the store (pickup, return) or the customer (delivery) gave the rider. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', { path: HandoffPath, body: CodeRequest }, ({ path, body }) => ({
  type: 'submit_code',
  handoff: path.handoff,
  code: body.code,
}));
