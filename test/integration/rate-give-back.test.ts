import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createTestTable, dbOf, type TestTable } from '../helpers/table.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { createDynamoClients } from '../../functions/data/client.ts';
import { RateLimitRepository } from '../../functions/data/rate-limit.repository.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

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

describe('a bucket time the container remembers', () => {
  // A refusal's answer that reaches the container after a give-back's (both in flight at once, as in a
  // revoked key's burst) carries the bucket's time from before the give-back. Remembered, it would
  // refuse the next requests in this container without asking the bucket, though the bucket has a
  // token again. Every answer that can arrive out of order with a give-back is tried here.
  it.each(['a refusal', 'an admitted request'])('lets the next request ask the bucket when %s answered after a give-back', async (late) => {
    // Prepare: a bucket of 2 a minute, one token left (or none, for the refusal), and a container whose
    // one held-back answer is released only after the give-back's.
    const real = createDynamoClients({ region: table.rt.config.AWS_REGION, endpoint: table.endpoint }).doc;
    let hold: ((release: Promise<void>) => void) | null = null;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const db = {
      send: async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
        const held = hold;
        hold = null;
        const answer = real.send(command as never).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if (held) held(released);
        const settled = await answer;
        if (held) await released;
        if ('error' in settled) throw settled.error;
        return settled.value;
      },
    } as unknown as DynamoDBDocumentClient;
    const buckets = new RateLimitRepository(db, table.tableName);
    const elsewhere = new RateLimitRepository(real, table.tableName); // another container spent the tokens
    const store = `st_late_${late === 'a refusal' ? 'refusal' : 'admitted'}`;
    const limit = { capacity: 2, periodMs: 60_000 };
    const now = Date.now();
    // The refusal must reach the bucket (a container that saw it full would refuse without asking), the admitted
    // request must go straight in (this container saw the bucket's time already).
    if (late === 'a refusal') for (let i = 0; i < 2; i++) expect((await elsewhere.consumeForStore(store, 'quotes', limit, now)).allowed).toBe(true);
    else expect((await buckets.consumeForStore(store, 'quotes', limit, now)).allowed).toBe(true);

    // Act: the held request reaches the bucket first, its answer is held; a give-back lands and answers; then the held answer arrives.
    let sent!: () => void;
    const reached = new Promise<void>((resolve) => (sent = resolve));
    hold = () => sent();
    const held = buckets.consumeForStore(store, 'quotes', limit, now);
    await reached;
    await new Promise((resolve) => setTimeout(resolve, 50)); // its call is at the bucket (DynamoDB Local answers in a few ms)
    await buckets.giveBackToStore(store, 'quotes', limit);
    release();
    const heldDecision = await held;
    const next = await buckets.consumeForStore(store, 'quotes', limit, now);

    // Assess: the held request got what the bucket said then; the next one gets the token the give-back returned.
    expect(heldDecision.allowed).toBe(late !== 'a refusal');
    expect(next.allowed).toBe(true);
  });
});
