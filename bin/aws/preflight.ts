import { APIGatewayClient, GetApiKeysCommand } from '@aws-sdk/client-api-gateway';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { DEPLOYED_FUNCTIONS, WORKER_FUNCTIONS } from '../../lib/functions.ts';

/** Lambda keeps this many executions unreserved in every account: a reservation that would leave fewer fails. */
export const LAMBDA_MIN_UNRESERVED = 100;
/** API Gateway's API keys per account and region (a hard limit): one usage key per store. */
export const API_KEY_LIMIT = 10_000;
/** The oldest CDK bootstrap stack this app's templates accept (their CheckBootstrapVersion rule). */
export const MIN_BOOTSTRAP_VERSION = 6;
/** Where `cdk bootstrap` records its version (the default qualifier). */
export const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';

/** One thing the preflight found: `fail` would make the deploy fail or the service starve; `warn` is worth knowing first. */
export interface Finding {
  level: 'ok' | 'warn' | 'fail';
  topic: 'region' | 'concurrency' | 'bootstrap' | 'api keys';
  message: string;
}

export interface PreflightOptions {
  /** The region the stack deploys to, and the one the CLI is set to (if any). */
  region: string;
  cliRegion?: string;
  /** What the deploy will reserve (-c trackingPageConcurrency, -c workersConcurrency), if anything. */
  trackingPageConcurrency?: number;
  workersConcurrency?: number;
}

/** The AWS APIs the preflight reads: Lambda's account settings, the bootstrap's SSM parameter, API Gateway's keys. */
export interface PreflightClients {
  lambda: LambdaClient;
  ssm: SSMClient;
  apiGateway: APIGatewayClient;
}

/** Clients for the deploy's region; each endpoint may be set (a stand-in, in tests). */
export function preflightClients(region: string, endpoints: { lambda?: string; ssm?: string; apiGateway?: string } = {}): PreflightClients {
  const config = (endpoint: string | undefined) => ({ region, ...(endpoint && { endpoint }) });
  return {
    lambda: new LambdaClient(config(endpoints.lambda)),
    ssm: new SSMClient(config(endpoints.ssm)),
    apiGateway: new APIGatewayClient(config(endpoints.apiGateway)),
  };
}

/**
 * Reads the account before a first deploy and says, in plain words, what would fail or starve: the
 * region, Lambda's concurrency quota against the functions and what the deploy reserves, whether the
 * region is bootstrapped for CDK, and the API keys against API Gateway's 10,000.
 */
export async function preflight(clients: PreflightClients, options: PreflightOptions): Promise<Finding[]> {
  return [
    regionFinding(options),
    await concurrencyFinding(clients.lambda, options),
    await bootstrapFinding(clients.ssm, options.region),
    await apiKeysFinding(clients.apiGateway),
  ];
}

function regionFinding({ region, cliRegion }: PreflightOptions): Finding {
  if (cliRegion && cliRegion !== region)
    return {
      level: 'warn',
      topic: 'region',
      message: `The stack deploys to ${region}, but the AWS CLI here is set to ${cliRegion}: cdk synth and deploy refuse unless the command says -c region=${region} (or -c region=${cliRegion} to deploy there instead).`,
    };
  return { level: 'ok', topic: 'region', message: `The stack deploys to ${region}${cliRegion ? ', the region the AWS CLI is set to' : ''}.` };
}

async function concurrencyFinding(lambda: LambdaClient, options: PreflightOptions): Promise<Finding> {
  const settings = await lambda.send(new GetAccountSettingsCommand({}));
  const limit = settings.AccountLimit?.ConcurrentExecutions ?? 0;
  const unreserved = settings.AccountLimit?.UnreservedConcurrentExecutions ?? limit;
  const functions = DEPLOYED_FUNCTIONS.length;
  const workers = Object.keys(WORKER_FUNCTIONS).length;
  const reserving = (options.trackingPageConcurrency ?? 0) + workers * (options.workersConcurrency ?? 0);
  const needed = LAMBDA_MIN_UNRESERVED + reserving;
  if (reserving > 0 && unreserved - reserving < LAMBDA_MIN_UNRESERVED)
    return {
      level: 'fail',
      topic: 'concurrency',
      message: `The deploy reserves ${reserving} executions (the tracking page ${options.trackingPageConcurrency ?? 0}, each of the ${workers} workers ${options.workersConcurrency ?? 0}), but the account has ${unreserved} unreserved of ${limit} and Lambda keeps ${LAMBDA_MIN_UNRESERVED} unreserved: the deploy would fail. Ask for a Lambda concurrency quota of at least ${limit - unreserved + needed} (Service Quotas, "Concurrent executions"), or reserve less.`,
    };
  if (limit < LAMBDA_MIN_UNRESERVED + 1)
    return {
      level: 'warn',
      topic: 'concurrency',
      message: `The account runs at most ${limit} Lambda executions at once, shared by all ${functions} functions: one busy public tracking page or a slow DynamoDB call can take them all, and the merchant routes then answer 5xx. Nothing can be reserved at this quota, so a prod stage (which needs -c trackingPageConcurrency and -c workersConcurrency) cannot deploy. Ask for a quota of 1,000 (Service Quotas, "Concurrent executions") before going live.`,
    };
  return {
    level: 'ok',
    topic: 'concurrency',
    message: `The account runs up to ${limit} Lambda executions at once (${unreserved} unreserved)${reserving > 0 ? `; reserving ${reserving} leaves ${unreserved - reserving} for the other functions` : ''}.`,
  };
}

async function bootstrapFinding(ssm: SSMClient, region: string): Promise<Finding> {
  try {
    const { Parameter } = await ssm.send(new GetParameterCommand({ Name: BOOTSTRAP_VERSION_PARAMETER }));
    const version = Number(Parameter?.Value);
    if (!(version >= MIN_BOOTSTRAP_VERSION))
      return {
        level: 'fail',
        topic: 'bootstrap',
        message: `${region} was bootstrapped for CDK at version ${Parameter?.Value}; this app needs ${MIN_BOOTSTRAP_VERSION} or later: run npx cdk bootstrap again.`,
      };
    return { level: 'ok', topic: 'bootstrap', message: `${region} is bootstrapped for CDK (version ${version}).` };
  } catch (error) {
    if (error instanceof ParameterNotFound)
      return {
        level: 'fail',
        topic: 'bootstrap',
        message: `${region} is not bootstrapped for CDK (no ${BOOTSTRAP_VERSION_PARAMETER}): the deploy would fail. Run npx cdk bootstrap aws://<account>/${region} first.`,
      };
    throw error;
  }
}

async function apiKeysFinding(apiGateway: APIGatewayClient): Promise<Finding> {
  let count = 0;
  let position: string | undefined;
  do {
    const page = await apiGateway.send(new GetApiKeysCommand({ limit: 500, position }));
    count += page.items?.length ?? 0;
    position = page.position;
  } while (position);
  const room = API_KEY_LIMIT - count;
  const described = `${count.toLocaleString('en-US')} API keys of API Gateway's ${API_KEY_LIMIT.toLocaleString('en-US')} in this region (a hard limit; each store takes one)`;
  if (room <= 0) return { level: 'fail', topic: 'api keys', message: `${described}: no new store can get a usage key.` };
  if (count >= API_KEY_LIMIT * 0.8) return { level: 'warn', topic: 'api keys', message: `${described}: room for ${room.toLocaleString('en-US')} more stores.` };
  return { level: 'ok', topic: 'api keys', message: `${described}.` };
}
