import { describe, expect, it } from 'vitest';
import { cleanDirectory, coverageByZone, OUTLIER_METERS, pincodesNearZones, type PostOffice } from '../../functions/core/pincode-table.ts';
import { readZoneFile } from '../../bin/local/bootstrap.ts';
import { pincodeArea } from '../helpers/pincodes.ts';

const office = (pincode: string, latitude: number, longitude: number): PostOffice => ({ pincode, latitude, longitude });
// 0.01° of latitude is 1.11 km.
const KM_LAT = 1 / 111.2;

describe('cleanDirectory', () => {
  it('leaves out offices without coordinates or with a malformed pincode, and pincodes left with no point', () => {
    const { areas, cleaning } = cleanDirectory([
      office('560001', 12.97, 77.59),
      office('560002', 0, 0),
      office('560003', Number.NaN, 77.6),
      office('056001', 12.97, 77.59),
      office('56001', 12.97, 77.59),
    ]);

    expect(areas.map((a) => a.pincode)).toEqual(['560001']);
    expect(cleaning).toEqual({ offices: 5, withoutCoordinates: 4, outsideIndia: 0, outliers: 0 });
  });

  it('leaves out offices outside India’s extent (the DIGIPIN grid’s box)', () => {
    const { areas, cleaning } = cleanDirectory([
      office('110001', 28.6, 77.2),
      office('110001', 1.5, 77.2),
      office('110001', 28.6, 100.1),
      office('110001', 39, 77),
    ]);

    expect(areas).toEqual([pincodeArea('110001', [[28.6, 77.2]])]);
    expect(cleaning.outsideIndia).toBe(3);
  });

  it(`drops an office more than ${OUTLIER_METERS / 1000} km from its pincode’s median office, when the pincode has three or more`, () => {
    const near = [office('110001', 28.62, 77.21), office('110001', 28.63, 77.22), office('110001', 28.62 + 20 * KM_LAT, 77.21)];
    const typo = office('110001', 28.23, 77.23);
    const { areas, cleaning } = cleanDirectory([...near, typo]);

    expect(areas[0]!.points).toEqual(near.map(({ latitude, longitude }) => ({ latitude, longitude })));
    expect(cleaning.outliers).toBe(1);
  });

  it('keeps both offices of a two-office pincode however far apart (no median to judge by), and a repeated office once', () => {
    const { areas } = cleanDirectory([office('400001', 18.93, 72.83), office('400001', 19.5, 73.5), office('400001', 18.93, 72.83)]);

    expect(areas[0]!.points).toHaveLength(2);
  });

  it('answers the pincodes in order', () => {
    const { areas } = cleanDirectory([office('600001', 13.09, 80.28), office('110001', 28.6, 77.2), office('400001', 18.93, 72.83)]);

    expect(areas.map((a) => a.pincode)).toEqual(['110001', '400001', '600001']);
  });
});

describe('pincodesNearZones', () => {
  const zones = readZoneFile().zones;
  // Bengaluru's zone reaches 20 km north of its centre (12.97153, 77.5946); its northern vertex is at 13.15146.
  const north = 13.15146;

  it('keeps a pincode with a point inside an active zone, on its edge, or within 10 km of it, and leaves out one farther away', () => {
    const areas = [
      pincodeArea('560001', [[12.97, 77.59]]),
      pincodeArea('560002', [[north, 77.5946]]),
      pincodeArea('562110', [[north + 9 * KM_LAT, 77.5946]]),
      pincodeArea('562111', [[north + 11 * KM_LAT, 77.5946]]),
      pincodeArea('562112', [
        [north + 30 * KM_LAT, 77.5946],
        [12.97, 77.59],
      ]),
    ];

    expect(pincodesNearZones(areas, zones).map((a) => a.pincode)).toEqual(['560001', '560002', '562110', '562112']);
  });

  it('ignores inactive zones', () => {
    const inactive = zones.map((zone) => ({ ...zone, active: zone.id !== 'bengaluru' && zone.active }));

    expect(pincodesNearZones([pincodeArea('560001', [[12.97, 77.59]])], inactive)).toEqual([]);
  });
});

describe('coverageByZone', () => {
  it('counts, for each active zone, the pincodes near it by how much of each it holds', () => {
    const zones = readZoneFile().zones;
    const areas = [
      pincodeArea('560001', [[12.97, 77.59]]),
      pincodeArea('560002', [
        [12.97, 77.59],
        [13.2, 77.59],
      ]),
      pincodeArea('562110', [[13.2, 77.59]]),
      pincodeArea('400001', [[18.93, 72.83]]),
    ];

    const counts = coverageByZone(areas, zones);

    expect(counts.find((c) => c.zoneId === 'bengaluru')).toEqual({ zoneId: 'bengaluru', full: 1, partial: 1, none: 1 });
    expect(counts.find((c) => c.zoneId === 'mumbai')).toEqual({ zoneId: 'mumbai', full: 1, partial: 0, none: 0 });
    expect(counts.map((c) => c.zoneId)).toEqual([...counts.map((c) => c.zoneId)].sort());
  });
});
