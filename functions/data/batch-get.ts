import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** DynamoDB's limit: one BatchGetItem takes 100 keys. */
const BATCH = 100;

/**
 * The items at these keys (missing ones are left out, order not kept; name each key once: DynamoDB
 * refuses a batch that names one twice), in one BatchGetItem per 100, asking again, after a short
 * backoff, for the keys DynamoDB left unprocessed.
 */
export async function batchGetItems(
  db: DynamoDBDocumentClient,
  tableName: string,
  itemKeys: ReadonlyArray<Record<string, unknown>>,
  options: { consistent: boolean },
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  for (let i = 0; i < itemKeys.length; i += BATCH) {
    let pending: Array<Record<string, unknown>> = itemKeys.slice(i, i + BATCH);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: options.consistent } } }));
      items.push(...(result.Responses?.[tableName] ?? []));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return items;
}
