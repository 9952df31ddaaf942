import { routes, type HttpMethod, type Route } from './routes.ts';

/**
 * The route matcher: a request's method and path to its route, as API Gateway routes them. Only the
 * local server (bin/local/http-server.ts) and the tests match requests; on AWS the gateway does, so
 * no Lambda handler imports this module and no bundle carries the compiled patterns.
 */

export type RouteMatch =
  { kind: 'found'; route: Route; pathParameters: Record<string, string> | null } | { kind: 'method_not_allowed'; allow: HttpMethod[] } | { kind: 'not_found' };

function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    const parameter = /^\{(\w+)\}$/.exec(segment);
    return parameter ? `(?<${parameter[1]}>[^/]+)` : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

const compiled = routes.map((route) => ({ route: route as Route, pattern: pathPattern(route.path) }));

// A path parameter as the handler sees it; a malformed escape (`%zz`) stays as sent, for validation to refuse.
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Matches a request to a route as API Gateway would: 404 for an unknown path, 405 for a known path's wrong method. */
export function matchRoute(method: string, path: string): RouteMatch {
  const onPath = compiled.filter(({ pattern }) => pattern.test(path));
  if (onPath.length === 0) return { kind: 'not_found' };
  const hit = onPath.find(({ route }) => route.method === method);
  if (!hit) return { kind: 'method_not_allowed', allow: onPath.map(({ route }) => route.method) };
  const groups = hit.pattern.exec(path)?.groups;
  const pathParameters = groups ? Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeSegment(value)])) : null;
  return { kind: 'found', route: hit.route, pathParameters };
}
