import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METERS, greatCircleMeters, metersToRing, pointInPolygon, type LatLng, type Ring } from '../../functions/core/geo.ts';

const at = (latitude: number, longitude: number): LatLng => ({ latitude, longitude });

describe('greatCircleMeters', () => {
  it('uses the IUGG mean earth radius', () => {
    expect(EARTH_RADIUS_METERS).toBe(6_371_008.8);
  });

  it('measures one degree of latitude as R x pi / 180 (about 111195 m)', () => {
    const distance = greatCircleMeters(at(0, 0), at(1, 0));

    expect(distance).toBeCloseTo((6_371_008.8 * Math.PI) / 180, 6);
    expect(Math.round(distance)).toBe(111_195);
  });

  it('measures one degree of longitude on the equator the same as one of latitude', () => {
    expect(greatCircleMeters(at(0, 10), at(0, 11))).toBeCloseTo(greatCircleMeters(at(0, 0), at(1, 0)), 6);
  });

  it('measures one degree of longitude at 60 degrees north as about half of one on the equator', () => {
    const distance = greatCircleMeters(at(60, 0), at(60, 1));

    expect(distance / greatCircleMeters(at(0, 0), at(0, 1))).toBeCloseTo(0.5, 4);
  });

  it.each([
    ['Bengaluru', at(12.9716, 77.5946)],
    ['the origin', at(0, 0)],
    ['the north pole', at(90, 0)],
  ])('measures zero between %s and itself', (_name, point) => {
    expect(greatCircleMeters(point, point)).toBe(0);
  });

  it('measures half the circumference between antipodes', () => {
    expect(greatCircleMeters(at(0, 0), at(0, 180))).toBeCloseTo(Math.PI * 6_371_008.8, 3);
  });

  it('is symmetric', () => {
    const mumbai = at(19.076, 72.8777);
    const delhi = at(28.6139, 77.209);

    expect(greatCircleMeters(mumbai, delhi)).toBe(greatCircleMeters(delhi, mumbai));
  });

  // References: WGS84 geodesic distances (Vincenty's inverse formula).
  it.each([
    ['Mumbai', at(19.076, 72.8777), 'Delhi', at(28.6139, 77.209), 1_144_526],
    ['Bengaluru', at(12.9716, 77.5946), 'Chennai', at(13.0827, 80.2707), 290_543],
  ])('measures %s to %s within 0.5% of the ellipsoidal distance', (_from, a, _to, b, reference) => {
    const distance = greatCircleMeters(a, b);

    expect(Math.abs(distance - reference) / reference).toBeLessThan(0.005);
  });
});

describe('pointInPolygon', () => {
  // The unit square, [lng, lat] pairs, unclosed and closed.
  const square: Ring = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ];
  const closedSquare: Ring = [...square, [0, 0]];

  // A "U": two arms (x 0..1 and 2..3) joined by a base (y 0..1); the notch x 1..2, y 1..3 is outside.
  const u: Ring = [
    [0, 0],
    [3, 0],
    [3, 3],
    [2, 3],
    [2, 1],
    [1, 1],
    [1, 3],
    [0, 3],
  ];

  it.each([
    ['at the centre of', 0.5, 0.5, true],
    ['near a corner of', 0.01, 0.99, true],
    ['west of', 0.5, -0.5, false],
    ['east of', 0.5, 1.5, false],
    ['north of', 1.5, 0.5, false],
    ['south of', -0.5, 0.5, false],
    ['diagonally beyond a corner of', 2, 2, false],
  ])('classifies a point %s the square', (_where, latitude, longitude, inside) => {
    expect(pointInPolygon(at(latitude, longitude), square)).toBe(inside);
  });

  it.each([
    ['bottom edge', 0, 0.5],
    ['right edge', 0.5, 1],
    ['top edge', 1, 0.5],
    ['left edge', 0.5, 0],
  ])('counts a point on the %s as inside', (_edge, latitude, longitude) => {
    expect(pointInPolygon(at(latitude, longitude), square)).toBe(true);
  });

  it.each([
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 0],
  ])('counts the vertex (lat %d, lng %d) as inside', (latitude, longitude) => {
    expect(pointInPolygon(at(latitude, longitude), square)).toBe(true);
  });

  it.each([
    ['beyond the right edge', 0.5, 1 + 1e-6, false],
    ['inside the right edge', 0.5, 1 - 1e-6, true],
    ['beyond the top edge', 1 + 1e-6, 0.5, false],
    ['inside the top edge', 1 - 1e-6, 0.5, true],
    ['below the bottom edge', -1e-6, 0.5, false],
    ['beyond the left edge', 0.5, -1e-6, false],
    ['diagonally beyond a vertex', 1 + 1e-6, 1 + 1e-6, false],
    ['diagonally before the origin vertex', -1e-6, -1e-6, false],
  ])('puts a point 1e-6 degrees %s on the right side of the boundary', (_where, latitude, longitude, inside) => {
    expect(pointInPolygon(at(latitude, longitude), square)).toBe(inside);
  });

  it('counts a point on a diagonal edge as inside and one 1e-6 degrees beyond it as outside', () => {
    const triangle: Ring = [
      [0, 0],
      [2, 0],
      [0, 2],
    ];

    expect(pointInPolygon(at(1, 1), triangle)).toBe(true);
    expect(pointInPolygon(at(1 + 1e-6, 1 + 1e-6), triangle)).toBe(false);
    expect(pointInPolygon(at(1 - 1e-6, 1 - 1e-6), triangle)).toBe(true);
  });

  it('tells points 1e-6 degrees apart at city coordinates', () => {
    const zone: Ring = [
      [77.5, 12.9],
      [77.7, 12.9],
      [77.7, 13.1],
      [77.5, 13.1],
    ];

    expect(pointInPolygon(at(13, 77.7), zone)).toBe(true);
    expect(pointInPolygon(at(13, 77.7 + 1e-6), zone)).toBe(false);
    expect(pointInPolygon(at(13, 77.7 - 1e-6), zone)).toBe(true);
    expect(pointInPolygon(at(13.1 + 1e-6, 77.6), zone)).toBe(false);
  });

  it.each([
    [0.5, 0.5],
    [0, 0],
    [0, 0.5],
    [1, 1],
    [0.5, 1 + 1e-6],
    [1.5, 0.5],
    [-0.5, -0.5],
  ])('answers the same for (lat %d, lng %d) whether the ring is closed or not', (latitude, longitude) => {
    const point = at(latitude, longitude);

    expect(pointInPolygon(point, closedSquare)).toBe(pointInPolygon(point, square));
  });

  it('finds the centre of a closed ring inside and a far point outside', () => {
    expect(pointInPolygon(at(0.5, 0.5), closedSquare)).toBe(true);
    expect(pointInPolygon(at(5, 5), closedSquare)).toBe(false);
  });

  it.each([
    ['the notch', 2, 1.5, false],
    ['the top of the notch, between the arms', 3, 1.5, false],
    ['the left arm', 2, 0.5, true],
    ['the right arm', 2, 2.5, true],
    ['the base under the notch', 0.5, 1.5, true],
    ['the left arm, level with the notch floor', 1, 0.5, true],
    ['the right arm, level with the notch floor', 1, 2.5, true],
    ['right of the shape, level with the notch floor', 1, 3.5, false],
    ['left of the shape, level with the notch floor', 1, -0.5, false],
    ['left of the shape, level with the arm tops', 3, -0.5, false],
    ['the notch floor', 1, 1.5, true],
    ['an inner corner of the notch', 1, 1, true],
    ['an inner wall of the notch', 2, 2, true],
  ])('finds a point in %s of a concave U shape', (_where, latitude, longitude, inside) => {
    expect(pointInPolygon(at(latitude, longitude), u)).toBe(inside);
  });

  it('treats a ring that winds round a region twice by the even-odd rule', () => {
    // A pentagram: the central pentagon is wound twice, so even-odd counts it as outside.
    const star: Ring = [0, 2, 4, 1, 3].map((k) => {
      const angle = Math.PI / 2 + (k * 2 * Math.PI) / 5;
      return [Math.cos(angle), Math.sin(angle)] as const;
    });

    expect(pointInPolygon(at(0, 0), star)).toBe(false);
    expect(pointInPolygon(at(0.8, 0), star)).toBe(true);
  });
});

describe('metersToRing', () => {
  const square: Ring = [
    [77.0, 12.0],
    [77.1, 12.0],
    [77.1, 12.1],
    [77.0, 12.1],
  ];

  it('measures to the nearest edge, to the nearest corner, and is 0 on the boundary', () => {
    const west = { latitude: 12.05, longitude: 76.99 };
    const corner = { latitude: 11.99, longitude: 76.99 };
    // Beside an edge: the same as the great-circle distance to the foot of the perpendicular
    expect(metersToRing(west, square) / greatCircleMeters(west, { latitude: 12.05, longitude: 77.0 })).toBeCloseTo(1, 3);
    // Past a corner: the distance to the corner
    expect(metersToRing(corner, square) / greatCircleMeters(corner, { latitude: 12.0, longitude: 77.0 })).toBeCloseTo(1, 2);
    expect(metersToRing({ latitude: 12.0, longitude: 77.05 }, square)).toBeCloseTo(0, 6);
  });

  it('measures from inside too (the distance to the boundary)', () => {
    const inside = { latitude: 12.05, longitude: 77.01 };
    expect(metersToRing(inside, square) / greatCircleMeters(inside, { latitude: 12.05, longitude: 77.0 })).toBeCloseTo(1, 3);
  });
});
