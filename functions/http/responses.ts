import type { APIGatewayProxyResult } from 'aws-lambda';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/** A JSON response in API Gateway's proxy shape. */
export function jsonResult(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** 200 with `{data}`. */
export const ok = (data: unknown): APIGatewayProxyResult => jsonResult(200, { data });

/** 201 with `{data}`. */
export const created = (data: unknown): APIGatewayProxyResult => jsonResult(201, { data });
