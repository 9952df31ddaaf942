import { describe, expect, it } from 'vitest';
import { ZoneCatalog } from '../../functions/data/zone-catalog.ts';
import type { ZoneRepository } from '../../functions/data/zone.repository.ts';
import type { VersionedZone } from '../../functions/core/zone.ts';

// The catalogue's caching alone: an in-memory stand-in for the repository's one read.
function catalogOver(reads: Array<VersionedZone[] | Error>, ttlMs = 1_000) {
  let calls = 0;
  const repository = {
    listCurrent: async () => {
      const next = reads[Math.min(calls++, reads.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    },
  } as unknown as ZoneRepository;
  return { catalog: new ZoneCatalog(repository, ttlMs), calls: () => calls };
}

const zone = (id: string) => ({ id }) as VersionedZone;

describe('ZoneCatalog', () => {
  it('serves the catalogue it has when a reload fails, and tries again on the next call', async () => {
    const { catalog, calls } = catalogOver([[zone('a')], new Error('ThrottlingException'), [zone('b')]], 0);

    expect(await catalog.current()).toEqual([zone('a')]);
    expect(await catalog.current()).toEqual([zone('a')]);
    expect(await catalog.current()).toEqual([zone('b')]);
    expect(calls()).toBe(3);
  });

  it('fails when its first read fails (there is nothing to serve)', async () => {
    const { catalog } = catalogOver([new Error('ThrottlingException'), [zone('a')]]);

    await expect(catalog.current()).rejects.toThrow('ThrottlingException');
    expect(await catalog.current()).toEqual([zone('a')]);
  });

  it('reads once for callers that ask together, and not again within its time', async () => {
    const { catalog, calls } = catalogOver([[zone('a')]]);

    await Promise.all([catalog.current(), catalog.current(), catalog.current()]);
    await catalog.current();

    expect(calls()).toBe(1);
  });
});
