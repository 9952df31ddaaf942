import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the stack deploys unless `-c region=` says otherwise: Mumbai, for India's merchants and customers. */
export const DEFAULT_REGION = 'ap-south-1';

/**
 * The region the AWS CLI and SDKs would use here, if one is configured: AWS_REGION, AWS_DEFAULT_REGION,
 * or the profile's `region` in the shared config file. CDK's own CDK_DEFAULT_REGION cannot tell: with
 * nothing configured it says us-east-1.
 */
export function configuredRegion(env: NodeJS.ProcessEnv, readConfig: () => string | undefined = () => readAwsConfig(env)): string | undefined {
  if (env.AWS_REGION) return env.AWS_REGION;
  if (env.AWS_DEFAULT_REGION) return env.AWS_DEFAULT_REGION;
  const config = readConfig();
  if (!config) return undefined;
  const profile = env.AWS_PROFILE ?? 'default';
  const section = profile === 'default' ? 'default' : `profile ${profile}`;
  let current: string | undefined;
  for (const line of config.split(/\r?\n/)) {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header) current = header[1]!.trim();
    else if (current === section) {
      const region = /^\s*region\s*=\s*(\S+)\s*$/.exec(line);
      if (region) return region[1];
    }
  }
  return undefined;
}

function readAwsConfig(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return readFileSync(env.AWS_CONFIG_FILE ?? join(homedir(), '.aws', 'config'), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The region to deploy to: `-c region=` if given, else ap-south-1. Refuses when the CLI is configured
 * for another region and the command did not name one, so a deploy never lands where nobody meant it to
 * (and never quietly beside a profile's region either).
 */
export function deployRegion(contextRegion: unknown, env: NodeJS.ProcessEnv, readConfig?: () => string | undefined): string {
  if (contextRegion !== undefined) {
    const region = String(contextRegion);
    if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region)) throw new Error(`Context "region" must be an AWS region such as ap-south-1 (got "${region}")`);
    return region;
  }
  const cli = configuredRegion(env, readConfig);
  if (cli && cli !== DEFAULT_REGION)
    throw new Error(
      `The stack deploys to ${DEFAULT_REGION}, but the AWS CLI here is set to ${cli}. Deploy to ${DEFAULT_REGION} with -c region=${DEFAULT_REGION}, or to ${cli} with -c region=${cli}.`,
    );
  return DEFAULT_REGION;
}
