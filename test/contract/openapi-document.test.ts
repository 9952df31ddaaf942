import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { buildOpenApiDocument, clientTypes, openApiJson } from '../../scripts/openapi-document.ts';
import { routesOf } from '../../functions/http/routes.ts';
import { EVENT_TYPES } from '../../functions/core/event.ts';
import { Webhook } from 'standardwebhooks';
import { webhookHeaders } from '../../functions/core/webhook-signature.ts';

const committed = readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
const doc = await buildOpenApiDocument();
type Op = {
  parameters: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  responses: Record<string, unknown>;
  requestBody?: unknown;
};
const operation = (method: string, path: string) => (doc.paths[path] as Record<string, Op>)[method.toLowerCase()]!;

// The status codes the spec (shared/spec/merchant-api.md) lists for each endpoint.
const SPEC_STATUSES: Record<string, number[]> = {
  'POST /v1/job-quotes': [201, 400, 401, 403, 422, 429, 500, 503],
  'GET /v1/balance': [200, 400, 401, 403, 429, 500, 503],
  'GET /v1/jobs': [200, 400, 401, 403, 429, 500, 503],
  'POST /v1/jobs': [201, 200, 400, 401, 403, 404, 409, 422, 429, 500, 503],
  'GET /v1/jobs/{id}': [200, 400, 401, 403, 404, 429, 500, 503],
  'POST /v1/jobs/{id}/cancel': [200, 400, 401, 403, 404, 409, 429, 500, 503],
};

describe('the OpenAPI document', () => {
  it('is committed exactly as the code generates it (run `npm run openapi` after changing a schema or route)', async () => {
    expect(committed).toBe(await openApiJson());
  });

  it('comes with client types generated from it (examples/api.d.ts)', async () => {
    expect(readFileSync(new URL('../../examples/api.d.ts', import.meta.url), 'utf8')).toBe(await clientTypes('merchant'));
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(JSON.parse(committed));

    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('describes every merchant route of the route table, and nothing else (the fleet API has its own document)', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((method) => `${method.toUpperCase()} ${path}`));

    expect(documented.sort()).toEqual(
      routesOf('merchant')
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it.each(Object.entries(SPEC_STATUSES))('lists every status the spec lists for %s', (key, statuses) => {
    const [method, path] = key.split(' ') as [string, string];

    expect(Object.keys(operation(method, path).responses).map(Number).sort()).toEqual([...statuses].sort());
  });

  it('authenticates with X-Api-Key everywhere', () => {
    expect(doc.components.securitySchemes).toEqual({ ApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }) });
    expect(doc.security).toEqual([{ ApiKey: [] }]);
  });

  it('requires the Idempotency-Key header on bookings, with its length and characters', () => {
    expect(operation('POST', '/v1/jobs').parameters).toEqual([
      { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._:-]+$' } },
    ]);
  });

  it('describes the list’s query parameters with their ranges and defaults', () => {
    expect(operation('GET', '/v1/jobs').parameters).toEqual([
      {
        name: 'status',
        in: 'query',
        required: false,
        schema: {
          type: 'string',
          enum: ['created', 'queued', 'picked_by_agent', 'booking_in_progress', 'booked', 'pickup_completed', 'delivered', 'failed', 'cancelled'],
        },
      },
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
      { name: 'offset', in: 'query', required: false, schema: { type: 'integer', minimum: 0, maximum: 100000, default: 0 } },
      {
        name: 'externalOrderId',
        in: 'query',
        required: false,
        schema: { description: expect.any(String), type: 'string', minLength: 1, maxLength: 200 },
      },
      {
        name: 'createdFrom',
        in: 'query',
        required: false,
        schema: { description: expect.any(String), type: 'string', format: 'date-time', pattern: expect.any(String) },
      },
      {
        name: 'createdTo',
        in: 'query',
        required: false,
        schema: { description: expect.any(String), type: 'string', format: 'date-time', pattern: expect.any(String) },
      },
      { name: 'needsDecision', in: 'query', required: false, schema: { description: expect.any(String), type: 'string', enum: ['true', 'false'] } },
    ]);
  });

  it('rejects unknown request fields and allows no undocumented response fields', () => {
    const schemas = doc.components.schemas as Record<string, Record<string, unknown>>;
    for (const name of ['QuoteRequest', 'BookingRequest', 'QuoteResponse', 'BalanceResponse', 'JobDetailResponse', 'JobListResponse', 'ErrorBody']) {
      expect(schemas[name]!.additionalProperties, name).toBe(false);
    }
  });

  it('carries the formats, ranges and nullability of the spec’s tables', () => {
    const detail = (
      doc.components.schemas.JobDetailResponse as { properties: { data: { properties: Record<string, Record<string, unknown>>; required: string[] } } }
    ).properties.data;
    expect(detail.properties.id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(detail.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(detail.properties.chargeMinor).toMatchObject({ anyOf: [{ type: 'integer', minimum: 0, maximum: 9007199254740991 }, { type: 'null' }] });
    expect(detail.properties.agentId).toEqual({ type: ['string', 'null'] });
    expect(detail.properties.pickupLatitude).toMatchObject({ anyOf: [{ type: 'number', minimum: -90, maximum: 90 }, { type: 'null' }] });
    expect(detail.required).toHaveLength(Object.keys(detail.properties).length);
    const quote = doc.components.schemas.QuoteRequest as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(quote.properties.packageValueMinor).toEqual({ type: 'integer', minimum: -9007199254740991, maximum: 100000000 });
    expect(quote.required.sort()).toEqual(['dropAddress', 'dropLatitude', 'dropLongitude', 'pickupAddress', 'pickupLatitude', 'pickupLongitude']);
  });

  it('sends Retry-After with every 429 and 503', () => {
    const responses = doc.components.responses as Record<string, { headers: Record<string, unknown> }>;
    expect(responses.RateLimited!.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
    expect(responses.ServiceUnavailable!.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
  });

  it('gives every operation an example request (where it takes a body) and example responses', () => {
    for (const route of routesOf('merchant')) {
      const op = operation(route.method, route.path) as Op & { requestBody?: { content: Record<string, { example?: unknown }> } };
      const takesNoBody = [
        '/v1/jobs/{id}/cancel',
        '/v1/jobs/{id}/return',
        '/v1/jobs/{id}/tracking-link',
        '/v1/webhook-endpoints/{id}/rotate-secret',
        '/v1/api-keys/{id}/revoke',
        '/v1/webhook-endpoints/{id}/test',
      ].includes(route.path);
      if (route.method === 'POST' && !takesNoBody) expect(op.requestBody!.content['application/json']!.example, route.path).toBeDefined();
      if (takesNoBody) expect(op.requestBody, route.path).toBeUndefined();
      for (const [status, response] of Object.entries(op.responses)) {
        const example = (response as { content?: Record<string, { example?: unknown }> }).content?.['application/json']?.example;
        if (status.startsWith('2')) expect(example, `${route.method} ${route.path} ${status}`).toBeDefined();
      }
    }
  });

  it('describes every event type’s delivery in OpenAPI 3.1’s webhooks: the Standard Webhooks headers and the event as the body', () => {
    const webhooks = doc.webhooks as Record<string, { post: { parameters: Array<{ name: string; in: string; required: boolean }>; requestBody: unknown } }>;

    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      expect(webhooks[type]!.post.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      expect(webhooks[type]!.post.requestBody).toEqual({
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' }, example: expect.objectContaining({ type }) } },
      });
    }
    // Every kind of event (the union's members) carries the job's sequence.
    const kinds = (doc.components.schemas.Event as { oneOf: Array<{ $ref: string }> }).oneOf.map(({ $ref }) => $ref.split('/').pop()!);
    expect(kinds.length).toBeGreaterThan(1);
    for (const kind of kinds) expect((doc.components.schemas[kind] as { properties: Record<string, unknown> }).properties, kind).toHaveProperty('sequence');
  });

  it('names the headers a Standard Webhooks verifier reads', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8=';
    const body = '{"id":"evt_x"}';
    const headers = webhookHeaders([secret], { id: 'evt_x', timestamp: Math.floor(Date.now() / 1000), body });
    const described = (doc.webhooks as Record<string, { post: { parameters: Array<{ name: string }> } }>)['job.delivered']!.post.parameters.map((p) => p.name);

    expect(Object.keys(headers).sort()).toEqual([...described].sort());
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
  });
});
