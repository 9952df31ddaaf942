import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiddlewareStack } from '@smithy/types';
import { readConfig } from '../../functions/config.ts';
import { createRuntime } from '../../functions/runtime.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { RATE_BUCKET_ATTRIBUTES } from '../../lib/access.ts';
import { createTestTable, dbOf, type TestTable } from '../helpers/table.ts';

// Issue 34 §5: the read routes' roles allow a bucket's UpdateItem only on its attributes and with
// ReturnValues NONE/UPDATED_OLD/UPDATED_NEW (lib/function-roles.ts). AWS does not document how IAM counts
// ReturnValuesOnConditionCheckFailure ALL_OLD against those conditions, so the bucket never sends it: a
// failed condition is followed by a consistent GetItem of the bucket's tat. This holds every call the
// bucket makes to what the role allows, and counts the calls a decision costs.

let table: TestTable;
const sent: Array<{ command: string; input: Record<string, unknown> }> = [];
const CAPTURE = 'capture-rate-bucket-calls';

beforeAll(async () => {
  table = await createTestTable({ seedZones: false });
  (dbOf(table.rt).middlewareStack as MiddlewareStack<object, object>).add(
    (next, context) => (args) => {
      sent.push({ command: (context as { commandName?: string }).commandName ?? '', input: { ...(args.input as Record<string, unknown>) } });
      return next(args);
    },
    { step: 'initialize', name: CAPTURE },
  );
});

afterAll(async () => {
  (dbOf(table.rt).middlewareStack as MiddlewareStack<object, object>).remove(CAPTURE);
  await table.drop();
});

// One decision in a request's scope: what it answered, how many DynamoDB calls it made and what they were.
async function decide(rt: ReturnType<typeof createRuntime>, storeId: string, now: number) {
  const tally = newDynamoTally();
  sent.length = 0;
  const decision = await dynamoCallScope.run(tally, () => rt.rateLimits.consumeForStore(storeId, 'reads', { capacity: 2, periodMs: 60_000 }, now));
  return { decision, calls: tally.calls, sent: [...sent] };
}

describe('the rate-limit bucket’s calls, as the read routes’ roles allow them', () => {
  it('never asks for ReturnValuesOnConditionCheckFailure, and updates only the bucket’s attributes with ReturnValues the role allows', async () => {
    const rt = createRuntime(readConfig());
    const storeId = `iam-${Date.now()}`;
    const now = Date.now();
    const all = [];
    for (let i = 0; i < 4; i++) all.push(...(await decide(rt, storeId, now)).sent);
    // Another container, which has not seen the bucket: its guess is wrong, the condition fails.
    all.push(...(await decide(createRuntime(readConfig()), storeId, now)).sent);

    const updates = all.filter((call) => call.command === 'UpdateItemCommand');
    expect(updates.length).toBeGreaterThanOrEqual(3);
    for (const { input } of updates) {
      expect(input).not.toHaveProperty('ReturnValuesOnConditionCheckFailure');
      expect(['NONE', 'UPDATED_OLD', 'UPDATED_NEW']).toContain(input.ReturnValues);
      // The attributes it names: tat, and ttl (by its placeholder); the key is PK and SK.
      expect(input.UpdateExpression).toMatch(/^SET tat = (tat \+ :interval|:next), #ttl = :ttl$/);
      expect(input.ExpressionAttributeNames).toEqual({ '#ttl': 'ttl' });
      for (const attribute of ['tat', 'ttl', ...Object.keys(input.Key as object)]) expect(RATE_BUCKET_ATTRIBUTES).toContain(attribute);
    }
    // What reads the bucket after a failed condition: one item, consistently, only its tat.
    const reads = all.filter((call) => call.command === 'GetItemCommand');
    expect(reads.length).toBeGreaterThanOrEqual(1);
    for (const { input } of reads)
      expect(input).toMatchObject({ ConsistentRead: true, ProjectionExpression: '#tat', ExpressionAttributeNames: { '#tat': 'tat' } });
  });

  it('costs one call a decision when allowed, two when first refused in a container, none when the container already knows', async () => {
    const rt = createRuntime(readConfig());
    const storeId = `calls-${Date.now()}`;
    const now = Date.now();

    const first = await decide(rt, storeId, now);
    const second = await decide(rt, storeId, now);
    const refused = await decide(createRuntime(readConfig()), storeId, now);
    const refusedAgain = await decide(rt, storeId, now);

    expect([first, second].map((d) => [d.decision.allowed, d.calls])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    // The failed update, then the read that says the bucket is empty and for how long: 429 with Retry-After.
    expect(refused.decision).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(refused.sent.map((call) => call.command)).toEqual(['UpdateItemCommand', 'GetItemCommand']);
    expect(refused.calls).toBe(2);
    // A container that has seen the bucket full refuses without asking.
    expect(refusedAgain).toMatchObject({ decision: { allowed: false, retryAfterSeconds: 30 }, calls: 0 });
  });
});
