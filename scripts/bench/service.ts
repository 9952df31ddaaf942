import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { freePort } from '../../bin/local/net.ts';
import { startDynamoDbLocal } from '../../bin/local/dynamodb-local.ts';
import type { Runtime } from '../../functions/runtime.ts';

/** One access-log line: what a request cost (functions/http/middleware.ts writes it). */
export interface AccessRecord {
  route: string;
  status: number;
  latencyMs: number;
  dynamoCalls: number;
  dynamoRoundTrips: number;
  dynamoMs: number;
  readUnits: number;
  writeUnits: number;
}

/** The service as the benchmarks run it: DynamoDB Local, a fresh table, the local server, and its access log. */
export interface BenchService {
  rt: Runtime;
  url: string;
  server: Server;
  /** Runs `work` (one request, or several) and returns the access-log lines written meanwhile. */
  measured(work: () => Promise<unknown>): Promise<AccessRecord[]>;
  stop(): Promise<void>;
}

/**
 * Starts DynamoDB Local (in memory, on a free port), a table of its own with the seed zones, and the
 * local server, exactly as `npm start` serves the handler modules. `env` is set before the handlers
 * load (they read it once). The access log is taken off stdout, for `measured`; nothing else is.
 */
export async function startBenchService(env: Record<string, string> = {}): Promise<BenchService> {
  const dynamo = await startDynamoDbLocal({ port: await freePort() });
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: `bench-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'INFO',
    POWERTOOLS_LOG_LEVEL: 'INFO',
    ...env,
  });
  const records: AccessRecord[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (!text.startsWith('{"level"')) return (write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    for (const line of text.split('\n').filter((l) => l.startsWith('{'))) {
      const record = JSON.parse(line) as AccessRecord & { message: string };
      if (record.message === 'request') records.push(record);
    }
    return true;
  }) as typeof process.stdout.write;

  // Imported after the environment is set: the handlers read it on first use.
  const { runtime } = await import('../../functions/runtime.ts');
  const { seedZones, tableAdmin } = await import('../../bin/local/bootstrap.ts');
  const { startHttpServer } = await import('../../bin/local/http-server.ts');
  const rt = runtime();
  await tableAdmin(rt.config).ensure();
  await seedZones(rt);
  const { server, url } = await startHttpServer({ host: '127.0.0.1', port: 0 });
  return {
    rt,
    url,
    server,
    async measured(work) {
      const from = records.length;
      await work();
      return records.slice(from);
    },
    async stop() {
      server.closeAllConnections();
      server.close();
      process.stdout.write = write;
      await dynamo.stop();
    },
  };
}

/** The value at quantile `q` (0.5 the median) of some numbers. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** A markdown table. */
export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const line = (cells: ReadonlyArray<string | number>) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}
