/**
 * A square zone polygon around a point, ±`d` degrees: [longitude, latitude] pairs as GeoJSON orders
 * them, counterclockwise and closed (first = last).
 */
export function squareRing(lat: number, lng: number, d = 0.1): Array<[number, number]> {
  return [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
    [lng - d, lat - d],
  ];
}
