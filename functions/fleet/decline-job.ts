import { fleetJobAction } from './job-action.ts';
import { FleetJobPath } from '../schemas/fleet.schema.ts';

/** POST /fleet/v1/jobs/{id}/decline: the rider gives an accepted job back before confirming it; it is offered again. */
export const handler = fleetJobAction('POST /fleet/v1/jobs/{id}/decline', { path: FleetJobPath }, () => ({ type: 'decline' }));
