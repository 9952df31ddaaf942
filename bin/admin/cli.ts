/**
 * The admin CLI (`npm run admin -- <command>`): what the store dashboard and the platform team manage.
 * Against a running `npm start` it needs no settings; `--aws` targets the deployed table.
 * `main` is the whole CLI; bin/admin.ts runs it with the process's arguments, output and environment.
 * The commands are a table (usage.ts), one file per area (stores.ts, jobs.ts, keys.ts, zones.ts, gateway.ts).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../../functions/config.ts';
import { AppError, ServiceUnavailableError } from '../../functions/core/errors.ts';
import { createRuntime } from '../../functions/runtime.ts';
import { dynamoClients } from '../../functions/data/client.ts';
import { OperationsRepository } from '../../functions/data/operations.repository.ts';
import { DeskRepository } from '../../functions/data/desk.repository.ts';
import { ReviewQueueRepository } from '../../functions/data/review-queue.repository.ts';
import { runningStart, runningStartFile } from '../local/running-start.ts';
import { StoreUsageKeys } from '../aws/store-usage-keys.ts';
import { UsageError, type Gateway, type ParsedFlags } from './command.ts';
import { argvForParse, commandNamed, LOCAL_DATA_DIR, LOCAL_TABLE, parseOptions, refuseForeignFlags, usageText } from './usage.ts';

/** Where the CLI writes: each call is one line (or block) of output, as console.log and console.error print it. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The terminal: standard output and standard error. */
export const processIo: CliIo = {
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
};

/**
 * Runs one admin command (`argv` without node and the script) and returns its exit code: 0 done,
 * 1 failed, 2 called wrongly. Settings come from `env` (DYNAMODB_ENDPOINT, TABLE_NAME, USAGE_PLAN_ID, …).
 */
export async function main(argv: string[], io: CliIo = processIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    const options = parseOptions();
    parsed = parseArgs({ args: argvForParse(argv, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    io.stderr(
      argv.includes('--json') ? JSON.stringify({ error: message, code: 'usage_error' }) : `✖ ${message}\n(npm run admin -- --help shows every command)`,
    );
    return 2;
  }
  const { values: options, positionals } = parsed;
  const command = positionals.slice(0, 2).join(' ');
  const spec = commandNamed(command);
  if (options.help) {
    io.stdout(usageText(spec ? [spec] : undefined));
    return 0;
  }
  let endpoint: string | undefined;
  let tableName = env.TABLE_NAME || (options.aws ? '' : LOCAL_TABLE);
  let gateway: Gateway;
  try {
    if (spec) refuseForeignFlags(spec, Object.keys(options));
    if (!options.aws) ({ endpoint, tableName } = localTarget(env));
    if (positionals.length > 2) throw new UsageError(`Unexpected argument "${positionals[2]}"`);
    if (options.aws && !tableName) throw new UsageError('--aws needs TABLE_NAME: the stack output TableName');
    if (options.aws && !env.USAGE_PLAN_ID)
      throw new UsageError('--aws needs USAGE_PLAN_ID: the stack output UsagePlanId (each store needs its usage key there)');
    const config = readConfig({ ...env, TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint });
    const rt = createRuntime(config);
    // Operations' own reads and writes, on the process's shared DynamoDB client (no function bundles them).
    const { doc } = dynamoClients({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT, requestTimeoutMs: config.DYNAMODB_REQUEST_TIMEOUT_MS });
    const operations = new OperationsRepository(doc, config.TABLE_NAME);
    gateway = env.USAGE_PLAN_ID ? new StoreUsageKeys(env.USAGE_PLAN_ID, { endpoint: env.APIGATEWAY_ENDPOINT || undefined }) : undefined;
    if (!spec) throw new UsageError(command.trim() === '' ? 'No command given' : `Unknown command "${command}"`, usageText());
    // No flag is declared `multiple`, so each value is one string or boolean.
    const [desk, reviews] = [new DeskRepository(doc, config.TABLE_NAME), new ReviewQueueRepository(doc, config.TABLE_NAME)];
    const apiUrl = env.API_URL || (options.aws ? undefined : runningStart(resolve(env.DATA_DIR || LOCAL_DATA_DIR))?.apiUrl);
    const output = await spec.run(options as ParsedFlags, { rt, operations, desk, reviews, gateway, apiUrl });
    io.stdout(options.json ? JSON.stringify(output.json, null, 2) : output.text);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError;
    const message = usage ? error.message : describe(error, endpoint ?? 'AWS', tableName);
    if (options.json) {
      const code = usage ? 'usage_error' : error instanceof AppError || error instanceof NoLocalTargetError ? error.code : 'error';
      io.stderr(JSON.stringify({ error: message, code }));
    } else {
      const hint = usage ? (error.usage ? `\n\n${error.usage}` : '\n(npm run admin -- --help shows every command)') : '';
      io.stderr(`✖ ${message}${hint}`);
    }
    return usage ? 2 : 1;
  } finally {
    // Let go of the gateway's connections. The DynamoDB clients are the process's shared ones (one
    // pair per endpoint), so a caller that runs several commands in one process opens no new ones.
    gateway?.destroy();
  }
}

/** No DynamoDB named and no `npm start` running: the CLI refuses rather than guess one (exit 1). */
class NoLocalTargetError extends Error {
  readonly code = 'no_target';

  constructor(dataDir: string) {
    super(
      `No running \`npm start\` found (${runningStartFile(dataDir)}), so there is no DynamoDB to use. Start it first (npm start), or name one: DYNAMODB_ENDPOINT=http://127.0.0.1:<port> [TABLE_NAME=…], or --aws for the deployed table.`,
    );
    this.name = 'NoLocalTargetError';
  }
}

/**
 * The local DynamoDB and table: DYNAMODB_ENDPOINT when set, else those of the `npm start` running on
 * DATA_DIR (whatever port its DynamoDB Local got). Never a default port, where some other DynamoDB
 * Local with a table of the same name could answer.
 */
function localTarget(env: NodeJS.ProcessEnv): { endpoint: string; tableName: string } {
  if (env.DYNAMODB_ENDPOINT) return { endpoint: env.DYNAMODB_ENDPOINT, tableName: env.TABLE_NAME || LOCAL_TABLE };
  const dataDir = resolve(env.DATA_DIR || LOCAL_DATA_DIR);
  const start = runningStart(dataDir);
  if (!start) throw new NoLocalTargetError(dataDir);
  return { endpoint: start.dynamoEndpoint, tableName: env.TABLE_NAME || start.tableName };
}

function describe(error: unknown, endpoint: string, tableName: string): string {
  if (error instanceof ServiceUnavailableError) {
    return `Cannot reach DynamoDB at ${endpoint}. Is \`npm start\` running? (Or set DYNAMODB_ENDPOINT, or use --aws.)`;
  }
  if (error instanceof Error && error.name === 'ResourceNotFoundException') {
    return `Table ${tableName} does not exist at ${endpoint}. \`npm start\` creates it; or set TABLE_NAME.`;
  }
  if (error instanceof AppError) return error.message;
  return (error as Error).message ?? String(error);
}
