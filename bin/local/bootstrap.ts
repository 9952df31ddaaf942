import { readFileSync } from 'node:fs';
import { ZoneFile } from '../../functions/core/zone.ts';
import { createTableAdmin, type TableAdmin } from '../../functions/data/table-admin.ts';
import type { ZoneImportResult } from '../../functions/data/zone.repository.ts';
import type { Config } from '../../functions/config.ts';
import type { Runtime } from '../../functions/runtime.ts';

/** The zone file shipped with the repo. */
export const SEED_ZONES_PATH = new URL('../../seed/zones.json', import.meta.url);

/** The admin of the configured table (TABLE_NAME at DYNAMODB_ENDPOINT). */
export function tableAdmin(config: Config): TableAdmin {
  return createTableAdmin({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT, tableName: config.TABLE_NAME });
}

/** Reads and validates a zone file (the seed file by default). */
export function readZoneFile(path: string | URL = SEED_ZONES_PATH): ZoneFile {
  const parsed = ZoneFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new Error(`Invalid zone file ${String(path)}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Seeds the zones the table does not have yet; never overwrites a zone an admin has edited. */
export async function seedZones(rt: Runtime, path: string | URL = SEED_ZONES_PATH): Promise<ZoneImportResult[]> {
  return rt.zones.repository.import(readZoneFile(path).zones, { onlyMissing: true });
}
