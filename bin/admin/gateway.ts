/** The API Gateway commands of a deployed stack: stores' usage keys, and the old kind of gateway keys. */
import { RecordNotFoundError } from '../../functions/core/errors.ts';
import { command, needGateway } from './command.ts';

const GROUP = 'API Gateway (a deployed stack: USAGE_PLAN_ID set)';

const gatewaySync = command({
  name: 'gateway sync',
  group: GROUP,
  flags: { store: { type: 'string' } },
  usage: [
    ['gateway sync --store ID', "make the store's usage key, if it has none"],
    ['gateway sync', 'make a usage key for every store with keys of the old kind'],
  ],
  async run(options, { rt, gateway }) {
    const usageKeys = needGateway(gateway, 'gateway sync');
    const storeIds = options.store === undefined ? [...(await usageKeys.legacyKeys()).keys()] : [options.store];
    if (options.store !== undefined && !(await rt.stores.get(options.store))) throw new RecordNotFoundError('store', options.store);
    const results = [];
    for (const storeId of storeIds) results.push({ storeId, usageKey: await usageKeys.ensure(storeId) });
    return {
      json: results,
      text: results.length === 0 ? 'No stores to sync.' : results.map((r) => `${r.storeId}  usage key ${r.usageKey}`).join('\n'),
    };
  },
});

const gatewayPruneLegacy = command({
  name: 'gateway prune-legacy',
  group: GROUP,
  flags: {},
  usage: [['gateway prune-legacy', 'delete the old kind of gateway keys (after deploying the authorizer)']],
  async run(_options, { gateway }) {
    const usageKeys = needGateway(gateway, 'gateway prune-legacy');
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
  },
});

/** The gateway commands, in the order the usage lists them. */
export const GATEWAY_COMMANDS = [gatewaySync, gatewayPruneLegacy];
