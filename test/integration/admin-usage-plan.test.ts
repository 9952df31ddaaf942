import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestTable, type TestTable } from '../helpers/table.ts';
import { generateApiKey, newId, usageKeyValue } from '../../functions/core/api-key.ts';
import { admin } from '../helpers/admin.ts';
import { GatewayStandIn } from '../helpers/gateway.ts';

const PLAN = 'plan-1';
const gateway = new GatewayStandIn();
let table: TestTable;

beforeAll(async () => {
  // The SDK takes credentials from the process's environment; the stand-in takes any.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'test');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test');
  table = await createTestTable();
  await gateway.start();
});

afterAll(async () => {
  await gateway.stop();
  await table.drop();
  vi.unstubAllEnvs();
});

beforeEach(() => gateway.reset());

/** What a deployed stack's operator sets: the stack's usage plan (here at the stand-in gateway). */
const withUsagePlan = () => ({ USAGE_PLAN_ID: PLAN, APIGATEWAY_ENDPOINT: gateway.url });

/** A live store made as operations make one: with its sandbox twin, which has a usage key of its own. */
async function createStore(
  name = 'Gateway store',
): Promise<{ storeId: string; keyId: string; apiKey: string; testStore: { storeId: string; apiKey: string } }> {
  const result = await admin(table, ['store', 'create', '--name', name, '--json'], withUsagePlan());
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as { storeId: string; keyId: string; apiKey: string; testStore: { storeId: string; apiKey: string } };
}

/** Every value the gateway holds or was sent: a merchant key must be in none of them. */
const everythingTheGatewaySaw = () => JSON.stringify({ keys: [...gateway.keys.values()], calls: gateway.calls });

describe('admin CLI with USAGE_PLAN_ID (a deployed stack): one usage key per store, merchant keys stored nowhere there', () => {
  it('gives a new store its usage key in the plan, named by the store id, holding the value the authorizer names', async () => {
    const created = await createStore();

    const usageKeyOf = (storeId: string) => ({
      id: expect.any(String),
      name: storeId,
      value: usageKeyValue(storeId),
      enabled: true,
      description: `Usage key of store ${storeId}, named by the merchant authorizer (not a credential)`,
      tags: { storeId },
    });

    expect(gateway.keysInPlan(PLAN)).toEqual([usageKeyOf(created.storeId), usageKeyOf(created.testStore.storeId)]);
    expect(everythingTheGatewaySaw()).not.toContain(created.apiKey);
    expect(everythingTheGatewaySaw()).not.toContain(created.testStore.apiKey);
  });

  it('makes no second usage key for a store’s next keys, and never sends them to the gateway', async () => {
    const { storeId, testStore } = await createStore();

    const keys = [];
    for (let i = 0; i < 3; i++) {
      const result = await admin(table, ['key', 'create', '--store', storeId, '--json'], withUsagePlan());
      expect(result.code).toBe(0);
      keys.push((JSON.parse(result.stdout) as { apiKey: string }).apiKey);
    }

    expect(gateway.keysInPlan(PLAN).map((k) => k.name)).toEqual([storeId, testStore.storeId]);
    expect([...gateway.keys.values()]).toHaveLength(2);
    for (const apiKey of keys) expect(everythingTheGatewaySaw()).not.toContain(apiKey);
  });

  it('makes the usage key of a store that has none (made before the authorizer) when it gets a new key', async () => {
    const { storeId } = await table.rt.stores.create({ name: 'Older store', sandbox: false, creditMinor: 0 });

    const result = await admin(table, ['key', 'create', '--store', storeId, '--json'], withUsagePlan());

    expect(result.code).toBe(0);
    expect(gateway.keysInPlan(PLAN).map((k) => [k.name, k.value])).toEqual([[storeId, usageKeyValue(storeId)]]);
  });

  it('revokes a key without touching the gateway: the store’s usage key serves its other keys', async () => {
    const { storeId, keyId, testStore } = await createStore();
    gateway.calls.length = 0;

    const result = await admin(table, ['key', 'revoke', '--key', keyId], withUsagePlan());

    expect(result.code).toBe(0);
    expect(gateway.calls).toEqual([]);
    expect(gateway.keysInPlan(PLAN).map((k) => k.name)).toEqual([storeId, testStore.storeId]);
  });

  it('makes nothing when the gateway refuses the usage key: no store, no merchant key, and says to run it again', async () => {
    gateway.refuse = { pathPrefix: `/usageplans/${PLAN}/keys`, message: 'Invalid usage plan' };

    const result = await admin(table, ['store', 'create', '--name', 'Refused', '--json'], withUsagePlan());

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const { error } = JSON.parse(result.stderr) as { error: string };
    const [, storeId] = /^API Gateway did not take the usage key of (store_\w{20}) \(Invalid usage plan\); nothing was made\. Run the command again\.$/.exec(
      error,
    )!;
    expect(await table.rt.stores.get(storeId!)).toBeNull();
    expect(gateway.keysInPlan(PLAN)).toEqual([]);
  });

  it('refuses a key for a store that does not exist, before asking the gateway for anything', async () => {
    const result = await admin(table, ['key', 'create', '--store', 'store_00000000000000000000', '--json'], withUsagePlan());

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toMatchObject({ code: 'not_found' });
    expect(gateway.calls).toEqual([]);
  });

  it('makes one usage key, in the plan once, however many syncs of a store run at once', async () => {
    const { storeId } = await table.rt.stores.create({ name: 'Raced', sandbox: false, creditMinor: 0 });

    const runs = await Promise.all(Array.from({ length: 5 }, () => admin(table, ['gateway', 'sync', '--store', storeId, '--json'], withUsagePlan())));

    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    expect([...gateway.keys.values()].map((k) => k.name)).toEqual([storeId]);
    expect(gateway.keysInPlan(PLAN)).toHaveLength(1);
    const outcomes = runs.map((r) => (JSON.parse(r.stdout) as Array<{ usageKey: string }>)[0]!.usageKey);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
  });

  describe('moving a deployed stack from gateway keys per merchant key to usage keys per store', () => {
    // What the admin CLI registered before: a gateway key per merchant key, named by its key id and holding the key itself.
    function seedLegacy(storeCount: number, keysPerStore: number): string[] {
      const storeIds = Array.from({ length: storeCount }, () => newId('store'));
      for (const storeId of storeIds) {
        for (let i = 0; i < keysPerStore; i++) {
          gateway.seed({ name: newId('key'), value: generateApiKey(false), enabled: true, description: `Merchant key of ${storeId}`, tags: { storeId } }, PLAN);
        }
      }
      return storeIds;
    }

    it('sync makes every such store’s usage key and leaves the old keys (merchants still use them until the authorizer is deployed)', async () => {
      gateway.pageSize = 7; // the gateway pages its answers; every page is read
      const storeIds = seedLegacy(4, 5);

      const result = await admin(table, ['gateway', 'sync', '--json'], withUsagePlan());

      expect(result.code).toBe(0);
      const synced = JSON.parse(result.stdout) as Array<{ storeId: string; usageKey: string }>;
      expect(synced.map((r) => r.storeId).sort()).toEqual([...storeIds].sort());
      expect(synced.every((r) => r.usageKey === 'created')).toBe(true);
      const inPlan = gateway.keysInPlan(PLAN);
      expect(inPlan).toHaveLength(4 * 5 + 4);
      for (const storeId of storeIds) expect(inPlan.find((k) => k.name === storeId)?.value).toBe(usageKeyValue(storeId));
    });

    it('prune-legacy deletes every old key once its store’s usage key is in the plan; running it again finds none', async () => {
      gateway.pageSize = 7;
      const storeIds = seedLegacy(3, 4);

      const pruned = await admin(table, ['gateway', 'prune-legacy', '--json'], withUsagePlan());
      const again = await admin(table, ['gateway', 'prune-legacy'], withUsagePlan());

      expect(pruned.code).toBe(0);
      expect((JSON.parse(pruned.stdout) as Array<{ storeId: string; deleted: number }>).map((r) => r.deleted)).toEqual([4, 4, 4]);
      expect(
        gateway
          .keysInPlan(PLAN)
          .map((k) => k.name)
          .sort(),
      ).toEqual(storeIds.sort());
      expect([...gateway.keys.values()].every((k) => k.value === usageKeyValue(k.name))).toBe(true);
      expect(again).toMatchObject({ code: 0, stdout: 'No gateway keys of the old kind.\n' });
    });
  });

  it.each([['gateway sync'], ['gateway prune-legacy']])('refuses %s without USAGE_PLAN_ID', async (command) => {
    const result = await admin(table, [...command.split(' '), '--json'], { USAGE_PLAN_ID: '' });

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `${JSON.stringify({ error: `${command} needs USAGE_PLAN_ID: the stack output UsagePlanId`, code: 'usage_error' })}\n`,
    });
  });

  it('refuses --aws without USAGE_PLAN_ID', async () => {
    const result = await admin(table, ['zone', 'list', '--aws', '--json'], { TABLE_NAME: 'x', USAGE_PLAN_ID: '' });

    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `${JSON.stringify({ error: '--aws needs USAGE_PLAN_ID: the stack output UsagePlanId (each store needs its usage key there)', code: 'usage_error' })}\n`,
    });
  });
});
