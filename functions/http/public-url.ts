import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The absolute URL of one of this API's paths, as the caller reached the API: its host (the
 * gateway's domain, or a custom domain), whatever stands in front of the route in the path the
 * client asked for (the stage on the gateway's own domain, a base path on a custom domain: the part
 * before the segments that match the route's template), and the scheme the gateway saw.
 */
export function publicUrl(event: APIGatewayProxyEvent, path: string): string {
  const host = event.requestContext?.domainName ?? event.headers?.host ?? 'localhost';
  const scheme = event.headers?.['x-forwarded-proto']?.split(',')[0]?.trim() === 'http' ? 'http' : 'https';
  const asked = (event.requestContext?.path ?? event.path).split('/');
  const routeSegments = event.resource.split('/').length - 1;
  const prefix = asked.slice(0, Math.max(1, asked.length - routeSegments)).join('/');
  return `${scheme}://${host}${prefix}${path}`;
}
