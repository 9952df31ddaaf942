import { describe, expect, it } from 'vitest';
import { useLocalApi } from '../helpers/server.ts';

// What someone meets first on a running `npm start`: the root, a wrong path, and /docs's "Try it out".
const api = useLocalApi();

describe('a newcomer on the local server', () => {
  it('answers GET / with where the reference page, the API guide and the descriptions are', async () => {
    const response = await fetch(`${api.server.url}/`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: 'Delivery Booking API',
      reference: `${api.server.url}/docs`,
      guide: 'docs/api-guide.md in the project: the endpoints, booking exactly once, money, webhooks, errors',
      openapi: { merchant: `${api.server.url}/openapi.json`, fleet: `${api.server.url}/fleet/openapi.json` },
      apis: { merchant: '/v1 (X-Api-Key)', fleet: '/fleet/v1 (Authorization: Bearer fk_…)' },
    });
  });

  it.each(['/v1/job', '/fleet/v1/offer', '/api/v1/jobs'])('points an unknown path (%s) to the reference page and the API guide', async (path) => {
    const response = await fetch(`${api.server.url}${path}`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: `No route for GET ${path}; every route is in the reference (/docs under npm start) and the API guide (docs/api-guide.md)`,
      code: 'not_found',
    });
  });

  it.each(['/openapi.json', '/fleet/openapi.json'])('serves %s with this server first, so "Try it out" calls this port', async (path) => {
    const described = (await (await fetch(`${api.server.url}${path}`)).json()) as { servers: Array<{ url: string; description: string }> };

    expect(new URL(api.server.url).port).not.toBe('3000');
    expect(described.servers[0]).toEqual({ url: api.server.url, description: 'Local runtime (npm start)' });
    expect(described.servers[1]!.url).toBe('{baseUrl}');
  });
});
