/**
 * One admin command: its words, its own flags, its usage lines and what it runs. The CLI (cli.ts) is a
 * table of these; the usage text is generated from the table (usage.ts), so a flag and its help cannot part.
 */
import type { Runtime } from '../../functions/runtime.ts';
import type { OperationsRepository } from '../../functions/data/operations.repository.ts';
import type { DeskRepository } from '../../functions/data/desk.repository.ts';
import type { ReviewQueueRepository } from '../../functions/data/review-queue.repository.ts';
import { userInfo } from 'node:os';
import { MAX_MINOR } from '../../functions/core/money.ts';
import type { StoreUsageKeys } from '../aws/store-usage-keys.ts';

/** A mistake in how the command was called: exit code 2, with `usage` (a command's or every command's) shown after it when given. */
export class UsageError extends Error {
  readonly usage: string | undefined;

  constructor(message: string, usage?: string) {
    super(message);
    this.usage = usage;
  }
}

/** A flag as node:util's parseArgs declares it. */
export type Flag = { type: 'string' } | { type: 'boolean' };

/** A command's flags by name (without the dashes). */
export type Flags = Record<string, Flag>;

/** What the flags of a command parse to: a string or a boolean each, absent when not given. */
export type FlagValues<F extends Flags> = { [K in keyof F]?: F[K] extends { type: 'boolean' } ? boolean : string };

/** The flags as parseArgs hands them to a command, before its own types are put on them. */
export type ParsedFlags = Record<string, string | boolean | undefined>;

/** What a command prints: `json` with --json, else `text`. */
export type Output = { json: unknown; text: string };

/** Where stores' usage keys live at the gateway, when the target is a deployed stack. */
export type Gateway = StoreUsageKeys | undefined;

/** What every command runs against. */
export interface CommandContext {
  rt: Runtime;
  operations: OperationsRepository;
  /** Operations' desk: stores by name, a key's store, riders and their cash. */
  desk: DeskRepository;
  /** Operations' review queue. */
  reviews: ReviewQueueRepository;
  gateway: Gateway;
  /** The API's public base URL (API_URL, else the running `npm start`'s), for the links a command prints; undefined when neither names one. */
  apiUrl?: string;
}

/** One line of the usage: how to call the command, and what it does (one or more lines). */
export type UsageLine = [synopsis: string, ...description: string[]];

/** One row of the CLI's table. */
export interface Command<F extends Flags = Flags> {
  /** The two words that name it: `store show`. */
  name: string;
  /** The heading it is listed under in the usage. */
  group: string;
  flags: F;
  usage: UsageLine[];
  run(options: FlagValues<F>, context: CommandContext): Promise<Output>;
}

/** A row of the table as the CLI holds it: run with whatever parseArgs read (only the command's own flags, once refuseForeignFlags passed). */
export type AnyCommand = Omit<Command, 'run'> & { run(options: ParsedFlags, context: CommandContext): Promise<Output> };

/** A row of the table, its run typed by its own flags. */
export function command<const F extends Flags>(spec: Command<F>): AnyCommand {
  return spec as unknown as AnyCommand;
}

/** The flag's value, refused (exit 2) when missing or blank. */
export function required(options: ParsedFlags, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A whole number of paise up to MAX_MINOR from a flag's text, refused (exit 2) otherwise. */
export function paise(raw: string, name: string, { allowZero }: { allowZero: boolean }): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value > MAX_MINOR || (!allowZero && value === 0)) {
    throw new UsageError(`--${name} must be a whole number of paise${allowZero ? '' : ' greater than 0'} (got "${raw}")`);
  }
  return value;
}

/** An adjustment's signed amount: a whole number of paise other than zero. */
export function signedPaise(raw: string, name: string): number {
  const value = Number(raw);
  if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(value) || value === 0) {
    throw new UsageError(`--${name} must be a whole number of paise other than 0, with - to take credit away (got "${raw}")`);
  }
  return value;
}

/** Paise as an operator reads them, rupees beside: `650050 paise (₹6,500.50)`; exact for any whole number of paise. */
export function money(minor: number): string {
  const abs = Math.abs(minor);
  const rupees = new Intl.NumberFormat('en-IN').format(Math.floor(abs / 100));
  return `${minor} paise (${minor < 0 ? '-' : ''}₹${rupees}.${String(abs % 100).padStart(2, '0')})`;
}

/** Who runs the command: --operator, else the login name of whoever runs the CLI; refused (exit 2) when neither names anyone. */
export function operatorOf(options: ParsedFlags): string {
  const given = options.operator;
  const operator = (typeof given === 'string' ? given : userInfo().username).trim();
  if (operator === '') throw new UsageError('--operator is required when the login name is unknown');
  return operator;
}

/** `true` or `false` from a flag's text, refused (exit 2) otherwise. */
export function bool(raw: string, name: string): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new UsageError(`--${name} must be true or false (got "${raw}")`);
}

/** The gateway, refused (exit 2) when the target is not a deployed stack. */
export function needGateway(gateway: Gateway, command: string): StoreUsageKeys {
  if (!gateway) throw new UsageError(`${command} needs USAGE_PLAN_ID: the stack output UsagePlanId`);
  return gateway;
}

/** Before anything is made: a key the merchant can use must find its store's usage key at the gateway. */
export async function ensureUsageKey(gateway: Gateway, storeId: string): Promise<void> {
  try {
    await gateway?.ensure(storeId);
  } catch (error) {
    throw new Error(`API Gateway did not take the usage key of ${storeId} (${(error as Error).message}); nothing was made. Run the command again.`, {
      cause: error,
    });
  }
}
