import { describe, expect, it } from 'vitest';
import { exteriorRing, signedArea2, zoneCatalogVersion } from '../../functions/core/zone-catalog.ts';

const zones = [
  { id: 'bengaluru', version: 3, active: true },
  { id: 'mumbai', version: 1, active: true },
  { id: 'pune', version: 2, active: false },
];

describe('zoneCatalogVersion', () => {
  it('is a short base64url string, the same whatever the order of the zones', () => {
    const version = zoneCatalogVersion(zones);

    expect(version).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(zoneCatalogVersion([...zones].reverse())).toBe(version);
    expect(zoneCatalogVersion(zones.map((zone) => ({ ...zone, name: 'ignored' })))).toBe(version);
  });

  it('changes when a zone’s version or active flag changes, or a zone comes or goes', () => {
    const version = zoneCatalogVersion(zones);
    const changed = [
      zoneCatalogVersion([{ ...zones[0]!, version: 4 }, zones[1]!, zones[2]!]),
      zoneCatalogVersion([zones[0]!, zones[1]!, { ...zones[2]!, active: true }]),
      zoneCatalogVersion(zones.slice(0, 2)),
      zoneCatalogVersion([...zones, { id: 'goa', version: 1, active: false }]),
    ];

    expect(new Set([version, ...changed]).size).toBe(5);
  });
});

describe('exteriorRing', () => {
  const ccw: Array<[number, number]> = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ];

  it('closes an open counterclockwise ring and keeps its direction', () => {
    expect(exteriorRing(ccw)).toEqual([...ccw, [0, 0]]);
  });

  it('reverses a clockwise ring, closed or open, so its signed area is positive (RFC 7946 §3.1.6)', () => {
    const clockwise = [...ccw].reverse();
    const closedClockwise = [...clockwise, clockwise[0]!];

    expect(signedArea2(clockwise)).toBeLessThan(0);
    for (const ring of [clockwise, closedClockwise]) {
      const out = exteriorRing(ring);
      expect(out.at(-1)).toEqual(out[0]);
      expect(out).toHaveLength(5);
      expect(signedArea2(out)).toBe(2);
    }
    expect(exteriorRing(closedClockwise)).toEqual([...closedClockwise].reverse());
  });

  it('leaves the stored ring untouched', () => {
    const stored: Array<[number, number]> = [...ccw].reverse();
    exteriorRing(stored);
    expect(stored).toEqual([...ccw].reverse());
  });
});
