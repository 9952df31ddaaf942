/**
 * The CLI's table of commands, and what is generated from it: the usage text (all of it for `--help`,
 * one command's for `<command> --help`), the flags parseArgs knows, and the refusal of a flag that
 * belongs to another command.
 */
import type { ParseArgsOptionsConfig } from 'node:util';
import { RATE_LIMITS } from '../../functions/core/rate-limits.ts';
import { UsageError, type AnyCommand } from './command.ts';
import { STORE_COMMANDS } from './stores.ts';
import { JOB_COMMANDS } from './jobs.ts';
import { KEY_COMMANDS } from './keys.ts';
import { CONSOLE_COMMANDS } from './console.ts';
import { ZONE_COMMANDS } from './zones.ts';
import { GATEWAY_COMMANDS } from './gateway.ts';
import { STORE_FIND_COMMANDS } from './store-find.ts';
import { REVIEW_COMMANDS } from './review.ts';
import { RIDER_COMMANDS } from './riders.ts';
import { UPI_COMMANDS } from './upi.ts';
import { OVERDUE_COMMANDS } from './overdue.ts';

/** The table name of a local DynamoDB when neither TABLE_NAME nor a running `npm start` names one. */
export const LOCAL_TABLE = 'delivery-api';
/** The data folder of the `npm start` the CLI uses when DATA_DIR names none. */
export const LOCAL_DATA_DIR = '.data';

/** Every command, in the order the usage lists them. */
export const COMMANDS: readonly AnyCommand[] = [
  ...STORE_COMMANDS,
  ...STORE_FIND_COMMANDS,
  ...JOB_COMMANDS,
  ...OVERDUE_COMMANDS,
  ...REVIEW_COMMANDS,
  ...KEY_COMMANDS,
  ...CONSOLE_COMMANDS,
  ...RIDER_COMMANDS,
  ...ZONE_COMMANDS,
  ...GATEWAY_COMMANDS,
  ...UPI_COMMANDS,
];

/** The flags every command takes; `help` is not listed in the usage (it is how one reads it). */
const GLOBAL_FLAGS = {
  json: { type: 'boolean', says: 'machine-readable output' },
  aws: { type: 'boolean', says: 'use AWS (default credentials and region): set TABLE_NAME and USAGE_PLAN_ID from the stack outputs' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ENVIRONMENT: Array<[string, string]> = [
  ['DYNAMODB_ENDPOINT', `a DynamoDB of your own (default: the one the running npm start uses, from ${LOCAL_DATA_DIR}/npm-start.json)`],
  ['TABLE_NAME', `(default: npm start's table, else ${LOCAL_TABLE})`],
  ['DATA_DIR', `the npm start to use, by its data folder (default ${LOCAL_DATA_DIR})`],
  ['USAGE_PLAN_ID', 'when set, each store gets its usage key in this API Gateway usage plan (store create, key create)'],
];

// Where a command's description starts: a synopsis longer than this gets a line of its own.
const SYNOPSIS_WIDTH = 58;

/** The command the first two words name, if any. */
export function commandNamed(name: string): AnyCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/**
 * What parseArgs is told: every command's flags and the global ones, so a flag no command takes is
 * refused by parseArgs itself (as always), and one of another command by `refuseForeignFlags`.
 */
export function parseOptions(): ParseArgsOptionsConfig {
  const options: ParseArgsOptionsConfig = Object.fromEntries(
    Object.entries(GLOBAL_FLAGS).map(([name, flag]) => [name, 'short' in flag ? { type: flag.type, short: flag.short } : { type: flag.type }]),
  );
  for (const c of COMMANDS) {
    for (const [name, flag] of Object.entries(c.flags)) {
      // One flag name, one type: parseArgs reads the union, so two commands cannot disagree on it.
      if (options[name] && options[name].type !== flag.type) throw new Error(`--${name} is a ${options[name].type} and a ${flag.type} (${c.name})`);
      options[name] = { type: flag.type };
    }
  }
  return options;
}

/**
 * The arguments as parseArgs is to read them. parseArgs takes a value that starts with a dash for a
 * flag of its own and refuses it as ambiguous, so `--amount-minor -5000` (as the docs write it) is
 * joined into `--amount-minor=-5000` when the flag takes a value and the value is a number; and
 * `--reset GROUP` (one rate group back to the standard) is read as `--reset-group GROUP`.
 */
export function argvForParse(argv: readonly string[], options: ParseArgsOptionsConfig = parseOptions()): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else if (arg === '--reset' && next !== undefined && next in RATE_LIMITS) {
      out.push(`--reset-group=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** Refuses (exit 2, with the command's usage) the flags given to `command` that are another command's. */
export function refuseForeignFlags(command: AnyCommand, given: readonly string[]): void {
  const foreign = given.filter((name) => !(name in command.flags) && !(name in GLOBAL_FLAGS));
  if (foreign.length === 0) return;
  const why = foreign.map((name) => {
    const owners = COMMANDS.filter((c) => name in c.flags).map((c) => c.name);
    return `--${name} is not an option of ${command.name} (it is one of ${owners.join(', ')})`;
  });
  throw new UsageError(why.join('; '), usageText([command]));
}

/** The usage text of `commands` (all of them for `--help`), with the global options and the environment. */
export function usageText(commands: readonly AnyCommand[] = COMMANDS): string {
  const named = commands.length === 1 ? commands[0]!.name : '<command>';
  const lines = [`Usage: npm run admin -- ${named} [options] [--json] [--aws]`, ''];
  let group: string | undefined;
  for (const c of commands) {
    if (c.group !== group) lines.push((group = c.group));
    for (const [synopsis, ...description] of c.usage) {
      const [first = '', ...more] = description;
      if (synopsis.length > SYNOPSIS_WIDTH) lines.push(`  ${synopsis}`, column('', first));
      else lines.push(column(synopsis, first));
      lines.push(...more.map((line) => column('', line)));
    }
  }
  lines.push('', 'Options');
  for (const [name, flag] of Object.entries(GLOBAL_FLAGS)) if ('says' in flag) lines.push(`  ${`--${name}`.padEnd(6)}   ${flag.says}`);
  lines.push('Environment', ...ENVIRONMENT.map(([name, what]) => `  ${name.padEnd(17)} ${what}`));
  // npm prints its banner on stdout: -s keeps it off, so the JSON is all there is.
  lines.push('', 'To pipe --json: npm run -s admin -- <command> --json | jq');
  return lines.join('\n');
}

function column(left: string, right: string): string {
  return `  ${left.padEnd(SYNOPSIS_WIDTH)}  ${right}`.trimEnd();
}
