import { readFileSync } from 'node:fs';
import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ZoneFile } from '../../functions/core/zone.ts';
import { createTableInput, TABLE } from '../../functions/data/table.ts';
import type { ZoneImportResult } from '../../functions/data/zone.repository.ts';
import type { Runtime } from '../../functions/runtime.ts';

/** The zone file shipped with the repo. */
export const SEED_ZONES_PATH = new URL('../../seed/zones.json', import.meta.url);

/** Creates the table (from the shared definition) if it is missing and turns its TTL on; true if it created it. */
export async function ensureTable(client: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return false;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  for (let waited = 0; ; waited += 200) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') break;
    if (waited > 60_000) throw new Error(`Table ${tableName} did not become ACTIVE within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}

/** Reads and validates a zone file (the seed file by default). */
export function readZoneFile(path: string | URL = SEED_ZONES_PATH): ZoneFile {
  const parsed = ZoneFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new Error(`Invalid zone file ${String(path)}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Seeds the zones the table does not have yet; never overwrites a zone an admin has edited. */
export async function seedZones(rt: Runtime, path: string | URL = SEED_ZONES_PATH): Promise<ZoneImportResult[]> {
  return rt.zones.repository.import(readZoneFile(path).zones, { onlyMissing: true });
}
