import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTestTable, dbOf, type TestTable } from '../helpers/table.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { createDynamoClients } from '../../functions/data/client.ts';
import { RateLimitRepository } from '../../functions/data/rate-limit.repository.ts';

/**
 * A token given back for a refused request (its key revoked) is given back once, however the call
 * that gives it back is retried: an SDK retry of a give-back whose first answer was lost must not
 * give the store a second token.
 */
let table: TestTable;
let proxy: FaultProxy;

beforeAll(async () => {
  table = await createTestTable({ seedZones: false });
  proxy = await startFaultProxy(table.endpoint);
});

afterAll(async () => {
  await proxy?.close();
  await table?.drop();
});

describe('giving back a store token', () => {
  it('gives it back once when the answer of the give-back is lost and the SDK sends it again', async () => {
    // Prepare: a bucket of 10 a minute that has let two requests in at a fixed moment.
    const { doc } = createDynamoClients({ region: table.rt.config.AWS_REGION, endpoint: proxy.endpoint });
    const buckets = new RateLimitRepository(doc, table.tableName);
    const limit = { capacity: 10, periodMs: 60_000 };
    const now = Date.now();
    expect((await buckets.consumeForStore('st_give', 'quotes', limit, now)).allowed).toBe(true);
    expect((await buckets.consumeForStore('st_give', 'quotes', limit, now)).allowed).toBe(true);
    const read = async () =>
      (await dbOf(table.rt).send(new GetCommand({ TableName: table.tableName, Key: { PK: 'STORE#st_give', SK: 'RATE#quotes#10' }, ConsistentRead: true })))
        .Item!.tat as number;
    const before = await read();

    // Act: the give-back's first answer is lost after DynamoDB applied it; the SDK sends it again.
    proxy.inject([{ operation: 'UpdateItem', fault: { kind: 'drop-after' }, times: 1 }]);
    await buckets.giveBackToStore('st_give', 'quotes', limit);
    proxy.inject([]);

    // Assess: one token's time given back, not two.
    expect(proxy.seen.get('UpdateItem')).toBe(4);
    expect(await read()).toBe(before - limit.periodMs / limit.capacity);
  });
});
