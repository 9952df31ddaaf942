import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';
import { DeliveryAttemptRequest } from '../schemas/fleet-requests/delivery-attempt.ts';
import { FleetMoveHeaders } from '../schemas/fleet-requests/move-key.ts';

/** POST /fleet/v1/jobs/{id}/delivery-attempts: the rider, at the drop, could not hand the parcel over. The first asks the merchant; the second starts the return. Idempotency-Key: a retry. */
export const handler = fleetJobAction(
  'POST /fleet/v1/jobs/{id}/delivery-attempts',
  { path: FleetJobPath, body: DeliveryAttemptRequest, headers: FleetMoveHeaders },
  ({ body }) => ({
    type: 'attempt_delivery',
    reason: body.reason,
    note: body.note ?? null,
  }),
);
