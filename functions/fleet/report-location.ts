import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';
import { LocationRequest } from '../schemas/fleet-requests/location.ts';

/** POST /fleet/v1/jobs/{id}/location: the rider's position, shown to the merchant while the rider is on the job. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/location', { path: FleetJobPath, body: LocationRequest }, ({ body }) => ({
  type: 'report_location',
  latitude: body.latitude,
  longitude: body.longitude,
  accuracy: body.accuracy ?? null,
}));
