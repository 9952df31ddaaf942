import { isDeepStrictEqual } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Zone, type VersionedZone } from '../core/zone.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { keys } from './table.ts';
import { TableRepository } from './repository.ts';

/** What an import did to each zone. */
export interface ZoneImportResult {
  zoneId: string;
  version: number;
  action: 'created' | 'updated' | 'unchanged' | 'kept';
}

function toZone(item: Record<string, unknown>): VersionedZone {
  return { ...Zone.parse(item.zone), version: item.version as number };
}

/**
 * Zones and rate cards as versioned data. Each change writes a new immutable version item and moves
 * the zone's "current" item to it, in one transaction guarded by the version it replaces.
 */
export class ZoneRepository extends TableRepository {
  /** The current version of every zone (one Query: the catalogue is one small partition). */
  async listCurrent(): Promise<VersionedZone[]> {
    const items = await this.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.zonesPartition } });
    return items.map(toZone);
  }

  /** The current version of one zone, read strongly consistent, or null. */
  async getCurrent(zoneId: string): Promise<VersionedZone | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.zoneCurrent(zoneId), ConsistentRead: true }));
    return Item ? toZone(Item) : null;
  }

  /**
   * Writes each zone as its next version when its content differs from the current one.
   * With `onlyMissing`, existing zones are kept as they are (start-up seeding never undoes an admin's edit).
   */
  async import(zones: readonly Zone[], options: { onlyMissing: boolean }, now = new Date()): Promise<ZoneImportResult[]> {
    const results: ZoneImportResult[] = [];
    for (const zone of zones) {
      const current = await this.getCurrent(zone.id);
      if (current && options.onlyMissing) {
        results.push({ zoneId: zone.id, version: current.version, action: 'kept' });
        continue;
      }
      if (current) {
        const { version: _version, ...currentZone } = current;
        if (isDeepStrictEqual(currentZone, zone)) {
          results.push({ zoneId: zone.id, version: current.version, action: 'unchanged' });
          continue;
        }
      }
      const version = (current?.version ?? 0) + 1;
      await this.writeVersion(zone, version, current?.version ?? null, now);
      results.push({ zoneId: zone.id, version, action: current ? 'updated' : 'created' });
    }
    return results;
  }

  private async writeVersion(zone: Zone, version: number, replaces: number | null, now: Date): Promise<void> {
    const item = { zone, version, zoneId: zone.id, updatedAt: now.toISOString() };
    try {
      await new Transaction()
        .add('version', {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.zoneVersion(zone.id, version), type: 'zoneVersion', ...item },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        })
        .add('current', {
          Put: {
            TableName: this.tableName,
            Item: { ...keys.zoneCurrent(zone.id), type: 'zone', ...item },
            ConditionExpression: replaces === null ? 'attribute_not_exists(PK)' : 'version = :replaces',
            ...(replaces !== null && { ExpressionAttributeValues: { ':replaces': replaces } }),
          },
        })
        .commit(this.db);
    } catch (error) {
      if (error instanceof TransactionCancelled && (error.failed('version') || error.failed('current'))) {
        throw new Error(`Zone ${zone.id} was changed by someone else while importing; run the import again`, { cause: error });
      }
      throw error;
    }
  }
}
