import type * as z from '../../zod.ts';
import type { MerchantRouteKey, RouteKey } from '../../http/routes.ts';

/**
 * How a route is described in its API's OpenAPI document. Each `docs/x.docs.ts` exports the docs of
 * the routes of `x.schema.ts` (`export const xOperations = { 'GET /v1/x': {…} } satisfies
 * OperationDocs`) and gives its schemas their words (`describe`); scripts/openapi-document.ts finds
 * them there, so a new route needs no edit in it. Only the document generator and the tests import
 * this folder: a Lambda bundle holds what it runs (test/contract/openapi-operations.test.ts checks).
 */

/** The groups of the merchant document, and of the fleet document. */
export type MerchantTag = 'Credit' | 'Quotes' | 'Jobs' | 'Events' | 'Webhooks' | 'Keys';
export type FleetTag = 'Offers' | 'Riders' | 'Operations';

/** The error statuses the documents describe (each has one reusable response). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 422 | 429 | 500 | 503;

/** A JSON body as a named component (`components.schemas`), made from the zod schema itself. */
export interface BodyDoc {
  /** Its name under `components.schemas`. */
  name: string;
  schema: z.core.$ZodType;
  /** The body is `{ data: <schema> }` (the schema describes `data`); otherwise the schema is the whole body. */
  envelope?: boolean;
  /** The whole body, as sent (with its `data` when enveloped). */
  example: unknown;
  /** The same answer is also served as CSV (`Accept: text/csv`); this is an example of it. */
  csvExample?: string;
  /** The same answer is also served bare as GeoJSON (`Accept: application/geo+json`): its body, a component of its own. */
  geoJson?: BodyDoc;
}

/** One route's operation: its prose, what it reads, what it answers. */
export interface OperationDoc<Tag extends string = string> {
  operationId: string;
  summary: string;
  /** The route's own words; the document adds its rate limit (and, on the fleet API, the allowed keys). */
  description: string;
  tag: Tag;
  requestBody?: BodyDoc;
  /** The body may be left out (then it is taken as `{}`). */
  optionalBody?: boolean;
  /** Each success status with its body (and whether it sends the job's ETag, or a zone answer's ETag and Cache-Control). */
  success: Array<BodyDoc & { status: number; description: string; etag?: true | 'zones' }>;
  /** It answers 304 with no body when If-None-Match names its current ETag (this is the 304's description). */
  notModified?: string;
  /** The error statuses the spec lists for this route. */
  errors: readonly ErrorStatus[];
  path?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  headers?: z.ZodMiniObject;
}

/** The operation docs a schema module exports, by route key (`METHOD /path` of the route table). */
export type OperationDocs = { [K in RouteKey]?: OperationDoc<K extends MerchantRouteKey ? MerchantTag : FleetTag> };
