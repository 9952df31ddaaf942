import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The absolute URL of one of this API's paths, as the caller reached the API: its host (the
 * gateway's domain, or a custom domain), the stage or base path in front of the route (the part of
 * the request's full path before the route's own path), and the scheme the gateway saw.
 */
export function publicUrl(event: APIGatewayProxyEvent, path: string): string {
  const host = event.requestContext?.domainName ?? event.headers?.host ?? 'localhost';
  const scheme = event.headers?.['x-forwarded-proto']?.split(',')[0]?.trim() === 'http' ? 'http' : 'https';
  const fullPath = event.requestContext?.path ?? event.path;
  const prefix = fullPath.endsWith(event.path) ? fullPath.slice(0, fullPath.length - event.path.length) : '';
  return `${scheme}://${host}${prefix}${path}`;
}
