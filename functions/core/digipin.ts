/**
 * DIGIPIN, India Post's national addressing grid: a 10-symbol code naming a cell of about 3.8 m x 3.8 m.
 *
 * Written from the Department of Posts' "Digital Postal Index Number (DIGIPIN): National Level Addressing
 * Grid, Technical Document – Final version" (March 2025), as published with the open-source reference
 * implementation in github.com/INDIAPOST-gov/digipin (Apache-2.0) at commit
 * e8e250785a07d306cd0f3f417936cd5b267f7751: docs/DIGIPIN_Technical_Document.md (§3 the symbols, §3.1 the
 * bounding box, §3.3 the labelled 4x4 grid, §3.4 points on grid lines, §5 the Dak Bhawan example) and
 * src/digipin.js (the grid as an array, the hyphens, the centre returned on decoding). The worked examples
 * the tests hold us to are that repository's README.md and tests/digipin.test.js (commit
 * e54a3451839371945df3d6e1cc66587e0fa528f6).
 *
 * Each level splits the current box into 4 x 4 equal cells, row 0 the northernmost; ten levels of a
 * 36° box give cells of 36° / 4^10 (about 0.12″). Every grid line is a multiple of 9 x 2^-18 degrees
 * offset from 2.5 or 63.5, so all of them are exact doubles: the cell bounds below carry no rounding.
 */

/** The 4 x 4 labelling grid of §3.3, row 0 the north, column 0 the west (the same at every level). */
const GRID = ['FC98', 'J327', 'K456', 'LMPT'] as const;

/** The bounding box of §3.1 (EPSG:4326 degrees). */
export const DIGIPIN_BOUNDS: Readonly<DigipinCell> = Object.freeze({ south: 2.5, west: 63.5, north: 38.5, east: 99.5 });

/** The side of a level-10 cell in degrees (latitude and longitude alike): 36° / 4^10. */
export const DIGIPIN_CELL_DEGREES = 36 / 4 ** 10;

const LEVELS = 10;
// Upper-case symbols only: the input is upper-cased first, and without the `i` flag no non-ASCII
// letter (the Kelvin sign, a long s) can fold onto a symbol.
const SYMBOLS = /^[2-9CFJKLMPT]{10}$/;

/** A cell's edges in degrees; a point on its south or west edge belongs to it (see `encodeDigipin`). */
export interface DigipinCell {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Why a string is not a DIGIPIN (the serviceability answer says `invalid_digipin` for all of them). */
export type DigipinInvalidReason = 'not_a_string' | 'length' | 'hyphens' | 'character';

/** A decoded DIGIPIN: the centre of its level-10 cell, the cell itself and the code spelled canonically. */
export interface DecodedDigipin {
  ok: true;
  latitude: number;
  longitude: number;
  cell: DigipinCell;
  code: string;
}

export type DigipinDecodeResult = DecodedDigipin | { ok: false; reason: DigipinInvalidReason };

/**
 * Which of the 4 bands from `start` (each `step` wide) holds `value`, per §3.4: a value on an inner line
 * goes to the band above it (north, east), one on the far edge of the box to the last band. The float
 * arithmetic decides exactly as the grid does: `value - start` is exact (start is a multiple of 2^-18,
 * far coarser than the spacing of doubles near value), and a correctly rounded quotient of an exact
 * dividend below `n x step` stays below n, so a point one double south of a line stays south of it.
 */
function band(value: number, start: number, step: number): number {
  return Math.min(3, Math.floor((value - start) / step));
}

/** The level-10 cell holding a point inside the bounding box, one grid row and column per level. */
function cellOf(latitude: number, longitude: number): { symbols: string; cell: DigipinCell } {
  let { south, west, north, east } = DIGIPIN_BOUNDS;
  let symbols = '';
  for (let level = 0; level < LEVELS; level += 1) {
    const latStep = (north - south) / 4;
    const lonStep = (east - west) / 4;
    const fromSouth = band(latitude, south, latStep);
    const fromWest = band(longitude, west, lonStep);
    symbols += GRID[3 - fromSouth]![fromWest]!;
    south += latStep * fromSouth;
    north = south + latStep;
    west += lonStep * fromWest;
    east = west + lonStep;
  }
  return { symbols, cell: { south, west, north, east } };
}

const format = (symbols: string): string => `${symbols.slice(0, 3)}-${symbols.slice(3, 6)}-${symbols.slice(6)}`;

/**
 * The DIGIPIN of a point, formatted `XXX-XXX-XXXX`. The edges of the bounding box are inside it; a point
 * on a grid line takes the cell to its north or east, except on the box's north and east edges (§3.4).
 * Throws a RangeError for a point outside the box (or not a finite number): there is no code for it.
 */
export function encodeDigipin(latitude: number, longitude: number): string {
  const box = DIGIPIN_BOUNDS;
  if (!(latitude >= box.south && latitude <= box.north)) {
    throw new RangeError(`DIGIPIN covers latitudes ${box.south} to ${box.north}; got ${latitude}`);
  }
  if (!(longitude >= box.west && longitude <= box.east)) {
    throw new RangeError(`DIGIPIN covers longitudes ${box.west} to ${box.east}; got ${longitude}`);
  }
  return format(cellOf(latitude, longitude).symbols);
}

/** Where each symbol sits in the grid: its row (0 north) and column (0 west). */
const POSITION = new Map<string, { row: number; column: number }>(
  GRID.flatMap((symbols, row) => [...symbols].map((symbol, column) => [symbol, { row, column }] as const)),
);

/**
 * Decodes a DIGIPIN to the centre of its level-10 cell (what the reference implementation returns) and
 * the cell's bounds. Accepted: the 10 symbols, letters in either case, with no hyphen or with one after
 * the 3rd and the 6th symbol (`39J-49L-L8T4`, `39j49ll8t4`). Anything else, spaces and stray hyphens
 * included, is refused with the reason; it never throws.
 */
export function decodeDigipin(input: unknown): DigipinDecodeResult {
  if (typeof input !== 'string') return { ok: false, reason: 'not_a_string' };
  const symbols = input.replaceAll('-', '');
  if (symbols.length !== LEVELS) return { ok: false, reason: 'length' };
  if (symbols !== input && format(symbols) !== input) return { ok: false, reason: 'hyphens' };
  const upper = symbols.toUpperCase();
  if (!SYMBOLS.test(upper)) return { ok: false, reason: 'character' };

  let { south, west, north, east } = DIGIPIN_BOUNDS;
  for (const symbol of upper) {
    const { row, column } = POSITION.get(symbol)!;
    const latStep = (north - south) / 4;
    const lonStep = (east - west) / 4;
    south += latStep * (3 - row);
    north = south + latStep;
    west += lonStep * column;
    east = west + lonStep;
  }
  return {
    ok: true,
    latitude: (south + north) / 2,
    longitude: (west + east) / 2,
    cell: { south, west, north, east },
    code: format(upper),
  };
}
