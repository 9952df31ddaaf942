import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** What every repository holds: the shared document client and the single table's name. */
export abstract class TableRepository {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly tableName: string;

  constructor(db: DynamoDBDocumentClient, tableName: string) {
    this.db = db;
    this.tableName = tableName;
  }
}
