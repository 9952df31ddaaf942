import type { FleetRole } from '../core/fleet-access.ts';
import type { RateGroup } from '../core/rate-limits.ts';

/**
 * The route table: the one list of what the service serves. The local server, the CDK stack, the API
 * descriptions and the tests all read it, so they cannot drift. Each route is its own Lambda,
 * `functions/<handler>.ts`. Two APIs share it: the merchant API (`/v1`, store API keys) and the
 * fleet API (`/fleet/v1`, fleet keys of riders and fleet operations); neither's credentials work on the other.
 * Public pages (the customer's tracking page, `/track/…`) take no key: the token in their path is the access.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface RouteBase {
  /**
   * The route's stable name: its function's construct id (so its CloudFormation logical ids, see
   * `functionId`), the gateway's operation name, its entry in lib/access.ts. Renaming it replaces the
   * deployed function; moving or renaming its module does not.
   */
  name: string;
  method: HttpMethod;
  /** API Gateway resource path; `{name}` marks a path parameter, a last `{name+}` the rest of the path (greedy). */
  path: string;
  /** Module under functions/ exporting `handler` (`merchant/…`, `fleet/…` or `tracking/…`). */
  handler: string;
  /** What the function does to the table; lib/access.ts turns it into the function's IAM actions. */
  access: TableAccessKind;
  /** It seals webhook signing secrets, so it may read the key that does (WEBHOOK_SECRETS_KEY_ARN); no other route may. Its kind is one of its own. */
  sealsSecrets?: true;
  /** It signs and checks statement cursors, so it may read the key that does (CURSOR_SIGNING_KEY_ARN); no other route may. Its kind is one of its own. */
  signsCursors?: true;
}

/**
 * What a function does to the table, by kind: read one item; read lists; read a store's feed; list a store's jobs; check serviceability; put a
 * quote; book; move a job (alone, with its index items, or with money); record a rider's deposit; the doorbell; each worker;
 * the merchant authorizer (reads a key, nothing else).
 */
export type TableAccessKind =
  | 'authorize'
  | 'read-item'
  | 'read-lists'
  | 'read-feed'
  | 'manage-webhooks'
  | 'seal-webhook-secrets'
  | 'manage-api-keys'
  | 'send-webhooks'
  | 'read-ledger'
  | 'list-jobs'
  | 'check-serviceability'
  | 'put-quote'
  | 'put-tracking-link'
  | 'read-tracking'
  | 'manage-sessions'
  | 'serve-console'
  | 'book'
  | 'move-job'
  | 'move-job-index'
  | 'move-job-money'
  | 'deposit-cash'
  | 'ring-workers'
  | 'dispatch-jobs'
  | 'simulate-riders'
  | 'remit-cash'
  | 'relay-events';

/** A merchant route: X-Api-Key of a store, limited per store and group. */
export interface MerchantRoute extends RouteBase {
  api: 'merchant';
  rateGroup: RateGroup;
}

/** A fleet route: a fleet key in `Authorization: Bearer`, of one of `roles`, limited per key. */
export interface FleetRoute extends RouteBase {
  api: 'fleet';
  roles: readonly FleetRole[];
}

/** A public page: no key; the token in its path is the access. Throttled per IP at the gateway (WAF). */
export interface PublicRoute extends RouteBase {
  api: 'public';
}

export type Route = MerchantRoute | FleetRoute | PublicRoute;

const RIDER = ['rider'] as const;
const OPS = ['ops'] as const;
const EVERYONE = ['rider', 'ops'] as const;

export const routes = [
  { name: 'get-balance', api: 'merchant', method: 'GET', path: '/v1/balance', handler: 'merchant/get-balance', rateGroup: 'reads', access: 'read-item' },
  { name: 'get-store', api: 'merchant', method: 'GET', path: '/v1/store', handler: 'merchant/get-store', rateGroup: 'reads', access: 'read-item' },
  {
    name: 'get-cod-summary',
    api: 'merchant',
    method: 'GET',
    path: '/v1/cod-summary',
    handler: 'merchant/get-cod-summary',
    rateGroup: 'reads',
    access: 'read-feed',
  },
  { name: 'get-rate-card', api: 'merchant', method: 'GET', path: '/v1/rate-card', handler: 'merchant/get-rate-card', rateGroup: 'reads', access: 'read-feed' },
  { name: 'list-zones', api: 'merchant', method: 'GET', path: '/v1/zones', handler: 'merchant/list-zones', rateGroup: 'reads', access: 'read-feed' },
  { name: 'get-zone', api: 'merchant', method: 'GET', path: '/v1/zones/{id}', handler: 'merchant/get-zone', rateGroup: 'reads', access: 'read-feed' },
  {
    name: 'check-serviceability',
    api: 'merchant',
    method: 'POST',
    path: '/v1/serviceability',
    handler: 'merchant/check-serviceability',
    rateGroup: 'checks',
    access: 'check-serviceability',
  },
  { name: 'create-quote', api: 'merchant', method: 'POST', path: '/v1/job-quotes', handler: 'merchant/create-quote', rateGroup: 'quotes', access: 'put-quote' },
  { name: 'create-booking', api: 'merchant', method: 'POST', path: '/v1/jobs', handler: 'merchant/create-booking', rateGroup: 'bookings', access: 'book' },
  { name: 'list-jobs', api: 'merchant', method: 'GET', path: '/v1/jobs', handler: 'merchant/list-jobs', rateGroup: 'reads', access: 'list-jobs' },
  { name: 'get-job', api: 'merchant', method: 'GET', path: '/v1/jobs/{id}', handler: 'merchant/get-job', rateGroup: 'reads', access: 'read-item' },
  { name: 'edit-job', api: 'merchant', method: 'PATCH', path: '/v1/jobs/{id}', handler: 'merchant/edit-job', rateGroup: 'updates', access: 'move-job' },
  {
    name: 'cancel-job',
    api: 'merchant',
    method: 'POST',
    path: '/v1/jobs/{id}/cancel',
    handler: 'merchant/cancel-job',
    rateGroup: 'cancellations',
    access: 'move-job-money',
  },
  {
    name: 'decide-delivery',
    api: 'merchant',
    method: 'POST',
    path: '/v1/jobs/{id}/decision',
    handler: 'merchant/decide-delivery',
    rateGroup: 'updates',
    access: 'move-job-money',
  },
  {
    name: 'recall-job',
    api: 'merchant',
    method: 'POST',
    path: '/v1/jobs/{id}/return',
    handler: 'merchant/recall-job',
    rateGroup: 'cancellations',
    access: 'move-job-money',
  },
  {
    name: 'create-tracking-link',
    api: 'merchant',
    method: 'POST',
    path: '/v1/jobs/{id}/tracking-link',
    handler: 'merchant/create-tracking-link',
    rateGroup: 'reads',
    access: 'put-tracking-link',
  },
  {
    name: 'list-ledger',
    api: 'merchant',
    method: 'GET',
    path: '/v1/ledger',
    handler: 'merchant/list-ledger',
    rateGroup: 'reads',
    access: 'read-ledger',
    signsCursors: true,
  },
  {
    name: 'list-remittances',
    api: 'merchant',
    method: 'GET',
    path: '/v1/remittances',
    handler: 'merchant/list-remittances',
    rateGroup: 'reads',
    access: 'read-feed',
  },
  {
    name: 'get-remittance',
    api: 'merchant',
    method: 'GET',
    path: '/v1/remittances/{id}',
    handler: 'merchant/get-remittance',
    rateGroup: 'reads',
    access: 'read-feed',
  },
  { name: 'list-events', api: 'merchant', method: 'GET', path: '/v1/events', handler: 'merchant/list-events', rateGroup: 'reads', access: 'read-feed' },
  { name: 'get-event', api: 'merchant', method: 'GET', path: '/v1/events/{id}', handler: 'merchant/get-event', rateGroup: 'reads', access: 'read-item' },
  {
    name: 'create-webhook-endpoint',
    api: 'merchant',
    method: 'POST',
    path: '/v1/webhook-endpoints',
    handler: 'merchant/create-webhook-endpoint',
    rateGroup: 'webhooks',
    access: 'seal-webhook-secrets',
    sealsSecrets: true,
  },
  {
    name: 'list-webhook-endpoints',
    api: 'merchant',
    method: 'GET',
    path: '/v1/webhook-endpoints',
    handler: 'merchant/list-webhook-endpoints',
    rateGroup: 'reads',
    access: 'read-feed',
  },
  {
    name: 'get-webhook-endpoint',
    api: 'merchant',
    method: 'GET',
    path: '/v1/webhook-endpoints/{id}',
    handler: 'merchant/get-webhook-endpoint',
    rateGroup: 'reads',
    access: 'read-item',
  },
  {
    name: 'delete-webhook-endpoint',
    api: 'merchant',
    method: 'DELETE',
    path: '/v1/webhook-endpoints/{id}',
    handler: 'merchant/delete-webhook-endpoint',
    rateGroup: 'webhooks',
    access: 'manage-webhooks',
  },
  {
    name: 'rotate-webhook-secret',
    api: 'merchant',
    method: 'POST',
    path: '/v1/webhook-endpoints/{id}/rotate-secret',
    handler: 'merchant/rotate-webhook-secret',
    rateGroup: 'webhooks',
    access: 'seal-webhook-secrets',
    sealsSecrets: true,
  },
  {
    name: 'test-webhook-endpoint',
    api: 'merchant',
    method: 'POST',
    path: '/v1/webhook-endpoints/{id}/test',
    handler: 'merchant/test-webhook-endpoint',
    rateGroup: 'webhooks',
    access: 'manage-webhooks',
  },
  {
    name: 'list-webhook-deliveries',
    api: 'merchant',
    method: 'GET',
    path: '/v1/webhook-endpoints/{id}/deliveries',
    handler: 'merchant/list-webhook-deliveries',
    rateGroup: 'reads',
    access: 'read-feed',
  },
  {
    name: 'redeliver-event',
    api: 'merchant',
    method: 'POST',
    path: '/v1/events/{id}/redeliver',
    handler: 'merchant/redeliver-event',
    rateGroup: 'webhooks',
    access: 'manage-webhooks',
  },
  { name: 'list-api-keys', api: 'merchant', method: 'GET', path: '/v1/api-keys', handler: 'merchant/list-api-keys', rateGroup: 'reads', access: 'read-lists' },
  {
    name: 'create-api-key',
    api: 'merchant',
    method: 'POST',
    path: '/v1/api-keys',
    handler: 'merchant/create-api-key',
    rateGroup: 'webhooks',
    access: 'manage-api-keys',
  },
  {
    name: 'roll-api-key',
    api: 'merchant',
    method: 'POST',
    path: '/v1/api-keys/{id}/roll',
    handler: 'merchant/roll-api-key',
    rateGroup: 'webhooks',
    access: 'manage-api-keys',
  },
  {
    name: 'revoke-api-key',
    api: 'merchant',
    method: 'POST',
    path: '/v1/api-keys/{id}/revoke',
    handler: 'merchant/revoke-api-key',
    rateGroup: 'webhooks',
    access: 'manage-api-keys',
  },
  { name: 'fleet-list-offers', api: 'fleet', method: 'GET', path: '/fleet/v1/offers', handler: 'fleet/list-offers', roles: EVERYONE, access: 'read-lists' },
  {
    name: 'fleet-list-assignments',
    api: 'fleet',
    method: 'GET',
    path: '/fleet/v1/assignments',
    handler: 'fleet/list-assignments',
    roles: RIDER,
    access: 'read-lists',
  },
  { name: 'fleet-get-job', api: 'fleet', method: 'GET', path: '/fleet/v1/jobs/{id}', handler: 'fleet/get-job', roles: EVERYONE, access: 'read-item' },
  {
    name: 'fleet-accept-job',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/accept',
    handler: 'fleet/accept-job',
    roles: RIDER,
    access: 'move-job-index',
  },
  {
    name: 'fleet-start-confirmation',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/start-confirmation',
    handler: 'fleet/start-confirmation',
    roles: RIDER,
    access: 'move-job',
  },
  {
    name: 'fleet-confirm-job',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/confirm',
    handler: 'fleet/confirm-job',
    roles: RIDER,
    access: 'move-job-index',
  },
  {
    name: 'fleet-decline-job',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/decline',
    handler: 'fleet/decline-job',
    roles: RIDER,
    access: 'move-job-money',
  },
  {
    name: 'fleet-report-location',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/location',
    handler: 'fleet/report-location',
    roles: RIDER,
    access: 'move-job',
  },
  {
    name: 'fleet-arrive',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/handoffs/{handoff}/arrive',
    handler: 'fleet/arrive',
    roles: RIDER,
    // Arriving at the pickup takes the job off the dispatch worklist (its rider's time to arrive no longer runs).
    access: 'move-job-index',
  },
  {
    name: 'fleet-submit-code',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/handoffs/{handoff}/code',
    handler: 'fleet/submit-code',
    roles: RIDER,
    // The delivery code captures the charge; the return code captures the return charge and lets the rider go (holding counter).
    access: 'move-job-money',
  },
  {
    name: 'fleet-fail-job',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/fail',
    handler: 'fleet/fail-job',
    roles: EVERYONE,
    access: 'move-job-money',
  },
  {
    name: 'fleet-attempt-delivery',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/delivery-attempts',
    handler: 'fleet/attempt-delivery',
    roles: RIDER,
    // The second attempt starts the return (the charge captured, the return charge reserved); the first files the decision's deadline on the dispatch worklist.
    access: 'move-job-money',
  },
  {
    name: 'fleet-record-collection',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/collection',
    handler: 'fleet/record-collection',
    roles: RIDER,
    // A payment adds to the store's cash-on-delivery totals and the rider's cash account (UpdateItem), with its line awaiting remittance.
    access: 'move-job-money',
  },
  {
    name: 'fleet-get-rider-cash',
    api: 'fleet',
    method: 'GET',
    path: '/fleet/v1/riders/{agentId}/cash',
    handler: 'fleet/get-rider-cash',
    roles: OPS,
    access: 'read-feed',
  },
  {
    name: 'fleet-record-deposit',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/riders/{agentId}/deposits',
    handler: 'fleet/record-deposit',
    roles: OPS,
    access: 'deposit-cash',
  },
  {
    name: 'fleet-reset-lock',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/handoffs/{handoff}/reset-lock',
    handler: 'fleet/reset-lock',
    roles: OPS,
    access: 'move-job',
  },
  {
    name: 'fleet-reissue-code',
    api: 'fleet',
    method: 'POST',
    path: '/fleet/v1/jobs/{id}/handoffs/{handoff}/reissue-code',
    handler: 'fleet/reissue-code',
    roles: OPS,
    access: 'move-job',
  },
  { name: 'tracking-page', api: 'public', method: 'GET', path: '/track/{token}', handler: 'tracking/track-page', access: 'read-tracking' },
  // The console's session routes (functions/console/): public like the tracking page, answering JSON; the sign-in link's token or the refresh cookie is the access.
  { name: 'create-console-session', api: 'public', method: 'POST', path: '/console/v1/sessions', handler: 'console/create-session', access: 'manage-sessions' },
  {
    name: 'refresh-console-session',
    api: 'public',
    method: 'POST',
    path: '/console/v1/sessions/refresh',
    handler: 'console/refresh-session',
    access: 'manage-sessions',
  },
  {
    name: 'switch-console-mode',
    api: 'public',
    method: 'POST',
    path: '/console/v1/sessions/mode',
    handler: 'console/switch-session-mode',
    access: 'manage-sessions',
  },
  {
    name: 'delete-console-session',
    api: 'public',
    method: 'DELETE',
    path: '/console/v1/sessions/current',
    handler: 'console/delete-session',
    access: 'manage-sessions',
  },
  // The console web app's files (functions/console/assets.ts): public, no key, no table; the app signs in through the session routes above.
  { name: 'console-assets', api: 'public', method: 'GET', path: '/console/{proxy+}', handler: 'console/assets', access: 'serve-console' },
] as const satisfies readonly Route[];

/** "METHOD /path" of a route, the key handlers use to name their route. */
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
type TableRoute = (typeof routes)[number];
export type RouteKey = KeyOf<TableRoute>;
export type MerchantRouteKey = KeyOf<Extract<TableRoute, { api: 'merchant' }>>;
export type FleetRouteKey = KeyOf<Extract<TableRoute, { api: 'fleet' }>>;
export type PublicRouteKey = KeyOf<Extract<TableRoute, { api: 'public' }>>;

/** Which API a route key belongs to. */
type ApiOf<K extends RouteKey> = K extends MerchantRouteKey ? 'merchant' : K extends FleetRouteKey ? 'fleet' : 'public';

/** A function's construct id from its stable name (`get-balance` → `GetBalance`). */
export function functionId(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The routes of one API. */
export function routesOf<A extends Route['api']>(api: A): Array<Extract<Route, { api: A }>> {
  return (routes as readonly Route[]).filter((route): route is Extract<Route, { api: A }> => route.api === api);
}

/** The route a key names (throws on a typo, at module load). */
export function routeFor<K extends RouteKey>(key: K): Extract<Route, { api: ApiOf<K> }> {
  const route = (routes as readonly Route[]).find((r) => `${r.method} ${r.path}` === key);
  if (!route) throw new Error(`No route ${key} in the route table`);
  return route as Extract<Route, { api: ApiOf<K> }>;
}
