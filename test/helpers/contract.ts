import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { matchRoute } from '../../functions/http/route-matcher.ts';
import { SessionResponse } from '../../functions/schemas/console-session.schema.ts';
import * as z from '../../functions/zod.ts';

/**
 * Checks a response against the committed API description (docs/openapi.json): the status must be
 * one the operation documents, the body must match its schema (no undocumented fields: the schemas
 * forbid additional properties), and documented required headers must be present and well-formed.
 * Paths or methods the API does not serve must still answer with the error body. Requests under
 * /fleet/ are held to the fleet API's document (docs/fleet-openapi.json), the rest to the merchant API's.
 * Public pages (the route table's `public` routes: the tracking page) are in no description: they must answer HTML;
 * the console web app's files (`/console/{proxy+}`) any type, and errors in the spec's body.
 * The console's session routes (public too, in no description) answer the spec's error body, their own schema, or 204.
 */
type Json = Record<string, unknown>;

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json>; headers: Record<string, Json> };
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

// One API description, compiled: its validators and path templates.
function loadDocument(file: string) {
  const doc = JSON.parse(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')) as Document;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  return {
    doc,
    validatorFor(schema: Json): ValidateFunction {
      const ref = schema.$ref as string | undefined;
      const key = ref ?? JSON.stringify(schema);
      let validate = validators.get(key);
      if (!validate) {
        // The document's components ride along, so a schema's own refs (the feed's `Event`) resolve.
        validate = ajv.compile({ ...(ref ? doc.components.schemas[ref.split('/').pop()!]! : schema), components: doc.components });
        validators.set(key, validate);
      }
      return validate;
    },
    resolve(object: Json, kind: 'responses' | 'headers'): Json {
      const ref = object.$ref as string | undefined;
      return ref ? (doc.components[kind][ref.split('/').pop()!] as Json) : object;
    },
    templates: Object.keys(doc.paths).map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`) })),
  };
}

const merchantApi = loadDocument('openapi.json');
const fleetApi = loadDocument('fleet-openapi.json');

/** Throws a readable error when the response breaks the API description. */
export function assertMatchesContract(request: { method: string; path: string }, response: { status: number; headers: Headers; body: string }): void {
  const { doc, validatorFor, resolve, templates } = request.path.startsWith('/fleet/') ? fleetApi : merchantApi;
  const where = `${request.method} ${request.path} → ${response.status}`;
  // A public page (the route table says which) is in no description: it answers HTML.
  const match = matchRoute(request.method, request.path);
  // The console web app's files: any of its types when found; otherwise the spec's error body.
  if (match.kind === 'found' && match.route.name === 'console-assets') {
    if (response.status >= 400) check(validatorFor({ $ref: '#/components/schemas/ErrorBody' }), JSON.parse(response.body), where);
    return;
  }
  if (match.kind === 'found' && match.route.api === 'public' && request.path.startsWith('/console/v1/')) {
    checkConsoleSession(response, where, (value) => check(validatorFor({ $ref: '#/components/schemas/ErrorBody' }), value, where));
    return;
  }
  if (match.kind === 'found' && match.route.api === 'public') {
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) throw new Error(`Contract: ${where} is not an HTML page`);
    return;
  }
  const csv = (response.headers.get('content-type') ?? '').startsWith('text/csv');
  const body = response.body.length > 0 && !csv ? (JSON.parse(response.body) as unknown) : null;
  const template = templates.find(({ pattern }) => pattern.test(request.path))?.template;
  const operation = template ? doc.paths[template]![request.method.toLowerCase()] : undefined;
  if (!operation) {
    // Not an operation (unknown path, or a served path's other method): still the error body.
    check(validatorFor({ $ref: '#/components/schemas/ErrorBody' }), body, where);
    return;
  }
  const documented = operation.responses[String(response.status)];
  if (!documented) throw new Error(`Contract: ${where} is not a documented status (documented: ${Object.keys(operation.responses).join(', ')})`);
  const definition = resolve(documented, 'responses');
  const content = definition.content as Record<string, { schema: Json }> | undefined;
  if (csv) {
    // A CSV answer must be one the description offers.
    if (!content?.['text/csv']) throw new Error(`Contract: ${where} answered CSV, which the description does not offer`);
  } else {
    // A JSON body of another media type (application/geo+json) is held to that type's schema, which the description must offer.
    const type = (response.headers.get('content-type') ?? 'application/json').split(';')[0]!.trim();
    if (body !== null && type !== 'application/json' && !content?.[type])
      throw new Error(`Contract: ${where} answered ${type}, which the description does not offer`);
    const schema = content?.[type === 'application/json' || !content?.[type] ? 'application/json' : type]?.schema;
    if (schema) check(validatorFor(schema), body, where);
  }
  for (const [name, header] of Object.entries((definition.headers ?? {}) as Record<string, Json>)) {
    const spec = resolve(header, 'headers');
    const value = response.headers.get(name);
    if (value === null) {
      if (spec.required) throw new Error(`Contract: ${where} lacks the required header ${name}`);
      continue;
    }
    check(validatorFor(spec.schema as Json), value, `${where} header ${name}`);
  }
}

function check(validate: ValidateFunction, value: unknown, where: string): void {
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map(
    (e) => `${e.instancePath || '(root)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  );
  throw new Error(`Contract: ${where} does not match the API description: ${problems.join('; ')}\n${JSON.stringify(value).slice(0, 500)}`);
}

// A console session route's answer: 204 empty, 200/201 the session body (zod, as the route has no OpenAPI entry), else the error body.
function checkConsoleSession(response: { status: number; body: string }, where: string, checkError: (body: unknown) => void): void {
  if (response.status === 204) {
    if (response.body.length > 0) throw new Error(`Contract: ${where} has a body`);
    return;
  }
  const body = JSON.parse(response.body) as unknown;
  if (response.status >= 400) return checkError(body);
  if (![200, 201].includes(response.status) || !z.safeParse(SessionResponse, body).success)
    throw new Error(`Contract: ${where} is not a session answer: ${response.body}`);
}
