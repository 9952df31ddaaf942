import { describe, expect, it } from 'vitest';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import { EARTH_RADIUS_METERS, greatCircleMeters, pointInPolygon, type LatLng } from '../../functions/core/geo.ts';
import type { Zone } from '../../functions/core/zone.ts';

const cities: ReadonlyArray<readonly [name: string, centre: LatLng]> = [
  ['Bengaluru', { latitude: 12.9716, longitude: 77.5946 }],
  ['Mumbai', { latitude: 19.076, longitude: 72.8777 }],
  ['Delhi NCR', { latitude: 28.6139, longitude: 77.209 }],
  ['Hyderabad', { latitude: 17.385, longitude: 78.4867 }],
  ['Chennai', { latitude: 13.0827, longitude: 80.2707 }],
  ['Pune', { latitude: 18.5204, longitude: 73.8567 }],
  ['Kolkata', { latitude: 22.5726, longitude: 88.3639 }],
];

const COMPASS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;
const toDegrees = (radians: number): number => (radians * 180) / Math.PI;

/** The point `meters` from `start` on the initial bearing `bearingDegrees` (great-circle destination formula). */
function destination(start: LatLng, bearingDegrees: number, meters: number): LatLng {
  const delta = meters / EARTH_RADIUS_METERS;
  const theta = toRadians(bearingDegrees);
  const phi1 = toRadians(start.latitude);
  const lambda1 = toRadians(start.longitude);
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 = lambda1 + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return { latitude: toDegrees(phi2), longitude: toDegrees(lambda2) };
}

type Point = readonly [number, number];

/** Whether segments pq and rs properly cross or touch (orientation test). */
function segmentsIntersect(p: Point, q: Point, r: Point, s: Point): boolean {
  const orient = (a: Point, b: Point, c: Point) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const within = (a: Point, b: Point, c: Point) =>
    Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
  const [o1, o2, o3, o4] = [orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)];
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && within(p, q, r)) || (o2 === 0 && within(p, q, s)) || (o3 === 0 && within(r, s, p)) || (o4 === 0 && within(r, s, q));
}

const edges = (zone: Zone): Array<[Point, Point]> => zone.polygon.map((vertex, i) => [vertex, zone.polygon[(i + 1) % zone.polygon.length]!]);

const vertexAsLatLng = ([longitude, latitude]: Point): LatLng => ({ latitude, longitude });

describe('seed/zones.json', () => {
  const { zones } = readZoneFile();
  const zoneNamed = (name: string): Zone => {
    const zone = zones.find((z) => z.name === name);
    if (!zone) throw new Error(`No zone named ${name}`);
    return zone;
  };

  it('validates against the ZoneFile schema', () => {
    expect(() => readZoneFile()).not.toThrow();
  });

  it('has exactly one active zone for each of the seven cities', () => {
    expect(zones.map((zone) => zone.name).sort()).toEqual(cities.map(([name]) => name).sort());
    expect(zones.every((zone) => zone.active)).toBe(true);
  });

  it('has unique zone ids', () => {
    expect(new Set(zones.map((zone) => zone.id)).size).toBe(zones.length);
  });

  describe.each(cities)('%s', (name, centre) => {
    it('covers the city centre', () => {
      expect(pointInPolygon(centre, zoneNamed(name).polygon)).toBe(true);
    });

    it.each(COMPASS.map((direction, i) => [direction, i * 22.5] as const))('covers the point 15 km %s of the centre', (_direction, bearing) => {
      const point = destination(centre, bearing, 15_000);

      expect(pointInPolygon(point, zoneNamed(name).polygon)).toBe(true);
    });

    it('is the only zone that covers the city centre', () => {
      const covering = zones.filter((zone) => pointInPolygon(centre, zone.polygon)).map((zone) => zone.name);

      expect(covering).toEqual([name]);
    });
  });

  it('has no two zones that overlap', () => {
    const overlaps: string[] = [];
    for (const [i, a] of zones.entries()) {
      for (const b of zones.slice(i + 1)) {
        const vertexInside =
          a.polygon.some((v) => pointInPolygon(vertexAsLatLng(v), b.polygon)) || b.polygon.some((v) => pointInPolygon(vertexAsLatLng(v), a.polygon));
        const edgesCross = edges(a).some(([p, q]) => edges(b).some(([r, s]) => segmentsIntersect(p, q, r, s)));
        if (vertexInside || edgesCross) overlaps.push(`${a.id}/${b.id}`);
      }
    }

    expect(overlaps).toEqual([]);
  });
});

describe('the destination helper these tests use', () => {
  it('moves 15 km due north by 15 km / R radians of latitude', () => {
    const point = destination({ latitude: 0, longitude: 0 }, 0, 15_000);

    expect(point.latitude).toBeCloseTo(toDegrees(15_000 / EARTH_RADIUS_METERS), 10);
    expect(point.longitude).toBeCloseTo(0, 10);
  });

  it.each([22.5, 67.5, 135, 202.5, 315])('puts the point 15 km from the start on a bearing of %s degrees', (bearing) => {
    const start = { latitude: 28.6139, longitude: 77.209 };

    expect(greatCircleMeters(start, destination(start, bearing, 15_000))).toBeCloseTo(15_000, 6);
  });
});
