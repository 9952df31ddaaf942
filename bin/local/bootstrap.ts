import { readFileSync } from 'node:fs';
import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ZoneFile } from '../../functions/core/zone.ts';
import { createTableInput, TABLE } from '../../functions/data/table.ts';
import type { ZoneImportResult } from '../../functions/data/zone.repository.ts';
import type { Runtime } from '../../functions/runtime.ts';

/** The zone file shipped with the repo. */
export const SEED_ZONES_PATH = new URL('../../seed/zones.json', import.meta.url);

/** Creates the table (from the shared definition) if it is missing and turns its TTL on; true if it created it. */
export async function ensureTable(client: DynamoDBDocumentClient, tableName: string): Promise<boolean> {
  let existing;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (existing) {
    await addMissingIndexes(client, tableName, new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)));
    return false;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await waitUntilActive(client, tableName);
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  );
  return true;
}

// A table made by an older checkout lacks indexes added since: add them, as CloudFormation would.
async function addMissingIndexes(client: DynamoDBDocumentClient, tableName: string, present: Set<string | undefined>): Promise<void> {
  const wanted = createTableInput(tableName);
  for (const index of wanted.GlobalSecondaryIndexes ?? []) {
    if (present.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: wanted.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
      }),
    );
    await waitUntilActive(client, tableName);
  }
}

async function waitUntilActive(client: DynamoDBDocumentClient, tableName: string): Promise<void> {
  for (let waited = 0; ; waited += 200) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesReady = (Table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');
    if (Table?.TableStatus === 'ACTIVE' && indexesReady) return;
    if (waited > 60_000) throw new Error(`Table ${tableName} did not become ACTIVE within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
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
