import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';
import { FailRequest } from '../schemas/fleet-requests/fail.ts';

/** POST /fleet/v1/jobs/{id}/fail: the delivery cannot go on. Before pickup the credit is released; after, the settlement goes to review. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/fail', { path: FleetJobPath, body: FailRequest }, ({ body }) => ({
  type: 'fail',
  note: body.reason,
}));
