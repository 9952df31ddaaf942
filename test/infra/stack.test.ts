import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { DEFAULT_TRACKING_PAGE_LIMITS, TRACKING_PAGE_REQUESTS_PER_EXECUTION } from '../../lib/delivery-api-stack.ts';
import { ACCESS, type TableAccess } from '../../lib/access.ts';
import { functionId, routes, type Route } from '../../functions/http/routes.ts';
import { DEPLOYED_FUNCTIONS, DOORBELL, MERCHANT_AUTHORIZER, WEBHOOK_SENDER, WORKER_FUNCTIONS } from '../../lib/functions.ts';
import { ENGINE_DESCRIPTIONS } from '../../lib/engine.ts';
import { AUTHORIZER_CACHE_TTL, MOCK_CONTENT_TYPES, STORE_GATEWAY_THROTTLE } from '../../lib/rest-api.ts';
import { RATE_LIMITS } from '../../functions/core/rate-limits.ts';
import { STAGES, synth, type Resources } from './synth.ts';
import { DYNAMO_CALL_LIMITS } from '../../functions/data/client.ts';
import { EARLY_ANSWER_MS } from '../../functions/http/handler.ts';
import { TABLE } from '../../functions/data/table.ts';
import { WORKER_ITEM_FAILED } from '../../functions/workers/worklist.ts';
import { JOB_OVERDUE } from '../../functions/use-cases/overdue-jobs.ts';
import { ENGINE_MESSAGES } from '../../functions/engine/messages.ts';

const { template, resources: anyResources } = synth();
const resources = anyResources as Record<string, { Type: string; Properties: Record<string, unknown> } & Resources[string]>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const prod = synth(STAGES.prod);
// The engine's functions: the doorbell and the five workers.
const ENGINE = [DOORBELL, ...Object.values(WORKER_FUNCTIONS)].map((fn) => fn.name);
const AUTHORIZER = 'Merchant API keys: names the store usage key for the usage plan';
// A function's description: its route ("GET /v1/balance"), or what the function does.
const descriptionOf = (handler: string) => {
  const route = (routes as readonly Route[]).find((r) => r.name === handler);
  if (route) return `${route.method} ${route.path}`;
  if (handler === MERCHANT_AUTHORIZER.name) return AUTHORIZER;
  return ENGINE_DESCRIPTIONS[handler];
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
    expect(() => synth(STAGES.dev, { nag: true })).not.toThrow();
    expect(() => synth(STAGES.prod, { nag: true })).not.toThrow();
  });

  it('names every function’s logical id after its stable name in the route table, not after its module', () => {
    for (const fn of DEPLOYED_FUNCTIONS) {
      const scope = ENGINE.includes(fn.name) ? 'Engine' : 'Merchant';
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
    expect(functions).toHaveLength(routes.length + 1 + ENGINE.length); // + the merchant authorizer, the doorbell and the five workers
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
            STAGE: 'dev',
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
    expect(authorizer.Properties.AuthorizerCredentials).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^MerchantInvokeRole/), 'Arn'] });
    const merchantMethods = ofType('AWS::ApiGateway::Method').filter(([, m]) => m.Properties.AuthorizationType === 'CUSTOM');
    expect(merchantMethods).toHaveLength((routes as readonly Route[]).filter((r) => r.api === 'merchant').length);
    for (const [, method] of merchantMethods) expect(method.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
  });

  it('invokes every API function as one role API Gateway assumes, which may invoke exactly those functions (no permission per function)', () => {
    const [roleId, role] = ofType('AWS::IAM::Role').find(([id]) => id.startsWith('MerchantInvokeRole'))!;
    const statements = (role.Properties.Policies as Array<{ PolicyDocument: { Statement: Array<{ Action: string; Resource: unknown }> } }>)[0]!.PolicyDocument
      .Statement;
    const apiFunctions = [...(routes as readonly Route[]).map((r) => r.name), MERCHANT_AUTHORIZER.name].map(logicalIdOf).sort();
    const pattern = (statements[0]!.Resource as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].at(-1) as string;

    expect(role.Properties.AssumeRolePolicyDocument).toMatchObject({ Statement: [{ Principal: { Service: 'apigateway.amazonaws.com' } }] });
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action).toBe('lambda:InvokeFunction');
    // One ARN pattern (issue 34 §6: it named each function's ARN), which the API functions' names match, and no other function's.
    expect(pattern).toBe(':function:DeliveryApi-dev-Api-*');
    const matching = ofType('AWS::Lambda::Function').filter(([, fn]) => String(fn.Properties.FunctionName).startsWith('DeliveryApi-dev-Api-'));
    expect(matching.map(([id]) => id).sort()).toEqual(apiFunctions);
    for (const [, method] of ofType('AWS::ApiGateway::Method').filter(([, m]) => (m.Properties.Integration as { Type: string }).Type === 'AWS_PROXY'))
      expect((method.Properties.Integration as { Credentials: unknown }).Credentials).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] });
    // Only EventBridge's sweep needs a function's own permission (event source mappings invoke as the function's role allows).
    expect(ofType('AWS::Lambda::Permission').map(([, p]) => p.Properties.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('answers 404 and 405 whatever the body’s content type (a template for each common one), not API Gateway’s 415', () => {
    const mocks = ofType('AWS::ApiGateway::Method').filter(([, m]) => (m.Properties.Integration as { Type: string }).Type === 'MOCK');

    expect(mocks.length).toBeGreaterThan(0);
    for (const [, method] of mocks) {
      const templates = (method.Properties.Integration as { RequestTemplates: Record<string, string> }).RequestTemplates;
      expect(Object.keys(templates).sort()).toEqual([...MOCK_CONTENT_TYPES].sort());
      expect(new Set(Object.values(templates)).size).toBe(1);
    }
    expect(MOCK_CONTENT_TYPES).toEqual(expect.arrayContaining(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']));
  });

  it('answers a known path’s other methods with 405 and Allow', () => {
    const anyMethods = ofType('AWS::ApiGateway::Method').filter(
      ([, m]) =>
        m.Properties.HttpMethod === 'ANY' &&
        (m.Properties.Integration as { IntegrationResponses?: Array<{ StatusCode: string }> }).IntegrationResponses?.[0]!.StatusCode === '405',
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

  it('answers the console’s home (/console, the root of GET /console/{proxy+}) with the console’s function, any method, in place of a 404', () => {
    const [consoleId] = ofType('AWS::ApiGateway::Resource').find(([, r]) => r.Properties.PathPart === 'console')!;
    const onConsole = ofType('AWS::ApiGateway::Method').filter(([, m]) => JSON.stringify(m.Properties.ResourceId) === JSON.stringify({ Ref: consoleId }));

    expect(onConsole).toHaveLength(1);
    expect(onConsole[0]![1].Properties).toMatchObject({
      HttpMethod: 'ANY',
      ApiKeyRequired: false,
      AuthorizationType: 'NONE',
      Integration: { Type: 'AWS_PROXY' },
    });
    expect(JSON.stringify(onConsole[0]![1].Properties.Integration)).toContain(logicalIdOf('console-assets'));
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

  it('keeps the table, the webhook secrets key and the log groups outside dev, except when their own create failed; dev keeps nothing', () => {
    const kept = ['AWS::DynamoDB::GlobalTable', 'AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup'];
    // The cursor signing key is not data: a new one only makes the cursors in clients' hands a 400.
    const cursorKey = (id: string) => id.startsWith('CursorSigningKey');
    const prodKept = Object.entries(prod.resources)
      .filter(([id, r]) => kept.includes(r.Type) && !cursorKey(id))
      .map(([, r]) => r);
    const [, table] = Object.entries(prod.resources).find(([, r]) => r.Type === 'AWS::DynamoDB::GlobalTable')!;

    expect(prodKept.length).toBe(2 + ofType('AWS::Logs::LogGroup').length);
    for (const resource of prodKept) expect(resource).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    expect((table.Properties!.Replicas as Array<Record<string, unknown>>)[0]).toMatchObject({ DeletionProtectionEnabled: true });
    for (const [, resource] of ofType('AWS::DynamoDB::GlobalTable').concat(ofType('AWS::SecretsManager::Secret'), ofType('AWS::Logs::LogGroup')))
      expect(resource).toMatchObject({ DeletionPolicy: 'Delete' });
    for (const [id, resource] of Object.entries(prod.resources)) if (cursorKey(id)) expect(resource).toMatchObject({ DeletionPolicy: 'Delete' });
    // The alarm topic's key encrypts only messages in flight: it goes with the stack, in every stage.
    for (const stage of [resources, prod.resources])
      expect(Object.values(stage).find((r) => r.Type === 'AWS::KMS::Key')).toMatchObject({ DeletionPolicy: 'Delete', Properties: { PendingWindowInDays: 7 } });
  });

  it('re-attaches a kept webhook secrets key instead of making a new one when given its ARN', () => {
    const arn = 'arn:aws:secretsmanager:ap-south-1:123456789012:secret:DeliveryApiWebhookSecretsKey-AbCdEf';
    const reattached = synth({ ...STAGES.prod, webhookSecretsKeyArn: arn });
    const sealing = Object.values(reattached.resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && (r.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.WEBHOOK_SECRETS_KEY_ARN,
    );
    const readers = Object.values(reattached.resources).filter((r) => r.Type === 'AWS::IAM::Role' && JSON.stringify(r.Properties).includes('secretsmanager:'));

    const secrets = Object.entries(reattached.resources).filter(([, r]) => r.Type === 'AWS::SecretsManager::Secret');
    expect(secrets.map(([id]) => id)).toEqual([expect.stringMatching(/^CursorSigningKeySecret/)]);
    expect(sealing).toHaveLength(3);
    for (const fn of sealing) expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.WEBHOOK_SECRETS_KEY_ARN).toBe(arn);
    // The sealing routes' role and the sender's read the kept key by its ARN; the ledger's its own key.
    expect(readers.filter((r) => JSON.stringify(r.Properties).includes(JSON.stringify(arn)))).toHaveLength(2);
  });

  it('keeps the logical ids of the table, the keys, the secret and the API, so no deploy replaces them', () => {
    const idOf = (type: string) => ofType(type).map(([id]) => id);

    expect(idOf('AWS::DynamoDB::GlobalTable')).toEqual(['DataTableFDBAD0F2']);
    expect(idOf('AWS::SecretsManager::Secret')).toContain('WebhookSecretsKeySecret10870A00');
    expect(idOf('AWS::KMS::Key')).toEqual(['AlarmTopicKey57B0D3A7']);
    expect(idOf('AWS::ApiGateway::RestApi')).toEqual(['MerchantApi7C919DDE']);
  });

  it('stays far below CloudFormation’s 500 resources: room for 40 more routes at what a route costs', () => {
    const count = (r: Resources) => Object.keys(r).length;
    // A route's own resources: its function and method; its path's resource and 405 method when the path is new.
    const perRoute = 4;

    expect(count(resources)).toBeLessThan(500 - 40 * perRoute);
    expect(count(prod.resources)).toBeLessThan(500 - 40 * perRoute);
    // Nothing else grows with the routes: no role, policy, log group, permission or alarm a function.
    expect(ofType('AWS::IAM::Role').length).toBeLessThanOrEqual(new Set(Object.values(ACCESS)).size + 2);
    expect(ofType('AWS::IAM::Policy')).toHaveLength(1);
    expect(ofType('AWS::Lambda::Permission')).toHaveLength(1);
    expect(ofType('AWS::Logs::LogGroup')).toHaveLength(4);
    expect(ofType('AWS::CloudWatch::Alarm')).toHaveLength(13);
  });

  describe('least privilege', () => {
    // A function's statements, without the CloudFormation references, in a comparable form.
    function statementsOf(handler: string) {
      const fnId = logicalIdOf(handler);
      const roleId = (resources[fnId]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      // The role's one inline policy; no policy resource attaches anything else to it.
      const policies = resources[roleId]!.Properties.Policies as Array<{ PolicyDocument: { Statement: Array<Record<string, unknown>> } }>;
      expect(policies).toHaveLength(1);
      expect(ofType('AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(roleId))).toEqual([]);
      return { roleId, statements: policies[0]!.PolicyDocument.Statement };
    }

    // What each engine function may do beyond the table: the doorbell invokes the workers, sends alarms and is
    // fed by the stream and the alarm queue; a worker sends alarms; the relay also invokes the sender.
    const engineActionsOf = (handler: string): string[][] => {
      if (handler === DOORBELL.name)
        return [
          ['lambda:InvokeFunction'],
          ['sqs:SendMessage'],
          ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
          ['dynamodb:ListStreams'],
          ['sqs:DeleteMessage', 'sqs:GetQueueAttributes', 'sqs:ReceiveMessage'],
        ];
      if (handler === WORKER_FUNCTIONS.relay.name) return [['sqs:SendMessage'], ['lambda:InvokeFunction']];
      return ENGINE.includes(handler) ? [['sqs:SendMessage']] : [];
    };
    // The functions that seal, open or sign read their key from Secrets Manager when they run (issue 34).
    const KEY_READERS = [...(routes as readonly Route[]).filter((r) => r.sealsSecrets || r.signsCursors).map((r) => r.name), WEBHOOK_SENDER.name];
    const secretActionsOf = (handler: string): string[][] => (KEY_READERS.includes(handler) ? [['secretsmanager:GetSecretValue']] : []);

    it.each(HANDLERS.map((h) => [h]))('%s may do exactly what its handler does', (handler) => {
      const access = accessOf(handler);
      const { roleId, statements } = statementsOf(handler);
      const asArray = (value: unknown) => (Array.isArray(value) ? value : [value]);
      // The table's statements: on the table or its index (the doorbell's stream statements are the engine's, below).
      const onTable = (s: Record<string, unknown>) =>
        /^\[?\{"Fn::(GetAtt|Join)":(\["DataTable[0-9A-F]+","Arn"\]|\["",\[\{"Fn::GetAtt":\["DataTable)/.test(JSON.stringify(s.Resource));
      const dynamo = statements.filter((s) => asArray(s.Action).some((a: string) => a.startsWith('dynamodb:')) && onTable(s));
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
      // Everything else: its own log group, X-Ray (which has no resource-level permissions), and what an engine function does to the others.
      expect(others.map((s) => asArray(s.Action).sort())).toEqual([
        ['logs:CreateLogStream', 'logs:PutLogEvents'],
        ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
        ...engineActionsOf(handler),
        ...secretActionsOf(handler),
      ]);
      for (const s of dynamo) expect(JSON.stringify(s.Resource)).not.toBe('"*"');
      // Only X-Ray and the stream poller's ListStreams may name every resource.
      for (const s of others.filter((s) => s.Resource === '*'))
        expect(asArray(s.Action).every((a: string) => /^xray:|^dynamodb:ListStreams$/.test(a))).toBe(true);
      expect(resources[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
      // Its logs: exactly the log groups its kind's functions write to.
      const groupsOfKind = ofType('AWS::Lambda::Function')
        .filter(([, fn]) => JSON.stringify(fn.Properties.Role).includes(roleId))
        .map(([, fn]) => (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref);
      const logs = others.find((s) => asArray(s.Action).includes('logs:PutLogEvents'))!;
      expect(
        asArray(logs.Resource)
          .map((r: { 'Fn::GetAtt': [string] }) => r['Fn::GetAtt'][0])
          .sort(),
      ).toEqual([...new Set(groupsOfKind)].sort());
    });

    it('gives the functions of one kind one role, and no two kinds the same role', () => {
      const roleOf = (name: string) => (resources[logicalIdOf(name)]!.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      const kinds = new Map<string, string>();
      for (const fn of DEPLOYED_FUNCTIONS) {
        const role = roleOf(fn.name);
        expect(kinds.get(fn.access) ?? role).toBe(role);
        kinds.set(fn.access, role);
      }
      expect(new Set(kinds.values()).size).toBe(kinds.size);
    });

    it('limits the merchant authorizer’s reads to API keys’ items by their hash (dynamodb:LeadingKeys), like the page’s', () => {
      expect(accessOf(MERCHANT_AUTHORIZER.name)).toEqual({ table: ['dynamodb:GetItem'], updates: 'none', leadingKeys: ['APIKEY#*'] });
    });

    it('lets only the moves that change money update any item (booking, cancel, the decision and the recall, dispatch and the sandbox rider, code submission, failure, a failed delivery attempt, the last decline and the payment at the door)', () => {
      const unrestricted = HANDLERS.filter((h) => accessOf(h).updates === 'any').sort();
      const readOnly = ['get-balance', 'get-rate-card', 'get-job', 'list-jobs', 'fleet-get-job', 'fleet-list-offers', 'fleet-get-rider-cash'].map(
        (h) => accessOf(h).table,
      );

      expect(unrestricted).toEqual([
        'cancel-job',
        'create-booking',
        'decide-delivery',
        'dispatch-worker',
        'fleet-attempt-delivery',
        'fleet-decline-job',
        'fleet-fail-job',
        'fleet-record-collection',
        'fleet-submit-code',
        'recall-job',
        'simulation-worker',
      ]);
      // The one function callable without a key reads tracking links and stores' items only, and writes nothing.
      expect(accessOf('tracking-page')).toEqual({ table: ['dynamodb:GetItem'], updates: 'none', leadingKeys: ['TRACK#*', 'STORE#*'] });
      for (const actions of readOnly) expect(actions.filter((action) => !/:(Get|BatchGet|Query)/.test(action))).toEqual([]);
    });

    it('lets a deposit check the operator’s key, put its log entry and key marker, read the account, and update only a rider’s cash account and its rate bucket', () => {
      expect(accessOf('fleet-record-deposit')).toEqual({
        table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
        updates: ['PK', 'SK', 'tat', 'ttl', 'lastUsedOn', 'updatedAt', 'inHandMinor', 'exposureMinor', 'depositedMinor'],
      });
    });

    it('lets the merchant’s edit read the job and put it with its event, under key and store checks, and update only its rate bucket', () => {
      expect(accessOf('edit-job')).toEqual({
        table: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
        updates: ['PK', 'SK', 'tat', 'ttl', 'lastUsedOn'],
      });
    });
  });

  it('reshapes API Gateway’s own answers into the spec’s error body', () => {
    const responses = Object.fromEntries(ofType('AWS::ApiGateway::GatewayResponse').map(([, r]) => [r.Properties.ResponseType as string, r.Properties]));
    const bodyOf = (type: string) => JSON.parse((responses[type]!.ResponseTemplates as Record<string, string>)['application/json']!);
    // The functions' own 401s: no header, or one message for any refused key.
    expect(responses.UNAUTHORIZED).toMatchObject({ StatusCode: '401' });
    expect(bodyOf('UNAUTHORIZED')).toEqual({ error: 'Missing API key: send it in the X-Api-Key header', code: 'unauthorized' });
    expect(responses.ACCESS_DENIED).toMatchObject({ StatusCode: '401' });
    expect(bodyOf('ACCESS_DENIED')).toEqual({ error: 'Invalid API key', code: 'unauthorized' });
    // A valid key whose store has no usage key in this stage's plan: the same 401, words of its own (issue 34 §6; test/infra/gateway-responses.test.ts).
    expect(responses.INVALID_API_KEY).toMatchObject({ StatusCode: '401' });
    expect(bodyOf('INVALID_API_KEY')).toMatchObject({ code: 'unauthorized' });
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
    // The usage plan sets no quota, so the gateway has no QUOTA_EXCEEDED to answer (a quota would need its 429 here first).
    for (const [, plan] of ofType('AWS::ApiGateway::UsagePlan')) expect(plan.Properties.Quota).toBeUndefined();
    expect(responses.QUOTA_EXCEEDED).toBeUndefined();
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
      Throttle: { RateLimit: STORE_GATEWAY_THROTTLE.rateLimit, BurstLimit: STORE_GATEWAY_THROTTLE.burstLimit },
      ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
    });
    // The gateway's shield is never tighter than a store's standard limits, all groups together, at once or over a minute.
    const perMinute = Object.values(RATE_LIMITS).reduce((sum, group) => sum + group.capacity, 0);
    expect(STORE_GATEWAY_THROTTLE.burstLimit).toBeGreaterThanOrEqual(perMinute);
    expect(STORE_GATEWAY_THROTTLE.rateLimit * 60).toBeGreaterThanOrEqual(STORE_GATEWAY_THROTTLE.burstLimit);
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
        // The public tracking page gets a ceiling of its own, by configuration.
        Match.objectLike({
          HttpMethod: 'GET',
          ResourcePath: '/~1track~1{token}',
          ThrottlingRateLimit: DEFAULT_TRACKING_PAGE_LIMITS.rateLimit,
          ThrottlingBurstLimit: DEFAULT_TRACKING_PAGE_LIMITS.burstLimit,
        }),
        // Issue 36: the console's session routes, a ceiling of their own each.
        ...[
          ['POST', '/~1console~1v1~1sessions'],
          ['POST', '/~1console~1v1~1sessions~1refresh'],
          ['POST', '/~1console~1v1~1sessions~1mode'],
          ['DELETE', '/~1console~1v1~1sessions~1current'],
        ].map(([HttpMethod, ResourcePath]) => Match.objectLike({ HttpMethod, ResourcePath, ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 })),
        // And the console web app's files, a ceiling of their own.
        Match.objectLike({ HttpMethod: 'GET', ResourcePath: '/~1console~1{proxy+}', ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 }),
      ],
    });
  });

  it('alarms on 5XX rate and count, guarded p99 latency, the account’s Lambda throttles, the engine, table throttles and system errors, to the alarm topic, and says when each is OK again', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const composites = ofType('AWS::CloudWatch::CompositeAlarm').map(([, a]) => a.Properties);
    const described = [...alarms, ...composites].map((a) => a.AlarmDescription as string);
    // The heartbeat's two metric alarms are silent: their composite pages (lib/monitoring.ts).
    const silent = alarms.filter((a) => (a.AlarmDescription as string).startsWith('Silent'));
    const paging = [...alarms.filter((a) => !silent.includes(a)), ...composites];

    expect(described).toEqual(
      expect.arrayContaining([
        '1% or more of requests answered 5XX over 5 minutes',
        '5 or more requests answered 5XX in 5 minutes (a route function’s crash or timeout is one)',
        'p99 latency 2 s or more in 2 of 3 5-minute periods of 100 requests or more',
        'Account-wide: Lambda throttled 1 or more invocations in 5 minutes (any function of this account and region)',
        'DynamoDB throttled reads or writes',
        'DynamoDB system errors',
        'Workers: a job failed to move (worker item failed in the logs)',
        'Jobs overdue: a parcel’s way back or a rider’s re-arrival passed its deadline (npm run admin -- review list)',
        `One of ${ENGINE.map(functionId).join(', ')}: a run failed`,
      ]),
    );
    // No alarm per function any more: the route functions' crashes are the gateway's 5XX (issue 34).
    expect(described.some((d) => /invocation errors|throttled by Lambda concurrency/.test(d))).toBe(false);
    // 5XX rate and count, p99, throttles; the engine's four: a failed run, missing sweeps, a dead alarm, a late stream; the table's two; failed items; jobs overdue.
    expect(paging).toHaveLength(12);
    expect(silent).toHaveLength(2);
    expect(composites).toHaveLength(1);
    // Every comparison is "or more" (or "fewer than" for a heartbeat): no description says "more than".
    for (const alarm of [...alarms, ...composites]) {
      expect(alarm.AlarmDescription).not.toMatch(/more than|above/);
      if (alarm.ComparisonOperator !== undefined) expect(['GreaterThanOrEqualToThreshold', 'LessThanThreshold']).toContain(alarm.ComparisonOperator);
    }
    for (const alarm of paging) {
      expect(alarm.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmTopic/) }]);
      expect(alarm.OKActions).toEqual(alarm.AlarmActions);
    }
    for (const alarm of silent) expect([alarm.AlarmActions, alarm.OKActions, alarm.InsufficientDataActions]).toEqual([undefined, undefined, undefined]);
  });

  // Issue 34: the keys are read at run time, by version; the environment names the secret, and only
  // the functions that use a key may read it (each role's exact statements: 'may do exactly what its handler does').
  const readersOf = (secretId: string) =>
    ofType('AWS::IAM::Role')
      .filter(([, role]) =>
        JSON.stringify(role.Properties.Policies ?? []).includes(
          JSON.stringify({ Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: { Ref: secretId } }),
        ),
      )
      .map(([id]) => id);
  const roleOf = (fnId: string) => (resources[fnId]!.Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];

  it('names the key that seals webhook secrets (by ARN) only to the functions that seal or open them, whose roles alone may read it', () => {
    const secrets = ofType('AWS::SecretsManager::Secret').filter(([, s]) => String(s.Properties.Description).includes('WEBHOOK_SECRETS_KEY'));
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0]!;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    const variables = (id: string) => (resources[id]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const withKey = ofType('AWS::Lambda::Function')
      .filter(([id]) => variables(id).WEBHOOK_SECRETS_KEY_ARN !== undefined)
      .map(([id]) => id)
      .sort();
    const sealing = (routes as readonly Route[]).filter((r) => r.sealsSecrets).map((r) => r.name);
    expect(withKey).toEqual([...sealing, WEBHOOK_SENDER.name].map(logicalIdOf).sort());
    for (const id of withKey) expect(variables(id).WEBHOOK_SECRETS_KEY_ARN).toEqual({ Ref: secretId });
    expect(readersOf(secretId).sort()).toEqual([...new Set(withKey.map(roleOf))].sort());
    // No function outside those shares their roles (so none other may read the key).
    const readerRoles = new Set(readersOf(secretId));
    expect(ofType('AWS::Lambda::Function').filter(([id]) => readerRoles.has(roleOf(id)) && !withKey.includes(id))).toEqual([]);
    expect(sealing.sort()).toEqual(['create-webhook-endpoint', 'rotate-webhook-secret']);
    // The developers' loopback exception is never on in a deployed stack.
    expect(JSON.stringify(template.toJSON())).not.toContain('WEBHOOK_ALLOW_LOOPBACK');
  });

  it('names the key that signs statement cursors (by ARN) only to GET /v1/ledger, whose role alone may read it, a secret of its own', () => {
    const secrets = ofType('AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(2);
    const [secretId, secret] = secrets.find(([, s]) => String(s.Properties.Description).includes('CURSOR_SIGNING_KEY'))!;
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    const variables = (id: string) => (resources[id]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const withKey = ofType('AWS::Lambda::Function')
      .filter(([id]) => variables(id).CURSOR_SIGNING_KEY_ARN !== undefined)
      .map(([id]) => id);
    expect(withKey).toEqual([logicalIdOf('list-ledger')]);
    expect(variables(withKey[0]!).CURSOR_SIGNING_KEY_ARN).toEqual({ Ref: secretId });
    expect(variables(withKey[0]!).WEBHOOK_SECRETS_KEY_ARN).toBeUndefined();
    expect(readersOf(secretId)).toEqual([roleOf(withKey[0]!)]);
    expect(ofType('AWS::Lambda::Function').filter(([id]) => roleOf(id) === roleOf(withKey[0]!))).toHaveLength(1);
  });

  it('counts the workers’ failed items, the sweeps and the jobs marked overdue in one metric each, of the stage, from the log every engine function shares', () => {
    const filters = ofType('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    const counting = (message: string, metricName: string) => ({
      FilterPattern: `{ $.message = "${message}" }`,
      MetricTransformations: [{ MetricNamespace: 'DeliveryApi', MetricName: metricName, MetricValue: '1', Dimensions: [{ Key: 'Stage', Value: '$.stage' }] }],
    });

    expect(filters).toHaveLength(3);
    expect(filters).toEqual(
      expect.arrayContaining([
        expect.objectContaining(counting(WORKER_ITEM_FAILED, 'WorkerItemFailures')),
        expect.objectContaining(counting(ENGINE_MESSAGES.sweep, 'SweepRuns')),
        expect.objectContaining(counting(JOB_OVERDUE, 'OverdueJobs')),
      ]),
    );
    const logGroupsOf = (name: string) => JSON.stringify(resources[logicalIdOf(name)]!.Properties.LoggingConfig);
    for (const name of ENGINE) for (const filter of filters) expect(logGroupsOf(name)).toContain((filter.LogGroupName as { Ref: string }).Ref);
    // The alarm watches this stage's failures only: a dev stage in the same account cannot fire prod's.
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'DeliveryApi',
      MetricName: 'WorkerItemFailures',
      Dimensions: [{ Name: 'Stage', Value: 'dev' }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    // Issue 33: a job overdue on its way back or at the drop is an alarm (operations' review queue grew).
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'DeliveryApi',
      MetricName: 'OverdueJobs',
      Dimensions: [{ Name: 'Stage', Value: 'dev' }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('tells every deployed function its stage (the logger writes it on every line, the metrics take it as their dimension)', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) expect((fn.Properties.Environment as { Variables: { STAGE: string } }).Variables.STAGE).toBe('dev');
  });

  it('reserves no concurrency in dev, so it deploys to a new account (quota 10, of which 10 must stay unreserved)', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
  });

  it('bounds the public tracking page in production: reserved executions, and a gateway throttle they can serve; the workers get theirs', () => {
    const functions = Object.values(prod.resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    const reserved = functions.filter((fn) => fn.Properties!.ReservedConcurrentExecutions !== undefined);
    const stage = Object.values(prod.resources).find((r) => r.Type === 'AWS::ApiGateway::Stage')!;
    const page = (stage.Properties!.MethodSettings as Array<Record<string, unknown>>).find((m) => m.ResourcePath === '/~1track~1{token}');

    expect(reserved.map((fn) => [fn.Properties!.Description, fn.Properties!.ReservedConcurrentExecutions]).sort()).toEqual(
      [
        ['GET /track/{token}', STAGES.prod.trackingPageConcurrency],
        // Each worker; not the doorbell, which only rings (one invocation a stream shard, alarms as they come, a sweep a minute).
        ...Object.values(WORKER_FUNCTIONS).map((fn) => [ENGINE_DESCRIPTIONS[fn.name], STAGES.prod.workersConcurrency]),
      ].sort(),
    );
    expect(page).toMatchObject({
      ThrottlingRateLimit: STAGES.prod.trackingPageConcurrency! * TRACKING_PAGE_REQUESTS_PER_EXECUTION,
      ThrottlingBurstLimit: 2 * STAGES.prod.trackingPageConcurrency! * TRACKING_PAGE_REQUESTS_PER_EXECUTION,
    });
  });

  it('refuses to synthesise a production stage without the page’s and the workers’ reserved executions', () => {
    expect(() => synth({ stage: 'prod', alarmEmail: 'oncall@example.com' })).toThrow('A production stage needs trackingPageConcurrency and workersConcurrency');
    expect(() => synth({ ...STAGES.prod, workersConcurrency: undefined })).toThrow('workersConcurrency');
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

    // Merchant routes per address and key, then per address (issue 34 §6: an integrator's stores share an address).
    expect(floods.map((rule) => [rule.Name, rule.Statement.RateBasedStatement!.Limit])).toEqual([
      ['PerIpKeyFlood', 4000],
      ['PerIpFlood', 30000],
      ['PerIpFleetFlood', 60000],
      ['PerIpTrackingFlood', 6000],
      // Issue 36: the console's session routes, per address.
      ['PerIpConsoleSessionFlood', 600],
      ['PerIpConsoleAppFlood', 1500],
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

    expect((scope.PerIpFlood as { AndStatement: { Statements: unknown[] } }).AndStatement.Statements.map(not)).toEqual(['/fleet/v1/', '/track/', '/console/']);
    expect(scope.PerIpKeyFlood).toEqual(scope.PerIpFlood);
    expect(path(scope.PerIpTrackingFlood)).toBe('/track/');
    expect(path(scope.PerIpFleetFlood)).toBe('/fleet/v1/');
    expect(path(scope.PerIpConsoleSessionFlood)).toBe('/console/v1/sessions');
    // The console web app's files: under /console/, the session routes left to their own rule.
    const app = (scope.PerIpConsoleAppFlood as { AndStatement: { Statements: unknown[] } }).AndStatement.Statements;
    expect([path(app[0]), not(app[1])]).toEqual(['/console/', '/console/v1/sessions']);
  });

  it('refuses to synthesise a production stage without an alarm e-mail', () => {
    expect(() => synth({ ...STAGES.prod, alarmEmail: undefined })).toThrow('A production stage needs alarmEmail');
  });

  it('outputs the API URL, table name and usage plan id', () => {
    const outputs = Object.keys(template.toJSON().Outputs as Record<string, unknown>);
    expect(outputs).toEqual(expect.arrayContaining(['ApiUrl', 'TableName', 'UsagePlanId']));
  });

  it('sets log retention on every log group, API Gateway’s execution log group included (made by the stack before the stage)', () => {
    const [executionId, execution] = ofType('AWS::Logs::LogGroup').find(([id]) => id.startsWith('MerchantExecutionLogs'))!;
    const [, stage] = ofType('AWS::ApiGateway::Stage')[0]!;

    for (const [, group] of ofType('AWS::Logs::LogGroup')) expect(group.Properties.RetentionInDays).toBe(7);
    expect(execution.Properties.LogGroupName).toEqual({ 'Fn::Join': ['', ['API-Gateway-Execution-Logs_', { Ref: 'MerchantApi7C919DDE' }, '/dev']] });
    expect(stage.DependsOn).toEqual(expect.arrayContaining([executionId]));
  });

  it('logs the store, and the gateway’s own error type and message, in the access log; the firewall’s blocks with keys and paths redacted', () => {
    const [, stage] = ofType('AWS::ApiGateway::Stage')[0]!;
    const format = JSON.parse(
      (stage.Properties.AccessLogSetting as { Format: string }).Format.replace('$context.error.messageString', '"$context.error.messageString"'),
    );
    const [, logging] = ofType('AWS::WAFv2::LoggingConfiguration')[0]!;

    expect(format).toMatchObject({
      status: '$context.status',
      store: '$context.authorizer.principalId',
      errorType: '$context.error.responseType',
      error: '$context.error.messageString',
    });
    expect(logging.Properties).toMatchObject({
      ResourceArn: { 'Fn::GetAtt': [expect.stringMatching(/^MerchantFirewall/), 'Arn'] },
      RedactedFields: [{ SingleHeader: { Name: 'x-api-key' } }, { SingleHeader: { Name: 'authorization' } }, { UriPath: {} }, { QueryString: {} }],
    });
  });

  it('serves the API from a regional endpoint (the clients are in India, the stack in Mumbai)', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { EndpointConfiguration: { Types: ['REGIONAL'] } });
  });

  it('compresses answers of 4 KiB and more for clients that accept it: the console’s script (165 KB, 41 KB gzipped) and long lists', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { MinimumCompressionSize: 4096 });
  });
});
