import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { readConfig } from '../../functions/config.ts';
import { createRuntime, type Runtime } from '../../functions/runtime.ts';
import { seedZones, tableAdmin } from '../../bin/local/bootstrap.ts';
import { dynamoClients } from '../../functions/data/client.ts';
import { paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** A table of this test file's own, seeded with the repo's zones, and the runtime that uses it. */
export interface TestTable {
  tableName: string;
  endpoint: string;
  rt: Runtime;
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named table in the run's DynamoDB Local and points this worker's environment at
 * it, so handler modules (which read TABLE_NAME and DYNAMODB_ENDPOINT on first use) use it too. It
 * has the table's stream only when asked (`stream: true`, for the tests that run the local engine):
 * DynamoDB Local keeps every stream's records, and a whole run's writes into streams nobody reads
 * slowed the shared instance until the suite stalled (one core pegged after 15 minutes).
 */
export async function createTestTable(options: { seedZones?: boolean; stream?: boolean } = {}): Promise<TestTable> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomBytes(6).toString('hex')}`;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = tableName;
  // Webhook endpoints' secrets are sealed with a key of the run's own.
  process.env.WEBHOOK_SECRETS_KEY ||= randomBytes(32).toString('hex');
  // Statement cursors are signed with a key of the run's own.
  process.env.CURSOR_SIGNING_KEY ||= randomBytes(32).toString('hex');
  const rt = createRuntime(readConfig());
  const admin = tableAdmin(rt.config);
  await admin.ensure({ stream: options.stream === true });
  if (options.seedZones !== false) await seedZones(rt);
  return {
    tableName,
    endpoint,
    rt,
    drop: () => admin.drop(),
  };
}

/** A document client on a runtime's table, for tests that read items the way no repository does (invariant checks). */
export function dbOf(rt: Runtime): DynamoDBDocumentClient {
  return dynamoClients({ region: rt.config.AWS_REGION, endpoint: rt.config.DYNAMODB_ENDPOINT }).doc;
}

/** Every item of one partition (those under `prefix` if given), strongly consistent, all pages. */
export async function partitionItems(rt: Runtime, pk: string, prefix?: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  const pages = paginateQuery(
    { client: dbOf(rt) },
    {
      TableName: rt.config.TABLE_NAME,
      KeyConditionExpression: prefix === undefined ? 'PK = :pk' : 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ...(prefix !== undefined && { ':prefix': prefix }) },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) items.push(...(page.Items ?? []));
  return items;
}
