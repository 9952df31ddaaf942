/**
 * `npm run preflight -- --aws [--region R] [--page-concurrency N] [--workers-concurrency N]`: before a
 * (first) deploy, reads the account and says what would fail or starve (bin/aws/preflight.ts). Exits 1
 * when something would fail, 2 when called wrongly. LAMBDA_ENDPOINT, SSM_ENDPOINT and APIGATEWAY_ENDPOINT
 * point it elsewhere (stand-ins, in tests).
 */
import { parseArgs } from 'node:util';
import { preflight, preflightClients } from './aws/preflight.ts';
import { pathToFileURL } from 'node:url';
import { DEFAULT_REGION, configuredRegion } from './region.ts';

const USAGE =
  'Usage: npm run preflight -- --aws [--region R] [--page-concurrency N] [--workers-concurrency N]\n' +
  '  --aws                    read the AWS account the CLI is set to (the only mode)\n' +
  '  --region R               the region to deploy to, as -c region=R (default ap-south-1)\n' +
  '  --page-concurrency N     what -c trackingPageConcurrency will reserve\n' +
  '  --workers-concurrency N  what -c workersConcurrency will reserve for each worker';

/** Runs the preflight with these arguments and environment; returns the exit code. */
export async function main(args: string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { aws: { type: 'boolean' }, region: { type: 'string' }, 'page-concurrency': { type: 'string' }, 'workers-concurrency': { type: 'string' } },
    }));
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.aws) {
    print(`The preflight reads an AWS account: pass --aws.\n${USAGE}`);
    return 2;
  }
  const count = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^[1-9]\d*$/.test(value)) throw new Error(`--${name} must be a whole number, 1 or more (got "${value}")`);
    return Number(value);
  };
  let options;
  try {
    options = {
      region: values.region ?? DEFAULT_REGION,
      cliRegion: configuredRegion(env),
      trackingPageConcurrency: count('page-concurrency', values['page-concurrency']),
      workersConcurrency: count('workers-concurrency', values['workers-concurrency']),
    };
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const clients = preflightClients(options.region, { lambda: env.LAMBDA_ENDPOINT, ssm: env.SSM_ENDPOINT, apiGateway: env.APIGATEWAY_ENDPOINT });
  const findings = await preflight(clients, options);
  const mark = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };
  for (const finding of findings) print(`${mark[finding.level]} ${finding.topic}: ${finding.message}`);
  const failed = findings.filter((finding) => finding.level === 'fail').length;
  print(failed ? `${failed} thing(s) would fail: fix them before deploying.` : 'Nothing found that would fail the deploy.');
  return failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exitCode = await main(process.argv.slice(2), process.env, (line) => console.log(line));
