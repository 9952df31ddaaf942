import { describe, expect, it } from 'vitest';
import { PINCODE_PATTERN, pincodeCenter, pincodeCoverage, type PincodeArea } from '../../functions/core/pincode.ts';

// A 1°-square zone from (77, 12) to (78, 13), ring as GeoJSON orders it.
const square = {
  polygon: [
    [77, 12],
    [78, 12],
    [78, 13],
    [77, 13],
    [77, 12],
  ] as [number, number][],
};
const area = (points: [number, number][]): PincodeArea => ({ pincode: '560001', points: points.map(([latitude, longitude]) => ({ latitude, longitude })) });

describe('pincodeCoverage', () => {
  it('is full when every known point is inside the zone or on its edge', () => {
    expect(pincodeCoverage(area([[12.5, 77.5]]), square)).toBe('full');
    expect(
      pincodeCoverage(
        area([
          [12.5, 77.5],
          [13, 77.5],
        ]),
        square,
      ),
    ).toBe('full');
  });

  it('is partial when some points are inside and some outside', () => {
    expect(
      pincodeCoverage(
        area([
          [12.5, 77.5],
          [13.2, 77.5],
        ]),
        square,
      ),
    ).toBe('partial');
  });

  it('is none when no point is inside', () => {
    expect(
      pincodeCoverage(
        area([
          [13.2, 77.5],
          [11.9, 77.5],
        ]),
        square,
      ),
    ).toBe('none');
  });
});

describe('pincodeCenter', () => {
  it('is the mean of the known points', () => {
    expect(
      pincodeCenter(
        area([
          [12, 77],
          [13, 78],
          [12.5, 77.5],
        ]),
      ),
    ).toEqual({ latitude: 12.5, longitude: 77.5 });
  });
});

describe('PINCODE_PATTERN', () => {
  it('takes six digits whose first is not 0, and nothing else', () => {
    expect(['560038', '110001', '999999'].every((p) => PINCODE_PATTERN.test(p))).toBe(true);
    expect(['060038', '56003', '5600381', '56003a', ' 560038', '560038\n', '５６００３８'].some((p) => PINCODE_PATTERN.test(p))).toBe(false);
  });
});
