import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareKeys, OUTBOX_SHARDS, shardOf, WRITE_SHARDS } from '../../functions/data/table.ts';

describe('shardOf', () => {
  it.each([
    ['a job among its zone’s write shards', WRITE_SHARDS],
    ['a store among the outbox shards', OUTBOX_SHARDS],
  ])('spreads %s evenly', (_case, count) => {
    // Fixed ids shaped like the real ones (a random test could fail one run in a hundred)
    const ids = Array.from({ length: 20_000 }, (_, i) =>
      createHash('sha256')
        .update(String(i))
        .digest('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5'),
    );
    const counts = new Array<number>(count).fill(0);
    for (const id of ids) counts[shardOf(id, count)]! += 1;
    for (const seen of counts) expect(Math.abs(seen / (ids.length / count) - 1)).toBeLessThan(0.06);
  });
});

describe('compareKeys', () => {
  it('orders sort keys as DynamoDB does (by byte), where localeCompare does not', () => {
    const keys = ['2026-11-24T10:00:00.000Z#b', '2026-11-24T10:00:00.000Z#B', '2026-11-24T10:00:00.000Z#a', '2026-11-24T10:00:00.000Z#_'];
    expect([...keys].sort(compareKeys)).toEqual([
      '2026-11-24T10:00:00.000Z#B',
      '2026-11-24T10:00:00.000Z#_',
      '2026-11-24T10:00:00.000Z#a',
      '2026-11-24T10:00:00.000Z#b',
    ]);
    expect([...keys].sort((a, b) => a.localeCompare(b))).not.toEqual([...keys].sort(compareKeys));
  });
});
