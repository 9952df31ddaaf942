import { execFile } from 'node:child_process';
import { expect } from 'vitest';
import { main } from '../../bin/admin/cli.ts';
import type { TestTable } from './table.ts';

/** What one admin command printed, and its exit code (0 done, 1 failed, 2 called wrongly). */
export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The variables that point the admin CLI at a test table, as a user points it at theirs. */
export function tableEnv(table: TestTable): Record<string, string> {
  return { DYNAMODB_ENDPOINT: table.endpoint, TABLE_NAME: table.tableName };
}

/**
 * Runs an admin command in this process against `table` (with `env` on top), collecting what it
 * prints line by line as the terminal would show it.
 */
export async function admin(table: TestTable, args: string[], env: Record<string, string> = {}): Promise<AdminRun> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (text: string) => void (stdout += `${text}\n`), stderr: (text: string) => void (stderr += `${text}\n`) };
  const code = await main(args, io, { ...process.env, ...tableEnv(table), ...env });
  return { code, stdout, stderr };
}

/** Runs an admin command with --json that must succeed, and returns what it printed, parsed. */
export async function adminJson<T>(table: TestTable, args: string[]): Promise<T> {
  const run = await admin(table, [...args, '--json']);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout) as T;
}

/** Runs `node bin/admin.ts …` in a process of its own, as a user does, with `env` on top of this process's environment. */
export function adminProcess(args: string[], env: Record<string, string>): Promise<AdminRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/admin.ts', ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
