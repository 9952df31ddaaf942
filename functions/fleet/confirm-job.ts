import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/confirm: the rider is on the way to pickup (`booked`). */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/confirm', { path: FleetJobPath }, () => ({ type: 'confirm' }));
