/**
 * What API Gateway answers by itself, in the spec's error shape: its refusals (gateway responses) and
 * the 404/405 of paths and methods no function serves (MOCK integrations).
 */
import { MockIntegration, PassthroughBehavior, ResponseType, type IResource, type RestApi } from 'aws-cdk-lib/aws-apigateway';

/** Content types the 404/405 answers are mapped for (any other gets API Gateway's 415). */
export const MOCK_CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
  'application/xml',
  'text/xml',
  'application/octet-stream',
] as const;

// A MOCK integration maps only the content types it has a template for (passthrough NEVER): the same one for each.
const mockTemplates = (statusCode: number) => Object.fromEntries(MOCK_CONTENT_TYPES.map((type) => [type, JSON.stringify({ statusCode })]));

// The spec's error body for answers API Gateway gives by itself.
const errorTemplate = (error: string, code: string) => ({ 'application/json': JSON.stringify({ error, code }) });

/** The gateway's answer to a valid key whose store has no usage key in this stage's usage plan (INVALID_API_KEY). */
export const INVALID_API_KEY_MESSAGE =
  "API key not enabled for this stage: its store has no usage key in this stage's usage plan (operators: npm run admin -- gateway sync --aws --store <store id>, with this stage's USAGE_PLAN_ID)";

/** The spec's 404 (not_found) for any method on `resource`, answered by the gateway itself. */
export function addNotFound(resource: IResource): void {
  resource.addMethod(
    'ANY',
    new MockIntegration({
      passthroughBehavior: PassthroughBehavior.NEVER,
      requestTemplates: mockTemplates(404),
      integrationResponses: [{ statusCode: '404', responseTemplates: errorTemplate('No such route', 'not_found') }],
    }),
    { apiKeyRequired: false, methodResponses: [{ statusCode: '404' }] },
  );
}

/** The spec's 405 (method_not_allowed, with Allow) for any other method on a route's `resource`. */
export function addMethodNotAllowed(resource: IResource, allow: string[]): void {
  const message = `Method not allowed; use ${allow.join(', ')}`;
  resource.addMethod(
    'ANY',
    new MockIntegration({
      passthroughBehavior: PassthroughBehavior.NEVER,
      requestTemplates: mockTemplates(405),
      integrationResponses: [
        {
          statusCode: '405',
          responseParameters: { 'method.response.header.Allow': `'${allow.join(', ')}'` },
          responseTemplates: errorTemplate(message, 'method_not_allowed'),
        },
      ],
    }),
    { apiKeyRequired: false, methodResponses: [{ statusCode: '405', responseParameters: { 'method.response.header.Allow': true } }] },
  );
}

/** The gateway's own refusals (key, throttle, body, unknown route …) in the spec's error shape, with the functions' words. */
export function addGatewayResponses(api: RestApi): void {
  const json = { 'Content-Type': "'application/json'" };
  const respond = (id: string, type: ResponseType, statusCode: string | undefined, error: string, code: string, headers: Record<string, string> = {}) =>
    api.addGatewayResponse(id, {
      type,
      ...(statusCode && { statusCode }),
      responseHeaders: { ...json, ...headers },
      templates: errorTemplate(error, code),
    });
  // The functions' own words (functions/core/errors.ts): no header, or a key refused for any reason.
  // INVALID_API_KEY comes only after the authorizer allowed the key (a refused key is ACCESS_DENIED):
  // the usage key it named is not in this stage's usage plan, as for a store made with another stage's
  // USAGE_PLAN_ID. Same status and code; words that say what fixes it.
  respond('MissingKey', ResponseType.INVALID_API_KEY, '401', INVALID_API_KEY_MESSAGE, 'unauthorized');
  respond('Unauthorized', ResponseType.UNAUTHORIZED, '401', 'Missing API key: send it in the X-Api-Key header', 'unauthorized');
  respond('AccessDenied', ResponseType.ACCESS_DENIED, '401', 'Invalid API key', 'unauthorized');
  // The authorizer could not read the key (DynamoDB unavailable): transient, like the functions' 503.
  respond('AuthorizerFailed', ResponseType.AUTHORIZER_FAILURE, '503', 'Service temporarily unavailable; retry later', 'service_unavailable', {
    'Retry-After': "'1'",
  });
  // A REST API reports an unknown path as a missing authentication token.
  respond('UnknownRoute', ResponseType.MISSING_AUTHENTICATION_TOKEN, '404', 'No such route', 'not_found');
  respond('ResourceNotFound', ResponseType.RESOURCE_NOT_FOUND, '404', 'No such route', 'not_found');
  // The gateway's own 429s say what they can: nothing left now, and when to try again (its limits
  // are not a store's per-minute groups, so no RateLimit-Limit).
  respond('Throttled', ResponseType.THROTTLED, '429', 'Rate limit exceeded; retry in 1 s', 'rate_limited', {
    'Retry-After': "'1'",
    'RateLimit-Remaining': "'0'",
    'RateLimit-Reset': "'1'",
  });
  // No QUOTA_EXCEEDED: the usage plan sets no quota (a throttle only), so the gateway never answers it; a
  // response for it was a resource that never answered (issue 36: the console's route took its place under 340).
  respond('BadBody', ResponseType.BAD_REQUEST_BODY, '400', 'Request body is not valid JSON', 'invalid_json');
  respond('TooLarge', ResponseType.REQUEST_TOO_LARGE, '413', 'Request body is too large', 'payload_too_large');
  // Anything else the gateway refuses keeps its status code, in the spec's shape, with no AWS wording.
  respond('Default4xx', ResponseType.DEFAULT_4XX, undefined, 'The request was refused', 'bad_request');
  respond('Default5xx', ResponseType.DEFAULT_5XX, undefined, 'Service temporarily unavailable; retry later', 'service_unavailable', { 'Retry-After': "'1'" });
}
