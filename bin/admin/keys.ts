/** The key commands: a store's merchant API keys, and the fleet API's rider and operations keys. */
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { looksLikeApiKey } from '../../functions/core/api-key.ts';
import { AGENT_ID_PATTERN } from '../../functions/core/fleet-access.ts';
import { command, ensureUsageKey, required, UsageError } from './command.ts';

const keyCreate = command({
  name: 'key create',
  group: 'Keys',
  flags: { store: { type: 'string' }, name: { type: 'string' } },
  usage: [['key create --store ID [--name NAME]', 'a new key (shown once), named as the console shows it (1-64 characters)']],
  async run(options, { rt, gateway }) {
    const storeId = required(options, 'store');
    const name = options.name?.trim();
    if (name !== undefined && (name.length < 1 || name.length > 64)) throw new UsageError(`--name must be 1 to 64 characters (got ${name.length})`);
    if (!(await rt.stores.get(storeId))) throw new RecordNotFoundError('store', storeId);
    // A store made before the authorizer may have no usage key yet.
    await ensureUsageKey(gateway, storeId);
    const created = await rt.apiKeys.create(storeId, new Date(), name ?? null);
    return { json: created, text: `Key ${created.keyId} (shown once, keep it safe):\n  ${created.apiKey}` };
  },
});

const keyList = command({
  name: 'key list',
  group: 'Keys',
  flags: { store: { type: 'string' } },
  usage: [['key list --store ID', "the store's keys: id, first characters, name, created, status (expiry), last used (IST date)"]],
  async run(options, { rt, operations }) {
    const storeId = required(options, 'store');
    if (!(await rt.stores.get(storeId))) throw new RecordNotFoundError('store', storeId);
    const listed = await operations.keysOf(storeId);
    const text = listed.map((k) =>
      [
        k.keyId,
        (k.prefix === null ? '(made before prefixes were kept)' : `${k.prefix}…`).padEnd(32),
        k.name === null ? '(no name)' : JSON.stringify(k.name),
        `created ${k.createdAt}`,
        k.status === 'revoked' ? `revoked ${k.revokedAt}` : k.status === 'expiring' ? `expiring ${k.expiresAt}` : 'active',
        k.lastUsedOn === null ? 'never used' : `last used ${k.lastUsedOn}`,
      ].join('  '),
    );
    return { json: listed, text: listed.length === 0 ? `No keys for ${storeId}.` : text.join('\n') };
  },
});

const keyRevoke = command({
  name: 'key revoke',
  group: 'Keys',
  flags: { key: { type: 'string' } },
  usage: [['key revoke --key ID|KEY', 'revoke a key at once (by its id, or the key itself); warns', "when it was the store's last active key"]],
  async run(options, { rt, operations, desk }) {
    // Nothing to do at the gateway: the store's usage key serves its other keys. The functions refuse
    // the key at once; the authorizer's cached answer for it lapses within its TTL.
    const given = required(options, 'key');
    // The key itself (mdk_…) is looked up by its hash and never printed; anything else is a key id.
    const found = await desk.keyOwner(given);
    if (found === null) throw new RecordNotFoundError('key', looksLikeApiKey(given) ? `${given.slice(0, 13)}…` : given);
    if (found.status === 'revoked') {
      return {
        json: { keyId: found.keyId, storeId: found.storeId, revokedAt: found.revokedAt, alreadyRevoked: true },
        text: `Key ${found.keyId} of ${found.storeId} was already revoked at ${found.revokedAt}; nothing changed.`,
      };
    }
    const revoked = await rt.apiKeys.revoke(found.keyId);
    // The store's other keys (a scan, as key list): with none active, its integration stops at once.
    const active = (await operations.keysOf(revoked.storeId)).filter((k) => k.status === 'active').length;
    const warning =
      active === 0
        ? `\n⚠ That was the last active key of ${revoked.storeId}: every call of its integration now fails with 401. Make a new one: npm run admin -- key create --store ${revoked.storeId}`
        : '';
    return {
      json: { ...revoked, alreadyRevoked: false, activeKeysLeft: active },
      text: `Revoked ${revoked.keyId} of ${revoked.storeId} at ${revoked.revokedAt}.${warning}`,
    };
  },
});

const keyIndex = command({
  name: 'key index',
  group: 'Keys',
  flags: {},
  usage: [['key index', "puts every key made before issue 36 into its store's list (GET /v1/api-keys); once, after the upgrade"]],
  async run(_options, { operations }) {
    const added = await operations.indexKeys();
    return { json: { added }, text: `Added ${added} key(s) to their stores' lists.` };
  },
});

const FLEET = 'Fleet keys (the fleet API, /fleet/v1)';

const fleetKeyCreate = command({
  name: 'fleet-key create',
  group: FLEET,
  flags: { role: { type: 'string' }, 'agent-id': { type: 'string' } },
  usage: [
    ['fleet-key create --role rider [--agent-id ID]', "a rider's key, bound to an agent id (a new one if not given)"],
    ['fleet-key create --role ops', 'a fleet operations key'],
  ],
  async run(options, { rt }) {
    const role = options.role;
    if (role !== 'rider' && role !== 'ops') throw new UsageError(`--role must be rider or ops (got "${role ?? ''}")`);
    const agentId = options['agent-id'];
    if (agentId !== undefined && role === 'ops') throw new UsageError('--agent-id is for rider keys only');
    if (agentId !== undefined && !AGENT_ID_PATTERN.test(agentId))
      throw new UsageError(`--agent-id must be 3-64 letters, digits, "_" or "-" (got "${agentId}")`);
    const created = await rt.fleetKeys.create(role, agentId ?? null);
    const who = created.role === 'rider' ? `rider ${created.agentId}` : 'fleet operations';
    return { json: created, text: `Fleet key ${created.keyId} for ${who} (shown once, keep it safe):\n  ${created.fleetKey}` };
  },
});

const fleetKeyRevoke = command({
  name: 'fleet-key revoke',
  group: FLEET,
  flags: { key: { type: 'string' } },
  usage: [['fleet-key revoke --key ID', 'revoke a fleet key at once']],
  async run(options, { rt }) {
    const revoked = await rt.fleetKeys.revoke(required(options, 'key'));
    return { json: revoked, text: `Revoked fleet key ${revoked.keyId} at ${revoked.revokedAt}.` };
  },
});

/** The key commands, in the order the usage lists them. */
export const KEY_COMMANDS = [keyCreate, keyList, keyRevoke, keyIndex, fleetKeyCreate, fleetKeyRevoke];
