/** Builds the pincode table from India Post's directory and the zones as they now are (the zone import, `npm start`). */
import { cleanDirectory, coverageByZone, pincodesNearZones, type DirectoryCleaning } from '../../functions/core/pincode-table.ts';
import { zoneCatalogVersion } from '../../functions/core/zone-catalog.ts';
import type { Coverage } from '../../functions/core/pincode.ts';
import type { PincodeTableWrite } from '../../functions/data/pincode.repository.ts';
import type { Runtime } from '../../functions/runtime.ts';
import { readPincodeDirectory } from './pincode-directory.ts';

/** What a build did: the table's size, what the directory lost to cleaning, each zone's coverage, and the writes. */
export interface PincodeTableBuild {
  source: string;
  zoneCatalogVersion: string;
  pincodes: number;
  points: number;
  cleaning: DirectoryCleaning;
  zones: Array<{ zoneId: string } & Record<Coverage, number>>;
  write: PincodeTableWrite;
}

/**
 * Rebuilds the table for the current zones. With `ifStale`, does nothing (and answers null) when the
 * table was last built for this very catalogue, so a restart costs one read.
 */
export async function buildPincodeTable(rt: Pick<Runtime, 'zones' | 'pincodes'>, options: { ifStale: boolean }): Promise<PincodeTableBuild | null> {
  const zones = await rt.zones.repository.listCurrent();
  const catalogVersion = zoneCatalogVersion(zones);
  if (options.ifStale && (await rt.pincodes.repository.manifest())?.zoneCatalogVersion === catalogVersion) return null;
  const { offices, source } = readPincodeDirectory();
  const { areas, cleaning } = cleanDirectory(offices);
  const table = pincodesNearZones(areas, zones);
  const sourceName = `${source.name}@${source.version}`;
  const write = await rt.pincodes.repository.replace(table, { source: sourceName, builtAt: new Date().toISOString(), zoneCatalogVersion: catalogVersion });
  return {
    source: sourceName,
    zoneCatalogVersion: catalogVersion,
    pincodes: table.length,
    points: table.reduce((sum, area) => sum + area.points.length, 0),
    cleaning,
    zones: coverageByZone(table, zones),
    write,
  };
}

/** A build in one line, for the zone import and `npm start`. */
export function describeBuild(build: PincodeTableBuild): string {
  const { written, unchanged, deleted } = build.write;
  return `${build.pincodes} pincodes near the active zones (${build.points} points from ${build.source}): ${written} written, ${unchanged} unchanged, ${deleted} removed`;
}
