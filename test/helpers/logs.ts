import { afterAll, beforeAll } from 'vitest';
import { logger } from '../../functions/log/logger.ts';

/** Turns the handlers' logs on (INFO) for the tests of the enclosing describe block or file, and off again after them. */
export function useHandlerLogs(): void {
  beforeAll(() => {
    logger.setLogLevel('INFO');
  });
  afterAll(() => {
    logger.setLogLevel('SILENT');
  });
}

/** Runs `work` and returns every JSON log record written to stdout or stderr meanwhile, and the raw text. */
export async function captureLogs(work: () => Promise<unknown>): Promise<{ raw: string; records: Array<Record<string, unknown>> }> {
  const chunks: string[] = [];
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write);
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof stream.write;
  }
  try {
    await work();
  } finally {
    streams.forEach((stream, i) => {
      stream.write = originals[i]!;
    });
  }
  const raw = chunks.join('');
  const records = raw
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { raw, records };
}

/** The access-log line of each request made during `work` (one per request). */
export async function captureAccessLog(work: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const { records } = await captureLogs(work);
  return records.filter((record) => record.message === 'request');
}
