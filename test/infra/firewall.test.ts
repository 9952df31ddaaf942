import { describe, expect, it } from 'vitest';
import { FIREWALL_IP_KEY_LIMIT, FIREWALL_IP_LIMIT } from '../../lib/firewall.ts';
import { STORE_GATEWAY_THROTTLE } from '../../lib/rest-api.ts';
import { RATE_LIMITS } from '../../functions/core/rate-limits.ts';
import { STAGES, synth, synthAppResources, type Resources } from './synth.ts';

// Issue 34 §6: the merchant API's one per-IP rule (3,000 in 5 minutes) blocked an integrator serving
// several stores from one egress address below their agreed limits. Merchant requests are now counted
// per address and key, with a per-address backstop set per stage.

type Rule = { Name: string; Priority: number; Statement: { RateBasedStatement?: Record<string, unknown> } };
const rulesOf = (resources: Resources) =>
  (Object.values(resources).find((r) => r.Type === 'AWS::WAFv2::WebACL')!.Properties!.Rules as Rule[]).filter((rule) => rule.Statement.RateBasedStatement);
const rule = (resources: Resources, name: string) => rulesOf(resources).find((r) => r.Name === name)!.Statement.RateBasedStatement!;
const FIVE_MINUTES = 300;

describe('the firewall’s merchant flood rules', () => {
  const { resources } = synth(STAGES.prod);

  it('counts merchant requests per address and key, above what the gateway lets one store do in 5 minutes', () => {
    expect(rule(resources, 'PerIpKeyFlood')).toMatchObject({
      Limit: FIREWALL_IP_KEY_LIMIT,
      AggregateKeyType: 'CUSTOM_KEYS',
      CustomKeys: [{ IP: {} }, { Header: { Name: 'x-api-key', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } }],
    });
    const storeCeiling = STORE_GATEWAY_THROTTLE.burstLimit + STORE_GATEWAY_THROTTLE.rateLimit * FIVE_MINUTES;
    expect(FIREWALL_IP_KEY_LIMIT).toBeGreaterThan(storeCeiling);
  });

  it('lets eight stores at the gateway’s ceiling, or dozens at the standard limits, share one address before the backstop blocks it', () => {
    expect(rule(resources, 'PerIpFlood')).toMatchObject({ Limit: FIREWALL_IP_LIMIT, AggregateKeyType: 'IP' });
    const storeCeiling = STORE_GATEWAY_THROTTLE.burstLimit + STORE_GATEWAY_THROTTLE.rateLimit * FIVE_MINUTES;
    // An integration's keys: the console's own group (its reads come from people's browsers, not an integrator's address) is left out.
    const standardStore = Object.entries(RATE_LIMITS).reduce((sum, [group, limit]) => sum + (group === 'console' ? 0 : limit.capacity), 0) * 5;
    expect(Math.floor(FIREWALL_IP_LIMIT / storeCeiling)).toBe(8);
    expect(Math.floor(FIREWALL_IP_LIMIT / standardStore)).toBeGreaterThan(24);
    // The per-key rule comes first, so a blocked key is told by its own rule's metric.
    expect(rulesOf(resources).find((r) => r.Name === 'PerIpKeyFlood')!.Priority).toBeLessThan(
      rulesOf(resources).find((r) => r.Name === 'PerIpFlood')!.Priority,
    );
  });

  it('takes a stage’s own backstop (-c firewallIpLimit), never below the per-key limit', async () => {
    expect(rule(synth({ ...STAGES.prod, firewallIpLimit: 90_000 }).resources, 'PerIpFlood').Limit).toBe(90_000);
    expect(rule(await synthAppResources({ firewallIpLimit: '60000' }), 'PerIpFlood').Limit).toBe(60_000);
    await expect(synthAppResources({ firewallIpLimit: '3000' })).rejects.toThrow(
      'Context "firewallIpLimit" must be a whole number of requests in 5 minutes, 4000 to 2000000000 (got "3000")',
    );
  }, 120_000);

  it('keeps the tracking page, the console’s session routes, its web app and the fleet API per address alone', () => {
    expect(rule(resources, 'PerIpTrackingFlood')).toMatchObject({ Limit: 6000, AggregateKeyType: 'IP' });
    expect(rule(resources, 'PerIpConsoleSessionFlood')).toMatchObject({ Limit: 600, AggregateKeyType: 'IP' });
    expect(JSON.stringify(rule(resources, 'PerIpConsoleSessionFlood').ScopeDownStatement)).toContain('/console/v1/sessions');
    // Everything under /console/ (the session routes and the web app's files) is left out of the merchant rules.
    expect(JSON.stringify(rule(resources, 'PerIpFlood').ScopeDownStatement)).toContain('/console/');
    expect(rule(resources, 'PerIpConsoleAppFlood')).toMatchObject({ Limit: 1500, AggregateKeyType: 'IP' });
    expect(rule(resources, 'PerIpFleetFlood')).toMatchObject({ Limit: 60000, AggregateKeyType: 'IP' });
  });
});
