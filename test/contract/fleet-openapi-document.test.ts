import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildFleetOpenApiDocument, clientTypes, fleetOpenApiJson } from '../../scripts/openapi-document.ts';
import { routesOf } from '../../functions/http/routes.ts';
import { FLEET_RATE_LIMIT } from '../../functions/core/rate-limits.ts';

type Json = Record<string, unknown>;
type Op = {
  parameters: Array<{ name: string; in: string; required: boolean; schema: Json }>;
  responses: Record<string, Json>;
  requestBody?: { required: boolean; content: Record<string, { schema: Json; example?: unknown }> };
  description: string;
  tags: string[];
};

const committed = readFileSync(new URL('../../docs/fleet-openapi.json', import.meta.url), 'utf8');
const doc = await buildFleetOpenApiDocument();
const schemas = doc.components.schemas as Record<string, Json>;
const operation = (method: string, path: string) => (doc.paths[path] as Record<string, Op>)[method.toLowerCase()]!;
const fleetRoutes = routesOf('fleet');
const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/** Every property name anywhere under a JSON Schema's `properties`. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (schema === null || typeof schema !== 'object') return [];
  const own = Object.keys(((schema as Json).properties as Json | undefined) ?? {});
  return [...own, ...Object.values(schema).flatMap(propertyNames)];
}

/** Every object schema with declared properties, with where it is. */
function objectSchemas(schema: unknown, where: string): Array<{ where: string; schema: Json }> {
  if (Array.isArray(schema)) return schema.flatMap((inner, i) => objectSchemas(inner, `${where}[${i}]`));
  if (schema === null || typeof schema !== 'object') return [];
  const own = (schema as Json).properties ? [{ where, schema: schema as Json }] : [];
  return [...own, ...Object.entries(schema).flatMap(([key, inner]) => objectSchemas(inner, `${where}.${key}`))];
}

describe('the fleet OpenAPI document', () => {
  it('is committed exactly as the code generates it (run `npm run openapi` after changing a schema or route)', async () => {
    expect(committed).toBe(await fleetOpenApiJson());
  });

  it('comes with client types generated from it (examples/fleet-api.d.ts)', async () => {
    expect(readFileSync(new URL('../../examples/fleet-api.d.ts', import.meta.url), 'utf8')).toBe(await clientTypes('fleet'));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(JSON.parse(committed));

    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('describes every fleet route of the route table, and no merchant route', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((method) => `${method.toUpperCase()} ${path}`));

    expect(documented.sort()).toEqual(fleetRoutes.map(routeKey).sort());
    expect(documented).toHaveLength(17);
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/fleet/v1/'))).toEqual([]);
  });

  it.each(fleetRoutes.map(routeKey))('lists 200, 401, 403, 429, 500 and 503 for %s', (key) => {
    const [method, path] = key.split(' ') as [string, string];

    expect(Object.keys(operation(method, path).responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429', '500', '503']));
  });

  it.each(fleetRoutes.filter((route) => route.path !== '/fleet/v1/assignments').map(routeKey))('lists 400 for %s, which takes input', (key) => {
    const [method, path] = key.split(' ') as [string, string];

    expect(Object.keys(operation(method, path).responses)).toContain('400');
  });

  it('lists no 400 for the rider’s assignments, which take no input', () => {
    expect(Object.keys(operation('GET', '/fleet/v1/assignments').responses)).not.toContain('400');
  });

  it.each(fleetRoutes.filter((route) => route.path.includes('{id}')).map(routeKey))('lists 404 for %s, which names a job', (key) => {
    const [method, path] = key.split(' ') as [string, string];

    expect(Object.keys(operation(method, path).responses)).toContain('404');
  });

  it.each(fleetRoutes.filter((route) => route.method === 'POST').map(routeKey))('lists 409 for %s, which moves a job', (key) => {
    const [method, path] = key.split(' ') as [string, string];

    expect(Object.keys(operation(method, path).responses)).toContain('409');
  });

  it('lists 422 for code submission only', () => {
    const with422 = fleetRoutes.filter((route) => '422' in operation(route.method, route.path).responses).map(routeKey);

    expect(with422).toEqual(['POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code']);
  });

  it('authenticates with a fleet key as a bearer token everywhere, and knows no X-Api-Key', () => {
    expect(doc.components.securitySchemes).toEqual({ FleetKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(doc.security).toEqual([{ FleetKey: [] }]);
    expect(committed).not.toContain('X-Api-Key');
  });

  it('names the roles allowed and the per-key rate limit on every operation', () => {
    for (const route of fleetRoutes) {
      const { description } = operation(route.method, route.path);
      const roles = route.roles.map((role) => (role === 'ops' ? 'operations' : 'rider')).join(', ');

      expect(description, routeKey(route)).toContain(`Allowed keys: ${roles}.`);
      expect(description, routeKey(route)).toContain(`Rate limit: ${FLEET_RATE_LIMIT.capacity} requests a minute per fleet key.`);
    }
  });

  it('takes the job id as a UUID and the handoff as pickup, delivery or return', () => {
    expect(operation('GET', '/fleet/v1/jobs/{id}').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
    ]);
    expect(operation('POST', '/fleet/v1/jobs/{id}/handoffs/{handoff}/code').parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'string', format: 'uuid' }) },
      { name: 'handoff', in: 'path', required: true, schema: { type: 'string', enum: ['pickup', 'delivery', 'return'] } },
    ]);
  });

  it('describes the offers’ query (limit, the rider’s position, a radius) with their ranges', () => {
    expect(operation('GET', '/fleet/v1/offers').parameters).toEqual([
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 } },
      {
        name: 'latitude',
        in: 'query',
        required: false,
        schema: { type: 'number', minimum: -90, maximum: 90, description: 'The rider’s latitude (with longitude)' },
      },
      {
        name: 'longitude',
        in: 'query',
        required: false,
        schema: { type: 'number', minimum: -180, maximum: 180, description: 'The rider’s longitude (with latitude)' },
      },
      {
        name: 'withinMeters',
        in: 'query',
        required: false,
        schema: {
          type: 'integer',
          minimum: 100,
          maximum: 100000,
          description: 'Only offers whose pickup is this close to the rider (needs latitude and longitude)',
        },
      },
    ]);
  });

  it('requires the request bodies of location, code, fail, delivery attempts, collection and deposits, and of nothing else', () => {
    const bodies = Object.fromEntries(
      fleetRoutes.flatMap((route) => {
        const body = operation(route.method, route.path).requestBody;
        return body ? [[routeKey(route), { required: body.required, schema: body.content['application/json']!.schema }]] : [];
      }),
    );

    expect(bodies).toEqual({
      'POST /fleet/v1/jobs/{id}/location': { required: true, schema: { $ref: '#/components/schemas/LocationRequest' } },
      'POST /fleet/v1/jobs/{id}/handoffs/{handoff}/code': { required: true, schema: { $ref: '#/components/schemas/CodeRequest' } },
      'POST /fleet/v1/jobs/{id}/fail': { required: true, schema: { $ref: '#/components/schemas/FailRequest' } },
      'POST /fleet/v1/jobs/{id}/delivery-attempts': { required: true, schema: { $ref: '#/components/schemas/DeliveryAttemptRequest' } },
      'POST /fleet/v1/jobs/{id}/collection': { required: true, schema: { $ref: '#/components/schemas/CollectionRequest' } },
      'POST /fleet/v1/riders/{agentId}/deposits': { required: true, schema: { $ref: '#/components/schemas/DepositRequest' } },
    });
  });

  it('forbids additional properties in every object of every schema but an error’s details (open by the contract)', () => {
    const objects = Object.entries(schemas).flatMap(([name, schema]) => objectSchemas(schema, name));

    expect(objects.length).toBeGreaterThan(10);
    expect(objects.filter(({ schema }) => schema.additionalProperties !== false).map(({ where }) => where)).toEqual(['ErrorBody.properties.details']);
  });

  it('shows the fleet no handoff code: the job’s handoffs carry state and attempts only', () => {
    const job = (
      schemas.FleetJobResponse as {
        properties: { data: { properties: { verification: { properties: Record<string, { properties: Json; required: string[] }> } } } };
      }
    ).properties.data;
    const handoffs = job.properties.verification.properties;

    expect(Object.keys(handoffs)).toEqual(['pickup', 'delivery']);
    for (const handoff of Object.values(handoffs)) {
      expect(Object.keys(handoff.properties)).toEqual(['status', 'expiresAt', 'verifiedAt', 'attemptsRemaining']);
      expect(handoff.required).toEqual(['status', 'expiresAt', 'verifiedAt', 'attemptsRemaining']);
    }
    expect(propertyNames(schemas.FleetJobResponse)).not.toContain('code');
  });

  it('shows no names or phone numbers in offers', () => {
    const names = propertyNames(schemas.FleetOfferList);

    expect(names).toEqual(
      expect.arrayContaining([
        'id',
        'offeredAt',
        'pickup',
        'drop',
        'distanceMeters',
        'packageDescription',
        'packageWeight',
        'address',
        'latitude',
        'longitude',
      ]),
    );
    expect(names.filter((name) => /^(name|phone|code)$|(Name|Phone)$/.test(name))).toEqual([]);
  });

  it('sends Retry-After with every 429 and 503, and the rate-limit headers with every success', () => {
    const responses = doc.components.responses as Record<string, { headers: Json }>;
    expect(responses.RateLimited!.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
    expect(responses.ServiceUnavailable!.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
    for (const route of fleetRoutes) {
      const success = operation(route.method, route.path).responses['200'] as { headers: Json };
      expect(Object.keys(success.headers), routeKey(route)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Request-Id']);
    }
  });

  it('gives examples that match their own schemas', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    (addFormatsModule as unknown as (ajv: Ajv2020) => void)(ajv);
    const check = (schema: Json, example: unknown, where: string) => {
      const validateExample = ajv.compile(schemas[(schema.$ref as string).split('/').pop()!]!);
      expect(validateExample(example) ? 'valid' : JSON.stringify(validateExample.errors), where).toBe('valid');
    };
    let checked = 0;
    for (const route of fleetRoutes) {
      const op = operation(route.method, route.path);
      const body = op.requestBody?.content['application/json'];
      if (body) {
        check(body.schema, body.example, `${routeKey(route)} request`);
        checked += 1;
      }
      const success = (op.responses['200'] as { content: Record<string, { schema: Json; example: unknown }> }).content['application/json']!;
      check(success.schema, success.example, `${routeKey(route)} 200`);
      checked += 1;
    }
    for (const [name, response] of Object.entries(
      doc.components.responses as Record<string, { content: Record<string, { schema: Json; example: unknown }> }>,
    )) {
      const content = response.content['application/json']!;
      check(content.schema, content.example, name);
      checked += 1;
    }

    expect(checked).toBe(6 + 17 + Object.keys(doc.components.responses).length);
  });
});
