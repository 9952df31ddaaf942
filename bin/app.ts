/**
 * The CDK app (`cdk synth`, `cdk deploy`). The only place that reads context:
 *   -c stage=prod -c alarmEmail=oncall@example.com -c retainData=true -c logRetentionDays=90
 * It needs no AWS credentials to synthesise; account and region come from the CLI's environment.
 */
import { App, Validations } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DeliveryApiStack } from '../lib/delivery-api-stack.ts';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`Context "stage" must be lower-case letters, digits and hyphens (got "${stage}")`);
const retainData = app.node.tryGetContext('retainData');
const logRetentionDays = app.node.tryGetContext('logRetentionDays');

new DeliveryApiStack(app, `DeliveryApi-${stage}`, {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  ...(retainData !== undefined && { retainData: String(retainData) === 'true' }),
  ...(logRetentionDays !== undefined && { logRetention: Number(logRetentionDays) as RetentionDays }),
  ...(app.node.tryGetContext('alarmEmail') && { alarmEmail: String(app.node.tryGetContext('alarmEmail')) }),
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
