import { randomBytes } from 'node:crypto';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { readConfig } from '../../functions/config.ts';
import { createRuntime, type Runtime } from '../../functions/runtime.ts';
import { ensureTable, seedZones } from '../../bin/local/bootstrap.ts';

/** A table of this test file's own, seeded with the repo's zones, and the runtime that uses it. */
export interface TestTable {
  tableName: string;
  endpoint: string;
  rt: Runtime;
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named table in the run's DynamoDB Local and points this worker's environment at
 * it, so handler modules (which read TABLE_NAME and DYNAMODB_ENDPOINT on first use) use it too.
 */
export async function createTestTable(options: { seedZones?: boolean } = {}): Promise<TestTable> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomBytes(6).toString('hex')}`;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = tableName;
  const rt = createRuntime(readConfig());
  await ensureTable(rt.db, tableName);
  if (options.seedZones !== false) await seedZones(rt);
  return {
    tableName,
    endpoint,
    rt,
    drop: async () => {
      await rt.db.send(new DeleteTableCommand({ TableName: tableName }));
    },
  };
}
