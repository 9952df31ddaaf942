import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/admin/cli.ts';
import { COMMANDS } from '../../bin/admin/usage.ts';

// No npm start runs on an empty data folder: a command that gets past its usage checks stops there (exit 1, no_target).
const noTarget = { DATA_DIR: mkdtempSync(join(tmpdir(), 'admin-usage-')), DYNAMODB_ENDPOINT: '', TABLE_NAME: '' };

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (text: string) => void (stdout += `${text}\n`), stderr: (text: string) => void (stderr += `${text}\n`) };
  const code = await main(args, io, { ...process.env, ...noTarget });
  return { code, stdout, stderr };
}

// The column where every description starts, after two spaces of indent and the synopsis.
const DESCRIPTION_COLUMN = 62;

describe('the admin usage, generated from the table of commands', () => {
  it('--help lists every command, each usage line with its description in one column, then the options and environment', async () => {
    const { code, stdout } = await run(['--help']);
    const lines = stdout.split('\n');

    expect(code).toBe(0);
    expect(lines[0]).toBe('Usage: npm run admin -- <command> [options] [--json] [--aws]');
    for (const command of COMMANDS) {
      for (const [synopsis, first, ...more] of command.usage) {
        const at = lines.findIndex((line) => line.startsWith(`  ${synopsis}  `) || line === `  ${synopsis}`);
        expect(at, synopsis).toBeGreaterThan(0);
        // The description on the synopsis's line, or (a long synopsis) on the next, always at the column.
        const description = synopsis.length > DESCRIPTION_COLUMN - 4 ? lines[at + 1]! : lines[at]!;
        expect(description.slice(DESCRIPTION_COLUMN)).toBe(first);
        expect(description.slice(0, DESCRIPTION_COLUMN).trimEnd().length).toBeLessThan(DESCRIPTION_COLUMN - 1);
        const next = lines.indexOf(description) + 1;
        expect(lines.slice(next, next + more.length)).toEqual(more.map((line) => `${' '.repeat(DESCRIPTION_COLUMN)}${line}`));
      }
    }
    expect(stdout).toContain(
      '\nStores\n  store create --name NAME [--credit-minor N] [--sandbox]     new store with API access on and its first key;\n                                                              a live store also gets its linked sandbox twin (the console’s test mode)\n',
    );
    expect(stdout).toContain(
      "\nAPI Gateway (a deployed stack: USAGE_PLAN_ID set)\n  gateway sync --store ID                                     make the store's usage key, if it has none\n",
    );
    expect(stdout).toContain('\n\nOptions\n  --json   machine-readable output\n  --aws    use AWS (default credentials and region)');
    expect(stdout).toContain('\nEnvironment\n  DYNAMODB_ENDPOINT a DynamoDB of your own');
  });

  it('names every flag of a command in its usage lines, so the help cannot leave one out', () => {
    for (const command of COMMANDS) {
      const synopses = command.usage.map(([synopsis]) => synopsis).join(' ');
      for (const [synopsis] of command.usage) expect(`${synopsis} `.startsWith(`${command.name} `), synopsis).toBe(true);
      for (const flag of Object.keys(command.flags)) expect(synopses, `${command.name} --${flag}`).toContain(`--${flag}`);
    }
  });

  it('<command> --help prints that command only', async () => {
    const { code, stdout } = await run(['settlement', 'resolve', '--help']);

    expect(code).toBe(0);
    expect(stdout.split('\n\nOptions\n')[0]).toBe(
      [
        'Usage: npm run admin -- settlement resolve [options] [--json] [--aws]',
        '',
        'Settlement',
        '  settlement resolve --job ID --capture|--release [--note TEXT] [--operator NAME]',
        '                                                              end the review of a job that failed after pickup',
        '  settlement resolve --job ID --return --capture|--release [--note TEXT] [--operator NAME]',
        "                                                              end the review of a return charge the store's credit did not",
        '                                                              cover when the return started: take it from the balance, or waive it',
        '                                                              (the note joins the statement line; operator default: your login',
        '                                                              name); a review already ended is reported, nothing written twice',
      ].join('\n'),
    );
    expect(stdout).toContain('--json   machine-readable output');
  });

  it('prints the whole usage for --help with a command it does not know', async () => {
    const { code, stdout } = await run(['store', 'delete', '--help']);

    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run admin -- <command>');
    expect(stdout).toContain('  zone import --file PATH');
  });
});

describe('a flag of another command', () => {
  it('is refused by name, exit 2, before any DynamoDB is looked for (--json)', async () => {
    const result = await run(['store', 'show', '--store', 'store_x', '--job', 'job_x', '--json']);

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `${JSON.stringify({ error: '--job is not an option of store show (it is one of settlement resolve, job show, job end, overdue resolve)', code: 'usage_error' })}\n`,
    });
  });

  it("is refused with the command's own usage in the terminal", async () => {
    const result = await run(['zone', 'list', '--store', 'store_x', '--reset']);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^✖ --store is not an option of zone list \(it is one of store create|store show, .*gateway sync\); --reset is not an option of zone list \(it is one of store rate-limits\)\n\nUsage: npm run admin -- zone list /,
    );
    expect(result.stderr).toContain('  zone list                                                   current zones and versions\n');
    expect(result.stderr).not.toContain('zone import');
  });

  it('is told apart from a flag no command takes, which parseArgs refuses as before', async () => {
    const result = await run(['store', 'show', '--colour', 'red', '--json']);

    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual({ error: expect.stringContaining("Unknown option '--colour'"), code: 'usage_error' });
  });

  it.each(COMMANDS.map((command) => [command.name, command] as const))('is not what %s says of its own flags', async (name, command) => {
    const own = Object.entries(command.flags).flatMap(([flag, { type }]) => (type === 'boolean' ? [`--${flag}`] : [`--${flag}`, 'x']));
    const result = await run([...name.split(' '), ...own, '--json']);

    // Past the flag check, the command looks for its DynamoDB and finds none.
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toMatchObject({ code: 'no_target' });
  });
});
