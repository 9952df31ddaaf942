import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The absolute URL of one of this API's paths, as the caller reached the API: its host (the
 * gateway's domain, or a custom domain), whatever stands in front of the route in the path the
 * client asked for (the stage on the gateway's own domain, a base path on a custom domain: the part
 * before the segments that match the route's template), and the scheme the gateway saw.
 */
export function publicUrl(event: APIGatewayProxyEvent, path: string): string {
  const host = event.requestContext?.domainName ?? event.headers?.host ?? 'localhost';
  const scheme = requestIsHttps(event) ? 'https' : 'http';
  const asked = (event.requestContext?.path ?? event.path).split('/');
  const routeSegments = event.resource.split('/').length - 1;
  const prefix = asked.slice(0, Math.max(1, asked.length - routeSegments)).join('/');
  return `${scheme}://${host}${prefix}${path}`;
}

/**
 * Whether the client reached the API over https: API Gateway sets X-Forwarded-Proto itself (https), the
 * local server sets it to http; a request that names neither is taken as https (the safe side for cookies).
 */
export function requestIsHttps(event: Pick<APIGatewayProxyEvent, 'headers'>): boolean {
  return event.headers?.['x-forwarded-proto']?.split(',')[0]?.trim() !== 'http';
}
