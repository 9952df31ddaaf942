import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';
import { DeliveryAttemptRequest } from '../schemas/fleet-requests/delivery-attempt.ts';

/** POST /fleet/v1/jobs/{id}/delivery-attempts: the rider, at the drop, could not hand the parcel over. The first asks the merchant; the second starts the return. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/delivery-attempts', { path: FleetJobPath, body: DeliveryAttemptRequest }, ({ body }) => ({
  type: 'attempt_delivery',
  reason: body.reason,
  note: body.note ?? null,
}));
