/** Finding stores: by name, and by one of their keys. */
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { command, required } from './command.ts';

const storeList = command({
  name: 'store list',
  group: 'Stores',
  flags: { name: { type: 'string' } },
  usage: [['store list [--name TEXT]', 'every store, oldest first; with --name those whose name', 'contains TEXT (any case)']],
  async run(options, { desk }) {
    const text = options.name?.trim();
    const stores = await desk.stores(text || undefined);
    const lines = stores.map((s) => [s.storeId, (s.sandbox ? 'sandbox' : 'live').padEnd(7), s.createdAt, s.name].join('  '));
    return { json: stores, text: stores.length === 0 ? (text ? `No store's name contains "${text}".` : 'No stores.') : lines.join('\n') };
  },
});

const storeFind = command({
  name: 'store find',
  group: 'Stores',
  flags: { key: { type: 'string' } },
  usage: [['store find --key KEY|ID', 'the store a merchant API key (or key id) belongs to']],
  async run(options, { rt, desk }) {
    const given = required(options, 'key');
    const owner = await desk.keyOwner(given);
    // Never echo a key: its first characters name it well enough.
    if (!owner) throw new RecordNotFoundError('key', given.startsWith('mdk_') ? `${given.slice(0, 13)}…` : given);
    const store = await rt.stores.get(owner.storeId);
    const status = owner.status === 'revoked' ? `revoked ${owner.revokedAt}` : 'active';
    return {
      json: { ...owner, name: store?.name ?? null, sandbox: store?.sandbox ?? null },
      text: `Key ${owner.keyId} (${status}) belongs to ${owner.storeId}${store ? `: ${store.name}${store.sandbox ? ' (sandbox)' : ''}` : ''}.`,
    };
  },
});

/** The commands that find stores, in the order the usage lists them. */
export const STORE_FIND_COMMANDS = [storeList, storeFind];
