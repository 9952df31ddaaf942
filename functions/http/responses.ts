import type { APIGatewayProxyResult } from 'aws-lambda';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/**
 * Whether an Accept header names `mediaType` (e.g. `text/csv`): the routes that serve another
 * representation beside JSON serve it when asked and JSON otherwise, never 406.
 */
export function accepts(accept: string | undefined, mediaType: string): boolean {
  return new RegExp(`\\b${mediaType.replace(/[.+]/g, '\\$&')}\\b`, 'i').test(accept ?? '');
}

/** A JSON response in API Gateway's proxy shape. */
export function jsonResult(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** 200 with `{data}`. */
export const ok = (data: unknown): APIGatewayProxyResult => jsonResult(200, { data });

/** 201 with `{data}`. */
export const created = (data: unknown): APIGatewayProxyResult => jsonResult(201, { data });
