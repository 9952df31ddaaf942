import { Duration, Fn, RemovalPolicy, Size, Stack, Token, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  ApiKeySourceType,
  EndpointType,
  IdentitySource,
  Integration,
  IntegrationType,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RequestAuthorizer,
  RestApi,
  type IResource,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { functionId, routes, type Route } from '../functions/http/routes.ts';
import { MERCHANT_AUTHORIZER, type FunctionSpec } from './functions.ts';
import type { FunctionRoles } from './function-roles.ts';
import { ServiceFunction } from './service-function.ts';
import { CONSOLE_FUNCTION } from './bundling.ts';
import { addFirewall } from './firewall.ts';
import { addGatewayResponses, addMethodNotAllowed, addNotFound } from './gateway-responses.ts';

/** The console's session routes (public, JSON): a gateway ceiling of their own; people sign in and refresh, no page floods them. */
const CONSOLE_SESSION_THROTTLE = { throttlingRateLimit: 20, throttlingBurstLimit: 40 };
/**
 * The console web app's files (public, GET /console/{proxy+}): a ceiling of their own. A full load is
 * index.html and, the first time, its script and stylesheet; the app moves between pages without loads.
 */
const CONSOLE_ASSETS_THROTTLE = { throttlingRateLimit: 50, throttlingBurstLimit: 100 };

// The customer's tracking page: the public route with reserved executions and the stage's page throttle.
const isTrackingPage = (route: Route) => route.path.startsWith('/track/');

export { MOCK_CONTENT_TYPES } from './gateway-responses.ts';

/** How much of the account the public tracking page may take (DeliveryApiStackProps.trackingPage). */
export interface TrackingPageLimits {
  /** Requests a second the gateway lets through to the page, all visitors together; the rest get 429. */
  rateLimit: number;
  burstLimit: number;
  /** Executions reserved for the page function, which are also its ceiling; none on a new account. */
  reservedConcurrency?: number;
}

export interface RestApiProps {
  stage: string;
  table: TableV2;
  roles: FunctionRoles;
  /** The log group every function shares. */
  functionLogs: LogGroup;
  logRetention: RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  logLevel: string;
  trackingPage: TrackingPageLimits;
  /** The environment of the routes that seal webhook secrets (the key, as a dynamic reference). */
  sealingEnvironment: Record<string, string>;
  /** The environment of the routes that sign statement cursors (the key, as a dynamic reference). */
  cursorEnvironment: Record<string, string>;
  /** Per-method metrics on every method (billed as custom metrics; the stage's own come without them). */
  detailedMetrics: boolean;
  /** Merchant requests in 5 minutes from one address, all keys together, before the firewall blocks it (lib/firewall.ts). */
  firewallIpLimit?: number;
  /** The stage's execution log group: made by the stack, or left to the one API Gateway made before (EXECUTION_LOG_GROUP_MODES). */
  executionLogGroup: ExecutionLogGroupMode;
}

/**
 * What the stack does about the stage's execution log group (`API-Gateway-Execution-Logs_<api id>/<stage>`):
 * `create` makes it, with the stack's retention (new stages, and stages that already have it from the
 * stack); `adopt` leaves the one API Gateway made itself to a stage deployed before the stack made it
 * (`-c executionLogGroup=adopt`): making it there fails "already exists" (docs/upgrades.md).
 */
export const EXECUTION_LOG_GROUP_MODES = ['create', 'adopt'] as const;
export type ExecutionLogGroupMode = (typeof EXECUTION_LOG_GROUP_MODES)[number];

/**
 * The usage plan's throttle per store (one usage key each). The DynamoDB limits are exact and per
 * group; this is the gateway's coarse shield in front of them, and must never be the tighter of the
 * two: its rate (600 a minute) is the ceiling of a store's agreed limits, all groups together, and its
 * burst lets a store spend a whole minute of that at once, as its buckets in DynamoDB do.
 */
export const STORE_GATEWAY_THROTTLE = { rateLimit: 10, burstLimit: 600 } as const;

/**
 * 10 s: a DynamoDB call's worst case (DYNAMO_CALL_LIMITS, 8.5 s) and the early 503 fit in it, and
 * API Gateway itself gives up at 29 s. (Memory: see ServiceFunction.)
 */
const TIMEOUT = Duration.seconds(10);

/**
 * How long the gateway keeps the merchant authorizer's answer for one key. A new key works at once
 * (nothing is cached for it); a revoked key passes the gateway for up to this long, and is refused by
 * every merchant function's own key check meanwhile.
 */
export const AUTHORIZER_CACHE_TTL = Duration.minutes(5);

/**
 * The Lambda name of one of the API's functions (the routes and the merchant authorizer): the stage's
 * prefix (apiFunctionPrefix), then its stable name in the route table. At most 62 characters (Lambda's
 * limit is 64): a stage name has at most 21, a route name 24.
 */
export function apiFunctionName(stage: string, name: string): string {
  return `${apiFunctionPrefix(stage)}${name}`;
}

/**
 * What every API function's name of a stage starts with, and nothing else's: a stage name never has
 * `A` (lower-case letters, digits and hyphens), so stage `dev`'s prefix never matches stage `dev-2`'s
 * functions, and the engine's workers (generated names, `DeliveryApi-<stage>-Engine…`) never match.
 */
export function apiFunctionPrefix(stage: string): string {
  return `DeliveryApi-${stage}-Api-`;
}

/** The access log's fields: API Gateway's standard ones, the store, and the gateway's own error. */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  resourcePath: '$context.resourcePath',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  // The store the merchant authorizer named (empty on fleet and public routes).
  store: '$context.authorizer.principalId',
  // Why the gateway itself answered (THROTTLED, INVALID_API_KEY, WAF_FILTERED …) and its message.
  errorType: '$context.error.responseType',
  error: '$context.error.messageString',
  wafStatus: '$context.waf.status',
  integrationStatus: '$context.integration.status',
};

/**
 * The REST API serving both APIs, the merchant API (/v1) and the fleet API (/fleet/v1): one Lambda per
 * route of the route table, shaped errors, firewall, and the usage plan. Merchant routes need a usage
 * key, which the merchant authorizer names (key source AUTHORIZER): one usage key per store, created
 * by the admin CLI; merchants' own keys are registered nowhere but in DynamoDB, as their SHA-256.
 */
export class DeliveryRestApi extends Construct {
  readonly api: RestApi;
  readonly functions: NodejsFunction[] = [];
  readonly usagePlan: UsagePlan;
  private readonly functionLogs: LogGroup;

  constructor(scope: Construct, id: string, props: RestApiProps) {
    super(scope, id);
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.logRemovalPolicy });
    this.functionLogs = props.functionLogs;
    this.api = new RestApi(this, 'Api', {
      restApiName: `delivery-api-${props.stage}`,
      description: 'Merchant Delivery Booking API (quotes, bookings, tracking, cancellation) and the fleet API (riders, fleet operations)',
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      // Regional, not edge-optimised: the clients are in India and the stack is in Mumbai (ap-south-1),
      // so CloudFront's extra hop buys nothing, and the regional firewall sees the callers' addresses.
      endpointTypes: [EndpointType.REGIONAL],
      // Answers of 4 KiB and more go gzipped to a client that accepts it: the console's script (165 KB, 41 KB
      // gzipped) on a phone's network, and long lists; a small JSON answer is not worth the CPU.
      minCompressionSize: Size.kibibytes(4),
      cloudWatchRole: true,
      // The role API Gateway writes execution logs with is an account setting (AWS::ApiGateway::Account):
      // the last stage deployed in the account and region names its own, so a deleted stack keeps its role
      // for the stages still writing with it. A failed first deploy, which set nothing, leaves none behind.
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      deployOptions: {
        stageName: props.stage,
        tracingEnabled: true,
        metricsEnabled: props.detailedMetrics,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false, // request bodies carry phone numbers: never log them
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        // The standard fields, the store the authorizer named, and the gateway's own error (its 401s,
        // 403s and 429s never reach a function, so only this line tells who got them and why).
        accessLogFormat: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS).replace(/"(\$context\.error\.messageString)"/, '$1')),
        // Stage-wide ceiling: the sum of what every store may do is far below this.
        throttlingRateLimit: 500,
        throttlingBurstLimit: 1000,
        // Public pages take no key: a ceiling of their own (every method has its own bucket), set by the
        // stage's configuration so the page cannot take the account's whole concurrency.
        methodOptions: Object.fromEntries(
          (routes as readonly Route[])
            .filter((route) => route.api === 'public')
            .map((route) => [
              `${route.path}/${route.method}`,
              isTrackingPage(route)
                ? { throttlingRateLimit: props.trackingPage.rateLimit, throttlingBurstLimit: props.trackingPage.burstLimit }
                : route.name === CONSOLE_FUNCTION
                  ? CONSOLE_ASSETS_THROTTLE
                  : CONSOLE_SESSION_THROTTLE,
            ]),
        ),
      },
    });

    const resources = new Map<string, IResource>([['/', this.api.root]]);
    const resourceFor = (path: string): IResource => {
      const existing = resources.get(path);
      if (existing) return existing;
      const cut = path.lastIndexOf('/');
      const resource = resourceFor(cut === 0 ? '/' : path.slice(0, cut)).addResource(path.slice(cut + 1));
      resources.set(path, resource);
      return resource;
    };

    // API Gateway calls every function as this one role (integration credentials), instead of one
    // resource-based permission a function: a route costs no permission resource. One ARN pattern, the
    // API functions' names (apiFunctionPrefix), so the policy does not grow with routes (IAM's inline
    // policies of a role hold 10,240 characters: about 85 functions named one by one).
    const { partition, region, account } = Stack.of(this);
    const invokes = new PolicyStatement({
      actions: ['lambda:InvokeFunction'],
      resources: [`arn:${partition}:lambda:${region}:${account}:function:${apiFunctionPrefix(props.stage)}*`],
    });
    const invokeRole = new Role(this, 'InvokeRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway invokes the API functions (the routes and the merchant authorizer)',
      inlinePolicies: { Invoke: new PolicyDocument({ statements: [invokes] }) },
    });
    const authorizerFn = this.serviceFunction(MERCHANT_AUTHORIZER, 'Merchant API keys: names the store usage key for the usage plan', props);
    const authorizer = new RequestAuthorizer(this, 'KeyAuthorizer', {
      authorizerName: `delivery-api-${props.stage}-merchant-keys`,
      handler: authorizerFn,
      assumeRole: invokeRole,
      identitySources: [IdentitySource.header('X-Api-Key')],
      resultsCacheTtl: AUTHORIZER_CACHE_TTL,
    });
    Validations.of(authorizer.node.findChild('authorizerInvokePolicy')).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::<MerchantMerchantAuthorizerFunction31357977.Arn>:*]',
      reason:
        'CDK’s own grant for an authorizer’s role names the function and its versions (:*); the function publishes no versions, and the invoke role’s inline policy names the function itself.',
    });
    // A greedy route's root (`/console` of `/console/{proxy+}`) is answered by its function too: the app's home.
    const greedyRoots = new Map<string, Integration>();
    for (const route of routes as readonly Route[]) {
      const keys = { ...(route.sealsSecrets && props.sealingEnvironment), ...(route.signsCursors && props.cursorEnvironment) };
      const fn = this.serviceFunction(route, `${route.method} ${route.path}`, props, {
        environment: Object.keys(keys).length > 0 ? keys : undefined,
        reservedConcurrency: isTrackingPage(route) ? props.trackingPage.reservedConcurrency : undefined,
      });
      const integration = new Integration({
        type: IntegrationType.AWS_PROXY,
        integrationHttpMethod: 'POST',
        uri: `arn:${partition}:apigateway:${region}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
        options: { credentialsRole: invokeRole },
      });
      // Merchant routes: the authorizer names the store's usage key, which the usage plan throttles.
      // Fleet routes carry fleet keys (Authorization: Bearer), checked by their functions.
      resourceFor(route.path).addMethod(route.method, integration, {
        apiKeyRequired: route.api === 'merchant',
        ...(route.api === 'merchant' && { authorizer }),
        operationName: route.name,
      });
      if (route.path.endsWith('+}')) greedyRoots.set(route.path.slice(0, route.path.lastIndexOf('/')), integration);
    }
    // A stage serves the deployment it was last given, which holds each integration's function ARN: a
    // new deployment whenever a function's name (so its ARN) changes, as CDK's LambdaIntegration does.
    this.api.latestDeployment?.addToLogicalId({ functionNames: this.functions.map((fn) => (fn.node.defaultChild as CfnFunction).functionName) });
    // REST APIs answer a known path with an unknown method as if the path did not exist; answer 405 instead.
    for (const [path, resource] of resources) {
      const allow = (routes as readonly Route[]).filter((route) => route.path === path).map((route) => route.method);
      const greedyRoot = greedyRoots.get(path);
      if (allow.length > 0) addMethodNotAllowed(resource, allow);
      // The console's home (`/console`, and `/console/`, which the gateway takes as the same path) in place of a 404: its
      // function answers GET with the app and any other method with the same 405 the gateway gives, so it costs no resource more.
      else if (greedyRoot) resource.addMethod('ANY', greedyRoot, { apiKeyRequired: false });
      // A path that only leads to routes (/, /v1, …) is not a route itself.
      else addNotFound(resource);
    }
    // Every other path: the spec's 404. Without it the gateway answers an unknown path that carries
    // an Authorization header (a fleet key) as a malformed AWS signature (403).
    addNotFound(this.api.root.addResource('{proxy+}'));

    this.usagePlan = this.api.addUsagePlan('UsagePlan', {
      name: `delivery-api-${props.stage}-merchants`,
      description: 'One usage key per store: a coarse per-store shield in front of the exact per-store limits in DynamoDB',
      // A coarse shield, never tighter than a store's exact per-minute limits in DynamoDB (STORE_GATEWAY_THROTTLE).
      throttle: STORE_GATEWAY_THROTTLE,
      apiStages: [{ api: this.api, stage: this.api.deploymentStage }],
    });
    addGatewayResponses(this.api);
    addFirewall(this, this.api, props);
    this.addExecutionLogs(props);

    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions::AwsSolutions-APIG4',
        reason:
          'Merchants authenticate with per-store API keys: a Lambda authorizer checks each key against its SHA-256 in DynamoDB on every merchant route (and names the store’s usage key for the usage plan), and each function checks the key again, with the store’s API access. Fleet routes authenticate riders and operations with fleet keys (Authorization: Bearer), checked the same way by each function, with per-key limits in DynamoDB. The public tracking page (GET /track/{token}) takes no key by design: its token is the capability, and it has its own gateway throttle, per-IP firewall rule and a role limited to tracking links and stores’ items. The console’s session routes and its web app’s files (/console/…) take no key either, each with its own throttle and firewall rule: the sessions’ tokens are their capability, and the files are public (the app signs in through the sessions). The ANY methods call no function: they answer 405 with Allow on a route’s path and 404 everywhere else (the parents of routes and {proxy+}).',
      },
      {
        id: 'AwsSolutions::AwsSolutions-COG4',
        reason:
          'A server-to-server API: merchants’ backends call it with a store key; no end users sign in, so a Cognito user pool has nobody to authenticate.',
      },
      {
        id: 'AwsSolutions::AwsSolutions-APIG2',
        reason:
          'Requests are validated in the functions with the same zod schemas the API description comes from, so every invalid request gets the spec’s error body with field-level details; gateway validation would answer first, in another shape.',
      },
    );
    Validations.of(invokeRole).acknowledge({
      // cdk-nag names the ARN as synthesised: a pseudo parameter where the stack's environment leaves it open.
      id: `AwsSolutions::AwsSolutions-IAM5[Resource::arn:${[
        [partition, '<AWS::Partition>'],
        [':lambda:', ''],
        [region, '<AWS::Region>'],
        [':', ''],
        [account, '<AWS::AccountId>'],
      ]
        .map(([value, pseudo]) => (pseudo && Token.isUnresolved(value) ? pseudo : value))
        .join('')}:function:${apiFunctionPrefix(props.stage)}*]`,
      reason:
        'The API functions of this stage, by their names’ prefix (apiFunctionPrefix): the routes and the merchant authorizer, not the engine’s workers and not another stage’s functions. One pattern keeps the policy the same size whatever the number of routes.',
    });
    Validations.of(this.api.node.findChild('CloudWatchRole')).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'The account-wide role API Gateway uses to write execution logs; AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS provides for exactly that.',
    });
  }

  // API Gateway writes execution logs to a group of its own name, which it would create itself: with no
  // retention, outside the stack, never deleted. The stack makes it first, with the stack's retention,
  // unless the stage's group already exists outside the stack (adopt: its retention is set by hand).
  private addExecutionLogs(props: RestApiProps): void {
    if (props.executionLogGroup === 'adopt') return;
    const group = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: Fn.join('', ['API-Gateway-Execution-Logs_', this.api.restApiId, '/', props.stage]),
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    this.api.deploymentStage.node.addDependency(group);
  }

  private serviceFunction(
    spec: FunctionSpec,
    description: string,
    props: RestApiProps,
    options: { environment?: Record<string, string>; reservedConcurrency?: number } = {},
  ): NodejsFunction {
    const { fn } = new ServiceFunction(this, functionId(spec.name), {
      name: spec.name,
      handler: spec.handler,
      access: spec.access,
      description,
      table: props.table,
      role: props.roles.roleFor(spec.access, this.functionLogs),
      logGroup: this.functionLogs,
      stage: props.stage,
      logLevel: props.logLevel,
      timeout: TIMEOUT,
      functionName: apiFunctionName(props.stage, spec.name),
      ...options,
    });
    this.functions.push(fn);
    return fn;
  }
}
