import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../functions/http/route-matcher.ts';
import { routeFor, routes, routesOf, type RouteKey } from '../../functions/http/routes.ts';
import { RATE_LIMITS } from '../../functions/core/rate-limits.ts';

describe('matchRoute', () => {
  it.each([
    ['GET', '/v1/balance', 'get-balance', 'reads', 'read-item'],
    ['GET', '/v1/store', 'get-store', 'reads', 'read-item'],
    ['GET', '/v1/rate-card', 'get-rate-card', 'reads', 'read-feed'],
    ['POST', '/v1/job-quotes', 'create-quote', 'quotes', 'put-quote'],
    ['POST', '/v1/serviceability', 'check-serviceability', 'checks', 'check-serviceability'],
  ])('finds %s %s with no path parameters', (method, path, name, rateGroup, access) => {
    expect(matchRoute(method, path)).toEqual({
      kind: 'found',
      route: { name, api: 'merchant', method, path, handler: `merchant/${name}`, rateGroup, access },
      pathParameters: null,
    });
  });

  it.each([
    ['POST', '/v1/balance', ['GET']],
    ['PUT', '/v1/balance', ['GET']],
    ['DELETE', '/v1/balance', ['GET']],
    ['GET', '/v1/job-quotes', ['POST']],
    ['PATCH', '/v1/job-quotes', ['POST']],
    ['get', '/v1/balance', ['GET']],
  ])('answers %s %s as method_not_allowed, allowing %j', (method, path, allow) => {
    expect(matchRoute(method, path)).toEqual({ kind: 'method_not_allowed', allow });
  });

  it('finds a fleet route with both path parameters, decoded', () => {
    expect(matchRoute('POST', '/fleet/v1/jobs/0E5BD4A2-4e42-8b7c-93a7-52d8c1f0e9a1/handoffs/pickup/code')).toEqual({
      kind: 'found',
      route: {
        name: 'fleet-submit-code',
        api: 'fleet',
        method: 'POST',
        path: '/fleet/v1/jobs/{id}/handoffs/{handoff}/code',
        handler: 'fleet/submit-code',
        roles: ['rider'],
        access: 'move-job-money',
      },
      pathParameters: { id: '0E5BD4A2-4e42-8b7c-93a7-52d8c1f0e9a1', handoff: 'pickup' },
    });
  });

  it('keeps a malformed escape in a path parameter as sent, for validation to refuse (no URIError)', () => {
    expect(matchRoute('GET', '/v1/jobs/%zz')).toEqual({ kind: 'found', route: expect.objectContaining({ name: 'get-job' }), pathParameters: { id: '%zz' } });
  });

  it.each([
    ['GET', '/fleet/v1/jobs/x/accept', ['POST']],
    ['POST', '/fleet/v1/offers', ['GET']],
  ])('answers fleet %s %s as method_not_allowed, allowing %j', (method, path, allow) => {
    expect(matchRoute(method, path)).toEqual({ kind: 'method_not_allowed', allow });
  });

  it.each([
    ['GET', '/v1/unknown'],
    ['GET', '/'],
    ['GET', ''],
    ['GET', '/v1'],
    ['GET', '/v1/balance/'],
    ['POST', '/v1/job-quotes/'],
    ['GET', '/v1/balance/extra'],
    ['GET', '/v2/balance'],
    ['GET', '/V1/Balance'],
    ['GET', '//v1/balance'],
    ['POST', '/v1/job-quotesX'],
  ])('answers %s %j as not_found', (method, path) => {
    expect(matchRoute(method, path)).toEqual({ kind: 'not_found' });
  });
});

describe('routeFor', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}` as RouteKey, route] as const))('returns the route for %s', (key, route) => {
    expect(routeFor(key)).toBe(route);
  });

  it('throws naming an unknown key', () => {
    expect(() => routeFor('GET /v1/nope' as RouteKey)).toThrow('No route GET /v1/nope in the route table');
  });

  it('throws on a key with the wrong method', () => {
    expect(() => routeFor('POST /v1/balance' as RouteKey)).toThrow('No route POST /v1/balance in the route table');
  });
});

describe('routes', () => {
  it('has unique method and path pairs', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);

    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routesOf('merchant').map((route) => [`${route.method} ${route.path}`, route.rateGroup] as const))(
    'gives %s the rate group %s, which has a rate limit',
    (_key, rateGroup) => {
      expect(RATE_LIMITS[rateGroup]).toBeDefined();
    },
  );
});

describe('the fleet routes', () => {
  it('are all under /fleet/v1, named fleet-*, each with its own handler module under functions/fleet/ (merchant routes: /v1, functions/merchant/)', () => {
    const fleet = routesOf('fleet');

    expect(fleet.length).toBe(17);
    expect(fleet.every((route) => route.path.startsWith('/fleet/v1/') && route.name.startsWith('fleet-') && route.handler.startsWith('fleet/'))).toBe(true);
    expect(routesOf('merchant').every((route) => route.path.startsWith('/v1/') && route.handler.startsWith('merchant/'))).toBe(true);
  });

  it('keep handoff fixes and riders’ cash to operations and rider moves (the payment at the door included) to riders', () => {
    const roles = Object.fromEntries(routesOf('fleet').map((route) => [route.name, [...route.roles]]));

    expect(roles).toEqual({
      'fleet-list-offers': ['rider', 'ops'],
      'fleet-list-assignments': ['rider'],
      'fleet-get-job': ['rider', 'ops'],
      'fleet-accept-job': ['rider'],
      'fleet-start-confirmation': ['rider'],
      'fleet-confirm-job': ['rider'],
      'fleet-decline-job': ['rider'],
      'fleet-report-location': ['rider'],
      'fleet-arrive': ['rider'],
      'fleet-submit-code': ['rider'],
      'fleet-fail-job': ['rider', 'ops'],
      'fleet-attempt-delivery': ['rider'],
      'fleet-record-collection': ['rider'],
      'fleet-get-rider-cash': ['ops'],
      'fleet-record-deposit': ['ops'],
      'fleet-reset-lock': ['ops'],
      'fleet-reissue-code': ['ops'],
    });
  });
});

describe('RATE_LIMITS', () => {
  it('allows the spec’s requests per store per minute for each group, and 30 a minute for managing webhooks, 60 for serviceability checks, 120 for the console’s reads', () => {
    expect(RATE_LIMITS).toEqual({
      quotes: { capacity: 10, periodMs: 60_000 },
      bookings: { capacity: 10, periodMs: 60_000 },
      cancellations: { capacity: 10, periodMs: 60_000 },
      updates: { capacity: 30, periodMs: 60_000 },
      reads: { capacity: 60, periodMs: 60_000 },
      webhooks: { capacity: 30, periodMs: 60_000 },
      checks: { capacity: 60, periodMs: 60_000 },
      // Issue 36: GET requests made with a console access token.
      console: { capacity: 120, periodMs: 60_000 },
    });
  });
});
