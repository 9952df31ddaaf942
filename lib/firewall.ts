/**
 * The firewall (AWS WAF) in front of the REST API's stage: per-IP flood limits and AWS's known-bad-inputs
 * rules, and the log of what it blocked. Per-store and per-key limits stay exact in DynamoDB; a flood
 * block answers like them (429 rate_limited, Retry-After).
 */
import { Fn, type RemovalPolicy } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { CfnLoggingConfiguration, CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** What the firewall needs of the stack's settings. */
export interface FirewallProps {
  stage: string;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** Merchant requests in 5 minutes from one address, all keys together, before the firewall blocks it (default FIREWALL_IP_LIMIT). */
  firewallIpLimit?: number;
}

/**
 * Merchant requests in 5 minutes from one address with one key before the firewall blocks that pair:
 * above what the gateway lets one store do in 5 minutes (its usage plan: a burst of 600, then 10 a
 * second, 3,600), so it never blocks a store below its limits, however many stores share the address.
 */
export const FIREWALL_IP_KEY_LIMIT = 4_000;

/**
 * Merchant requests in 5 minutes from one address, whatever the key: the backstop for requests the
 * per-key rule cannot count (WAF leaves a request missing one of a rule's custom keys out of that rule,
 * so keyless requests; and a key changed on every request). 30,000 is 100 a second: an integrator's
 * egress address serving about eight stores at the gateway's ceiling, or dozens at the standard
 * per-minute limits. `-c firewallIpLimit=N` raises it for a stage with a bigger integrator.
 */
export const FIREWALL_IP_LIMIT = 30_000;

/** What a customer sees when the firewall holds back their address's tracking-page loads (no script, no other host). */
const PAGE_RATE_LIMITED_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Too many requests</title></head>' +
  '<body><main><h1>Too many requests</h1><p>Too many tracking pages were opened from your network. Please try again in a minute.</p>' +
  '<p lang="hi">आपके नेटवर्क से बहुत ज़्यादा ट्रैकिंग पेज खोले गए। कृपया एक मिनट बाद फिर कोशिश करें।</p></main></body></html>';

/**
 * Puts the firewall in front of `api`'s stage. Its resources are made in `scope` (the REST API construct),
 * so their logical ids are those they had when this was a method of it.
 */
export function addFirewall(scope: Construct, api: RestApi, props: FirewallProps): void {
  const { stage } = props;
  const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
  const rateLimited = {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: 'rate-limited',
        responseHeaders: [
          { name: 'Retry-After', value: '60' },
          { name: 'RateLimit-Remaining', value: '0' },
          { name: 'RateLimit-Reset', value: '60' },
        ],
      },
    },
  };
  const pathContains = (searchString: string) => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'CONTAINS',
      searchString,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  });
  const fleetPath = pathContains('/fleet/v1/');
  const trackingPath = pathContains('/track/');
  const consoleSessionPath = pathContains('/console/v1/sessions');
  // Everything under /console/: the session routes and the web app's files (its API calls go to /v1 with a key, as merchant requests).
  const consolePath = pathContains('/console/');
  const merchantPaths = {
    andStatement: {
      statements: [{ notStatement: { statement: fleetPath } }, { notStatement: { statement: trackingPath } }, { notStatement: { statement: consolePath } }],
    },
  };
  const consoleAppPaths = { andStatement: { statements: [consolePath, { notStatement: { statement: consoleSessionPath } }] } };
  const pageRateLimited = {
    block: { customResponse: { ...rateLimited.block.customResponse, customResponseBodyKey: 'page-rate-limited' } },
  };
  const acl = new CfnWebACL(scope, 'Firewall', {
    scope: 'REGIONAL',
    defaultAction: { allow: {} },
    visibilityConfig: visibility(`delivery-api-${stage}`),
    customResponseBodies: {
      'rate-limited': { contentType: 'APPLICATION_JSON', content: JSON.stringify({ error: 'Rate limit exceeded; retry in 60 s', code: 'rate_limited' }) },
      'page-rate-limited': { contentType: 'TEXT_HTML', content: PAGE_RATE_LIMITED_HTML },
    },
    rules: [
      {
        name: 'PerIpKeyFlood',
        priority: 0,
        // Merchant routes, counted per address and key: an integrator serving several stores from one
        // egress address gets each store's whole limit (FIREWALL_IP_KEY_LIMIT).
        statement: {
          rateBasedStatement: {
            limit: FIREWALL_IP_KEY_LIMIT,
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [{ ip: {} }, { header: { name: 'x-api-key', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
            scopeDownStatement: merchantPaths,
          },
        },
        action: rateLimited,
        visibilityConfig: visibility('per-ip-key-flood'),
      },
      {
        name: 'PerIpFlood',
        priority: 1,
        // Merchant routes from one address, every key (and none) together: the backstop (FIREWALL_IP_LIMIT).
        statement: { rateBasedStatement: { limit: props.firewallIpLimit ?? FIREWALL_IP_LIMIT, aggregateKeyType: 'IP', scopeDownStatement: merchantPaths } },
        action: rateLimited,
        visibilityConfig: visibility('per-ip-flood'),
      },
      {
        name: 'PerIpFleetFlood',
        priority: 2,
        // Fleet routes: riders on mobile networks share carrier-NAT addresses; 60,000 in 5 minutes
        // is 100 riders behind one address, each at its key's whole limit (120 a minute).
        statement: { rateBasedStatement: { limit: 60000, aggregateKeyType: 'IP', scopeDownStatement: fleetPath } },
        action: rateLimited,
        visibilityConfig: visibility('per-ip-fleet-flood'),
      },
      {
        name: 'KnownBadInputs',
        priority: 3,
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
        overrideAction: { none: {} },
        visibilityConfig: visibility('known-bad-inputs'),
      },
      {
        name: 'PerIpTrackingFlood',
        priority: 4,
        // The public tracking page refreshes every 15 s (20 loads in 5 minutes per open page); customers
        // on mobile networks share carrier-NAT addresses: 6,000 in 5 minutes is 300 open pages behind one.
        statement: { rateBasedStatement: { limit: 6000, aggregateKeyType: 'IP', scopeDownStatement: trackingPath } },
        action: pageRateLimited,
        visibilityConfig: visibility('per-ip-tracking-flood'),
      },
      {
        name: 'PerIpConsoleSessionFlood',
        priority: 5,
        // The console's session routes (sign-in, refresh, mode, sign-out) take no key: a tab refreshes
        // every 15 minutes, a person signs in a few times a day; 600 in 5 minutes is an office of staff behind one address, far below a guessing run.
        statement: { rateBasedStatement: { limit: 600, aggregateKeyType: 'IP', scopeDownStatement: consoleSessionPath } },
        action: rateLimited,
        visibilityConfig: visibility('per-ip-console-session-flood'),
      },
      {
        name: 'PerIpConsoleAppFlood',
        priority: 6,
        // The console web app's files (index.html on each full load; the hashed assets once, then from the
        // browser's cache; pages change in the app without a load): 1,500 in 5 minutes is an office of staff
        // reloading all day behind one address, and stops a flood of the public route before its function.
        statement: { rateBasedStatement: { limit: 1500, aggregateKeyType: 'IP', scopeDownStatement: consoleAppPaths } },
        action: rateLimited,
        visibilityConfig: visibility('per-ip-console-app-flood'),
      },
    ],
  });
  new CfnWebACLAssociation(scope, 'FirewallAssociation', { resourceArn: api.deploymentStage.stageArn, webAclArn: acl.attrArn });
  // What the firewall blocked, and why (its rule): WAF requires the group's name to start aws-waf-logs-.
  // Keys and tracking tokens (in the path) are redacted; allowed requests are in the access log already.
  const firewallLogs = new LogGroup(scope, 'FirewallLogs', {
    logGroupName: Fn.join('', ['aws-waf-logs-', api.restApiId]),
    retention: props.logRetention,
    removalPolicy: props.logRemovalPolicy,
  });
  new CfnLoggingConfiguration(scope, 'FirewallLogging', {
    resourceArn: acl.attrArn,
    logDestinationConfigs: [firewallLogs.logGroupArn],
    redactedFields: [{ singleHeader: { Name: 'x-api-key' } }, { singleHeader: { Name: 'authorization' } }, { uriPath: {} }, { queryString: {} }],
    loggingFilter: {
      DefaultBehavior: 'DROP',
      Filters: [
        { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }, { ActionCondition: { Action: 'COUNT' } }] },
      ],
    },
  });
}
