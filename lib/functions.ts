import { routes, type TableAccessKind } from '../functions/http/routes.ts';

/** A deployed function: its stable name (construct id), its module under functions/ and what it does to the table. */
export interface FunctionSpec {
  name: string;
  handler: string;
  access: TableAccessKind;
}

/** Dispatch and the sandbox simulator, run on a schedule. */
export const SCHEDULED_WORKERS: FunctionSpec = { name: 'scheduled-workers', handler: 'workers/handlers/dispatch', access: 'workers' };

/** The webhook sender, run on a schedule of its own. */
export const WEBHOOK_SENDER: FunctionSpec = { name: 'webhook-sender', handler: 'workers/handlers/webhooks', access: 'send-webhooks' };

/** API Gateway's first gate on merchant routes: a store's usage key for each merchant key (lib/rest-api.ts). */
export const MERCHANT_AUTHORIZER: FunctionSpec = { name: 'merchant-authorizer', handler: 'merchant/authorizer', access: 'authorize' };

/** Every function the stack deploys: one per route of the route table, the merchant authorizer, the scheduled workers and the webhook sender. */
export const DEPLOYED_FUNCTIONS: readonly FunctionSpec[] = [
  ...routes.map(({ name, handler, access }) => ({ name, handler, access })),
  MERCHANT_AUTHORIZER,
  SCHEDULED_WORKERS,
  WEBHOOK_SENDER,
];
