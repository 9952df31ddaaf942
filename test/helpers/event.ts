import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

/** A minimal API Gateway REST proxy event, for invoking a handler without the local server. */
export function proxyEvent(input: { method: string; path: string; headers?: Record<string, string>; body?: unknown }): APIGatewayProxyEvent {
  return {
    httpMethod: input.method,
    path: input.path,
    resource: input.path,
    headers: input.headers ?? {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: input.body === undefined ? null : JSON.stringify(input.body),
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID() },
  } as unknown as APIGatewayProxyEvent;
}

/** The little of a Lambda context the handlers read (30 s left, like a fresh invocation). */
export const lambdaContext = { awsRequestId: 'test-invocation', getRemainingTimeInMillis: () => 30_000 } as Context;
