import { describe, expect, it } from 'vitest';
import { routes, type Route } from '../../functions/http/routes.ts';
import { useLocalApi } from '../helpers/server.ts';
import { newMerchant } from '../helpers/merchant.ts';
import { newFleetMember } from '../helpers/fleet.ts';
import { consoleHeaders, consoleSession } from '../helpers/console.ts';

const api = useLocalApi();

// Every name Object.prototype has: input that becomes an object key must never meet one of these.
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const JOB_ID = '0e5bd4a2-4e42-8b7c-93a7-52d8c1f0e9a1';

const concretePath = (route: Route, handoff = 'pickup') => route.path.replace('{id}', JOB_ID).replace('{handoff}', handoff);

// Every route, and the handoff routes once more for the parcel's way back (`return`).
const CASES = (routes as readonly Route[]).flatMap((route) => [
  [`${route.method} ${route.path}`, route, 'pickup'] as const,
  ...(route.path.includes('{handoff}') ? [[`${route.method} ${route.path.replace('{handoff}', 'return')}`, route, 'return'] as const] : []),
]);

/**
 * Headers that authenticate for the route (a merchant key, or a fleet key of a role the route serves)
 * and the path to call; the public tracking page needs no key, and gets a live link's path.
 */
async function credentials(route: Route, handoff = 'pickup'): Promise<{ headers: Record<string, string>; path: string }> {
  // The console web app: one of its pages, no key.
  if (route.name === 'console-assets') return { headers: {}, path: '/console/jobs/anything' };
  if (route.api === 'public' && route.path.startsWith('/console/')) {
    // A console session route: X-Console and a signed-in session's refresh cookie (sign-in itself takes its token in the body).
    const m = await newMerchant(api.table.rt, api.server);
    const { cookie } = await consoleSession(api, m.storeId);
    const { 'Content-Type': _type, ...headers } = consoleHeaders(cookie);
    return { headers, path: route.path };
  }
  if (route.api === 'public') {
    const m = await newMerchant(api.table.rt, api.server, { sandbox: true });
    const job = await m.bookJob();
    const link = await m.post(`/v1/jobs/${job.id}/tracking-link`);
    return { headers: {}, path: new URL((link.body as { data: { url: string } }).data.url).pathname };
  }
  if (route.api === 'merchant') {
    const m = await newMerchant(api.table.rt, api.server);
    return { headers: { 'X-Api-Key': m.apiKey, 'Idempotency-Key': 'prototype-names' }, path: concretePath(route, handoff) };
  }
  const member = await newFleetMember(api.table.rt, api.server, route.roles.includes('rider') ? 'rider' : 'ops');
  return { headers: { Authorization: `Bearer ${member.fleetKey}` }, path: concretePath(route, handoff) };
}

describe.each(CASES)('%s', (_key, route, handoff) => {
  it.each(['body', 'query', 'header'] as const)(
    'answers every Object.prototype name as a %s key as its API answers (the error body, or the page), never 5xx',
    async (where) => {
      const auth = await credentials(route, handoff);
      const answers: Array<{ name: string; status: number; type: string | null; text: string }> = [];

      for (const name of PROTOTYPE_NAMES) {
        const query = where === 'query' ? `?${encodeURIComponent(name)}=1` : '';
        const headers = { ...auth.headers, 'Content-Type': 'application/json', ...(where === 'header' && { [name]: '1' }) };
        const body = route.method === 'POST' || route.method === 'PATCH' ? (where === 'body' ? `{${JSON.stringify(name)}: 1}` : '{}') : undefined;
        const response = await api.server.request(`${auth.path}${query}`, { method: route.method, headers, ...(body !== undefined && { body }) });
        answers.push({ name, status: response.status, type: response.headers.get('content-type'), text: await response.text() });
      }

      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      if (route.api === 'public' && !route.path.startsWith('/console/v1/')) {
        // The page of a live link (the console: its app's page), whatever else the request carries.
        expect(answers.filter((answer) => answer.status !== 200 || !answer.type?.startsWith('text/html'))).toEqual([]);
        return;
      }
      for (const answer of answers.filter((a) => a.status >= 400))
        expect(JSON.parse(answer.text)).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
    },
  );
});

describe.each(CASES.filter(([, route]) => route.method === 'POST' || route.method === 'PATCH'))('%s', (_key, route, handoff) => {
  it('answers a 720 KB body of unknown fields with the spec’s error body, a few KB at most', async () => {
    const auth = (await credentials(route, handoff)).headers;
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 6_000 }, (_, i) => [`unknown_${i}_${'x'.repeat(100)}`, i])));
    expect(body.length).toBeGreaterThan(700_000);

    const response = await api.server.request(concretePath(route, handoff), {
      method: route.method,
      headers: { ...auth, 'Content-Type': 'application/json' },
      body,
    });
    const text = await response.text();

    // Routes that take a body refuse the fields (400); the others ignore the body and answer for the job (404).
    expect([400, 404]).toContain(response.status);
    expect(text.length).toBeLessThan(4096);
    expect(JSON.parse(text)).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
  });
});
