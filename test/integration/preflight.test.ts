import { execFile } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../bin/preflight.ts';
import { BOOTSTRAP_VERSION_PARAMETER } from '../../bin/aws/preflight.ts';
import { AccountStandIn } from '../helpers/account.ts';
import { DEPLOYED_FUNCTIONS } from '../../lib/functions.ts';
import { GatewayStandIn } from '../helpers/gateway.ts';

const account = new AccountStandIn();
const gateway = new GatewayStandIn();

beforeAll(async () => {
  // The SDK takes credentials from the process's environment; the stand-ins take any.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  await account.start();
  await gateway.start();
});

afterAll(async () => {
  await account.stop();
  await gateway.stop();
  vi.unstubAllEnvs();
});

beforeEach(() => {
  account.reset();
  gateway.reset();
});

/** The endpoints of the stand-ins, as an operator's environment would name AWS's. */
const endpoints = () => ({ LAMBDA_ENDPOINT: account.url, SSM_ENDPOINT: account.url, APIGATEWAY_ENDPOINT: gateway.url, AWS_CONFIG_FILE: '/nonexistent' });

async function run(args: string[], env: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await main(['--aws', ...args], { ...process.env, AWS_REGION: '', AWS_DEFAULT_REGION: '', ...endpoints(), ...env }, (line) => lines.push(line));
  return { code, lines };
}

const seedKeys = (count: number) => {
  for (let i = 0; i < count; i++) gateway.seed({ name: `store_${i}`, value: `value-${i}`.padEnd(20, 'x'), enabled: true, tags: {} });
};

describe('npm run preflight -- --aws', () => {
  it('tells a new account, in plain words, that the region is not bootstrapped and 10 executions are shared by every function', async () => {
    const { code, lines } = await run([]);

    expect(code).toBe(1);
    expect(lines).toEqual([
      'ok   region: The stack deploys to ap-south-1.',
      `WARN concurrency: The account runs at most 10 Lambda executions at once, shared by all ${DEPLOYED_FUNCTIONS.length} functions: one busy public tracking page or a slow DynamoDB call can take them all, and the merchant routes then answer 5xx. Nothing can be reserved at this quota, so a prod stage (which needs -c trackingPageConcurrency and -c workersConcurrency) cannot deploy. Ask for a quota of 1,000 (Service Quotas, "Concurrent executions") before going live.`,
      `FAIL bootstrap: ap-south-1 is not bootstrapped for CDK (no ${BOOTSTRAP_VERSION_PARAMETER}): the deploy would fail. Run npx cdk bootstrap aws://<account>/ap-south-1 first.`,
      "ok   api keys: 0 API keys of API Gateway's 10,000 in this region (a hard limit; each store takes one).",
      '1 thing(s) would fail: fix them before deploying.',
    ]);
    expect(account.calls).toEqual(['GET /2016-08-19/account-settings', 'AmazonSSM.GetParameter']);
  });

  it('passes a grown account that can reserve what prod reserves, and says what is left', async () => {
    account.concurrency = { limit: 1000, unreserved: 1000 };
    account.parameters.set(BOOTSTRAP_VERSION_PARAMETER, '28');
    seedKeys(120);

    const { code, lines } = await run(['--page-concurrency', '20', '--workers-concurrency', '2']);

    expect(code).toBe(0);
    expect(lines.slice(1, 4)).toEqual([
      'ok   concurrency: The account runs up to 1000 Lambda executions at once (1000 unreserved); reserving 30 leaves 970 for the other functions.',
      'ok   bootstrap: ap-south-1 is bootstrapped for CDK (version 28).',
      "ok   api keys: 120 API keys of API Gateway's 10,000 in this region (a hard limit; each store takes one).",
    ]);
    expect(lines.at(-1)).toBe('Nothing found that would fail the deploy.');
  });

  it('fails a reservation that would leave Lambda fewer than 100 unreserved executions, and an old bootstrap', async () => {
    account.concurrency = { limit: 150, unreserved: 140 };
    account.parameters.set(BOOTSTRAP_VERSION_PARAMETER, '4');

    const { code, lines } = await run(['--page-concurrency', '40', '--workers-concurrency', '2']);

    expect(code).toBe(1);
    expect(lines[1]).toBe(
      'FAIL concurrency: The deploy reserves 50 executions (the tracking page 40, each of the 5 workers 2), but the account has 140 unreserved of 150 and Lambda keeps 100 unreserved: the deploy would fail. Ask for a Lambda concurrency quota of at least 160 (Service Quotas, "Concurrent executions"), or reserve less.',
    );
    expect(lines[2]).toBe('FAIL bootstrap: ap-south-1 was bootstrapped for CDK at version 4; this app needs 6 or later: run npx cdk bootstrap again.');
  });

  it('counts every API key, page by page, and warns from 80% of the 10,000 (fails at it)', async () => {
    account.parameters.set(BOOTSTRAP_VERSION_PARAMETER, '28');
    seedKeys(8_000);

    const warned = await run([]);
    seedKeys(2_000);
    const full = await run([]);

    expect(warned.lines[3]).toBe(
      "WARN api keys: 8,000 API keys of API Gateway's 10,000 in this region (a hard limit; each store takes one): room for 2,000 more stores.",
    );
    expect(full.lines[3]).toBe(
      "FAIL api keys: 10,000 API keys of API Gateway's 10,000 in this region (a hard limit; each store takes one): no new store can get a usage key.",
    );
    expect(gateway.calls.filter((call) => call.path.startsWith('/apikeys')).length).toBe(16 + 20);
  });

  it('warns when the AWS CLI is set to another region than the stack’s, and reads the region given', async () => {
    account.parameters.set(BOOTSTRAP_VERSION_PARAMETER, '28');

    const other = await run([], { AWS_REGION: 'us-east-1' });
    const named = await run(['--region', 'eu-west-1'], { AWS_REGION: 'eu-west-1' });

    expect(other.lines[0]).toBe(
      'WARN region: The stack deploys to ap-south-1, but the AWS CLI here is set to us-east-1: cdk synth and deploy refuse unless the command says -c region=ap-south-1 (or -c region=us-east-1 to deploy there instead).',
    );
    expect(named.lines[0]).toBe('ok   region: The stack deploys to eu-west-1, the region the AWS CLI is set to.');
  });

  it('refuses to run without --aws or with a count that is not a whole number (exit 2), and runs as npm run preflight', async () => {
    const lines: string[] = [];
    expect(await main([], process.env, (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toMatch(/^The preflight reads an AWS account: pass --aws.\nUsage: npm run preflight -- --aws/);
    expect((await run(['--page-concurrency', 'lots'])).code).toBe(2);

    account.parameters.set(BOOTSTRAP_VERSION_PARAMETER, '28');
    const child = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, ['bin/preflight.ts', '--aws'], { env: { ...process.env, AWS_REGION: '', ...endpoints() } }, (error, stdout) =>
        resolve({ code: error ? Number(error.code) : 0, stdout }),
      ),
    );
    expect(child.code).toBe(0);
    expect(child.stdout).toContain('ok   bootstrap: ap-south-1 is bootstrapped for CDK (version 28).');
  });
});
