import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transaction, TransactionCancelled } from '../../functions/data/transaction.ts';
import { createTestTable, dbOf, type TestTable } from '../helpers/table.ts';

let table: TestTable;

beforeAll(async () => {
  table = await createTestTable({ seedZones: false });
});

afterAll(async () => {
  await table.drop();
});

const put = (tableName: string, sk: string, condition?: string) => ({
  Put: {
    TableName: tableName,
    Item: { PK: 'TX', SK: sk, n: 1 },
    ...(condition && { ConditionExpression: condition }),
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  },
});

describe('a named transaction', () => {
  it('writes every item when every condition holds', async () => {
    await new Transaction().add('a', put(table.tableName, 'ok-a')).add('b', put(table.tableName, 'ok-b')).commit(dbOf(table.rt));

    const { Items } = await dbOf(table.rt).send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :ok)',
        ExpressionAttributeValues: { ':pk': 'TX', ':ok': 'ok-' },
        ConsistentRead: true,
      }),
    );
    expect(Items?.map((item) => item.SK)).toEqual(['ok-a', 'ok-b']);
  });

  it('says which named item failed, with the item as it was, whatever its position', async () => {
    await dbOf(table.rt).send(new PutCommand({ TableName: table.tableName, Item: { PK: 'TX', SK: 'taken', n: 7 } }));
    const tx = new Transaction()
      .add('first', put(table.tableName, 'free-1', 'attribute_not_exists(PK)'))
      .addEach('index', [put(table.tableName, 'free-2'), put(table.tableName, 'free-3')])
      .add('marker', put(table.tableName, 'taken', 'attribute_not_exists(PK)'));

    const error = await tx.commit(dbOf(table.rt)).then(
      () => null,
      (thrown: unknown) => thrown,
    );

    expect(error).toBeInstanceOf(TransactionCancelled);
    const cancelled = error as TransactionCancelled;
    expect(tx.names).toEqual(['first', 'index#0', 'index#1', 'marker']);
    expect(cancelled.failed('marker')).toBe(true);
    expect(cancelled.failed('first')).toBe(false);
    expect(cancelled.oldItem('marker')).toEqual({ PK: 'TX', SK: 'taken', n: 7 });
    expect(cancelled.conflicted).toBe(false);
    expect(cancelled.message).toBe('Transaction cancelled (marker: ConditionalCheckFailed)');
  });

  it('refuses two items of the same name', () => {
    expect(() => new Transaction().add('job', put('t', 'a')).add('job', put('t', 'b'))).toThrow('Transaction item "job" added twice');
  });
});

describe('a transaction whose answer is lost after it committed', () => {
  it('is retried by the SDK as the same operation and succeeds, instead of failing on its own writes', async () => {
    // A client whose first TransactWriteItems answer is lost on the way back, after DynamoDB committed.
    const base = new DynamoDBClient({
      region: 'local',
      endpoint: table.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 3,
    });
    let lost = 0;
    base.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'TransactWriteItemsCommand' && lost === 0) {
          lost += 1;
          throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET', $metadata: {} });
        }
        return result;
      },
      { step: 'deserialize', name: 'loseFirstAnswer' },
    );
    const db = DynamoDBDocumentClient.from(base);

    await new Transaction().add('once', put(table.tableName, 'lost-answer', 'attribute_not_exists(PK)')).commit(db);

    expect(lost).toBe(1);
    const { Items } = await dbOf(table.rt).send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk AND SK = :sk',
        ExpressionAttributeValues: { ':pk': 'TX', ':sk': 'lost-answer' },
        ConsistentRead: true,
      }),
    );
    expect(Items).toHaveLength(1);
    base.destroy();
  });
});
