import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { DataTable } from './data-table.ts';
import { DeliveryRestApi, type ExecutionLogGroupMode, type TrackingPageLimits } from './rest-api.ts';
import { FunctionRoles } from './function-roles.ts';
import { Monitoring } from './monitoring.ts';
import { Engine } from './engine.ts';
import { EngineMetrics } from './engine-metrics.ts';
import { WebhookSecretsKey } from './webhook-secrets-key.ts';
import { CursorSigningKey } from './cursor-signing-key.ts';
import { WORKER_FUNCTIONS } from './functions.ts';
import { routes, type Route } from '../functions/http/routes.ts';

/** How a deployment differs: everything else is the same in every stage. */
export interface DeliveryApiStackProps extends StackProps {
  /** Stage name, e.g. `dev`, `staging`, `prod`; also the API Gateway stage. */
  stage: string;
  /** Keep the table when the stack is deleted (default: every stage but `dev`). */
  retainData?: boolean;
  logRetention?: RetentionDays;
  /** Where alarms are e-mailed (required for the `prod` stage). */
  alarmEmail?: string;
  logLevel?: string;
  /**
   * Executions reserved for the public tracking page, which are also its ceiling; its gateway throttle
   * follows (TRACKING_PAGE_REQUESTS_PER_EXECUTION a second each). Required for `prod`. Reserving needs an
   * account quota above 100 + everything reserved (`npm run preflight -- --aws` says).
   */
  trackingPageConcurrency?: number;
  /** Executions reserved for each of the five workers (dispatch, the sandbox rider, remittances, the relay, the webhook sender). Required for `prod`. */
  workersConcurrency?: number;
  /**
   * A kept webhook secrets key to use instead of making one (its ARN), when the stack is re-created
   * over a kept table: the operations guide's "Re-attaching kept data".
   */
  webhookSecretsKeyArn?: string;
  /**
   * API Gateway's per-method metrics (default off): billed as custom metrics, five per method for every
   * hour it is called (about US$ 60 a month with every route in use), and no alarm reads them.
   */
  detailedMetrics?: boolean;
  /** Merchant requests in 5 minutes from one address, all keys together, before the firewall blocks it (default FIREWALL_IP_LIMIT, lib/firewall.ts). */
  firewallIpLimit?: number;
  /** `adopt` for a stage deployed before the stack made its execution log group (default `create`; docs/upgrades.md). */
  executionLogGroup?: ExecutionLogGroupMode;
}

/** Requests a second one warm execution of the tracking page serves (a page is about 50 ms of work). */
export const TRACKING_PAGE_REQUESTS_PER_EXECUTION = 20;

/** The page's gateway throttle without reserved concurrency: what two executions serve, of a new account's 10. */
export const DEFAULT_TRACKING_PAGE_LIMITS: TrackingPageLimits = {
  rateLimit: 2 * TRACKING_PAGE_REQUESTS_PER_EXECUTION,
  burstLimit: 4 * TRACKING_PAGE_REQUESTS_PER_EXECUTION,
};

/** The page's limits for a stage: bounded by its reserved executions when it has some. */
export function trackingPageLimits(reservedConcurrency: number | undefined): TrackingPageLimits {
  if (reservedConcurrency === undefined) return DEFAULT_TRACKING_PAGE_LIMITS;
  const rateLimit = reservedConcurrency * TRACKING_PAGE_REQUESTS_PER_EXECUTION;
  return { rateLimit, burstLimit: 2 * rateLimit, reservedConcurrency };
}

/** The whole service: table, the REST API (merchant and fleet) with one function per route, the background engine and its workers, alarms. */
export class DeliveryApiStack extends Stack {
  /** The REST API; its construct id stays `Merchant` so its logical ids never change. */
  readonly restApi: DeliveryRestApi;

  constructor(scope: Construct, id: string, props: DeliveryApiStackProps) {
    super(scope, id, props);
    // Nobody would hear a production alarm without somewhere to send it.
    if (props.stage === 'prod' && !props.alarmEmail)
      throw new Error('A production stage needs alarmEmail: cdk deploy -c stage=prod -c alarmEmail=oncall@example.com');
    // Without reserved executions, one busy public page takes the whole account's concurrency and the merchant routes answer 5xx.
    if (props.stage === 'prod' && (props.trackingPageConcurrency === undefined || props.workersConcurrency === undefined))
      throw new Error(
        'A production stage needs trackingPageConcurrency and workersConcurrency (executions reserved for the public page and each worker): cdk deploy -c stage=prod -c trackingPageConcurrency=20 -c workersConcurrency=2 (npm run preflight -- --aws says what the account allows)',
      );
    const retain = props.retainData ?? props.stage !== 'dev';
    const logRetention = props.logRetention ?? (retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK);
    // Kept data is kept on delete and replacement, but not when its own create failed (a failed first
    // deploy leaves nothing behind); everything else goes with the stack.
    const keep = retain ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
    const logLevel = props.logLevel ?? 'INFO';

    const { table } = new DataTable(this, 'Data', { removalPolicy: keep, deletionProtection: retain });
    const webhookSecrets = new WebhookSecretsKey(this, 'WebhookSecretsKey', { removalPolicy: keep, existingSecretArn: props.webhookSecretsKeyArn });
    const cursorKey = new CursorSigningKey(this, 'CursorSigningKey');
    const roles = new FunctionRoles(this, 'Roles', table);
    // Every function logs to one group (each line names its function and stage), so a function costs no log group.
    const functionLogs = new LogGroup(this, 'FunctionLogs', { retention: logRetention, removalPolicy: keep });
    this.restApi = new DeliveryRestApi(this, 'Merchant', {
      stage: props.stage,
      table,
      roles,
      functionLogs,
      logRetention,
      logRemovalPolicy: keep,
      logLevel,
      trackingPage: trackingPageLimits(props.trackingPageConcurrency),
      sealingEnvironment: webhookSecrets.environment,
      cursorEnvironment: cursorKey.environment,
      detailedMetrics: props.detailedMetrics ?? false,
      executionLogGroup: props.executionLogGroup ?? 'create',
      firewallIpLimit: props.firewallIpLimit,
    });
    const metrics = new EngineMetrics(this, 'EngineMetrics', { logGroup: functionLogs, stage: props.stage });
    const engine = new Engine(this, 'Engine', {
      table,
      roles,
      logGroup: functionLogs,
      stage: props.stage,
      logLevel,
      reservedConcurrency: props.workersConcurrency,
      senderEnvironment: webhookSecrets.environment,
    });
    // The functions that seal, open or sign read their key's versions when they run: each kind that
    // has a key's ARN in its environment may read that secret, and no other.
    const routeTable = routes as readonly Route[];
    for (const kind of new Set([...routeTable.filter((route) => route.sealsSecrets).map((route) => route.access), WORKER_FUNCTIONS.webhooks.access]))
      roles.allow(kind, webhookSecrets.readStatement);
    for (const kind of new Set(routeTable.filter((route) => route.signsCursors).map((route) => route.access))) roles.allow(kind, cursorKey.readStatement);

    // Alarm notifications: an encrypted topic CloudWatch may publish to.
    // It encrypts only alarm messages in flight: nothing kept needs it, so it goes with the stack (after KMS's 7-day wait).
    const topicKey = new Key(this, 'AlarmTopicKey', {
      enableKeyRotation: true,
      description: 'Encrypts the alarm topic',
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    topicKey.grantEncryptDecrypt(new ServicePrincipal('cloudwatch.amazonaws.com'));
    const topic = new Topic(this, 'AlarmTopic', { displayName: 'Delivery API alarms', masterKey: topicKey, enforceSSL: true });
    // enforceSSL gives the topic a resource policy, which replaces SNS's default: say who may publish.
    topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          ArnLike: { 'aws:SourceArn': `arn:${this.partition}:cloudwatch:${this.region}:${this.account}:alarm:*` },
        },
      }),
    );
    if (props.alarmEmail) topic.addSubscription(new EmailSubscription(props.alarmEmail));
    new Monitoring(this, 'Monitoring', {
      api: this.restApi.api,
      engine: {
        functions: [engine.doorbell, ...Object.values(engine.workers)],
        sweeps: metrics.sweeps,
        deadLetters: engine.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        iteratorAge: engine.doorbell.metric('IteratorAge', { period: Duration.minutes(5), statistic: 'Maximum' }),
      },
      table,
      workerItemFailures: metrics.itemFailures,
      overdueJobs: metrics.overdueJobs,
      action: new SnsAction(topic),
    });

    new CfnOutput(this, 'ApiUrl', { value: this.restApi.api.url, description: 'Base URL merchants call' });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'TABLE_NAME for the admin CLI (--aws)' });
    new CfnOutput(this, 'WebhookSecretsKeyArn', {
      value: webhookSecrets.secretArn,
      description: 'The kept webhook secrets key (-c webhookSecretsKeyArn= to re-attach it)',
    });
    new CfnOutput(this, 'CursorSigningKeyArn', { value: cursorKey.secretArn, description: 'The cursor signing key (what its rotation names)' });
    new CfnOutput(this, 'UsagePlanId', { value: this.restApi.usagePlan.usagePlanId, description: 'USAGE_PLAN_ID for the admin CLI (--aws)' });
  }
}
