import { routes, type TableAccessKind } from '../functions/http/routes.ts';

/** A deployed function: its stable name (construct id), its module under functions/ and what it does to the table. */
export interface FunctionSpec {
  name: string;
  handler: string;
  access: TableAccessKind;
}

/** Dispatch and the sandbox simulator, run on a schedule. */
export const SCHEDULED_WORKERS: FunctionSpec = { name: 'scheduled-workers', handler: 'workers/scheduled', access: 'workers' };

/** Every function the stack deploys: one per route of the route table, and the scheduled workers. */
export const DEPLOYED_FUNCTIONS: readonly FunctionSpec[] = [...routes.map(({ name, handler, access }) => ({ name, handler, access })), SCHEDULED_WORKERS];
