import { routes, type TableAccessKind } from '../functions/http/routes.ts';
import type { WorkerName } from '../functions/engine/rings.ts';

/** A deployed function: its stable name (construct id), its module under functions/ and what it does to the table. */
export interface FunctionSpec {
  name: string;
  handler: string;
  access: TableAccessKind;
}

/** The engine's doorbell: the table's stream, the alarm queue and the minute's sweep ring the workers through it. */
export const DOORBELL: FunctionSpec = { name: 'doorbell', handler: 'engine/doorbell', access: 'ring-workers' };

/** The background workers, each its own function with its own kind (ENGINE.md's five). */
export const WORKER_FUNCTIONS: Readonly<Record<WorkerName, FunctionSpec>> = {
  dispatch: { name: 'dispatch-worker', handler: 'workers/handlers/dispatch', access: 'dispatch-jobs' },
  simulation: { name: 'simulation-worker', handler: 'workers/handlers/simulation', access: 'simulate-riders' },
  remittances: { name: 'remittance-worker', handler: 'workers/handlers/remittances', access: 'remit-cash' },
  relay: { name: 'event-relay', handler: 'workers/handlers/relay', access: 'relay-events' },
  webhooks: { name: 'webhook-sender', handler: 'workers/handlers/webhooks', access: 'send-webhooks' },
};

/** The webhook sender, the one worker that opens webhook secrets. */
export const WEBHOOK_SENDER: FunctionSpec = WORKER_FUNCTIONS.webhooks;

/** API Gateway's first gate on merchant routes: a store's usage key for each merchant key (lib/rest-api.ts). */
export const MERCHANT_AUTHORIZER: FunctionSpec = { name: 'merchant-authorizer', handler: 'merchant/authorizer', access: 'authorize' };

/** Every function the stack deploys: one per route of the route table, the merchant authorizer, the doorbell and the workers. */
export const DEPLOYED_FUNCTIONS: readonly FunctionSpec[] = [
  ...routes.map(({ name, handler, access }) => ({ name, handler, access })),
  MERCHANT_AUTHORIZER,
  DOORBELL,
  ...Object.values(WORKER_FUNCTIONS),
];
