import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClients, type DynamoConfig } from './client.ts';
import { createTableInput, TABLE, TABLE_STREAM } from './table.ts';
import { zoneListsMarker } from './work.repository.ts';

/**
 * The table's own life, for the local runtime, the benchmarks and the tests (on AWS the stack owns
 * it): create it from the shared definition, bring an older local table up to date, drop it.
 */
export class TableAdmin {
  private readonly client: DynamoDBDocumentClient;
  readonly tableName: string;

  constructor(client: DynamoDBDocumentClient, tableName: string) {
    this.client = client;
    this.tableName = tableName;
  }

  /**
   * Creates the table if it is missing and turns its TTL on (an existing one gets its missing indexes
   * and its stream); true if it created it. `stream: false` for test tables no engine reads (createTableInput).
   */
  async ensure(options: { stream?: boolean } = {}): Promise<boolean> {
    const stream = options.stream !== false;
    let existing;
    try {
      existing = (await this.client.send(new DescribeTableCommand({ TableName: this.tableName }))).Table;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    if (existing) {
      await this.addMissingIndexes(new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName)));
      if (stream && existing.StreamSpecification?.StreamEnabled !== true) await this.enableStream();
      return false;
    }
    await this.client.send(new CreateTableCommand(createTableInput(this.tableName, { stream })));
    await this.waitUntilActive();
    await this.client.send(
      new UpdateTimeToLiveCommand({
        TableName: this.tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
    // A new table never had the per-zone worklists of before: no worker need look for leftovers there.
    for (const kind of ['dispatch', 'simulation'] as const)
      await this.client.send(new PutCommand({ TableName: this.tableName, Item: zoneListsMarker(kind, new Date(0)) }));
    return true;
  }

  /** Deletes the table and everything in it. */
  async drop(): Promise<void> {
    await this.client.send(new DeleteTableCommand({ TableName: this.tableName }));
  }

  // A table made by an older checkout lacks indexes added since: add them, as CloudFormation would.
  private async addMissingIndexes(present: Set<string | undefined>): Promise<void> {
    const wanted = createTableInput(this.tableName);
    for (const index of wanted.GlobalSecondaryIndexes ?? []) {
      if (present.has(index.IndexName)) continue;
      await this.client.send(
        new UpdateTableCommand({
          TableName: this.tableName,
          AttributeDefinitions: wanted.AttributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } }],
        }),
      );
      await this.waitUntilActive();
    }
  }

  // A table made before the engine has no stream: turn it on, so the local engine can read it.
  private async enableStream(): Promise<void> {
    await this.client.send(new UpdateTableCommand({ TableName: this.tableName, StreamSpecification: TABLE_STREAM }));
    await this.waitUntilActive();
  }

  private async waitUntilActive(): Promise<void> {
    for (let waited = 0; ; waited += 200) {
      const { Table } = await this.client.send(new DescribeTableCommand({ TableName: this.tableName }));
      const indexesReady = (Table?.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');
      if (Table?.TableStatus === 'ACTIVE' && indexesReady) return;
      if (waited > 60_000) throw new Error(`Table ${this.tableName} did not become ACTIVE within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A TableAdmin on the container's connection to that endpoint. */
export function createTableAdmin(config: DynamoConfig & { tableName: string }): TableAdmin {
  return new TableAdmin(dynamoClients(config).doc, config.tableName);
}
