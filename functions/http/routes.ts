/**
 * The route table: the one list of what the API serves. The local server, the CDK stack and the
 * tests all read it, so they cannot drift. Each route is its own Lambda, `functions/<handler>.ts`.
 */
export type RateGroup = 'quotes' | 'bookings' | 'cancellations' | 'reads';

export type HttpMethod = 'GET' | 'POST';

export interface Route {
  method: HttpMethod;
  /** API Gateway resource path; `{name}` marks a path parameter. */
  path: string;
  /** Module under functions/ exporting `handler`; also the Lambda's logical name. */
  handler: string;
  rateGroup: RateGroup;
}

export const routes = [
  { method: 'GET', path: '/v1/balance', handler: 'get-balance', rateGroup: 'reads' },
  { method: 'POST', path: '/v1/job-quotes', handler: 'create-quote', rateGroup: 'quotes' },
  { method: 'POST', path: '/v1/jobs', handler: 'create-booking', rateGroup: 'bookings' },
  { method: 'GET', path: '/v1/jobs', handler: 'list-jobs', rateGroup: 'reads' },
  { method: 'GET', path: '/v1/jobs/{id}', handler: 'get-job', rateGroup: 'reads' },
  { method: 'POST', path: '/v1/jobs/{id}/cancel', handler: 'cancel-job', rateGroup: 'cancellations' },
] as const satisfies readonly Route[];

/** "METHOD /path" of a route, the key handlers use to name their route. */
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
export type RouteKey = KeyOf<(typeof routes)[number]>;

/** Requests per store per minute, per group (shared by all of a store's keys). */
export const RATE_LIMITS: Record<RateGroup, { capacity: number; periodMs: number }> = {
  quotes: { capacity: 10, periodMs: 60_000 },
  bookings: { capacity: 10, periodMs: 60_000 },
  cancellations: { capacity: 10, periodMs: 60_000 },
  reads: { capacity: 60, periodMs: 60_000 },
};

/** The route a key names (throws on a typo, at module load). */
export function routeFor(key: RouteKey): Route {
  const route = routes.find((r) => `${r.method} ${r.path}` === key);
  if (!route) throw new Error(`No route ${key} in the route table`);
  return route;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; pathParameters: Record<string, string> | null }
  | { kind: 'method_not_allowed'; allow: HttpMethod[] }
  | { kind: 'not_found' };

function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    const parameter = /^\{(\w+)\}$/.exec(segment);
    return parameter ? `(?<${parameter[1]}>[^/]+)` : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

const compiled = routes.map((route) => ({ route: route as Route, pattern: pathPattern(route.path) }));

/** Matches a request to a route as API Gateway would: 404 for an unknown path, 405 for a known path's wrong method. */
export function matchRoute(method: string, path: string): RouteMatch {
  const onPath = compiled.filter(({ pattern }) => pattern.test(path));
  if (onPath.length === 0) return { kind: 'not_found' };
  const hit = onPath.find(({ route }) => route.method === method);
  if (!hit) return { kind: 'method_not_allowed', allow: onPath.map(({ route }) => route.method) };
  const groups = hit.pattern.exec(path)?.groups;
  const pathParameters = groups
    ? Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]))
    : null;
  return { kind: 'found', route: hit.route, pathParameters };
}
