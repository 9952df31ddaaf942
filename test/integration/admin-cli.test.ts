import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import { hashApiKey } from '../../functions/core/api-key.ts';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/data/table.ts';
import { handler as listOffers } from '../../functions/fleet/list-offers.ts';
import { lambdaContext, proxyEvent } from '../helpers/event.ts';
import { admin, adminJson, adminProcess, tableEnv, type AdminRun } from '../helpers/admin.ts';
import { createTestTable, dbOf, type TestTable } from '../helpers/table.ts';
import { createRuntime } from '../../functions/runtime.ts';
import { readConfig } from '../../functions/config.ts';
import { expectLedgerInvariant } from '../helpers/merchant.ts';

let table: TestTable;

beforeAll(async () => {
  table = await createTestTable();
});

afterAll(async () => {
  await table.drop();
});

// The commands run in this process (bin/admin/cli.ts's main); the last describe runs bin/admin.ts as a process.
// The arguments of one `store adjust`, with any further options.
const adjustArgs = (storeId: string, amountMinor: number, reason: string, reasonId: string, ...more: string[]) => [
  'store',
  'adjust',
  '--store',
  storeId,
  `--amount-minor=${amountMinor}`,
  '--reason',
  reason,
  '--reason-id',
  reasonId,
  ...more,
];

describe('admin CLI', () => {
  it('creates a live store with credit and a key that authenticates, and records the opening credit', async () => {
    const created = await adminJson<{ storeId: string; keyId: string; apiKey: string; testStore: { storeId: string } }>(table, [
      'store',
      'create',
      '--name',
      'Chai Point',
      '--credit-minor',
      '50000',
    ]);

    expect(created).toEqual({
      storeId: expect.stringMatching(/^store_[0-9A-Za-z]{20}$/),
      keyId: expect.stringMatching(/^key_/),
      apiKey: expect.stringMatching(/^mdk_live_[0-9A-Za-z]{32}$/),
      testStore: {
        storeId: expect.stringMatching(/^store_[0-9A-Za-z]{20}$/),
        keyId: expect.stringMatching(/^key_/),
        apiKey: expect.stringMatching(/^mdk_test_[0-9A-Za-z]{32}$/),
      },
    });
    expect(await table.rt.stores.get(created.storeId)).toMatchObject({
      name: 'Chai Point',
      sandbox: false,
      apiEnabled: true,
      balanceMinor: 50_000,
      reservedMinor: 0,
      availableMinor: 50_000,
      testStoreId: created.testStore.storeId,
    });
    // Its sandbox twin, linked both ways, with credit to book in the console's test mode at once.
    expect(await table.rt.stores.get(created.testStore.storeId)).toMatchObject({
      name: 'Chai Point (test)',
      sandbox: true,
      apiEnabled: true,
      balanceMinor: 500_000,
      liveStoreId: created.storeId,
      testStoreId: null,
    });
    const ledger = await adminJson<Array<Record<string, unknown>>>(table, ['store', 'ledger', '--store', created.storeId]);
    expect(ledger).toEqual([
      {
        id: expect.stringMatching(/^le_[0-9a-f]{32}$/),
        type: 'top_up',
        amountMinor: 50_000,
        balanceMinor: 50_000,
        reservedMinor: 0,
        jobId: null,
        note: 'Opening credit',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('creates sandbox stores with mdk_test_ keys', async () => {
    const created = await adminJson<{ apiKey: string }>(table, ['store', 'create', '--name', 'Sandbox', '--sandbox']);

    expect(created.apiKey).toMatch(/^mdk_test_[0-9A-Za-z]{32}$/);
  });

  it('tops up credit with a ledger entry; the statement lists it newest first with the balance after each entry', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Top-up', '--credit-minor', '100']);

    const credited = await adminJson<Record<string, unknown>>(table, [
      'store',
      'credit',
      '--store',
      storeId,
      '--amount-minor',
      '2500',
      '--note',
      'UPI payment 42',
    ]);
    const ledger = await adminJson<Array<{ note: string; amountMinor: number; balanceMinor: number }>>(table, ['store', 'ledger', '--store', storeId]);

    expect(credited).toEqual({ storeId, balanceMinor: 2600, reservedMinor: 0, availableMinor: 2600 });
    expect(ledger.map((e) => e.note)).toEqual(['UPI payment 42', 'Opening credit']);
    expect(ledger.map((e) => [e.amountMinor, e.balanceMinor])).toEqual([
      [2500, 2600],
      [100, 100],
    ]);
  });

  it('turns API access off and on', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Access']);

    const off = await adminJson<Record<string, unknown>>(table, ['store', 'api-access', '--store', storeId, '--enabled', 'false']);
    const on = await adminJson<Record<string, unknown>>(table, ['store', 'api-access', '--store', storeId, '--enabled', 'true']);

    expect(off).toEqual({ storeId, apiEnabled: false });
    expect(on).toEqual({ storeId, apiEnabled: true });
  });

  it('creates and revokes keys', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Keys']);

    const key = await adminJson<{ keyId: string; apiKey: string }>(table, ['key', 'create', '--store', storeId]);
    const revoked = await adminJson<Record<string, unknown>>(table, ['key', 'revoke', '--key', key.keyId]);

    expect(key.apiKey).toMatch(/^mdk_live_/);
    // Issue 33: the answer says whether it was revoked before and how many active keys the store keeps.
    expect(revoked).toEqual({ keyId: key.keyId, storeId, revokedAt: expect.any(String), alreadyRevoked: false, activeKeysLeft: 1 });
    const stored = await table.rt.apiKeys.findByHash((await import('../../functions/core/api-key.ts')).hashApiKey(key.apiKey));
    expect(stored).toMatchObject({ status: 'revoked', storeId });
  });

  it('shows a store readably: rupees beside paise, its cash-on-delivery totals, its rate limits by name', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Shown', '--credit-minor', '650050']);
    await adminJson(table, ['store', 'rate-limits', '--store', storeId, '--bookings', '120']);

    const shown = await admin(table, ['store', 'show', '--store', storeId]);

    expect(shown.stdout).toBe(
      [
        `id           ${storeId}`,
        'name         Shown',
        'mode         live',
        'API access   enabled',
        'balance      650050 paise (₹6,500.50)',
        'reserved     0 paise (₹0.00)',
        'available    650050 paise (₹6,500.50)',
        'COD received 0 paise (₹0.00)',
        'COD awaiting 0 paise (₹0.00), of it 0 paise (₹0.00) UPI awaiting verification',
        'COD remitted 0 paise (₹0.00)',
        'jobs booked  0',
        'rate limits  quotes 10, bookings 120 (agreed), cancellations 10, updates 30, reads 60, webhooks 30, checks 60, console 120 a minute',
        `created      ${(await table.rt.stores.get(storeId))!.createdAt}`,
        '',
      ].join('\n'),
    );
  });

  it('names a key made with --name, and lists its name and the IST date of its last use', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Named keys']);
    const key = await adminJson<{ keyId: string; apiKey: string }>(table, ['key', 'create', '--store', storeId, '--name', 'Warehouse scanner']);
    const refused = await admin(table, ['key', 'create', '--store', storeId, '--name', 'x'.repeat(65)]);
    await table.rt.apiKeys.recordUse(hashApiKey(key.apiKey), { lastUsedOn: null }, new Date('2026-11-27T19:00:00.000Z'));

    const listed = await adminJson<Array<Record<string, unknown>>>(table, ['key', 'list', '--store', storeId]);
    const text = await admin(table, ['key', 'list', '--store', storeId]);

    expect(refused.code).not.toBe(0);
    expect(listed.find((k) => k.keyId === key.keyId)).toMatchObject({ name: 'Warehouse scanner', status: 'active', expiresAt: null, lastUsedOn: '2026-11-28' });
    expect(text.stdout).toContain('"Warehouse scanner"');
    expect(text.stdout).toContain('last used 2026-11-28');
  });

  it('puts a key made before the stores’ key lists into its store’s list (key index), once', async () => {
    const { storeId, keyId } = await adminJson<{ storeId: string; keyId: string }>(table, ['store', 'create', '--name', 'Old keys']);
    // As an earlier release made it: no item in the store's list.
    await dbOf(table.rt).send(new DeleteCommand({ TableName: table.tableName, Key: keys.storeApiKey(storeId, keyId) }));
    expect(await table.rt.storeApiKeys.list(storeId)).toEqual([]);

    const first = await adminJson<{ added: number }>(table, ['key', 'index']);
    const again = await adminJson<{ added: number }>(table, ['key', 'index']);

    expect(first.added).toBeGreaterThanOrEqual(1);
    expect(again.added).toBe(0);
    expect((await table.rt.storeApiKeys.list(storeId)).map((k) => [k.id, k.status, k.name])).toEqual([[keyId, 'active', null]]);
  });

  it('lists a store’s keys with their first characters and status, and revokes a key given as the key itself', async () => {
    const created = await adminJson<{ storeId: string; keyId: string; apiKey: string }>(table, ['store', 'create', '--name', 'Key list']);
    const second = await adminJson<{ keyId: string; apiKey: string }>(table, ['key', 'create', '--store', created.storeId]);
    await adminJson(table, ['key', 'create', '--store', (await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Other'])).storeId]);

    const revoked = await adminJson<Record<string, unknown>>(table, ['key', 'revoke', '--key', second.apiKey]);
    const listed = await adminJson<Array<Record<string, unknown>>>(table, ['key', 'list', '--store', created.storeId]);
    const text = await admin(table, ['key', 'list', '--store', created.storeId]);

    expect(revoked).toEqual({ keyId: second.keyId, storeId: created.storeId, revokedAt: expect.any(String), alreadyRevoked: false, activeKeysLeft: 1 });
    // Issue 36: a key's name, expiry and last use are listed too (none here: made without a name, never rolled, never used).
    const unused = { name: null, expiresAt: null, lastUsedOn: null };
    expect(listed).toEqual([
      { keyId: created.keyId, prefix: created.apiKey.slice(0, 13), status: 'active', createdAt: expect.any(String), revokedAt: null, ...unused },
      { keyId: second.keyId, prefix: second.apiKey.slice(0, 13), status: 'revoked', createdAt: expect.any(String), revokedAt: revoked.revokedAt, ...unused },
    ]);
    expect(text.stdout).toContain(`${second.keyId}  ${second.apiKey.slice(0, 13)}…`);
    expect(text.stdout).toContain(`revoked ${String(revoked.revokedAt)}`);
    expect(text.stdout).not.toContain(second.apiKey);
  });

  it('refuses to revoke a key value that matches no key, without printing the key', async () => {
    const unknown = `mdk_live_${'Z'.repeat(32)}`;

    const result = await admin(table, ['key', 'revoke', '--key', unknown, '--json']);

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({ error: 'No key mdk_live_ZZZZ…', code: 'not_found' });
  });

  describe('store adjust', () => {
    type Adjusted = { entryId: string; replayed: boolean; availableMinor: number; operator: string };

    it('writes signed adjustment entries with the reason as the note and the operator in the entry, in one move with the totals', async () => {
      const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Adjusted', '--credit-minor', '10000']);

      const up = await adminJson<Adjusted>(table, [
        'store',
        'adjust',
        '--store',
        storeId,
        '--amount-minor',
        '2550',
        '--reason',
        'Refund ₹25.50: parcel damaged (ticket 41)',
        '--reason-id',
        'ticket-41',
        '--operator',
        'asha',
      ]);
      const down = await adminJson<Adjusted>(table, [
        'store',
        'adjust',
        '--store',
        storeId,
        '--amount-minor=-1000',
        '--reason',
        'Duplicate top-up 17',
        '--reason-id',
        'ops-17',
      ]);
      const statement = await adminJson<Array<Record<string, unknown>>>(table, ['store', 'ledger', '--store', storeId]);

      expect(up).toEqual({
        storeId,
        entryId: expect.stringMatching(/^le_[0-9a-f]{32}$/),
        amountMinor: 2550,
        reasonId: 'ticket-41',
        operator: 'asha',
        replayed: false,
        balanceMinor: 12_550,
        reservedMinor: 0,
        availableMinor: 12_550,
      });
      expect(down).toMatchObject({ amountMinor: -1000, reasonId: 'ops-17', operator: userInfo().username, availableMinor: 11_550 });
      expect(statement.slice(0, 2)).toEqual([
        {
          id: down.entryId,
          type: 'adjustment',
          amountMinor: -1000,
          balanceMinor: 11_550,
          reservedMinor: 0,
          jobId: null,
          note: 'Duplicate top-up 17',
          createdAt: expect.any(String),
        },
        {
          id: up.entryId,
          type: 'adjustment',
          amountMinor: 2550,
          balanceMinor: 12_550,
          reservedMinor: 0,
          jobId: null,
          note: 'Refund ₹25.50: parcel damaged (ticket 41)',
          createdAt: expect.any(String),
        },
      ]);
      expect((await table.rt.stores.ledger(storeId)).map((e) => [e.type, e.operator ?? null])).toEqual([
        ['adjustment', userInfo().username],
        ['adjustment', 'asha'],
        ['top_up', null],
      ]);
      await expectLedgerInvariant(table.rt, storeId);
    });

    it('applies a reason id once: the same amount again changes nothing, another amount is refused', async () => {
      const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Once', '--credit-minor', '5000']);
      const args = ['store', 'adjust', '--store', storeId, '--reason', 'Goodwill', '--reason-id', 'ticket-9', '--operator', 'ravi'];

      const first = await adminJson<Adjusted>(table, [...args, '--amount-minor', '700']);
      const again = await adminJson<Adjusted>(table, [...args, '--amount-minor', '700']);
      const other = await admin(table, [...args, '--amount-minor', '800', '--json']);

      expect(again).toEqual({ ...first, replayed: true });
      expect(other.code).toBe(1);
      expect(JSON.parse(other.stderr)).toEqual({
        error: 'Reason id "ticket-9" already adjusted this store by 700 paise; use another reason id for another adjustment',
        code: 'idempotency_conflict',
      });
      expect((await table.rt.stores.ledger(storeId)).map((e) => e.type)).toEqual(['adjustment', 'top_up']);
      expect((await table.rt.stores.get(storeId))!.availableMinor).toBe(5700);
      await expectLedgerInvariant(table.rt, storeId);
    });

    it('never takes available credit below zero, and writes nothing when it would', async () => {
      const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Floor', '--credit-minor', '1000']);

      const below = await admin(table, adjustArgs(storeId, -1001, 'Too much', 'ops-1', '--json'));
      const toZero = await adminJson<Adjusted>(table, adjustArgs(storeId, -1000, 'All of it', 'ops-2'));

      expect(below.code).toBe(1);
      expect(JSON.parse(below.stderr)).toEqual({
        error: 'An adjustment of -1001 paise would take available credit below zero: 1000 paise is available',
        code: 'insufficient_credit',
      });
      expect(toZero.availableMinor).toBe(0);
      expect((await table.rt.stores.ledger(storeId)).map((e) => e.note)).toEqual(['All of it', 'Opening credit']);
      await expectLedgerInvariant(table.rt, storeId);
    });

    it('prints what it did in rupees and paise without --json', async () => {
      const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Printed', '--credit-minor', '100000']);

      const result = await admin(table, adjustArgs(storeId, -25050, 'Fee correction', 'ops-3', '--operator', 'meera'));

      expect(result.stdout).toMatch(
        new RegExp(
          `^Adjusted ${storeId} by -25050 paise \\(-₹250\\.50\\): entry le_[0-9a-f]{32} by meera\\. Balance 74950 paise \\(₹749\\.50\\), reserved 0 paise \\(₹0\\.00\\), available 74950 paise \\(₹749\\.50\\)\\.\\n$`,
        ),
      );
    });
  });

  it('sets, shows and resets a store’s agreed rate limits', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Big merchant']);

    const raised = await adminJson<Record<string, unknown>>(table, ['store', 'rate-limits', '--store', storeId, '--bookings', '120', '--reads', '600']);
    const text = await admin(table, ['store', 'rate-limits', '--store', storeId, '--quotes', '30']);
    const reset = await adminJson<Record<string, unknown>>(table, ['store', 'rate-limits', '--store', storeId, '--reset']);

    // Issue 33: who changed each group and when is recorded and shown (the operator: the login name unless --operator).
    const by = { operator: userInfo().username, at: expect.any(String), reset: false };
    expect(raised).toEqual({
      storeId,
      perMinute: { quotes: 10, bookings: 120, cancellations: 10, updates: 30, reads: 600, webhooks: 30, checks: 60, console: 120 },
      changes: { bookings: by, reads: by },
    });
    const set = ' \\(set by [^ ]+ at [0-9T:.Z-]+\\)';
    expect(text.stdout).toMatch(
      new RegExp(
        `^quotes         30 a minute \\(agreed\\)${set}\nbookings       120 a minute \\(agreed\\)${set}\ncancellations  10 a minute\nupdates        30 a minute\nreads          600 a minute \\(agreed\\)${set}\nwebhooks       30 a minute\nchecks         60 a minute\nconsole        120 a minute\n$`,
      ),
    );
    expect(reset).toMatchObject({
      storeId,
      perMinute: { quotes: 10, bookings: 10, cancellations: 10, updates: 30, reads: 60, webhooks: 30, checks: 60, console: 120 },
      changes: { bookings: { ...by, reset: true }, webhooks: { ...by, reset: true } },
    });
    expect((await table.rt.stores.get(storeId))!.rateLimitOverrides).toEqual({});
  });

  // Review (issue 23 §2): two operators changing different groups of one store at once both exited 0
  // and one change was lost. Interleaved here: the first reads the store, the second runs whole, then
  // the first writes.
  it('keeps both of two changes made at once to different groups of one store', async () => {
    const { storeId } = await adminJson<{ storeId: string }>(table, ['store', 'create', '--name', 'Two operators']);
    const db = dbOf(createRuntime(readConfig({ ...process.env, ...tableEnv(table) }))); // the client the CLI's runtime shares
    let second: Promise<AdminRun> | undefined;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const overrides = (args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[':value'] as
          Record<string, number> | undefined;
        if (/^Update(Item)?Command$/.test(context.commandName ?? '') && overrides?.quotes === 30 && !second) {
          second = admin(table, ['store', 'rate-limits', '--store', storeId, '--reads', '600']);
          await second;
        }
        return next(args);
      },
      { step: 'initialize', name: 'secondOperatorFirst' },
    );
    let first: AdminRun;
    try {
      first = await admin(table, ['store', 'rate-limits', '--store', storeId, '--quotes', '30']);
    } finally {
      db.middlewareStack.remove('secondOperatorFirst');
    }

    expect([first.code, (await second!).code]).toEqual([0, 0]);
    expect((await table.rt.stores.get(storeId))!.rateLimitOverrides).toEqual({ quotes: 30, reads: 600 });
  });

  it('lists zones and imports a changed zone as a new version, leaving unchanged ones alone', async () => {
    const zones = readZoneFile().zones;
    const edited = zones.map((z) => (z.id === 'pune' ? { ...z, maxRouteMeters: 20_000 } : z));
    const file = join(mkdtempSync(join(tmpdir(), 'zones-')), 'zones.json');
    writeFileSync(file, JSON.stringify({ zones: edited }));

    const imported = await adminJson<Array<{ zoneId: string; version: number; action: string }>>(table, ['zone', 'import', '--file', file]);
    const listed = await adminJson<Array<{ id: string; version: number; maxRouteMeters: number }>>(table, ['zone', 'list']);

    expect(imported.find((r) => r.zoneId === 'pune')).toEqual({ zoneId: 'pune', version: 2, action: 'updated' });
    expect(imported.filter((r) => r.action === 'unchanged')).toHaveLength(6);
    expect(listed.find((z) => z.id === 'pune')).toMatchObject({ version: 2, maxRouteMeters: 20_000 });
    expect(listed.map((z) => z.id)).toEqual(['bengaluru', 'chennai', 'delhi-ncr', 'hyderabad', 'kolkata', 'mumbai', 'pune']);
  });

  it.each([
    [['store', 'credit', '--store', 'store_x', '--amount-minor=-5'], '--amount-minor must be a whole number of paise greater than 0 (got "-5")'],
    [['store', 'credit', '--store', 'store_x', '--amount-minor', '0'], '--amount-minor must be a whole number of paise greater than 0 (got "0")'],
    [['store', 'create', '--credit-minor', '5'], '--name is required'],
    [['store', 'create', '--name', 'X', '--credit-minor', '1.5'], '--credit-minor must be a whole number of paise (got "1.5")'],
    [['store', 'api-access', '--store', 'store_x', '--enabled', 'yes'], '--enabled must be true or false (got "yes")'],
    [['key', 'revoke'], '--key is required'],
    [['key', 'list'], '--store is required'],
    [
      ['store', 'adjust', '--store', 'store_x', '--amount-minor', '0', '--reason', 'x'],
      '--amount-minor must be a whole number of paise other than 0, with - to take credit away (got "0")',
    ],
    [
      ['store', 'adjust', '--store', 'store_x', '--amount-minor', '12.50', '--reason', 'x'],
      '--amount-minor must be a whole number of paise other than 0, with - to take credit away (got "12.50")',
    ],
    [['store', 'adjust', '--store', 'store_x', '--amount-minor', '5'], '--reason is required'],
    // No reason id: two corrections with the same words would be taken for one.
    [['store', 'adjust', '--store', 'store_x', '--amount-minor', '5', '--reason', 'Goodwill credit'], '--reason-id is required'],
    [
      ['store', 'adjust', '--store', 'store_x', '--amount-minor', '5', '--reason', 'x', '--reason-id', ' t-1'],
      '--reason-id must be 1-200 characters with no control characters and no space at either end (got " t-1")',
    ],
    [['store', 'rate-limits', '--store', 'store_x', '--bookings', '0'], '--bookings must be a whole number of requests a minute from 1 to 100000 (got "0")'],
    [['zone', 'import', '--file', '/nonexistent/zones.json'], expect.stringContaining('no such file')],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const result = await admin(table, [...(args as string[]), '--json']);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({ error: message, code: 'usage_error' });
  });

  it('exits 1 naming the store or key that does not exist', async () => {
    const credit = await admin(table, ['store', 'credit', '--store', 'store_missing', '--amount-minor', '10', '--json']);
    const revoke = await admin(table, ['key', 'revoke', '--key', 'key_missing', '--json']);

    expect(credit.code).toBe(1);
    expect(JSON.parse(credit.stderr)).toEqual({ error: 'No store store_missing', code: 'not_found' });
    expect(revoke.code).toBe(1);
    expect(JSON.parse(revoke.stderr)).toEqual({ error: 'No key key_missing', code: 'not_found' });
  });
});

describe('fleet-key', () => {
  type CreatedFleetKey = { keyId: string; fleetKey: string; role: string; agentId: string | null };

  // The fleet API's offers handler, called as Lambda would call it, with this file's table.
  async function offersWith(fleetKey: string): Promise<{ status: number; body: unknown }> {
    const result = await listOffers(proxyEvent({ method: 'GET', path: '/fleet/v1/offers', headers: { Authorization: `Bearer ${fleetKey}` } }), lambdaContext);
    return { status: result.statusCode, body: JSON.parse(result.body) };
  }

  it('creates a rider key bound to the agent id given, stored only by its hash', async () => {
    const created = await adminJson<CreatedFleetKey>(table, ['fleet-key', 'create', '--role', 'rider', '--agent-id', 'rider-asha-01']);

    expect(created).toEqual({
      keyId: expect.stringMatching(/^fleetkey_[0-9A-Za-z]{20}$/),
      fleetKey: expect.stringMatching(/^fk_rider_[0-9A-Za-z]{32}$/),
      role: 'rider',
      agentId: 'rider-asha-01',
    });
    expect(await table.rt.fleetKeys.findByHash(hashApiKey(created.fleetKey))).toEqual({
      keyId: created.keyId,
      role: 'rider',
      agentId: 'rider-asha-01',
      status: 'active',
      createdAt: expect.any(String),
      revokedAt: null,
    });
    expect(await offersWith(created.fleetKey)).toEqual({ status: 200, body: { data: [], limit: 20 } });
  });

  it('creates a rider key with a new agent id when none is given', async () => {
    const first = await adminJson<CreatedFleetKey>(table, ['fleet-key', 'create', '--role', 'rider']);
    const second = await adminJson<CreatedFleetKey>(table, ['fleet-key', 'create', '--role', 'rider']);

    expect(first).toEqual({
      keyId: expect.stringMatching(/^fleetkey_/),
      fleetKey: expect.stringMatching(/^fk_rider_[0-9A-Za-z]{32}$/),
      role: 'rider',
      agentId: expect.stringMatching(/^rider_[0-9A-Za-z]{20}$/),
    });
    expect(second.agentId).not.toBe(first.agentId);
  });

  it('creates an operations key with no agent id', async () => {
    const created = await adminJson<CreatedFleetKey>(table, ['fleet-key', 'create', '--role', 'ops']);

    expect(created).toEqual({
      keyId: expect.stringMatching(/^fleetkey_[0-9A-Za-z]{20}$/),
      fleetKey: expect.stringMatching(/^fk_ops_[0-9A-Za-z]{32}$/),
      role: 'ops',
      agentId: null,
    });
    expect(await table.rt.fleetKeys.findByHash(hashApiKey(created.fleetKey))).toMatchObject({ role: 'ops', agentId: null, status: 'active' });
  });

  it('prints the new key once, readably, without --json', async () => {
    const result = await admin(table, ['fleet-key', 'create', '--role', 'rider', '--agent-id', 'rider-human']);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Fleet key fleetkey_\w{20} for rider rider-human \(shown once, keep it safe\):\n {2}fk_rider_\w{32}\n$/);
  });

  it('revokes a key at once: the fleet API then refuses it with 401, and revoking again changes nothing', async () => {
    const created = await adminJson<CreatedFleetKey>(table, ['fleet-key', 'create', '--role', 'rider']);
    const other = await adminJson<CreatedFleetKey>(table, ['fleet-key', 'create', '--role', 'rider', '--agent-id', created.agentId!]);

    const revoked = await adminJson<{ keyId: string; revokedAt: string }>(table, ['fleet-key', 'revoke', '--key', created.keyId]);
    const again = await adminJson<{ keyId: string; revokedAt: string }>(table, ['fleet-key', 'revoke', '--key', created.keyId]);

    expect(revoked).toEqual({ keyId: created.keyId, revokedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(again).toEqual(revoked);
    expect(await table.rt.fleetKeys.findByHash(hashApiKey(created.fleetKey))).toMatchObject({
      keyId: created.keyId,
      status: 'revoked',
      revokedAt: revoked.revokedAt,
    });
    expect(await offersWith(created.fleetKey)).toEqual({ status: 401, body: { error: 'Invalid fleet key', code: 'unauthorized' } });
    expect((await offersWith(other.fleetKey)).status).toBe(200);
  });

  it.each([
    [['fleet-key', 'create', '--role', 'ops', '--agent-id', 'rider-asha-01'], '--agent-id is for rider keys only'],
    [['fleet-key', 'create', '--role', 'admin'], '--role must be rider or ops (got "admin")'],
    [['fleet-key', 'create'], '--role must be rider or ops (got "")'],
    [['fleet-key', 'create', '--role', 'rider', '--agent-id', 'ab'], '--agent-id must be 3-64 letters, digits, "_" or "-" (got "ab")'],
    [['fleet-key', 'create', '--role', 'rider', '--agent-id', 'rider:asha'], '--agent-id must be 3-64 letters, digits, "_" or "-" (got "rider:asha")'],
    [['fleet-key', 'create', '--role', 'rider', '--agent-id', 'r'.repeat(65)], `--agent-id must be 3-64 letters, digits, "_" or "-" (got "${'r'.repeat(65)}")`],
    [['fleet-key', 'revoke'], '--key is required'],
  ])('exits 2 with a clear message for %j', async (args, message) => {
    const result = await admin(table, [...(args as string[]), '--json']);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({ error: message, code: 'usage_error' });
  });

  it('exits 1 naming the fleet key that does not exist', async () => {
    const result = await admin(table, ['fleet-key', 'revoke', '--key', 'fleetkey_missing', '--json']);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toEqual({ error: 'No fleet key fleetkey_missing', code: 'not_found' });
  });
});

// A few runs of `node bin/admin.ts` itself: the exit codes and the terminal output reach the shell.
describe('bin/admin.ts, run as a user runs it', () => {
  it('prints human-readable output without --json and exits 0', async () => {
    const result = await adminProcess(['store', 'create', '--name', 'Human', '--credit-minor', '10'], tableEnv(table));

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Created live store store_\w+ with 10 paise \(₹0\.10\) credit\.\nKey key_\w+ \(shown once, keep it safe\):\n {2}mdk_live_\w{32}\nIts sandbox twin store_\w+ \("Human \(test\)", 500000 paise \(₹5,000\.00\) credit; more with: npm run admin -- store credit --store store_\w+ --amount-minor N\)\.\nTwin key key_\w+ \(shown once\):\n {2}mdk_test_\w{32}\n$/,
    );
  });

  it('exits 2 with the usage for an unknown command or option', async () => {
    const unknownCommand = await adminProcess(['store', 'delete'], tableEnv(table));
    const unknownOption = await adminProcess(['store', 'create', '--colour', 'red'], tableEnv(table));

    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain('✖ Unknown command "store delete"');
    expect(unknownCommand.stderr).toContain('Usage: npm run admin -- <command>');
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("Unknown option '--colour'");
  });

  it('refuses, saying how, when no DynamoDB is named and no npm start runs on the data folder (none, or one that was killed)', async () => {
    const never = mkdtempSync(join(tmpdir(), 'no-start-'));
    const killed = mkdtempSync(join(tmpdir(), 'killed-start-'));
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(killed, 'npm-start.json'), JSON.stringify({ pid: gone, dynamoEndpoint: table.endpoint, tableName: table.tableName, apiUrl: 'x' }));

    const results = await Promise.all([never, killed].map((dir) => adminProcess(['zone', 'list'], { DATA_DIR: dir, DYNAMODB_ENDPOINT: '', TABLE_NAME: '' })));

    expect(results).toEqual(
      [never, killed].map((dir) => ({
        code: 1,
        stdout: '',
        stderr: `✖ No running \`npm start\` found (${join(dir, 'npm-start.json')}), so there is no DynamoDB to use. Start it first (npm start), or name one: DYNAMODB_ENDPOINT=http://127.0.0.1:<port> [TABLE_NAME=…], or --aws for the deployed table.\n`,
      })),
    );
  });

  it('exits 1 saying how to fix it when DynamoDB cannot be reached', async () => {
    const result = await adminProcess(['zone', 'list'], { DYNAMODB_ENDPOINT: 'http://127.0.0.1:1', TABLE_NAME: 'x' });

    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: '✖ Cannot reach DynamoDB at http://127.0.0.1:1. Is `npm start` running? (Or set DYNAMODB_ENDPOINT, or use --aws.)\n',
    });
  });
});
