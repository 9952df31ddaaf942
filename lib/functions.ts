import { routes, type TableAccessKind } from '../functions/http/routes.ts';

/** A deployed function: its stable name (construct id), its module under functions/ and what it does to the table. */
export interface FunctionSpec {
  name: string;
  handler: string;
  access: TableAccessKind;
}

/** Dispatch and the sandbox simulator, run on a schedule. */
export const SCHEDULED_WORKERS: FunctionSpec = { name: 'scheduled-workers', handler: 'workers/scheduled', access: 'workers' };

/** API Gateway's first gate on merchant routes: a store's usage key for each merchant key (lib/rest-api.ts). */
export const MERCHANT_AUTHORIZER: FunctionSpec = { name: 'merchant-authorizer', handler: 'merchant/authorizer', access: 'authorize' };

/** Every function the stack deploys: one per route of the route table, the merchant authorizer and the scheduled workers. */
export const DEPLOYED_FUNCTIONS: readonly FunctionSpec[] = [
  ...routes.map(({ name, handler, access }) => ({ name, handler, access })),
  MERCHANT_AUTHORIZER,
  SCHEDULED_WORKERS,
];
