import { describe, expect, it } from 'vitest';
import { routes, type Route } from '../../functions/http/routes.ts';
import { useLocalApi, readResponse } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { newFleetMember } from '../helpers/fleet.ts';

const api = useLocalApi();

// Every name Object.prototype has: input that becomes an object key must never meet one of these.
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const JOB_ID = '0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1';

const concretePath = (route: Route) => route.path.replace('{id}', JOB_ID).replace('{handoff}', 'pickup');

/** Headers that authenticate for the route: a merchant key, or a fleet key of a role the route serves. */
async function credentials(route: Route): Promise<Record<string, string>> {
  if (route.api === 'merchant') {
    const m = await newMerchant(api.table.rt, api.server);
    return { 'X-Api-Key': m.apiKey, 'Idempotency-Key': 'prototype-names' };
  }
  const member = await newFleetMember(api.table.rt, api.server, route.roles.includes('rider') ? 'rider' : 'ops');
  return { Authorization: `Bearer ${member.fleetKey}` };
}

describe.each((routes as readonly Route[]).map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_key, route) => {
  it.each(['body', 'query', 'header'] as const)('answers every Object.prototype name as a %s key with the spec’s error body, never 5xx', async (where) => {
    const auth = await credentials(route);
    const answers: Array<{ name: string; status: number; body: unknown }> = [];

    for (const name of PROTOTYPE_NAMES) {
      const query = where === 'query' ? `?${encodeURIComponent(name)}=1` : '';
      const headers = { ...auth, 'Content-Type': 'application/json', ...(where === 'header' && { [name]: '1' }) };
      const body = route.method === 'POST' ? (where === 'body' ? `{${JSON.stringify(name)}: 1}` : '{}') : undefined;
      const response = await readResponse(
        await api.server.request(`${concretePath(route)}${query}`, { method: route.method, headers, ...(body !== undefined && { body }) }),
      );
      answers.push({ name, status: response.status, body: response.body });
    }

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    for (const answer of answers.filter((a) => a.status >= 400))
      expect(answer.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
  });
});

describe.each((routes as readonly Route[]).filter((route) => route.method === 'POST').map((route) => [`${route.method} ${route.path}`, route] as const))(
  '%s',
  (_key, route) => {
    it('answers a 720 KB body of unknown fields with the spec’s error body, a few KB at most', async () => {
      const auth = await credentials(route);
      const body = JSON.stringify(Object.fromEntries(Array.from({ length: 6_000 }, (_, i) => [`unknown_${i}_${'x'.repeat(100)}`, i])));
      expect(body.length).toBeGreaterThan(700_000);

      const response = await api.server.request(concretePath(route), { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body });
      const text = await response.text();

      // Routes that take a body refuse the fields (400); the others ignore the body and answer for the job (404).
      expect([400, 404]).toContain(response.status);
      expect(text.length).toBeLessThan(4096);
      expect(JSON.parse(text)).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
    });
  },
);
