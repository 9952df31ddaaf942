import { fc, it as property } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DIGIPIN_BOUNDS, DIGIPIN_CELL_DEGREES, decodeDigipin, encodeDigipin, type DigipinCell } from '../../functions/core/digipin.ts';

const PROPERTY = { seed: 20261127, numRuns: 2000 };

/** The decoded cell of a code the test knows is valid. */
function cellOf(code: string): DigipinCell {
  const decoded = decodeDigipin(code);
  if (!decoded.ok) throw new Error(`${code} should decode, got ${decoded.reason}`);
  return decoded.cell;
}

// Source: github.com/INDIAPOST-gov/digipin. The first two are the project's own worked examples
// (README.md and docs/DIGIPIN_Technical_Document.md §5 at e8e2507, tests/digipin.test.js at e54a345);
// the other codes and centres were computed by running its src/digipin.js on the points its tests use.
const EXAMPLES = [
  { name: 'Bengaluru (README, tests)', latitude: 12.9716, longitude: 77.5946, code: '4P3-JK8-52C9', centre: ['12.971601', '77.594584'] },
  { name: 'Dak Bhawan, New Delhi (§5, tests)', latitude: 28.622788, longitude: 77.213033, code: '39J-49L-L8T4', centre: ['28.622793', '77.213049'] },
  { name: 'Delhi (reference run)', latitude: 28.7041, longitude: 77.1025, code: '39J-J56-59P4', centre: ['28.704092', '77.102499'] },
  { name: 'Mumbai (reference run)', latitude: 19.076, longitude: 72.8777, code: '4FK-595-8823', centre: ['19.075983', '72.877707'] },
  { name: 'Chennai (reference run)', latitude: 13.0827, longitude: 80.2707, code: '4T3-84L-L5L9', centre: ['13.082701', '80.270716'] },
] as const;

describe('encodeDigipin', () => {
  it.each(EXAMPLES)('encodes $name as $code', ({ latitude, longitude, code }) => {
    expect(encodeDigipin(latitude, longitude)).toBe(code);
  });

  it('picks the symbols of the technical document’s level-by-level figure for Dak Bhawan', () => {
    expect([...encodeDigipin(28.622788, 77.213033).replaceAll('-', '')]).toEqual(['3', '9', 'J', '4', '9', 'L', 'L', '8', 'T', '4']);
  });

  it('labels the level-1 grid as §3.3 draws it, row by row from the north-west', () => {
    const latitudes = [3, 2, 1, 0].map((i) => 2.5 + 9 * i + 4.5);
    const longitudes = [0, 1, 2, 3].map((i) => 63.5 + 9 * i + 4.5);
    const rows = latitudes.map((latitude) => longitudes.map((longitude) => encodeDigipin(latitude, longitude)[0]).join(''));

    expect(rows).toEqual(['FC98', 'J327', 'K456', 'LMPT']);
  });

  it.each([
    [2.5, 63.5, 'LLL-LLL-LLLL'],
    [38.5, 99.5, '888-888-8888'],
    [2.5, 99.5, 'TTT-TTT-TTTT'],
    [38.5, 63.5, 'FFF-FFF-FFFF'],
  ])('encodes the bounding box corner (%f, %f) as %s, inside the box (§3.4, as the reference)', (latitude, longitude, code) => {
    expect(encodeDigipin(latitude, longitude)).toBe(code);
  });

  it('gives a point on an inner grid line the cell to its north and east (§3.4, as the reference)', () => {
    // 20.5 and 81.5 are level-1 lines: the point is the south-west corner of its cell at every level.
    expect(encodeDigipin(20.5, 81.5)).toBe('2LL-LLL-LLLL');
    expect(cellOf(encodeDigipin(11.5, 77)).south).toBe(11.5);
    expect(cellOf(encodeDigipin(11, 72.5)).west).toBe(72.5);
  });

  // Lines of level 1 and of level 10 only, each with the spacing of doubles just below it.
  const LINES = [
    { name: 'the level-1 parallel 11.5', line: 11.5, spacing: 2 ** -49 },
    { name: 'a level-10 parallel near 19.67', line: DIGIPIN_BOUNDS.south + 500_001 * DIGIPIN_CELL_DEGREES, spacing: 2 ** -48 },
    { name: 'the level-1 meridian 72.5', line: 72.5, spacing: 2 ** -46, meridian: true },
    { name: 'a level-10 meridian near 80.67', line: DIGIPIN_BOUNDS.west + 500_001 * DIGIPIN_CELL_DEGREES, spacing: 2 ** -46, meridian: true },
  ];

  it.each(LINES)('gives the point one double below $name the cell below it, and the line itself the cell above', ({ line, spacing, meridian }) => {
    const below = line - spacing;
    const at = (value: number) => cellOf(meridian ? encodeDigipin(20, value) : encodeDigipin(value, 80));

    expect([below, line]).toContain((below + line) / 2); // no double lies between them
    expect(meridian ? at(below).east : at(below).north).toBe(line);
    expect(meridian ? at(line).west : at(line).south).toBe(line);
  });

  it.each([
    [2.4999, 77, 'latitudes 2.5 to 38.5; got 2.4999'],
    [38.5001, 77, 'latitudes 2.5 to 38.5; got 38.5001'],
    [20, 63.4999, 'longitudes 63.5 to 99.5; got 63.4999'],
    [20, 99.5001, 'longitudes 63.5 to 99.5; got 99.5001'],
    [Number.NaN, 77, 'latitudes 2.5 to 38.5; got NaN'],
    [20, Number.POSITIVE_INFINITY, 'longitudes 63.5 to 99.5; got Infinity'],
  ])('refuses (%f, %f) outside the bounding box with a RangeError', (latitude, longitude, message) => {
    expect(() => encodeDigipin(latitude, longitude)).toThrow(new RangeError(`DIGIPIN covers ${message}`));
  });
});

describe('decodeDigipin', () => {
  it.each(EXAMPLES)('decodes $code to the reference’s centre for $name', ({ code, centre }) => {
    const decoded = decodeDigipin(code);

    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect([decoded.latitude.toFixed(6), decoded.longitude.toFixed(6)]).toEqual(centre);
    expect(decoded.code).toBe(code);
  });

  it('returns the level-10 cell around the encoded point, its centre halfway, the cell 36° / 4^10 wide', () => {
    // The level-10 row and column of the point, counted directly from the box's south-west corner.
    const row = Math.floor((28.622788 - 2.5) / DIGIPIN_CELL_DEGREES);
    const column = Math.floor((77.213033 - 63.5) / DIGIPIN_CELL_DEGREES);

    expect([row, column]).toEqual([760_881, 399_421]);
    expect(decodeDigipin('39J-49L-L8T4')).toEqual({
      ok: true,
      latitude: 2.5 + (row + 0.5) * DIGIPIN_CELL_DEGREES,
      longitude: 63.5 + (column + 0.5) * DIGIPIN_CELL_DEGREES,
      cell: {
        south: 2.5 + row * DIGIPIN_CELL_DEGREES,
        west: 63.5 + column * DIGIPIN_CELL_DEGREES,
        north: 2.5 + (row + 1) * DIGIPIN_CELL_DEGREES,
        east: 63.5 + (column + 1) * DIGIPIN_CELL_DEGREES,
      },
      code: '39J-49L-L8T4',
    });
    expect(cellOf('39J-49L-L8T4')).toEqual({ south: 28.62277603149414, west: 77.21303176879883, north: 28.62281036376953, east: 77.21306610107422 });
    const { south, west, north, east } = cellOf('39J-49L-L8T4');
    expect([north - south, east - west]).toEqual([DIGIPIN_CELL_DEGREES, DIGIPIN_CELL_DEGREES]);
    expect(south <= 28.622788 && 28.622788 < north && west <= 77.213033 && 77.213033 < east).toBe(true);
  });

  it.each(['39J49LL8T4', '39j-49l-l8t4', '39j49ll8t4', '39J-49l-L8t4'])('reads %s, hyphens optional and letters in any case', (code) => {
    expect(decodeDigipin(code)).toEqual(decodeDigipin('39J-49L-L8T4'));
  });

  it.each([
    ['', 'length'],
    ['39J-49L-L8T', 'length'],
    ['39J49LL8T', 'length'],
    ['39J49LL8T44', 'length'],
    ['4P3-JK8', 'length'],
    ['----------', 'length'],
    ['39J-49LL8T4', 'hyphens'],
    ['39J49L-L8T4', 'hyphens'],
    ['39-J49-LL8T4', 'hyphens'],
    ['39J--49LL8T4', 'hyphens'],
    ['-39J49LL8T4', 'hyphens'],
    ['39J49LL8T4-', 'hyphens'],
    ['39J-49L-L8T4-', 'hyphens'],
    ['39J 49L L8T4', 'length'],
    ['39J49LL8T ', 'character'],
    [' 39J49LL8T', 'character'],
    ['4P3-JK8-52XY', 'character'],
    ['39J-49L-L8T1', 'character'],
    ['39J-49L-L8T0', 'character'],
    ['39J-49L-L8TA', 'character'],
    ['39J-49L-L8TG', 'character'],
    ['39J-49L-L8T\u212A', 'character'], // the Kelvin sign, which Unicode case folding maps to k
    ['39J-49L-L8T\u017F', 'character'], // a long s, which upper-cases to S
    ['39J-49L-L8T\u01F0', 'character'], // j with caron, which upper-cases to two characters
    ['39J-49L-L8T\u0663', 'character'], // an Arabic-Indic three
    ['39J-49L-L8T\uFF14', 'character'], // a full-width four
  ])('refuses %j (%s)', (code, reason) => {
    expect(decodeDigipin(code)).toEqual({ ok: false, reason });
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))('refuses the Object.prototype name %s', (name) => {
    expect(decodeDigipin(name)).toMatchObject({ ok: false });
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 3949],
    ['a bigint', 10n],
    ['a boolean', true],
    ['an array of the symbols', [...'39J49LL8T4']],
    ['a boxed string', Object('39J49LL8T4')],
    ['an object spelling a code', { toString: () => '39J49LL8T4' }],
    [
      'an object that throws when read',
      {
        toString: () => {
          throw new Error('read');
        },
      },
    ],
    ['a null-prototype object', Object.create(null)],
    ['a symbol', Symbol('39J49LL8T4')],
  ])('refuses %s without reading it', (_name, input) => {
    expect(decodeDigipin(input)).toEqual({ ok: false, reason: 'not_a_string' });
  });
});

describe('encode and decode together', () => {
  const latitude = fc.double({ min: DIGIPIN_BOUNDS.south, max: DIGIPIN_BOUNDS.north, noNaN: true });
  const longitude = fc.double({ min: DIGIPIN_BOUNDS.west, max: DIGIPIN_BOUNDS.east, noNaN: true });
  const symbol = fc.constantFrom(...'23456789CFJKLMPT');

  property.prop([latitude, longitude], PROPERTY)('decodes a point’s code to the level-10 cell holding it', (lat, lon) => {
    const code = encodeDigipin(lat, lon);
    const { south, west, north, east } = cellOf(code);

    expect(code).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    expect([north - south, east - west]).toEqual([DIGIPIN_CELL_DEGREES, DIGIPIN_CELL_DEGREES]);
    // Half-open cells, except that the box's own north and east edges belong to the cells below them.
    expect(south <= lat && (lat < north || (lat === north && north === DIGIPIN_BOUNDS.north))).toBe(true);
    expect(west <= lon && (lon < east || (lon === east && east === DIGIPIN_BOUNDS.east))).toBe(true);
  });

  property.prop([fc.array(symbol, { minLength: 10, maxLength: 10 }), fc.boolean()], PROPERTY)(
    'encodes the centre of any code’s cell back to that code, in either case and with or without hyphens',
    (symbols, lower) => {
      const plain = symbols.join('');
      const decoded = decodeDigipin(lower ? plain.toLowerCase() : plain);
      if (!decoded.ok) throw new Error(`${plain} should decode, got ${decoded.reason}`);

      expect(encodeDigipin(decoded.latitude, decoded.longitude)).toBe(decoded.code);
      expect(decoded.code.replaceAll('-', '')).toBe(plain);
      expect(decodeDigipin(decoded.code)).toEqual(decoded);
    },
  );

  // Mostly near-codes (symbols of either case, hyphens, spaces, a few look-alikes), some arbitrary text.
  const nearCode = fc.string({ unit: fc.constantFrom(...'23456789CFJKLMPTcfjklmpt-- 01AGIOX\u212A'), minLength: 8, maxLength: 14 });
  const anyText = fc.oneof(nearCode, fc.string({ unit: 'binary', maxLength: 14 }));

  property.prop([anyText], PROPERTY)('decodes any string to its cell or a refusal, never throwing', (text) => {
    const decoded = decodeDigipin(text);
    const wellFormed = /^([2-9CFJKLMPT]{10}|[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4})$/i.test(text) && !text.includes('\u212A');

    expect(decoded.ok).toBe(wellFormed);
    if (decoded.ok) expect(decoded.code).toBe(encodeDigipin(decoded.latitude, decoded.longitude));
    else expect(['length', 'hyphens', 'character']).toContain(decoded.reason);
  });
});
