import { readFileSync } from 'node:fs';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DeliveryApiStack, type DeliveryApiStackProps } from '../../lib/delivery-api-stack.ts';

const CDK_JSON = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; [attribute: string]: unknown }>;

/** The props of each deployment the tests synthesise: a dev stage, and a production stage as the operations guide deploys it. */
export const STAGES = {
  dev: { stage: 'dev' },
  prod: { stage: 'prod', alarmEmail: 'oncall@example.com', trackingPageConcurrency: 20, workersConcurrency: 2 },
} satisfies Record<string, Partial<DeliveryApiStackProps>>;

/**
 * The stack as `cdk synth` makes it (cdk-nag on request, CloudFormation's own template rules as errors,
 * as cdk.json sets them), without bundling (bundles have their own budget test).
 */
export function synth(props: Partial<DeliveryApiStackProps> = {}, options: { nag?: boolean } = {}) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...CDK_JSON.context } });
  const stack = new DeliveryApiStack(app, 'Test', { stage: 'dev', ...props });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
  const template = Template.fromStack(stack);
  return { template, resources: template.toJSON().Resources as Resources };
}
