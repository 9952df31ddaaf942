import { routes } from '../functions/http/routes.ts';

/** A deployed function: its stable name (construct id, access entry) and its module under functions/. */
export interface FunctionSpec {
  name: string;
  handler: string;
}

/** Dispatch and the sandbox simulator, run on a schedule. */
export const SCHEDULED_WORKERS: FunctionSpec = { name: 'scheduled-workers', handler: 'workers/scheduled' };

/** Every function the stack deploys: one per route of the route table, and the scheduled workers. */
export const DEPLOYED_FUNCTIONS: readonly FunctionSpec[] = [...routes.map(({ name, handler }) => ({ name, handler })), SCHEDULED_WORKERS];
