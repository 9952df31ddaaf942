import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Key } from 'aws-cdk-lib/aws-kms';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { DataTable } from './data-table.ts';
import { DeliveryRestApi } from './rest-api.ts';
import { Monitoring } from './monitoring.ts';
import { BackgroundWorkers } from './background-workers.ts';
import { SCHEDULED_WORKERS, WEBHOOK_SENDER } from './functions.ts';
import { WebhookSecretsKey } from './webhook-secrets-key.ts';
import { CursorSigningKey } from './cursor-signing-key.ts';

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
}

/** The whole service: table, the REST API (merchant and fleet) with one function per route, background workers, the webhook sender, alarms. */
export class DeliveryApiStack extends Stack {
  /** The REST API; its construct id stays `Merchant` so its logical ids never change. */
  readonly restApi: DeliveryRestApi;

  constructor(scope: Construct, id: string, props: DeliveryApiStackProps) {
    super(scope, id, props);
    // Nobody would hear a production alarm without somewhere to send it.
    if (props.stage === 'prod' && !props.alarmEmail)
      throw new Error('A production stage needs alarmEmail: cdk deploy -c stage=prod -c alarmEmail=oncall@example.com');
    const retain = props.retainData ?? props.stage !== 'dev';
    const logRetention = props.logRetention ?? (retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK);

    const { table } = new DataTable(this, 'Data', { retain });
    const webhookSecrets = new WebhookSecretsKey(this, 'WebhookSecretsKey');
    const cursorKey = new CursorSigningKey(this, 'CursorSigningKey');
    this.restApi = new DeliveryRestApi(this, 'Merchant', {
      stage: props.stage,
      table,
      logRetention,
      logLevel: props.logLevel ?? 'INFO',
      sealingEnvironment: webhookSecrets.environment,
      cursorEnvironment: cursorKey.environment,
    });
    const logLevel = props.logLevel ?? 'INFO';
    const workers = new BackgroundWorkers(this, 'Workers', {
      spec: SCHEDULED_WORKERS,
      functionId: 'ScheduledWorkers',
      description: 'Dispatch, the sandbox simulator and the event relay, every minute',
      table,
      logRetention,
      logLevel,
    });
    const sender = new BackgroundWorkers(this, 'Webhooks', {
      spec: WEBHOOK_SENDER,
      functionId: 'WebhookSender',
      description: 'The webhook sender, every minute',
      table,
      logRetention,
      logLevel,
      environment: webhookSecrets.environment,
    });

    // Alarm notifications: an encrypted topic CloudWatch may publish to.
    const topicKey = new Key(this, 'AlarmTopicKey', { enableKeyRotation: true, description: 'Encrypts the alarm topic' });
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
      functions: [...this.restApi.functions, workers.fn, sender.fn],
      table,
      workerItemFailures: workers.itemFailures,
      action: new SnsAction(topic),
    });

    new CfnOutput(this, 'ApiUrl', { value: this.restApi.api.url, description: 'Base URL merchants call' });
    new CfnOutput(this, 'TableName', { value: table.tableName, description: 'TABLE_NAME for the admin CLI (--aws)' });
    new CfnOutput(this, 'UsagePlanId', { value: this.restApi.usagePlan.usagePlanId, description: 'USAGE_PLAN_ID for the admin CLI (--aws)' });
  }
}
