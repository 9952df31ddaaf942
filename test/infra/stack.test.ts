import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DeliveryApiStack, type DeliveryApiStackProps } from '../../lib/delivery-api-stack.ts';
import { ACCESS, type TableAccess } from '../../lib/access.ts';
import { functionId, routes, type Route } from '../../functions/http/routes.ts';
import { DEPLOYED_FUNCTIONS, MERCHANT_AUTHORIZER, WEBHOOK_SENDER } from '../../lib/functions.ts';
import { AUTHORIZER_CACHE_TTL } from '../../lib/rest-api.ts';
import { DYNAMO_CALL_LIMITS } from '../../functions/data/client.ts';
import { EARLY_ANSWER_MS } from '../../functions/http/handler.ts';
import { TABLE } from '../../functions/data/table.ts';

const CDK_JSON = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/**
 * The stack as `cdk synth` makes it (cdk-nag on request, CloudFormation's own template rules as errors,
 * as cdk.json sets them), without bundling (bundles have their own budget test).
 */
function synth(props: Partial<DeliveryApiStackProps> = {}, options: { nag?: boolean } = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...CDK_JSON.context } });
  const stack = new DeliveryApiStack(app, 'Test', { stage: 'dev', ...props });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  const template = Template.fromStack(stack);
  return { template, resources: template.toJSON().Resources as Resources };
}

const { template, resources } = synth();
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const WORKERS = 'Dispatch, the sandbox simulator and the event relay, every minute';
const SENDER = 'The webhook sender, every minute';
const AUTHORIZER = 'Merchant API keys: names the store usage key for the usage plan';
// A function's description: its route ("GET /v1/balance"), or what the function does.
const descriptionOf = (handler: string) => {
  const route = (routes as readonly Route[]).find((r) => r.name === handler);
  if (route) return `${route.method} ${route.path}`;
  if (handler === MERCHANT_AUTHORIZER.name) return AUTHORIZER;
  return handler === WEBHOOK_SENDER.name ? SENDER : WORKERS;
};
const logicalIdOf = (handler: string) => {
  const id = ofType('AWS::Lambda::Function').find(([, fn]) => fn.Properties.Description === descriptionOf(handler))?.[0];
  if (!id) throw new Error(`no function for ${handler}`);
  return id;
};
const HANDLERS = DEPLOYED_FUNCTIONS.map((fn) => fn.name);
// What a function may do to the table: its kind's actions (lib/access.ts).
const accessOf = (name: string): TableAccess => ACCESS[DEPLOYED_FUNCTIONS.find((fn) => fn.name === name)!.access];

// The API's routes as the template has them: method + full path, from the Resource tree.
function synthesisedRoutes(): string[] {
  const pathOf = (ref: unknown): string => {
    if (typeof ref === 'object' && ref !== null && 'Fn::GetAtt' in ref) return '';
    const id = (ref as { Ref: string }).Ref;
    const resource = resources[id]!;
    return `${pathOf(resource.Properties.ParentId)}/${resource.Properties.PathPart as string}`;
  };
  return ofType('AWS::ApiGateway::Method')
    .filter(([, m]) => m.Properties.HttpMethod !== 'ANY')
    .map(([, m]) => `${m.Properties.HttpMethod as string} ${pathOf(m.Properties.ResourceId)}`)
    .sort();
}

describe('the CDK stack', () => {
  it('passes cdk-nag’s AWS Solutions checks (synthesis throws on any unacknowledged finding)', () => {
    expect(() => synth({ stage: 'dev' }, { nag: true })).not.toThrow();
    expect(() => synth({ stage: 'prod', alarmEmail: 'oncall@example.com' }, { nag: true })).not.toThrow();
  });

  it('names every function’s logical id after its stable name in the route table, not after its module', () => {
    for (const fn of DEPLOYED_FUNCTIONS) {
      const scope = { 'scheduled-workers': 'Workers', 'webhook-sender': 'Webhooks' }[fn.name] ?? 'Merchant';
      expect(logicalIdOf(fn.name)).toMatch(new RegExp(`^${scope}${functionId(fn.name)}Function[0-9A-F]{8}$`));
    }
    expect(logicalIdOf('fleet-accept-job')).toMatch(/^MerchantFleetAcceptJobFunction[0-9A-F]{8}$/);
  });

  it('answers every path that is not a route with the spec’s 404, whatever headers come with it', () => {
    const methods = ofType('AWS::ApiGateway::Method').map(([, m]) => m.Properties);
    const resourcesWithMethods = new Set(methods.map((m) => JSON.stringify(m.ResourceId)));
    const notFound = methods.filter(
      (m) => (m.Integration as { IntegrationResponses?: Array<{ StatusCode: string }> }).IntegrationResponses?.[0]?.StatusCode === '404',
    );
    const proxy = ofType('AWS::ApiGateway::Resource').find(([, r]) => r.Properties.PathPart === '{proxy+}');

    expect(proxy).toBeDefined();
    // Every resource (the root, /v1, /fleet/v1/jobs/{id}/handoffs …) answers something: no path falls through to the gateway's 403.
    for (const [id] of ofType('AWS::ApiGateway::Resource')) expect(resourcesWithMethods.has(JSON.stringify({ Ref: id }))).toBe(true);
    expect(notFound.length).toBeGreaterThan(1);
    for (const method of notFound) {
      expect(method).toMatchObject({ HttpMethod: 'ANY', ApiKeyRequired: false, AuthorizationType: 'NONE' });
      const template = (method.Integration as { IntegrationResponses: Array<{ ResponseTemplates: Record<string, string> }> }).IntegrationResponses[0]!
        .ResponseTemplates['application/json']!;
      expect(JSON.parse(template)).toEqual({ error: 'No such route', code: 'not_found' });
    }
  });

  it('serves exactly the local server’s route table', () => {
    expect(synthesisedRoutes()).toEqual((routes as readonly Route[]).map((r) => `${r.method} ${r.path}`).sort());
  });

  it('gives every route its own Node.js 24 arm64 function, integrated as a Lambda proxy; the gateway requires an API key on merchant routes only', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions).toHaveLength(routes.length + 3); // + the merchant authorizer, the scheduled workers and the webhook sender
    for (const route of routes as readonly Route[]) {
      const id = logicalIdOf(route.name);
      expect(resources[id]!.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 10,
        TracingConfig: { Mode: 'Active' },
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: expect.any(String) },
            LOG_LEVEL: 'INFO',
            POWERTOOLS_SERVICE_NAME: 'delivery-api',
            NODE_OPTIONS: '--enable-source-maps',
          },
        },
      });
      const [, method] = ofType('AWS::ApiGateway::Method').find(([, m]) => JSON.stringify(m.Properties.Integration ?? {}).includes(id))!;
      // Fleet routes carry fleet keys (Authorization: Bearer), which their functions check.
      expect(method.Properties).toMatchObject({
        HttpMethod: route.method,
        ApiKeyRequired: route.api === 'merchant',
        AuthorizationType: route.api === 'merchant' ? 'CUSTOM' : 'NONE',
        Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
      });
    }
  });

  it('puts the merchant authorizer in front of every merchant route: a REQUEST authorizer on X-Api-Key, cached per key', () => {
    const authorizers = ofType('AWS::ApiGateway::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    expect(authorizer.Properties).toMatchObject({
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.X-Api-Key',
      AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_TTL.toSeconds(),
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(logicalIdOf(MERCHANT_AUTHORIZER.name));
    const merchantMethods = ofType('AWS::ApiGateway::Method').filter(([, m]) => m.Properties.AuthorizationType === 'CUSTOM');
    expect(merchantMethods).toHaveLength((routes as readonly Route[]).filter((r) => r.api === 'merchant').length);
    for (const [, method] of merchantMethods) expect(method.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
    // API Gateway may invoke it (and nothing else is granted).
    const invokes = ofType('AWS::Lambda::Permission').filter(([, p]) =>
      JSON.stringify(p.Properties.FunctionName).includes(logicalIdOf(MERCHANT_AUTHORIZER.name)),
    );
    expect(invokes.length).toBeGreaterThan(0);
    for (const [, permission] of invokes)
      expect(permission.Properties).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
  });

  it('answers a known path’s other methods with 405 and Allow', () => {
    const anyMethods = ofType('AWS::ApiGateway::Method').filter(
      ([, m]) =>
        m.Properties.HttpMethod === 'ANY' &&
        (m.Properties.Integration as { IntegrationResponses: Array<{ StatusCode: string }> }).IntegrationResponses[0]!.StatusCode === '405',
    );
    expect(anyMethods).toHaveLength(new Set(routes.map((r) => r.path)).size);
    for (const [, method] of anyMethods) {
      expect(method.Properties).toMatchObject({
        ApiKeyRequired: false,
        Integration: {
          Type: 'MOCK',
          IntegrationResponses: [
            {
              StatusCode: '405',
              ResponseParameters: { 'method.response.header.Allow': expect.stringMatching(/^'(GET|POST|PATCH|DELETE)(, (GET|POST|PATCH|DELETE))*'$/) },
            },
          ],
        },
      });
    }
  });

  it('has one table with the shared key schema, the jobs index, TTL, PITR and on-demand billing', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: [
        {
          IndexName: 'GSI1',
          KeySchema: [
            { AttributeName: 'GSI1PK', KeyType: 'HASH' },
            { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ],
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: false })],
    });
  });

  it('retains and protects the table outside dev', () => {
    const prod = synth({ stage: 'prod', alarmEmail: 'oncall@example.com' });
    const [, table] = Object.entries(prod.resources).find(([, r]) => r.Type === 'AWS::DynamoDB::GlobalTable')!;
    expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect((table.Properties.Replicas as Array<Record<string, unknown>>)[0]).toMatchObject({ DeletionProtectionEnabled: true });
    const [, devTable] = Object.entries(resources).find(([, r]) => r.Type === 'AWS::DynamoDB::GlobalTable')!;
    expect(devTable).toMatchObject({ DeletionPolicy: 'Delete' });
  });

  describe('least privilege', () => {
    // A function's statements, without the CloudFormation references, in a comparable form.
    function statementsOf(handler: string) {
      const fnId = logicalIdOf(handler);
      const roleId = (resources[fnId]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const policies = ofType('AWS::IAM::Policy').filter(([, p]) => (p.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId));
      expect(policies).toHaveLength(1);
      const doc = policies[0]![1].Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> };
      return { roleId, statements: doc.Statement };
    }

    it.each(HANDLERS.map((h) => [h]))('%s may do exactly what its handler does', (handler) => {
      const access = accessOf(handler);
      const { roleId, statements } = statementsOf(handler);
      const asArray = (value: unknown) => (Array.isArray(value) ? value : [value]);
      const dynamo = statements.filter((s) => asArray(s.Action).some((a: string) => a.startsWith('dynamodb:')));
      const others = statements.filter((s) => !dynamo.includes(s));

      const plain = dynamo.filter((s) => !asArray(s.Action).includes('dynamodb:UpdateItem'));
      expect(plain.flatMap((s) => asArray(s.Action)).sort()).toEqual([...access.table, ...(access.index ?? [])].sort());
      // The table's statement holds to the kind's partition keys, where it names some.
      expect(plain.find((s) => s.Resource && JSON.stringify(s.Resource).includes('index') === false)?.Condition).toEqual(
        access.leadingKeys ? { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.leadingKeys } } : undefined,
      );
      const update = dynamo.find((s) => asArray(s.Action).includes('dynamodb:UpdateItem'));
      expect(update === undefined).toBe(access.updates === 'none');
      if (update) {
        expect(asArray(update.Action)).toEqual(['dynamodb:UpdateItem']);
        expect(update.Condition).toEqual(
          Array.isArray(access.updates)
            ? {
                'ForAllValues:StringEquals': { 'dynamodb:Attributes': access.updates },
                StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
              }
            : undefined,
        );
      }
      // Everything else: its own log group, and X-Ray (which has no resource-level permissions).
      expect(others.map((s) => asArray(s.Action).sort())).toEqual([
        ['logs:CreateLogStream', 'logs:PutLogEvents'],
        ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
      ]);
      for (const s of dynamo) expect(JSON.stringify(s.Resource)).not.toBe('"*"');
      expect(resources[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
    });

    it('lets only the moves that change money update stores (booking, cancel, the workers, code submission, failure and the last decline)', () => {
      const unrestricted = HANDLERS.filter((h) => accessOf(h).updates === 'any').sort();
      const readOnly = ['get-balance', 'get-job', 'list-jobs', 'fleet-get-job', 'fleet-list-offers'].map((h) => accessOf(h).table);

      expect(unrestricted).toEqual(['cancel-job', 'create-booking', 'fleet-decline-job', 'fleet-fail-job', 'fleet-submit-code', 'scheduled-workers']);
      // The one function callable without a key reads tracking links and stores' items only, and writes nothing.
      expect(accessOf('tracking-page')).toEqual({ table: ['dynamodb:GetItem'], updates: 'none', leadingKeys: ['TRACK#*', 'STORE#*'] });
      for (const actions of readOnly) expect(actions.filter((action) => !/:(Get|BatchGet|Query)/.test(action))).toEqual([]);
    });

    it('lets the merchant’s edit read the job and put it with its event, under key and store checks, and update only its rate bucket', () => {
      expect(accessOf('edit-job')).toEqual({
        table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
        updates: ['PK', 'SK', 'tat', 'ttl'],
      });
    });
  });

  it('reshapes API Gateway’s own answers into the spec’s error body', () => {
    const responses = Object.fromEntries(ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => [r.Properties.ResponseType as string, r.Properties]));
    const bodyOf = (type: string) => JSON.parse((responses[type]!.ResponseTemplates as Record<string, string>)['application/json']!);
    // The functions' own 401s: no header, or one message for any refused key.
    expect(responses.UNAUTHORIZED).toMatchObject({ StatusCode: '401' });
    expect(bodyOf('UNAUTHORIZED')).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
    for (const type of ['INVALID_API_KEY', 'ACCESS_DENIED']) {
      expect(responses[type]).toMatchObject({ StatusCode: '401' });
      expect(bodyOf(type)).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
    }
    // The authorizer could not read the key: transient, like the functions' own 503.
    expect(responses.AUTHORIZER_FAILURE).toMatchObject({ StatusCode: '503', ResponseParameters: { 'gatewayresponse.header.Retry-After': "'1'" } });
    expect(bodyOf('AUTHORIZER_FAILURE')).toEqual({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' });
    // The gateway's own 429s carry what a client can act on: Retry-After, nothing remaining, when it resets.
    expect(responses.THROTTLED).toMatchObject({
      StatusCode: '429',
      ResponseParameters: {
        'gatewayresponse.header.Retry-After': "'1'",
        'gatewayresponse.header.RateLimit-Remaining': "'0'",
        'gatewayresponse.header.RateLimit-Reset': "'1'",
      },
    });
    expect(responses.QUOTA_EXCEEDED).toMatchObject({
      StatusCode: '429',
      ResponseParameters: {
        'gatewayresponse.header.Retry-After': "'60'",
        'gatewayresponse.header.RateLimit-Remaining': "'0'",
        'gatewayresponse.header.RateLimit-Reset': "'60'",
      },
    });
    expect(bodyOf('THROTTLED')).toEqual({ error: 'Rate limit exceeded; retry in 1 s', code: 'rate_limited' });
    expect(responses.MISSING_AUTHENTICATION_TOKEN).toMatchObject({ StatusCode: '404' });
    expect(bodyOf('MISSING_AUTHENTICATION_TOKEN')).toEqual({ error: 'No such route', code: 'not_found' });
    expect(responses.DEFAULT_4XX!.StatusCode).toBeUndefined();
    expect(bodyOf('DEFAULT_5XX')).toEqual({ error: 'Service temporarily unavailable; retry later', code: 'service_unavailable' });
    for (const type of Object.keys(responses)) {
      expect(JSON.stringify(responses[type]!.ResponseTemplates)).not.toMatch(/\$context\.error|Forbidden|AWS/);
      expect(responses[type]!.ResponseParameters).toMatchObject({ 'gatewayresponse.header.Content-Type': "'application/json'" });
    }
  });

  it('throttles per store in the usage plan, whose key the merchant authorizer names from X-Api-Key, and per stage', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      Throttle: { RateLimit: 5, BurstLimit: 60 },
      ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
    });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'dev',
      TracingEnabled: true,
      AccessLogSetting: Match.objectLike({ Format: Match.stringLikeRegexp('"status":"\\$context.status"') }),
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 500,
          ThrottlingBurstLimit: 1000,
          DataTraceEnabled: false,
          LoggingLevel: 'ERROR',
        }),
        // The public tracking page gets a ceiling of its own.
        Match.objectLike({ HttpMethod: 'GET', ResourcePath: '/~1track~1{token}', ThrottlingRateLimit: 1000, ThrottlingBurstLimit: 2000 }),
      ],
    });
  });

  it('alarms on 5XX rate, p99 latency, function errors and throttles, and table throttles and system errors, to the alarm topic', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const described = alarms.map((a) => a.AlarmDescription as string);
    expect(described).toEqual(
      expect.arrayContaining([
        'More than 1% of requests answered 5XX over 5 minutes',
        'p99 latency above 2 s over 5 minutes',
        'DynamoDB throttled reads or writes',
        'DynamoDB system errors',
        'Workers: a job failed to move (worker item failed in the logs)',
        ...HANDLERS.flatMap((handler) => [
          `${functionId(handler)}: more than 5 invocation errors in 5 minutes`,
          `${functionId(handler)}: throttled by Lambda concurrency`,
        ]),
      ]),
    );
    expect(alarms).toHaveLength(5 + 2 * HANDLERS.length);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
  });

  it.each([['scheduled-workers'], ['webhook-sender']])('runs %s every minute, with no retries of a run: neither EventBridge’s nor Lambda’s own', (name) => {
    const id = logicalIdOf(name);

    expect(resources[id]!.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'], Timeout: 60 });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [id, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
    // Lambda retries a failed asynchronous invocation twice by itself unless told not to.
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: id }, MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 });
  });

  it('gives the key that seals webhook secrets only to the functions that seal or open them, as a reference to a generated secret', () => {
    const secrets = ofType('AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0]!;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    const withKey = ofType('AWS::Lambda::Function')
      .filter(([, fn]) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.WEBHOOK_SECRETS_KEY !== undefined)
      .map(([id]) => id)
      .sort();
    const sealing = (routes as readonly Route[]).filter((r) => r.sealsSecrets).map((r) => r.name);
    expect(withKey).toEqual([...sealing, WEBHOOK_SENDER.name].map(logicalIdOf).sort());
    for (const id of withKey) {
      const value = JSON.stringify((resources[id]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables.WEBHOOK_SECRETS_KEY);
      // {{resolve:secretsmanager:<arn>:SecretString:::}}: resolved at deploy time, never in the template.
      expect(value).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(secretId);
    }
    expect(sealing.sort()).toEqual(['create-webhook-endpoint', 'rotate-webhook-secret']);
    // The developers' loopback exception is never on in a deployed stack.
    expect(JSON.stringify(template.toJSON())).not.toContain('WEBHOOK_ALLOW_LOOPBACK');
  });

  it('counts failed items of both background functions (workers and webhook sender) in the one metric its alarm watches', () => {
    const filters = ofType('AWS::Logs::MetricFilter');
    expect(filters).toHaveLength(2);
    for (const [, filter] of filters) {
      expect(filter.Properties.MetricTransformations).toEqual([
        expect.objectContaining({ MetricNamespace: 'DeliveryApi', MetricName: 'WorkerItemFailures', MetricValue: '1' }),
      ]);
    }
    const logGroupsOf = (name: string) => JSON.stringify(resources[logicalIdOf(name)]!.Properties.LoggingConfig);
    const filtered = filters.map(([, filter]) => JSON.stringify(filter.Properties.LogGroupName));
    for (const name of ['scheduled-workers', WEBHOOK_SENDER.name])
      expect(filtered.some((group) => logGroupsOf(name).includes(JSON.parse(group).Ref))).toBe(true);
  });

  it('counts the workers’ failed items from their log in a metric, which an alarm watches', () => {
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.message = "worker item failed" }',
      MetricTransformations: [{ MetricNamespace: 'DeliveryApi', MetricName: 'WorkerItemFailures', MetricValue: '1' }],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'DeliveryApi',
      MetricName: 'WorkerItemFailures',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('reserves no concurrency anywhere, so it deploys to a new account (quota 10, of which 10 must stay unreserved)', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('lets CloudWatch publish this account’s alarms to the alarm topic, over TLS only', () => {
    const policies = ofType('AWS::SNS::TopicPolicy');
    const statements = (policies[0]![1].Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement;

    expect(policies).toHaveLength(1);

    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        expect.objectContaining({
          Effect: 'Allow',
          Principal: { Service: 'cloudwatch.amazonaws.com' },
          Action: 'sns:Publish',
          Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnLike: { 'aws:SourceArn': expect.anything() } },
        }),
      ]),
    );
  });

  it('gives every route function time for a DynamoDB call’s worst case (every attempt timing out) and then its own 503', () => {
    const { maxAttempts, connectionTimeoutMs, requestTimeoutMs, maxBackoffMs } = DYNAMO_CALL_LIMITS;
    const worstCallMs = maxAttempts * (connectionTimeoutMs + requestTimeoutMs) + maxBackoffMs;

    for (const route of routes as readonly Route[]) {
      const timeoutMs = (resources[logicalIdOf(route.name)]!.Properties.Timeout as number) * 1000;
      expect(worstCallMs + EARLY_ANSWER_MS).toBeLessThan(timeoutMs);
    }
  });

  it('answers a WAF flood block with the spec’s 429 rate_limited and Retry-After, with room for riders behind carrier NAT', () => {
    type Rule = { Name: string; Statement: { RateBasedStatement?: { Limit: number } }; Action?: unknown };
    const acl = ofType('AWS::WAFv2::WebACL')[0]![1];
    const { Rules: rules, CustomResponseBodies: bodies } = acl.Properties as {
      Rules: Rule[];
      CustomResponseBodies: Record<string, { Content: string; ContentType: string }>;
    };
    const floods = rules.filter((rule) => rule.Statement.RateBasedStatement);

    expect(floods.map((rule) => [rule.Name, rule.Statement.RateBasedStatement!.Limit])).toEqual([
      ['PerIpFlood', 3000],
      ['PerIpFleetFlood', 60000],
      ['PerIpTrackingFlood', 6000],
    ]);
    for (const rule of floods) {
      expect(rule.Action).toEqual({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            // The tracking page's customers get a page; the APIs' clients, the spec's error body.
            CustomResponseBodyKey: rule.Name === 'PerIpTrackingFlood' ? 'page-rate-limited' : 'rate-limited',
            ResponseHeaders: [
              { Name: 'Retry-After', Value: '60' },
              { Name: 'RateLimit-Remaining', Value: '0' },
              { Name: 'RateLimit-Reset', Value: '60' },
            ],
          },
        },
      });
    }
    expect(bodies['rate-limited']!.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(bodies['rate-limited']!.Content)).toEqual({ error: 'Rate limit exceeded; retry in 60 s', code: 'rate_limited' });
    expect(bodies['page-rate-limited']!.ContentType).toBe('TEXT_HTML');
    expect(bodies['page-rate-limited']!.Content).toMatch(/^<!doctype html>.*Too many requests.*lang="hi"/);
  });

  it('scopes each per-IP flood rule to its own paths: the tracking page and the fleet API are counted apart from the merchant API', () => {
    type Match = { ByteMatchStatement: { SearchString: string } };
    const acl = ofType('AWS::WAFv2::WebACL')[0]![1];
    const rules = (acl.Properties as { Rules: Array<{ Name: string; Statement: { RateBasedStatement?: { ScopeDownStatement: unknown } } }> }).Rules;
    const scope = Object.fromEntries(
      rules.filter((r) => r.Statement.RateBasedStatement).map((r) => [r.Name, r.Statement.RateBasedStatement!.ScopeDownStatement]),
    );
    const path = (statement: unknown) => (statement as Match).ByteMatchStatement.SearchString;
    const not = (statement: unknown) => path((statement as { NotStatement: { Statement: unknown } }).NotStatement.Statement);

    expect((scope.PerIpFlood as { AndStatement: { Statements: unknown[] } }).AndStatement.Statements.map(not)).toEqual(['/fleet/v1/', '/track/']);
    expect(path(scope.PerIpTrackingFlood)).toBe('/track/');
    expect(path(scope.PerIpFleetFlood)).toBe('/fleet/v1/');
  });

  it('refuses to synthesise a production stage without an alarm e-mail', () => {
    expect(() => synth({ stage: 'prod' })).toThrow('A production stage needs alarmEmail');
  });

  it('outputs the API URL, table name and usage plan id', () => {
    const outputs = Object.keys(template.toJSON().Outputs as Record<string, unknown>);
    expect(outputs).toEqual(expect.arrayContaining(['ApiUrl', 'TableName', 'UsagePlanId']));
  });

  it('sets log retention on every log group', () => {
    for (const [, group] of ofType('AWS::Logs::LogGroup')) expect(group.Properties.RetentionInDays).toBe(7);
  });
});
