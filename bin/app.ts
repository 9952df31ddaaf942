/**
 * The CDK app (`cdk synth`, `cdk deploy`). The only place that reads context:
 *   -c stage=prod -c alarmEmail=oncall@example.com -c trackingPageConcurrency=20 -c workersConcurrency=2
 *   -c retainData=true -c logRetentionDays=90 -c region=ap-south-1 -c webhookSecretsKeyArn=arn:… -c detailedMetrics=true
 *   -c firewallIpLimit=60000 -c executionLogGroup=adopt (a stage deployed before the stack made its execution log group: docs/upgrades.md)
 * It needs no AWS credentials to synthesise. The region is the code's (ap-south-1 unless -c region=
 * says otherwise), never the CLI profile's: synth refuses when the CLI is set to another region and
 * the command names none (bin/region.ts). The account comes from the CLI's credentials, if any.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DeliveryApiStack } from '../lib/delivery-api-stack.ts';
import { deployRegion } from './region.ts';
import { logRetentionOf } from './log-retention.ts';
import { EXECUTION_LOG_GROUP_MODES, type ExecutionLogGroupMode } from '../lib/rest-api.ts';
import { FIREWALL_IP_KEY_LIMIT } from '../lib/firewall.ts';

const app = new App();
const context = (key: string): unknown => app.node.tryGetContext(key);
const stage = String(context('stage') ?? 'dev');
if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`Context "stage" must be lower-case letters, digits and hyphens (got "${stage}")`);
const region = deployRegion(context('region'), process.env);
const count = (key: string): number | undefined => {
  const value = context(key);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`Context "${key}" must be a whole number of executions, 1 or more (got "${String(value)}")`);
  return number;
};
const retainData = context('retainData');
const detailedMetrics = context('detailedMetrics');
const logRetentionDays = context('logRetentionDays');
const executionLogGroup = context('executionLogGroup');
const firewallIpLimit = context('firewallIpLimit');
// Never below what one key may send from one address (the per-key rule), and within WAF's largest limit.
if (
  firewallIpLimit !== undefined &&
  !(Number.isInteger(Number(firewallIpLimit)) && Number(firewallIpLimit) >= FIREWALL_IP_KEY_LIMIT && Number(firewallIpLimit) <= 2e9)
)
  throw new Error(
    `Context "firewallIpLimit" must be a whole number of requests in 5 minutes, ${FIREWALL_IP_KEY_LIMIT} to 2000000000 (got "${String(firewallIpLimit)}")`,
  );
if (executionLogGroup !== undefined && !(EXECUTION_LOG_GROUP_MODES as readonly unknown[]).includes(executionLogGroup))
  throw new Error(`Context "executionLogGroup" must be ${EXECUTION_LOG_GROUP_MODES.join(' or ')} (got "${String(executionLogGroup)}")`);

new DeliveryApiStack(app, `DeliveryApi-${stage}`, {
  stage,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  ...(retainData !== undefined && { retainData: String(retainData) === 'true' }),
  ...(detailedMetrics !== undefined && { detailedMetrics: String(detailedMetrics) === 'true' }),
  ...(logRetentionDays !== undefined && { logRetention: logRetentionOf(logRetentionDays) }),
  ...(firewallIpLimit !== undefined && { firewallIpLimit: Number(firewallIpLimit) }),
  ...(executionLogGroup !== undefined && { executionLogGroup: executionLogGroup as ExecutionLogGroupMode }),
  ...(context('alarmEmail') !== undefined && { alarmEmail: String(context('alarmEmail')) }),
  trackingPageConcurrency: count('trackingPageConcurrency'),
  workersConcurrency: count('workersConcurrency'),
  ...(context('webhookSecretsKeyArn') !== undefined && { webhookSecretsKeyArn: String(context('webhookSecretsKeyArn')) }),
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
