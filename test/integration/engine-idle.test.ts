import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type LocalEngine } from '../../bin/local/engine.ts';
import { dynamoCallScope, newDynamoTally } from '../../functions/data/client.ts';
import { createTestTable, type TestTable } from '../helpers/table.ts';

let table: TestTable;
beforeAll(async () => {
  table = await createTestTable({ stream: true });
});
afterAll(async () => {
  await table?.drop();
});

/**
 * What one sweep costs an idle table in table calls (stream reads are not table calls): each worker's
 * pass over an empty worklist: dispatch 5 and the simulator 5 (4 shards and the unsharded list each;
 * the dispatch clock and the drained per-zone lists, settled by the start's sweep, are not read again),
 * remittances 8 (one Query a shard), the relay 9 (8 outbox shards and the unsharded outbox) and the
 * sender 10 (the index of stores with deliveries, the old list's 8 shards and its unsharded list).
 */
const SWEEP_CALLS = 5 + 5 + 8 + 9 + 10;

describe('the local engine, idle', () => {
  it('calls the table only when it sweeps, the sweep’s passes and nothing more', async () => {
    // Prepare: the engine on a fresh table with the zones seeded, every call it makes counted
    const tally = newDynamoTally();
    const errors: unknown[] = [];
    let sweeps = 0;
    let engine!: LocalEngine;
    dynamoCallScope.run(tally, () => {
      engine = startEngine(table.rt, { onError: (error) => errors.push(error), onSweep: () => (sweeps += 1), sweepMs: 1_000 });
    });
    try {
      await engine.ready;
      const atStart = tally.calls;

      // Act: three sweeps of the second's period, the stream read every 100 ms between them
      await new Promise<void>((resolve) => {
        const watch = setInterval(() => {
          if (sweeps >= 3) {
            clearInterval(watch);
            resolve();
          }
        }, 10);
      });
      const afterThree = tally.calls;

      // Assess: each sweep's calls, and none between them
      expect(afterThree - atStart).toBe(3 * SWEEP_CALLS);
      expect(errors).toEqual([]);
    } finally {
      await engine.stop();
    }
  });
});
