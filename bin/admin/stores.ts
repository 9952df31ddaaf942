/** The store commands: create, show, credit, adjust, API access, the ledger and the agreed rate limits. */
import { toCodSummary } from '../../functions/schemas/cod-summary.schema.ts';
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { newId } from '../../functions/core/api-key.ts';
import { RATE_LIMITS, type RateGroup } from '../../functions/core/rate-limits.ts';
import { wholeStatement } from '../../functions/use-cases/statement.ts';
import { bool, command, ensureUsageKey, money, operatorOf, paise, required, signedPaise, UsageError, type Flags } from './command.ts';

const GROUP = 'Stores';

/** A reason id is part of a key: 1-200 characters (any script, ₹ too), no control characters, no space at either end. */
const REASON_ID_MAX = 200;
const validReasonId = (id: string) => id.length > 0 && [...id].length <= REASON_ID_MAX && id.trim() === id && !/\p{Cc}/u.test(id);

// One flag per rate group, named as the group (`--bookings 20`).
const RATE_GROUP_FLAGS = Object.fromEntries(Object.keys(RATE_LIMITS).map((group) => [group, { type: 'string' }])) as Record<RateGroup, { type: 'string' }>;

/** What a live store's sandbox twin starts with: enough to book in test mode at once (as the demo sandbox store). */
export const TWIN_CREDIT_MINOR = 500_000;

const storeCreate = command({
  name: 'store create',
  group: GROUP,
  flags: { name: { type: 'string' }, 'credit-minor': { type: 'string' }, sandbox: { type: 'boolean' } },
  usage: [
    [
      'store create --name NAME [--credit-minor N] [--sandbox]',
      'new store with API access on and its first key;',
      'a live store also gets its linked sandbox twin (the console’s test mode)',
    ],
  ],
  async run(options, { rt, gateway }) {
    const name = required(options, 'name');
    const creditMinor = options['credit-minor'] === undefined ? 0 : paise(options['credit-minor'], 'credit-minor', { allowZero: true });
    const sandbox = options.sandbox ?? false;
    const storeId = newId('store');
    await ensureUsageKey(gateway, storeId);
    const created = await rt.stores.create({ storeId, name, sandbox, creditMinor });
    // A sandbox store books with credit like a live one: say what it starts with and how to add more, before its first 422.
    const topUp = (id: string) => `npm run admin -- store credit --store ${id} --amount-minor N`;
    if (sandbox) {
      const credit = `\nIt starts with ${money(creditMinor)} credit${creditMinor === 0 ? ' (bookings need credit: add some first)' : ''}; add more with: ${topUp(created.storeId)}`;
      return {
        json: created,
        text: `Created sandbox store ${created.storeId} with ${money(creditMinor)} credit.\nKey ${created.keyId} (shown once, keep it safe):\n  ${created.apiKey}${credit}`,
      };
    }
    // The live store's twin: where its people try things in the console's test mode, and its developers in the sandbox.
    const twinId = newId('store');
    await ensureUsageKey(gateway, twinId);
    const twin = await rt.stores.create({ storeId: twinId, name: `${name} (test)`, sandbox: true, creditMinor: TWIN_CREDIT_MINOR });
    await rt.stores.linkSandbox(created.storeId, twin.storeId);
    return {
      json: { ...created, testStore: twin },
      text: [
        `Created live store ${created.storeId} with ${money(creditMinor)} credit.`,
        `Key ${created.keyId} (shown once, keep it safe):\n  ${created.apiKey}`,
        `Its sandbox twin ${twin.storeId} ("${name} (test)", ${money(TWIN_CREDIT_MINOR)} credit; more with: ${topUp(twin.storeId)}).`,
        `Twin key ${twin.keyId} (shown once):\n  ${twin.apiKey}`,
      ].join('\n'),
    };
  },
});

const storeShow = command({
  name: 'store show',
  group: GROUP,
  flags: { store: { type: 'string' } },
  usage: [['store show --store ID', "a store's credit, API access and rate limits"]],
  async run(options, { rt }) {
    const storeId = required(options, 'store');
    const store = await rt.stores.get(storeId);
    if (!store) throw new RecordNotFoundError('store', storeId);
    const cod = toCodSummary(store, await rt.remittances.awaiting(storeId), new Date(), rt.config.REMITTANCE_CUTOFF_IST);
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
      ['COD received', money(cod.collectedMinor)],
      ['COD awaiting', `${money(cod.awaitingRemittanceMinor)}, of it ${money(cod.awaitingVerificationMinor)} UPI awaiting verification`],
      ['COD remitted', `${money(cod.remittedMinor)}${cod.nextRemittanceAt ? `; next remittance ${cod.nextRemittanceAt}` : ''}`],
      ['jobs booked', String(store.jobCount)],
      ['rate limits', `${limits} a minute`],
      ['created', store.createdAt],
    ];
    return { json: { ...store, cod }, text: rows.map(([label, value]) => `${label.padEnd(12)} ${value}`).join('\n') };
  },
});

const storeCredit = command({
  name: 'store credit',
  group: GROUP,
  flags: { store: { type: 'string' }, 'amount-minor': { type: 'string' }, note: { type: 'string' } },
  usage: [['store credit --store ID --amount-minor N [--note TEXT]', 'top up credit (a ledger entry)']],
  async run(options, { rt }) {
    const storeId = required(options, 'store');
    const amount = paise(required(options, 'amount-minor'), 'amount-minor', { allowZero: false });
    const store = await rt.stores.credit(storeId, amount, options.note ?? null);
    const json = { storeId, balanceMinor: store.balanceMinor, reservedMinor: store.reservedMinor, availableMinor: store.availableMinor };
    return {
      json,
      text: `Credited ${money(amount)} to ${storeId}: balance ${money(store.balanceMinor)}, reserved ${money(store.reservedMinor)}, available ${money(store.availableMinor)}.`,
    };
  },
});

const storeAdjust = command({
  name: 'store adjust',
  group: GROUP,
  flags: {
    store: { type: 'string' },
    'amount-minor': { type: 'string' },
    reason: { type: 'string' },
    'reason-id': { type: 'string' },
    operator: { type: 'string' },
  },
  usage: [
    [
      'store adjust --store ID --amount-minor ±N --reason TEXT --reason-id ID [--operator NAME]',
      'a correction by operations: an adjustment entry',
      '(once per reason id, required: e.g. the ticket number;',
      'operator default: your login name); never below zero available',
    ],
  ],
  async run(options, { operations }) {
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
    const operator = operatorOf(options);
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
  },
});

const storeApiAccess = command({
  name: 'store api-access',
  group: GROUP,
  flags: { store: { type: 'string' }, enabled: { type: 'string' } },
  usage: [['store api-access --store ID --enabled true|false', 'turn merchant API access on or off']],
  async run(options, { rt }) {
    const storeId = required(options, 'store');
    const enabled = bool(required(options, 'enabled'), 'enabled');
    const store = await rt.stores.setApiAccess(storeId, enabled);
    return { json: { storeId, apiEnabled: store.apiEnabled }, text: `API access for ${storeId} is now ${store.apiEnabled ? 'enabled' : 'disabled'}.` };
  },
});

const storeLedger = command({
  name: 'store ledger',
  group: GROUP,
  flags: { store: { type: 'string' } },
  usage: [['store ledger --store ID', "the store's statement, newest first (as GET /v1/ledger)"]],
  async run(options, { rt }) {
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
  },
});

const RATE_GROUPS = Object.keys(RATE_LIMITS) as RateGroup[];

const storeRateLimits = command({
  name: 'store rate-limits',
  group: GROUP,
  flags: {
    store: { type: 'string' },
    ...RATE_GROUP_FLAGS,
    reset: { type: 'boolean' },
    'reset-group': { type: 'string' },
    operator: { type: 'string' },
  } satisfies Flags,
  usage: [
    [
      `store rate-limits --store ID ${RATE_GROUPS.map((group) => `[--${group} N]`).join(' ')} [--reset [GROUP]] [--operator NAME]`,
      'per-minute limits agreed with the store; --reset puts every',
      'group back to the standard, --reset GROUP that one; who changed',
      'each and when is recorded (operator default: your login name)',
    ],
    ['store rate-limits --store ID --reset-group GROUP', 'the same as --reset GROUP'],
  ],
  async run(options, { rt }) {
    const storeId = required(options, 'store');
    const changes: Record<string, number> = {};
    for (const group of RATE_GROUPS) {
      const raw = options[group];
      if (raw === undefined) continue;
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || value < 1 || value > 100_000)
        throw new UsageError(`--${group} must be a whole number of requests a minute from 1 to 100000 (got "${raw}")`);
      changes[group] = value;
    }
    const named = options['reset-group'];
    if (named !== undefined && !(RATE_GROUPS as string[]).includes(named))
      throw new UsageError(`--reset names a rate group: ${RATE_GROUPS.join(', ')} (got "${named}")`);
    if (named !== undefined && named in changes) throw new UsageError(`--${named} and --reset ${named} contradict each other`);
    const reset = named !== undefined ? [named] : options.reset ? RATE_GROUPS.filter((group) => !(group in changes)) : [];
    const changing = Object.keys(changes).length > 0 || reset.length > 0;
    const operator = changing ? operatorOf(options) : undefined;
    // Merged with the agreed limits as each attempt reads them: another operator's change to other groups stays.
    const keep = (agreed: Record<string, number>) => Object.fromEntries(Object.entries(agreed).filter(([group]) => !reset.includes(group)));
    const store = changing
      ? await rt.stores.setRateLimits(storeId, (agreed) => ({ ...keep(agreed), ...changes }), new Date(), {
          operator: operator!,
          groups: Object.keys(changes),
          reset,
        })
      : await rt.stores.get(storeId);
    if (!store) throw new RecordNotFoundError('store', storeId);
    const changed = await rt.stores.rateLimitChanges(storeId);
    const limits = Object.fromEntries(RATE_GROUPS.map((group) => [group, store.rateLimitOverrides[group] ?? RATE_LIMITS[group].capacity]));
    const who = (group: string) => {
      const change = changed[group];
      return change ? ` (${change.reset ? 'reset' : 'set'} by ${change.operator} at ${change.at})` : '';
    };
    return {
      json: { storeId, perMinute: limits, changes: changed },
      text: Object.entries(limits)
        .map(([group, n]) => `${group.padEnd(14)} ${n} a minute${group in store.rateLimitOverrides ? ' (agreed)' : ''}${who(group)}`)
        .join('\n'),
    };
  },
});

/** The store commands, in the order the usage lists them. */
export const STORE_COMMANDS = [storeCreate, storeShow, storeCredit, storeAdjust, storeApiAccess, storeLedger, storeRateLimits];
