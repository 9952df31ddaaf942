import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { MethodNotAllowedError, PayloadTooLargeError, RouteNotFoundError } from '../../functions/core/errors.ts';
import { errorResult } from '../../functions/http/errors.ts';
import { matchRoute } from '../../functions/http/route-matcher.ts';
import { routes, type Route } from '../../functions/http/routes.ts';
import type { ProxyHandler } from '../../functions/http/handler.ts';
import { serveDocs } from './docs.ts';

// API Gateway accepts up to 10 MB; no request to this API is near 64 KB, so refuse big bodies early.
const MAX_BODY_BYTES = 1024 * 1024;
const STAGE = 'local';
const KEEP_ALIVE_MS = 65_000;

/** Loads every route's handler module, exactly the modules Lambda runs. */
export async function loadHandlers(): Promise<Map<Route, ProxyHandler>> {
  const entries = await Promise.all(
    routes.map(async (route) => {
      const entry = new URL(`../../functions/${route.handler}.ts`, import.meta.url).href;
      const module = (await import(/* @vite-ignore */ entry)) as { handler: ProxyHandler };
      return [route as Route, module.handler] as const;
    }),
  );
  return new Map(entries);
}

// Header and query names are the client's: null-prototype maps, so `constructor` or `__proto__` is just a name.
function multiValue(pairs: Iterable<[string, string]>): { single: Record<string, string>; multi: Record<string, string[]> } {
  const single: Record<string, string> = Object.create(null);
  const multi: Record<string, string[]> = Object.create(null);
  for (const [name, value] of pairs) {
    single[name] = value; // REST APIs put the last value in the single-value map
    (multi[name] ??= []).push(value);
  }
  return { single, multi };
}

/** The API Gateway REST (v1) proxy event for an HTTP request, as Lambda would receive it. */
export function toProxyEvent(
  req: IncomingMessage,
  { path, url }: RequestTarget,
  body: string,
  route: Route,
  pathParameters: Record<string, string> | null,
): APIGatewayProxyEvent {
  const headerPairs: Array<[string, string]> = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    // The gateway sets X-Forwarded-Proto itself (what the client sent is replaced); here the scheme is http.
    if (req.rawHeaders[i]!.toLowerCase() !== 'x-forwarded-proto') headerPairs.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
  }
  headerPairs.push(['X-Forwarded-Proto', 'http']);
  const headers = multiValue(headerPairs);
  const query = multiValue(url.searchParams.entries());
  const hasQuery = url.searchParams.size > 0;
  const requestId = randomUUID();
  const now = Date.now();
  return {
    resource: route.path,
    path,
    httpMethod: req.method ?? 'GET',
    headers: headers.single,
    multiValueHeaders: headers.multi,
    queryStringParameters: hasQuery ? query.single : null,
    multiValueQueryStringParameters: hasQuery ? query.multi : null,
    pathParameters,
    stageVariables: null,
    body: body.length > 0 ? body : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      // As behind a custom domain with no base path: the client's path is the route's path.
      path,
      domainName: req.headers.host ?? 'localhost',
      stage: STAGE,
      requestId,
      requestTimeEpoch: now,
      resourceId: route.name,
      resourcePath: route.path,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        user: null,
        userAgent: req.headers['user-agent'] ?? null,
        userArn: null,
      },
    },
  };
}

/** A Lambda context for a local invocation (30 s budget, like the deployed functions). */
function lambdaContext(route: Route, requestId: string): Context {
  const deadline = Date.now() + 30_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: route.name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.name}`,
    memoryLimitInMB: '256',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${route.name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function send(res: ServerResponse, result: APIGatewayProxyResult): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) headers[name] = values.map(String);
  const body = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : Buffer.from(result.body ?? '', 'utf8');
  res.writeHead(result.statusCode, { ...headers, 'Content-Length': String(body.length) });
  res.end(body);
}

// The request's body, or null once it passes MAX_BODY_BYTES. Then it stops reading, without destroying
// the request (that would take the socket, and the 413 with it): the answer closes the connection.
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).off('error', reject).pause();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

// Whether the request comes with a body (a length above 0, or chunks).
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * The request listener: route table → proxy event → the route's handler → HTTP response.
 *
 * An answer given before the request's body is read (404, 405, the docs, 413 part way through, an
 * error) closes the connection (`Connection: close`): the unread rest of the body would otherwise sit
 * in front of the client's next request on the kept-alive socket, or hold up the client still sending
 * it, and that request would never be answered. Once the whole body is read the connection stays open.
 */
export function createRequestListener(handlers: Map<Route, ProxyHandler>) {
  return async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (hasBody(req)) res.setHeader('Connection', 'close');
    try {
      const target = requestTarget(req.url);
      const { path } = target;
      if (serveDocs(req.method ?? 'GET', path, res, req.headers.host)) return;
      const match = matchRoute(req.method ?? 'GET', path);
      if (match.kind === 'not_found') {
        send(res, errorResult(new RouteNotFoundError(req.method ?? 'GET', path)));
        return;
      }
      if (match.kind === 'method_not_allowed') {
        const result = errorResult(new MethodNotAllowedError(req.method ?? 'GET', path, match.allow));
        send(res, { ...result, headers: { ...result.headers, Allow: match.allow.join(', ') } });
        return;
      }
      const body = await readBody(req);
      if (body === null) {
        send(res, errorResult(new PayloadTooLargeError(MAX_BODY_BYTES)));
        return;
      }
      // The whole body is read: the connection may serve the client's next request.
      res.removeHeader('Connection');
      const event = toProxyEvent(req, target, body, match.route, match.pathParameters);
      const handler = handlers.get(match.route)!;
      send(res, await handler(event, lambdaContext(match.route, event.requestContext.requestId)));
    } catch (error) {
      console.error('local server: unexpected error', error);
      if (!res.headersSent) send(res, errorResult(error));
    }
  };
}

/** A request's path exactly as sent, and its URL for the query. */
interface RequestTarget {
  path: string;
  url: URL;
}

// The path is matched as the client sent it: a URL parser resolves dot segments (`/track/%2e%2e` would
// become `/`, another resource), which the gateway does not; the query comes from the parsed URL.
function requestTarget(raw: string | undefined): RequestTarget {
  const url = new URL(raw ?? '/', 'http://localhost');
  const sent = (raw ?? '/').split('?', 1)[0]!;
  return { path: sent.startsWith('/') ? sent : url.pathname, url };
}

/** Starts the local API server; port 0 picks a free port. Resolves with its base URL. */
export async function startHttpServer(options: { host: string; port: number }): Promise<{ server: Server; url: string }> {
  const server = createServer(createRequestListener(await loadHandlers()));
  // Clients keep idle connections 4-60 s (Node's agent, browsers, SDKs); closing ours first would race
  // their next request on the reused socket (ECONNRESET). Outlast them, as load balancers do.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://${options.host}:${port}` };
}
