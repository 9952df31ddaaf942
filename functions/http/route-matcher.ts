import { routes, type HttpMethod, type Route } from './routes.ts';

/**
 * The route matcher: a request's method and path to its route, as API Gateway routes them. Only the
 * local server (bin/local/http-server.ts) and the tests match requests; on AWS the gateway does, so
 * no Lambda handler imports this module and no bundle carries the compiled patterns.
 */

export type RouteMatch =
  { kind: 'found'; route: Route; pathParameters: Record<string, string> | null } | { kind: 'method_not_allowed'; allow: HttpMethod[] } | { kind: 'not_found' };

// A `{name}` segment is one path segment; a last `{name+}` is the rest of the path (API Gateway's greedy variable).
function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    const greedy = /^\{(\w+)\+\}$/.exec(segment);
    if (greedy) return `(?<${greedy[1]}>.+)`;
    const parameter = /^\{(\w+)\}$/.exec(segment);
    return parameter ? `(?<${parameter[1]}>[^/]+)` : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

const compiled = routes.map((route) => ({ route: route as Route, pattern: pathPattern(route.path), greedy: route.path.endsWith('+}') }));

/**
 * The local server's one addition to the gateway's routing: a greedy route also answers its own root
 * (`/console`, `/console/`) with an empty rest, so the console's home needs no path after it.
 */
function rootOfGreedy(path: string): (typeof compiled)[number] | undefined {
  return compiled.find(
    ({ route, greedy }) => greedy && [route.path.slice(0, route.path.lastIndexOf('/')), route.path.slice(0, route.path.lastIndexOf('/') + 1)].includes(path),
  );
}

// A path parameter as the handler sees it; a malformed escape (`%zz`) stays as sent, for validation to refuse.
function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Matches a request to a route as API Gateway would: 404 for an unknown path, 405 for a known path's
 * wrong method. A path a route names exactly is that route's, whatever its method (as the gateway picks the
 * most specific resource first): `GET /console/v1/sessions` is a 405, not the greedy `/console/{proxy+}`.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const matching = compiled.filter(({ pattern }) => pattern.test(path));
  const exact = matching.filter(({ greedy }) => !greedy);
  const onPath = exact.length > 0 ? exact : matching;
  if (onPath.length === 0) {
    const root = rootOfGreedy(path);
    if (!root) return { kind: 'not_found' };
    if (root.route.method !== method) return { kind: 'method_not_allowed', allow: [root.route.method] };
    return { kind: 'found', route: root.route, pathParameters: { [/\{(\w+)\+\}$/.exec(root.route.path)![1]!]: '' } };
  }
  const hit = onPath.find(({ route }) => route.method === method);
  if (!hit) return { kind: 'method_not_allowed', allow: onPath.map(({ route }) => route.method) };
  const groups = hit.pattern.exec(path)?.groups;
  const pathParameters = groups ? Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeSegment(value)])) : null;
  return { kind: 'found', route: hit.route, pathParameters };
}
