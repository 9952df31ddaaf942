import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

const run = promisify(execFile);
const APP = new URL('../../bin/app.ts', import.meta.url).pathname;

/** Runs the CDK app as `cdk synth` does (its out dir and context in the environment), without bundling. */
export async function synthApp(env: Record<string, string>, context: Record<string, unknown> = {}) {
  return (await runApp(env, context)).environment;
}

/** The stack's resources as the CDK app synthesises them with `context` (`cdk synth -c …`). */
export async function synthAppResources(context: Record<string, unknown>): Promise<Resources> {
  return (await runApp({}, context)).resources;
}

async function runApp(env: Record<string, string>, context: Record<string, unknown>) {
  const out = mkdtempSync(join(tmpdir(), 'cdk-app-'));
  const clean: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(AWS_|CDK_)/.test(key)));
  try {
    await run(process.execPath, [APP], {
      env: {
        ...clean,
        // What the CDK CLI sets with no AWS configuration at all.
        CDK_DEFAULT_REGION: 'us-east-1',
        AWS_CONFIG_FILE: join(out, 'no-config'),
        CDK_OUTDIR: out,
        CDK_CONTEXT_JSON: JSON.stringify({ 'aws:cdk:bundling-stacks': [], ...context }),
        ...env,
      },
    });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; environment?: string; properties?: { templateFile: string } }>;
    };
    const stack = Object.values(manifest.artifacts).find((artifact) => artifact.type === 'aws:cloudformation:stack')!;
    const template = JSON.parse(readFileSync(join(out, stack.properties!.templateFile), 'utf8')) as { Resources: Resources };
    return { environment: stack.environment, resources: template.Resources };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
