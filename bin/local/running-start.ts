import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

/**
 * What a running `npm start` tells the admin CLI: the DynamoDB and table it uses. Written to
 * DATA_DIR/npm-start.json once the API is up and removed when it stops; a file left behind by a start
 * that was killed names a process that is gone, and counts as no file.
 */
const RunningStart = z.object({ pid: z.number().int(), dynamoEndpoint: z.string(), tableName: z.string(), apiUrl: z.string() });
export type RunningStart = z.infer<typeof RunningStart>;

/** Where `npm start` records itself under its data directory. */
export function runningStartFile(dataDir: string): string {
  return join(dataDir, 'npm-start.json');
}

/** Records this process as the running `npm start` of `dataDir`. */
export function recordStart(dataDir: string, start: Omit<RunningStart, 'pid'>): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(runningStartFile(dataDir), `${JSON.stringify({ pid: process.pid, ...start }, null, 2)}\n`);
}

/** Removes the record, if it is this process's (a second start on the same data may have replaced it). */
export function forgetStart(dataDir: string): void {
  if (runningStart(dataDir)?.pid === process.pid) rmSync(runningStartFile(dataDir), { force: true });
}

/** The `npm start` running on `dataDir`, or null when none is (no record, or its process is gone). */
export function runningStart(dataDir: string): RunningStart | null {
  const file = runningStartFile(dataDir);
  if (!existsSync(file)) return null;
  let parsed;
  try {
    parsed = RunningStart.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
  return parsed.success && alive(parsed.data.pid) ? parsed.data : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has the id, so it is running (though not ours to signal).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
