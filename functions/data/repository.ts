import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { Transaction, TransactionCancelled } from './transaction.ts';

type ItemKey = { PK: string; SK: string };

/** What every repository holds: the shared document client and the single table's name. */
export abstract class TableRepository {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly tableName: string;

  constructor(db: DynamoDBDocumentClient, tableName: string) {
    this.db = db;
    this.tableName = tableName;
  }

  /** Every item a query matches, following DynamoDB's pages (1 MB each) until the last. */
  protected async queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new QueryCommand({ ...input, TableName: this.tableName, ExclusiveStartKey: startKey }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /**
   * A newest-first page of a partition's items under `prefix`, older than the item whose sort key is
   * `before` (not that item itself), at most `limit`, and whether older ones remain. One strongly
   * consistent Query of limit + 2: BETWEEN includes its upper bound, so the cursor's own item may be
   * among those read, and one more than the page says whether the list goes on.
   */
  protected async pageBefore(
    pk: string,
    prefix: string,
    page: { limit: number; before?: string },
  ): Promise<{ items: Array<Record<string, unknown>>; more: boolean }> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: page.before === undefined ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk AND SK BETWEEN :prefix AND :before',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ...(page.before !== undefined && { ':before': page.before }) },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: page.limit + 2,
      }),
    );
    const rows = Items.filter((item) => item.SK !== page.before);
    return { items: rows.slice(0, page.limit), more: rows.length > page.limit };
  }

  /**
   * Revokes a key (a store's API key or a fleet key): its by-hash item, which auth reads, and its
   * by-id item, in one transaction. Revoking a revoked key changes nothing and returns when it was
   * revoked (`previouslyRevokedAt`, as the by-id item has it).
   */
  protected async revokeKeyItems(byHash: ItemKey, byId: ItemKey, previouslyRevokedAt: string | undefined, now: Date): Promise<string> {
    const revokedAt = now.toISOString();
    try {
      await new Transaction()
        .add('byHash', {
          Update: {
            TableName: this.tableName,
            Key: byHash,
            UpdateExpression: 'SET #status = :revoked, revokedAt = :now',
            ConditionExpression: 'attribute_exists(PK) AND #status = :active',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':revoked': 'revoked', ':active': 'active', ':now': revokedAt },
          },
        })
        .add('byId', {
          Update: { TableName: this.tableName, Key: byId, UpdateExpression: 'SET revokedAt = :now', ExpressionAttributeValues: { ':now': revokedAt } },
        })
        .commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled && error.failed('byHash')) return previouslyRevokedAt ?? revokedAt;
      throw error;
    }
    return revokedAt;
  }
}
