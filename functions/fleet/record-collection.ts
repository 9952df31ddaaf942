import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';
import { CollectionRequest } from '../schemas/fleet-requests/collection.ts';
import { FleetMoveHeaders } from '../schemas/fleet-requests/move-key.ts';

/** POST /fleet/v1/jobs/{id}/collection: the rider, at the drop, records the customer's payment (the whole amount due, cash or UPI) before the delivery code. */
export const handler = fleetJobAction(
  'POST /fleet/v1/jobs/{id}/collection',
  { path: FleetJobPath, body: CollectionRequest, headers: FleetMoveHeaders },
  ({ body }) => ({
    type: 'collect',
    method: body.method,
    amountMinor: body.amountMinor,
    reference: body.reference ?? null,
  }),
);
