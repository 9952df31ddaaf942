/**
 * The admin CLI (`npm run admin -- <command>`): what the store dashboard and the platform team manage.
 * Against a running `npm start` it needs no settings; `--aws` targets the deployed table.
 * `main` is the whole CLI; bin/admin.ts runs it with the process's arguments, output and environment.
 */
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../../functions/config.ts';
import { AppError, RecordNotFoundError, ReturnChargeNotCoveredError, ServiceUnavailableError } from '../../functions/core/errors.ts';
import { MAX_MINOR } from '../../functions/core/money.ts';
import { AGENT_ID_PATTERN } from '../../functions/core/fleet-access.ts';
import { createRuntime, type Runtime } from '../../functions/runtime.ts';
import { dynamoClients } from '../../functions/data/client.ts';
import { OperationsRepository } from '../../functions/data/operations.repository.ts';
import { readZoneFile } from '../local/bootstrap.ts';
import { runningStart, runningStartFile } from '../local/running-start.ts';
import { wholeStatement } from '../../functions/use-cases/statement.ts';
import { StoreUsageKeys } from '../aws/store-usage-keys.ts';
import { looksLikeApiKey, newId } from '../../functions/core/api-key.ts';
import { RATE_LIMITS, type RateGroup } from '../../functions/core/rate-limits.ts';

const LOCAL_TABLE = 'delivery-api';
const LOCAL_DATA_DIR = '.data';

const USAGE = `Usage: npm run admin -- <command> [options] [--json] [--aws]

Stores
  store create --name NAME [--credit-minor N] [--sandbox]   new store with API access on and its first key
  store show --store ID                                       a store's credit, API access and rate limits
  store credit --store ID --amount-minor N [--note TEXT]     top up credit (a ledger entry)
  store adjust --store ID --amount-minor ±N --reason TEXT --reason-id ID [--operator NAME]
                                                              a correction by operations: an adjustment entry
                                                              (once per reason id, default the reason; operator
                                                              default: your login name); never below zero available
  store api-access --store ID --enabled true|false            turn merchant API access on or off
  store ledger --store ID                                     the store's statement, newest first (as GET /v1/ledger)
  store rate-limits --store ID [--quotes N] [--bookings N] [--cancellations N] [--updates N] [--reads N] [--webhooks N] [--reset]
                                                              per-minute limits agreed with the store
Settlement
  settlement resolve --job ID --capture|--release             end the review of a job that failed after pickup
  settlement resolve --job ID --return --capture|--release    end the review of a return charge the store's credit did not
                                                              cover when the return started: take it from the balance, or waive it
Jobs
  job end --job ID --note TEXT                                end a job that can no longer change (item too large):
                                                              failed, its credit released (a ledger entry), its history kept
Keys
  key create --store ID                                       a new key (shown once)
  key list --store ID                                         the store's keys: id, first characters, created, status
  key revoke --key ID|KEY                                     revoke a key at once (by its id, or the key itself)
Fleet keys (the fleet API, /fleet/v1)
  fleet-key create --role rider [--agent-id ID]               a rider's key, bound to an agent id (a new one if not given)
  fleet-key create --role ops                                 a fleet operations key
  fleet-key revoke --key ID                                   revoke a fleet key at once
Zones
  zone list                                                   current zones and versions
  zone import --file PATH                                     write changed zones as new versions
API Gateway (a deployed stack: USAGE_PLAN_ID set)
  gateway sync --store ID                                     make the store's usage key, if it has none
  gateway sync                                                make a usage key for every store with keys of the old kind
  gateway prune-legacy                                        delete the old kind of gateway keys (after deploying the authorizer)

Options
  --json   machine-readable output
  --aws    use AWS (default credentials and region): set TABLE_NAME and USAGE_PLAN_ID from the stack outputs
Environment
  DYNAMODB_ENDPOINT a DynamoDB of your own (default: the one the running npm start uses, from ${LOCAL_DATA_DIR}/npm-start.json)
  TABLE_NAME        (default: npm start's table, else ${LOCAL_TABLE})
  DATA_DIR          the npm start to use, by its data folder (default ${LOCAL_DATA_DIR})
  USAGE_PLAN_ID     when set, each store gets its usage key in this API Gateway usage plan (store create, key create)`;

/** A mistake in how the command was called: exit code 2, with the usage text when the command itself is wrong. */
class UsageError extends Error {
  readonly showUsage: boolean;

  constructor(message: string, showUsage = false) {
    super(message);
    this.showUsage = showUsage;
  }
}

const OPTIONS = {
  name: { type: 'string' },
  'credit-minor': { type: 'string' },
  sandbox: { type: 'boolean' },
  store: { type: 'string' },
  'amount-minor': { type: 'string' },
  note: { type: 'string' },
  reason: { type: 'string' },
  'reason-id': { type: 'string' },
  operator: { type: 'string' },
  enabled: { type: 'string' },
  key: { type: 'string' },
  file: { type: 'string' },
  quotes: { type: 'string' },
  bookings: { type: 'string' },
  cancellations: { type: 'string' },
  updates: { type: 'string' },
  reads: { type: 'string' },
  webhooks: { type: 'string' },
  reset: { type: 'boolean' },
  job: { type: 'string' },
  role: { type: 'string' },
  'agent-id': { type: 'string' },
  capture: { type: 'boolean' },
  release: { type: 'boolean' },
  return: { type: 'boolean' },
  json: { type: 'boolean' },
  aws: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function required(options: Options, name: 'name' | 'store' | 'amount-minor' | 'enabled' | 'key' | 'file' | 'job' | 'reason' | 'reason-id'): string {
  const value = options[name];
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function paise(raw: string, name: string, { allowZero }: { allowZero: boolean }): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value > MAX_MINOR || (!allowZero && value === 0)) {
    throw new UsageError(`--${name} must be a whole number of paise${allowZero ? '' : ' greater than 0'} (got "${raw}")`);
  }
  return value;
}

// An adjustment's signed amount: a whole number of paise other than zero.
function signedPaise(raw: string, name: string): number {
  const value = Number(raw);
  if (!/^[+-]?\d+$/.test(raw) || !Number.isSafeInteger(value) || value === 0) {
    throw new UsageError(`--${name} must be a whole number of paise other than 0, with - to take credit away (got "${raw}")`);
  }
  return value;
}

/** Paise as an operator reads them, rupees beside: `650050 paise (₹6,500.50)`; exact for any whole number of paise. */
function money(minor: number): string {
  const abs = Math.abs(minor);
  const rupees = new Intl.NumberFormat('en-IN').format(Math.floor(abs / 100));
  return `${minor} paise (${minor < 0 ? '-' : ''}₹${rupees}.${String(abs % 100).padStart(2, '0')})`;
}

/** A reason id is part of a key: 1-200 characters (any script, ₹ too), no control characters, no space at either end. */
const REASON_ID_MAX = 200;
const validReasonId = (id: string) => id.length > 0 && [...id].length <= REASON_ID_MAX && id.trim() === id && !/\p{Cc}/u.test(id);

function bool(raw: string, name: string): boolean {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new UsageError(`--${name} must be true or false (got "${raw}")`);
}

type Output = { json: unknown; text: string };

/** Where stores' usage keys live at the gateway, when the target is a deployed stack. */
type Gateway = StoreUsageKeys | undefined;

function needGateway(gateway: Gateway, command: string): StoreUsageKeys {
  if (!gateway) throw new UsageError(`${command} needs USAGE_PLAN_ID: the stack output UsagePlanId`);
  return gateway;
}

// Before anything is made here: a key the merchant can use must find its store's usage key at the gateway.
async function ensureUsageKey(gateway: Gateway, storeId: string): Promise<void> {
  try {
    await gateway?.ensure(storeId);
  } catch (error) {
    throw new Error(`API Gateway did not take the usage key of ${storeId} (${(error as Error).message}); nothing was made. Run the command again.`, {
      cause: error,
    });
  }
}

/**
 * Ends the review of a job's return charge (`resolve_return`): captured from the store's balance (it
 * was never reserved), or waived. A capture the available credit cannot cover is refused before the
 * move (the write's own condition would refuse it too, without words for operations).
 */
async function resolveReturnCharge(rt: Runtime, storeId: string, jobId: string, outcome: 'capture' | 'release'): Promise<Output> {
  const job = await rt.jobs.get(storeId, jobId);
  if (!job) throw new RecordNotFoundError('job', jobId);
  const chargeMinor = job.returnTrip?.chargeMinor ?? 0;
  if (outcome === 'capture' && job.returnTrip?.chargeSettlement === 'review') {
    const availableMinor = (await rt.stores.get(storeId))?.availableMinor ?? 0;
    if (availableMinor < chargeMinor) throw new ReturnChargeNotCoveredError(chargeMinor, availableMinor);
  }
  const { job: resolved } = await rt.jobs.move(job, { type: 'resolve_return', outcome }, 'admin');
  const trip = resolved.returnTrip!;
  return {
    json: {
      jobId,
      storeId,
      status: resolved.status,
      returnTrip: { status: trip.status, chargeMinor: trip.chargeMinor, chargeSettlement: trip.chargeSettlement },
    },
    text: `Job ${jobId} of ${storeId}: return charge ${trip.chargeSettlement} (${money(trip.chargeMinor)} ${outcome === 'capture' ? 'charged' : 'waived'}).`,
  };
}

async function run(command: string, options: Options, rt: Runtime, operations: OperationsRepository, gateway: Gateway): Promise<Output> {
  switch (command) {
    case 'store create': {
      const name = required(options, 'name');
      const creditMinor = options['credit-minor'] === undefined ? 0 : paise(options['credit-minor'], 'credit-minor', { allowZero: true });
      const storeId = newId('store');
      await ensureUsageKey(gateway, storeId);
      const created = await rt.stores.create({ storeId, name, sandbox: options.sandbox ?? false, creditMinor });
      return {
        json: created,
        text: `Created ${options.sandbox ? 'sandbox' : 'live'} store ${created.storeId} with ${money(creditMinor)} credit.\nKey ${created.keyId} (shown once, keep it safe):\n  ${created.apiKey}`,
      };
    }
    case 'store show': {
      const storeId = required(options, 'store');
      const store = await rt.stores.get(storeId);
      if (!store) throw new RecordNotFoundError('store', storeId);
      const limits = Object.entries(RATE_LIMITS)
        .map(([group, standard]) => `${group} ${store.rateLimitOverrides[group] ?? standard.capacity}${group in store.rateLimitOverrides ? ' (agreed)' : ''}`)
        .join(', ');
      const rows: Array<[string, string]> = [
        ['id', store.id],
        ['name', store.name],
        ['mode', store.sandbox ? 'sandbox' : 'live'],
        ['API access', store.apiEnabled ? 'enabled' : 'disabled'],
        ['balance', money(store.balanceMinor)],
        ['reserved', money(store.reservedMinor)],
        ['available', money(store.availableMinor)],
        ['jobs booked', String(store.jobCount)],
        ['rate limits', `${limits} a minute`],
        ['created', store.createdAt],
      ];
      return { json: store, text: rows.map(([label, value]) => `${label.padEnd(12)} ${value}`).join('\n') };
    }
    case 'store credit': {
      const storeId = required(options, 'store');
      const amount = paise(required(options, 'amount-minor'), 'amount-minor', { allowZero: false });
      const store = await rt.stores.credit(storeId, amount, options.note ?? null);
      const json = { storeId, balanceMinor: store.balanceMinor, reservedMinor: store.reservedMinor, availableMinor: store.availableMinor };
      return {
        json,
        text: `Credited ${money(amount)} to ${storeId}: balance ${money(store.balanceMinor)}, reserved ${money(store.reservedMinor)}, available ${money(store.availableMinor)}.`,
      };
    }
    case 'store adjust': {
      const storeId = required(options, 'store');
      const amountMinor = signedPaise(required(options, 'amount-minor'), 'amount-minor');
      const reason = required(options, 'reason').trim();
      // Always named (a ticket number): two corrections with the same words are two corrections, and a
      // retry of one is the same one.
      const reasonId = required(options, 'reason-id');
      if (!validReasonId(reasonId)) {
        throw new UsageError(`--reason-id must be 1-${REASON_ID_MAX} characters with no control characters and no space at either end (got "${reasonId}")`);
      }
      // Who: named with --operator, else the login of whoever runs the CLI (recorded in the entry, not shown to the merchant).
      const operator = (options.operator ?? userInfo().username).trim();
      if (operator === '') throw new UsageError('--operator is required when the login name is unknown');
      const result = await operations.adjust(storeId, { amountMinor, reason, reasonId, operator });
      const { store } = result;
      const entryId = `le_${result.entryId.replaceAll('-', '')}`;
      const json = {
        storeId,
        entryId,
        amountMinor,
        reasonId,
        operator,
        replayed: result.replayed,
        balanceMinor: store.balanceMinor,
        reservedMinor: store.reservedMinor,
        availableMinor: store.availableMinor,
      };
      const done = result.replayed ? `Already adjusted (reason id "${reasonId}"), nothing changed` : `Adjusted ${storeId} by ${money(amountMinor)}`;
      return {
        json,
        text: `${done}: entry ${entryId} by ${operator}. Balance ${money(store.balanceMinor)}, reserved ${money(store.reservedMinor)}, available ${money(store.availableMinor)}.`,
      };
    }
    case 'store api-access': {
      const storeId = required(options, 'store');
      const enabled = bool(required(options, 'enabled'), 'enabled');
      const store = await rt.stores.setApiAccess(storeId, enabled);
      return { json: { storeId, apiEnabled: store.apiEnabled }, text: `API access for ${storeId} is now ${store.apiEnabled ? 'enabled' : 'disabled'}.` };
    }
    case 'store ledger': {
      const storeId = required(options, 'store');
      const store = await rt.stores.get(storeId);
      if (!store) throw new RecordNotFoundError('store', storeId);
      // The same entries as the merchant's statement (GET /v1/ledger), with the figures after each.
      const entries = await wholeStatement(rt, store);
      const lines = entries.map((e) =>
        [
          e.createdAt,
          e.type.padEnd(10),
          money(e.amountMinor).padStart(28),
          `balance ${money(e.balanceMinor)}`.padEnd(36),
          `reserved ${money(e.reservedMinor)}`.padEnd(36),
          e.jobId ?? '',
          e.note ?? '',
        ]
          .join('  ')
          .trimEnd(),
      );
      return { json: entries, text: entries.length === 0 ? `No ledger entries for ${storeId}.` : lines.join('\n') };
    }
    case 'store rate-limits': {
      const storeId = required(options, 'store');
      const changes: Record<string, number> = {};
      for (const group of Object.keys(RATE_LIMITS) as RateGroup[]) {
        const raw = options[group];
        if (raw === undefined) continue;
        const value = Number(raw);
        if (!/^\d+$/.test(raw) || value < 1 || value > 100_000)
          throw new UsageError(`--${group} must be a whole number of requests a minute from 1 to 100000 (got "${raw}")`);
        changes[group] = value;
      }
      // Merged with the agreed limits as each attempt reads them: another operator's change to other groups stays.
      const store = await rt.stores.setRateLimits(storeId, (agreed) => ({ ...(options.reset ? {} : agreed), ...changes }));
      const limits = Object.fromEntries(Object.entries(RATE_LIMITS).map(([group, standard]) => [group, store.rateLimitOverrides[group] ?? standard.capacity]));
      return {
        json: { storeId, perMinute: limits },
        text: Object.entries(limits)
          .map(([group, n]) => `${group.padEnd(14)} ${n} a minute${group in store.rateLimitOverrides ? ' (agreed)' : ''}`)
          .join('\n'),
      };
    }
    case 'settlement resolve': {
      const jobId = required(options, 'job');
      if (Boolean(options.capture) === Boolean(options.release))
        throw new UsageError('Say --capture (the store pays) or --release (the store gets its credit back)');
      const storeId = await rt.jobs.storeOf(jobId);
      if (!storeId) throw new RecordNotFoundError('job', jobId);
      const outcome = options.capture ? 'capture' : 'release';
      if (options.return) return resolveReturnCharge(rt, storeId, jobId, outcome);
      const result = (await rt.jobs.move({ storeId, jobId }, { type: 'resolve', outcome }, 'admin'))!;
      const { job } = result;
      // What the resolve moved out of the reservation: the charge, less a collection fee already released (a COD job that failed unpaid).
      const settledMinor = -result.money.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
      return {
        json: { jobId: job.id, storeId, status: job.status, settlement: job.settlement, chargeMinor: job.chargeMinor, settledMinor },
        text: `Job ${job.id} of ${storeId}: settlement ${job.settlement} (${money(settledMinor)} ${outcome === 'capture' ? 'charged' : 'returned to available credit'}).`,
      };
    }
    case 'job end': {
      const jobId = required(options, 'job');
      const note = options.note?.trim();
      if (!note) throw new UsageError('--note is required: why operations end the job (the merchant sees it)');
      const storeId = await rt.jobs.storeOf(jobId);
      const found = storeId && (await rt.jobs.get(storeId, jobId));
      if (!found) throw new RecordNotFoundError('job', jobId);
      const { job, money } = await rt.jobArchive.endAsOperations(found, note);
      const releasedMinor = -money.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
      return {
        json: { jobId: job.id, storeId: job.storeId, status: job.status, settlement: job.settlement, releasedMinor },
        text: `Job ${job.id} of ${job.storeId}: ${job.status}, settlement ${job.settlement}${releasedMinor > 0 ? ` (${releasedMinor} paise returned to available credit)` : ''}.`,
      };
    }
    case 'key create': {
      const storeId = required(options, 'store');
      if (!(await rt.stores.get(storeId))) throw new RecordNotFoundError('store', storeId);
      // A store made before the authorizer may have no usage key yet.
      await ensureUsageKey(gateway, storeId);
      const created = await rt.apiKeys.create(storeId);
      return { json: created, text: `Key ${created.keyId} (shown once, keep it safe):\n  ${created.apiKey}` };
    }
    case 'key list': {
      const storeId = required(options, 'store');
      if (!(await rt.stores.get(storeId))) throw new RecordNotFoundError('store', storeId);
      const listed = await operations.keysOf(storeId);
      const text = listed.map((k) =>
        [
          k.keyId,
          (k.prefix === null ? '(made before prefixes were kept)' : `${k.prefix}…`).padEnd(32),
          `created ${k.createdAt}`,
          k.status === 'revoked' ? `revoked ${k.revokedAt}` : 'active',
        ].join('  '),
      );
      // When a key was last used is not recorded (it would cost a write on every request).
      return { json: listed, text: listed.length === 0 ? `No keys for ${storeId}.` : text.join('\n') };
    }
    case 'key revoke': {
      // Nothing to do at the gateway: the store's usage key serves its other keys. The functions refuse
      // the key at once; the authorizer's cached answer for it lapses within its TTL.
      const given = required(options, 'key');
      // The key itself (mdk_…) is looked up by its hash and never printed; anything else is a key id.
      const keyId = looksLikeApiKey(given) ? await rt.apiKeys.idOfKey(given) : given;
      if (keyId === null) throw new RecordNotFoundError('key', `${given.slice(0, 13)}…`);
      const revoked = await rt.apiKeys.revoke(keyId);
      return { json: revoked, text: `Revoked ${revoked.keyId} of ${revoked.storeId} at ${revoked.revokedAt}.` };
    }
    case 'fleet-key create': {
      const role = options.role;
      if (role !== 'rider' && role !== 'ops') throw new UsageError(`--role must be rider or ops (got "${role ?? ''}")`);
      const agentId = options['agent-id'];
      if (agentId !== undefined && role === 'ops') throw new UsageError('--agent-id is for rider keys only');
      if (agentId !== undefined && !AGENT_ID_PATTERN.test(agentId))
        throw new UsageError(`--agent-id must be 3-64 letters, digits, "_" or "-" (got "${agentId}")`);
      const created = await rt.fleetKeys.create(role, agentId ?? null);
      const who = created.role === 'rider' ? `rider ${created.agentId}` : 'fleet operations';
      return { json: created, text: `Fleet key ${created.keyId} for ${who} (shown once, keep it safe):\n  ${created.fleetKey}` };
    }
    case 'fleet-key revoke': {
      const revoked = await rt.fleetKeys.revoke(required(options, 'key'));
      return { json: revoked, text: `Revoked fleet key ${revoked.keyId} at ${revoked.revokedAt}.` };
    }
    case 'zone list': {
      const zones = (await rt.zones.repository.listCurrent()).sort((a, b) => a.id.localeCompare(b.id));
      const json = zones.map(({ polygon: _polygon, ...zone }) => zone);
      const text = zones
        .map(
          (z) =>
            `${z.id.padEnd(12)} v${z.version}  ${z.active ? 'active  ' : 'inactive'}  max ${z.maxRouteMeters} m  base ${money(z.rateCard.baseFareMinor)} + ${money(z.rateCard.perKmMinor)}/km  ${z.name}`,
        )
        .join('\n');
      return { json, text: text || 'No zones.' };
    }
    case 'zone import': {
      const file = required(options, 'file');
      let zones;
      try {
        zones = readZoneFile(file).zones;
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const results = await rt.zones.repository.import(zones, { onlyMissing: false });
      return { json: results, text: results.map((r) => `${r.zoneId.padEnd(12)} v${r.version}  ${r.action}`).join('\n') };
    }
    case 'gateway sync': {
      const usageKeys = needGateway(gateway, command);
      const storeIds = options.store === undefined ? [...(await usageKeys.legacyKeys()).keys()] : [options.store];
      if (options.store !== undefined && !(await rt.stores.get(options.store))) throw new RecordNotFoundError('store', options.store);
      const results = [];
      for (const storeId of storeIds) results.push({ storeId, usageKey: await usageKeys.ensure(storeId) });
      return {
        json: results,
        text: results.length === 0 ? 'No stores to sync.' : results.map((r) => `${r.storeId}  usage key ${r.usageKey}`).join('\n'),
      };
    }
    case 'gateway prune-legacy': {
      const usageKeys = needGateway(gateway, command);
      const results = [];
      for (const [storeId, legacy] of await usageKeys.legacyKeys()) {
        for (const key of legacy) await usageKeys.removeLegacyKey(storeId, key);
        results.push({ storeId, deleted: legacy.length });
      }
      return {
        json: results,
        text:
          results.length === 0
            ? 'No gateway keys of the old kind.'
            : results.map((r) => `${r.storeId}  deleted ${r.deleted} old gateway key${r.deleted === 1 ? '' : 's'}; its usage key is in the plan`).join('\n'),
      };
    }
    default:
      throw new UsageError(command.trim() === '' ? 'No command given' : `Unknown command "${command}"`, true);
  }
}

/** Where the CLI writes: each call is one line (or block) of output, as console.log and console.error print it. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The terminal: standard output and standard error. */
export const processIo: CliIo = {
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
};

/**
 * Runs one admin command (`argv` without node and the script) and returns its exit code: 0 done,
 * 1 failed, 2 called wrongly. Settings come from `env` (DYNAMODB_ENDPOINT, TABLE_NAME, USAGE_PLAN_ID, …).
 */
export async function main(argv: string[], io: CliIo = processIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    io.stderr(
      argv.includes('--json') ? JSON.stringify({ error: message, code: 'usage_error' }) : `✖ ${message}\n(npm run admin -- --help shows every command)`,
    );
    return 2;
  }
  const { values: options, positionals } = parsed;
  if (options.help) {
    io.stdout(USAGE);
    return 0;
  }
  const command = positionals.slice(0, 2).join(' ');
  let endpoint: string | undefined;
  let tableName = env.TABLE_NAME || (options.aws ? '' : LOCAL_TABLE);
  let gateway: Gateway;
  try {
    if (!options.aws) ({ endpoint, tableName } = localTarget(env));
    if (positionals.length > 2) throw new UsageError(`Unexpected argument "${positionals[2]}"`);
    if (options.aws && !tableName) throw new UsageError('--aws needs TABLE_NAME: the stack output TableName');
    if (options.aws && !env.USAGE_PLAN_ID)
      throw new UsageError('--aws needs USAGE_PLAN_ID: the stack output UsagePlanId (each store needs its usage key there)');
    const config = readConfig({ ...env, TABLE_NAME: tableName, DYNAMODB_ENDPOINT: endpoint });
    const rt = createRuntime(config);
    // Operations' own reads and writes, on the process's shared DynamoDB client (no function bundles them).
    const { doc } = dynamoClients({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT, requestTimeoutMs: config.DYNAMODB_REQUEST_TIMEOUT_MS });
    const operations = new OperationsRepository(doc, config.TABLE_NAME);
    gateway = env.USAGE_PLAN_ID ? new StoreUsageKeys(env.USAGE_PLAN_ID, { endpoint: env.APIGATEWAY_ENDPOINT || undefined }) : undefined;
    const output = await run(command, options, rt, operations, gateway);
    io.stdout(options.json ? JSON.stringify(output.json, null, 2) : output.text);
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError;
    const message = usage ? error.message : describe(error, endpoint ?? 'AWS', tableName);
    if (options.json) {
      const code = usage ? 'usage_error' : error instanceof AppError || error instanceof NoLocalTargetError ? error.code : 'error';
      io.stderr(JSON.stringify({ error: message, code }));
    } else {
      const hint = usage ? (error.showUsage ? `\n\n${USAGE}` : '\n(npm run admin -- --help shows every command)') : '';
      io.stderr(`✖ ${message}${hint}`);
    }
    return usage ? 2 : 1;
  } finally {
    // Let go of the gateway's connections. The DynamoDB clients are the process's shared ones (one
    // pair per endpoint), so a caller that runs several commands in one process opens no new ones.
    gateway?.destroy();
  }
}

/** No DynamoDB named and no `npm start` running: the CLI refuses rather than guess one (exit 1). */
class NoLocalTargetError extends Error {
  readonly code = 'no_target';

  constructor(dataDir: string) {
    super(
      `No running \`npm start\` found (${runningStartFile(dataDir)}), so there is no DynamoDB to use. Start it first (npm start), or name one: DYNAMODB_ENDPOINT=http://127.0.0.1:<port> [TABLE_NAME=…], or --aws for the deployed table.`,
    );
    this.name = 'NoLocalTargetError';
  }
}

/**
 * The local DynamoDB and table: DYNAMODB_ENDPOINT when set, else those of the `npm start` running on
 * DATA_DIR (whatever port its DynamoDB Local got). Never a default port, where some other DynamoDB
 * Local with a table of the same name could answer.
 */
function localTarget(env: NodeJS.ProcessEnv): { endpoint: string; tableName: string } {
  if (env.DYNAMODB_ENDPOINT) return { endpoint: env.DYNAMODB_ENDPOINT, tableName: env.TABLE_NAME || LOCAL_TABLE };
  const dataDir = resolve(env.DATA_DIR || LOCAL_DATA_DIR);
  const start = runningStart(dataDir);
  if (!start) throw new NoLocalTargetError(dataDir);
  return { endpoint: start.dynamoEndpoint, tableName: env.TABLE_NAME || start.tableName };
}

function describe(error: unknown, endpoint: string, tableName: string): string {
  if (error instanceof ServiceUnavailableError) {
    return `Cannot reach DynamoDB at ${endpoint}. Is \`npm start\` running? (Or set DYNAMODB_ENDPOINT, or use --aws.)`;
  }
  if (error instanceof Error && error.name === 'ResourceNotFoundException') {
    return `Table ${tableName} does not exist at ${endpoint}. \`npm start\` creates it; or set TABLE_NAME.`;
  }
  if (error instanceof AppError) return error.message;
  return (error as Error).message ?? String(error);
}
