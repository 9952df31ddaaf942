import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/start-confirmation: the rider starts confirming the job (`booking_in_progress`). */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/start-confirmation', { path: FleetJobPath }, () => ({ type: 'start_confirmation' }));
