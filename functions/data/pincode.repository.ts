import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../zod.ts';
import type { PincodeArea } from '../core/pincode.ts';
import { keys } from './table.ts';
import { batchGetItems } from './batch-get.ts';
import { TableRepository } from './repository.ts';

/** What the pincode table was built from: the directory's package, when, for which zone catalogue, and how many pincodes it holds. */
export interface PincodeManifest {
  source: string;
  builtAt: string;
  zoneCatalogVersion: string;
  count: number;
}

/** What replacing the table did. */
export interface PincodeTableWrite {
  written: number;
  unchanged: number;
  deleted: number;
}

const StoredPoints = z.array(z.tuple([z.number(), z.number()])).check(z.minLength(1));

// The table stores points as GeoJSON orders them, [longitude, latitude]: the smaller item, and the zones' order.
const toStored = (area: PincodeArea): Array<[number, number]> => area.points.map(({ latitude, longitude }) => [longitude, latitude]);
const toArea = (item: Record<string, unknown>): PincodeArea => ({
  pincode: String(item.SK),
  points: StoredPoints.parse(item.points).map(([longitude, latitude]) => ({ latitude, longitude })),
});

// DynamoDB's limit: BatchWriteItem takes 25 requests.
const WRITE_BATCH = 25;
const WRITE_LANES = 8;

/**
 * The pincode table: for each pincode near an active zone, the points India Post's directory knows
 * for it (functions/core/pincode-table.ts builds it at zone import). One partition, so an import can
 * list it and drop the pincodes no zone is near any more.
 */
export class PincodeRepository extends TableRepository {
  /** The areas of these pincodes the table holds (a pincode it does not hold is absent), in ⌈distinct/100⌉ BatchGetItem calls. */
  async lookup(pincodes: readonly string[]): Promise<Map<string, PincodeArea>> {
    const items = await batchGetItems(this.db, this.tableName, [...new Set(pincodes)].map(keys.pincode), { consistent: false });
    return new Map(items.map((item) => [String(item.SK), toArea(item)]));
  }

  /** What the table was last built from, or null when it never was. */
  async manifest(): Promise<PincodeManifest | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.pincodeManifest, ConsistentRead: true }));
    if (!Item) return null;
    const { source, builtAt, zoneCatalogVersion, count } = Item as unknown as PincodeManifest;
    return { source, builtAt, zoneCatalogVersion, count };
  }

  /**
   * Makes the table hold exactly these areas: writes the new and changed ones, then deletes those no
   * longer listed, then the manifest. A reader meanwhile sees each pincode either as it was or as it
   * is now, never a half-written one (each is one item).
   */
  async replace(areas: readonly PincodeArea[], built: Omit<PincodeManifest, 'count'>): Promise<PincodeTableWrite> {
    const existing = new Map<string, string>();
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.pincodesPartition },
      ProjectionExpression: 'SK, points',
    });
    for (const item of items) if (item.SK !== keys.pincodeManifest.SK) existing.set(String(item.SK), JSON.stringify(item.points));
    const changed = areas.filter((area) => existing.get(area.pincode) !== JSON.stringify(toStored(area)));
    const listed = new Set(areas.map((area) => area.pincode));
    const gone = [...existing.keys()].filter((pincode) => !listed.has(pincode));
    await this.put(changed);
    await this.batchWrite(gone.map((pincode) => ({ DeleteRequest: { Key: keys.pincode(pincode) } })));
    await this.db.send(
      new PutCommand({ TableName: this.tableName, Item: { ...keys.pincodeManifest, type: 'pincodeManifest', ...built, count: areas.length } }),
    );
    return { written: changed.length, unchanged: areas.length - changed.length, deleted: gone.length };
  }

  /** Writes these areas over what the table holds for their pincodes (and leaves every other pincode alone). */
  async put(areas: readonly PincodeArea[]): Promise<void> {
    await this.batchWrite(areas.map((area) => ({ PutRequest: { Item: { ...keys.pincode(area.pincode), type: 'pincode', points: toStored(area) } } })));
  }

  // Writes in batches of 25, WRITE_LANES batches at a time (a first build is 45 of them), asking
  // again for what DynamoDB left unprocessed.
  private async batchWrite(requests: Array<Record<string, unknown>>): Promise<void> {
    const batches: Array<Array<Record<string, unknown>>> = [];
    for (let i = 0; i < requests.length; i += WRITE_BATCH) batches.push(requests.slice(i, i + WRITE_BATCH));
    const lane = async (): Promise<void> => {
      for (let pending = batches.shift(); pending; pending = batches.shift()) {
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
          const result = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: pending } }));
          pending = (result.UnprocessedItems?.[this.tableName] ?? []) as Array<Record<string, unknown>>;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITE_LANES }, lane));
  }
}

/** How many pincodes a container remembers before it starts again (each a few hundred bytes; unknown ones count too). */
const CACHE_ENTRIES = 20_000;

/**
 * The pincode table as a container sees it: each pincode read once, then served from memory for
 * `ttlMs`, like the zone catalogue (a product page asks for the same few pincodes all day). A pincode
 * the table does not hold is remembered as unknown for as long.
 */
export class PincodeDirectory {
  readonly repository: PincodeRepository;
  private readonly ttlMs: number;
  private readonly cache = new Map<string, { area: PincodeArea | null; loadedAt: number }>();

  constructor(repository: PincodeRepository, ttlMs: number) {
    this.repository = repository;
    this.ttlMs = ttlMs;
  }

  /** The areas of these pincodes the table holds; those it does not are absent from the map. */
  async lookup(pincodes: readonly string[], now = Date.now()): Promise<Map<string, PincodeArea>> {
    const found = new Map<string, PincodeArea>();
    const missing: string[] = [];
    for (const pincode of new Set(pincodes)) {
      const cached = this.cache.get(pincode);
      if (cached && now - cached.loadedAt < this.ttlMs) {
        if (cached.area) found.set(pincode, cached.area);
      } else missing.push(pincode);
    }
    if (missing.length === 0) return found;
    const read = await this.repository.lookup(missing);
    if (this.cache.size + missing.length > CACHE_ENTRIES) this.cache.clear();
    for (const pincode of missing) {
      const area = read.get(pincode) ?? null;
      this.cache.set(pincode, { area, loadedAt: now });
      if (area) found.set(pincode, area);
    }
    return found;
  }
}
