import { fleetJobAction } from './job-action.ts';
import { CodeRequest, HandoffPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code: the code the store (pickup) or the customer (delivery) gave the rider. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code', { path: HandoffPath, body: CodeRequest }, ({ path, body }) => ({
  type: path.handoff === 'pickup' ? 'submit_pickup_code' : 'submit_delivery_code',
  code: body.code,
}));
