import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { freePort } from '../../bin/local/net.ts';
import { startDynamoDbLocal } from '../../bin/local/dynamodb-local.ts';
import type { Runtime } from '../../functions/runtime.ts';
import type { Store } from '../../functions/core/store.ts';
import type { Job } from '../../functions/core/job.ts';
import { BENCH_ROUTE, benchBooking } from '../bench-client.ts';

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
    CURSOR_SIGNING_KEY: randomUUID() + randomUUID(),
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

/**
 * A job of `store` numbered `seq`, as a booking of the benchmarks' route makes it (for benchmarks
 * that need more jobs than booking them one by one would allow).
 */
export async function benchJob(store: Store, seq: number): Promise<Job> {
  const { newJob } = await import('../../functions/core/booking.ts');
  const at = new Date().toISOString();
  const quote = {
    id: 'q-bench',
    storeId: store.id,
    zoneId: 'bengaluru',
    zoneVersion: 1,
    request: BENCH_ROUTE,
    distanceMeters: 4834,
    chargeMinor: 6900,
    createdAt: at,
    expiresAt: at,
  };
  const booking = benchBooking(quote.id);
  return newJob({
    store,
    quote,
    details: { ...booking, pickupPhone: '+919876543210', dropPhone: '+919845012345' },
    idempotencyKey: `k-${seq}`,
    seq,
    now: new Date(at),
  });
}

/**
 * Writes the items of `count` things straight into the table (`itemsOf(i)`, a few items each), as
 * the transactions that make them would: up to 25 items a BatchWrite, 16 BatchWrites at once.
 */
export async function writeItems(rt: Runtime, count: number, itemsOf: (index: number) => Promise<Array<Record<string, unknown>>>): Promise<void> {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamoClients } = await import('../../functions/data/client.ts');
  const db = dynamoClients({ region: rt.config.AWS_REGION, endpoint: rt.config.DYNAMODB_ENDPOINT }).doc;
  const table = rt.config.TABLE_NAME;
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < count) {
      let requests: Array<{ PutRequest: { Item: Record<string, unknown> } }> = [];
      while (next < count && requests.length <= 25 - 4) requests.push(...(await itemsOf(next++)).map((Item) => ({ PutRequest: { Item } })));
      while (requests.length > 0) {
        const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
}
