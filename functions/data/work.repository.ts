import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DispatchClock } from '../core/dispatch.ts';
import type { SimulatedOutcome } from '../core/simulation.ts';
import { isConditionFailure } from './client.ts';
import { TableRepository } from './repository.ts';
import { compareKeys, keys } from './table.ts';
import type { ZoneCatalog } from './zone-catalog.ts';

export type WorkKind = 'dispatch' | 'simulation';

const clockId = (clock: DispatchClock) => `${clock.timeoutMs}/${clock.confirmMs}/${clock.arriveMs}/${clock.returnTripMs}/${clock.rearrivalMs}`;

/** How many items of an unsharded list (of before an upgrade) one tick takes. */
export const UNSHARDED_BATCH = 100;

/** How long the per-zone worklists of before must have been found empty before no pass reads them (a deploy's window). */
export const ZONE_LISTS_GRACE_MS = 15 * 60_000;

/** The item recording since when a kind's per-zone worklists have been found empty (a new table writes it with the epoch: it never had any). */
export function zoneListsMarker(kind: WorkKind, emptySince: Date): Record<string, unknown> {
  return { ...keys.zoneWorklistsDrained(kind), type: 'work-layout', emptySince: emptySince.toISOString() };
}

/** A job waiting for the dispatcher (live stores) or the sandbox simulator (sandbox stores). */
export interface WorkItem {
  kind: WorkKind;
  /** Where the item is (its shard, or a list of before an upgrade: its zone's shard, the unsharded list). */
  key: { PK: string; SK: string };
  storeId: string;
  jobId: string;
  createdAt: string;
  /** Simulation only: the scripted outcome and how many of its steps are done. */
  outcome?: SimulatedOutcome;
  step: number;
}

/** The simulator's work item, which a sandbox booking writes in its transaction, so no booked job can be missed. */
export function simulationItemPut(tableName: string, item: { storeId: string; jobId: string; createdAt: string; outcome: SimulatedOutcome }) {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.work('simulation', item.jobId, item.createdAt),
        type: 'work',
        storeId: item.storeId,
        jobId: item.jobId,
        createdAt: item.createdAt,
        step: 0,
        outcome: item.outcome,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * The dispatcher's and the simulator's worklists: one per kind, spread over WRITE_SHARDS shards read
 * together in one round trip, plus the lists of before an upgrade: the unsharded list, and the
 * per-zone shards, read only until a pass finds them all empty (then a marker says so, and no pass
 * reads them again: a zone added later never had any). The simulator's items sort by booking time;
 * dispatch's by when dispatch is next due (the job's index, kept in each move's transaction), so a
 * tick reads only the items due by its clock.
 */
export class WorkRepository extends TableRepository {
  private readonly zones: ZoneCatalog;
  // The dispatch clock this container knows the worklist is filed under (clockChange, settleClock).
  private settledClock: string | undefined;
  // The kinds whose per-zone lists this container knows are drained (zoneLeftovers).
  private readonly drained = new Set<WorkKind>();

  constructor(db: ConstructorParameters<typeof TableRepository>[0], tableName: string, zones: ZoneCatalog) {
    super(db, tableName);
    this.zones = zones;
  }

  /**
   * Every item of a worklist, oldest first: with `dueBy`, only the items of its shards due by then
   * (and every item of the lists of before an upgrade, which are all to be re-filed or worked now).
   */
  async list(kind: WorkKind, options: { dueBy?: Date } = {}): Promise<WorkItem[]> {
    return (await this.page(kind, options)).items;
  }

  /** What `list` reads, and whether more waits than it read (the unsharded list's batch was full). */
  async page(kind: WorkKind, options: { dueBy?: Date } = {}): Promise<{ items: WorkItem[]; more: boolean }> {
    const bound = options.dueBy && `${options.dueBy.toISOString()}$`; // '$' sorts just after the SK's '#'
    const read = (pk: string) =>
      this.queryAll({
        KeyConditionExpression: bound ? 'PK = :pk AND SK < :bound' : 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(bound && { ':bound': bound }) },
        ConsistentRead: true,
      });
    const [unsharded, leftovers, ...pages] = await Promise.all([this.unsharded(kind), this.zoneLeftovers(kind), ...keys.workPartitions(kind).map(read)]);
    const items = [...pages, unsharded!.items, leftovers!]
      .flat()
      .sort((a, b) => compareKeys(a.SK as string, b.SK as string))
      .map((item) => ({
        kind,
        key: { PK: item.PK as string, SK: item.SK as string },
        storeId: item.storeId as string,
        jobId: item.jobId as string,
        createdAt: item.createdAt as string,
        step: (item.step as number | undefined) ?? 0,
        ...(item.outcome !== undefined && { outcome: item.outcome as SimulatedOutcome }),
      }));
    return { items, more: unsharded!.full };
  }

  // What the per-zone lists of before the per-kind ones still hold, every item (all of them are due:
  // dispatch re-files them, the simulator works them where they are). Once they have been found empty
  // for ZONE_LISTS_GRACE_MS, they are never read again: nothing of this release writes there, and the
  // grace covers a deploy's minutes, when a container of the release before may still book into one.
  private async zoneLeftovers(kind: WorkKind): Promise<Array<Record<string, unknown>>> {
    if (this.drained.has(kind)) return [];
    const marker = keys.zoneWorklistsDrained(kind);
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: marker, ConsistentRead: true }));
    const emptySince = Item ? Date.parse(Item.emptySince as string) : NaN;
    if (Date.now() - emptySince >= ZONE_LISTS_GRACE_MS) {
      this.drained.add(kind);
      return [];
    }
    const zoneIds = (await this.zones.current()).map((zone) => zone.id);
    const partitions = zoneIds.flatMap((zoneId) => keys.zoneWorkPartitions(kind, zoneId));
    const items = (
      await Promise.all(
        partitions.map((pk) => this.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true })),
      )
    ).flat();
    // Found empty for the first time: the grace starts. Found an item after all: it starts again when they are empty.
    if (items.length === 0 && !Item) await this.db.send(new PutCommand({ TableName: this.tableName, Item: zoneListsMarker(kind, new Date()) }));
    if (items.length > 0 && Item) await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: marker }));
    return items;
  }

  /**
   * How much further ahead than its clock a dispatch tick must read: by how much the clocks now set
   * (`clock`) are shorter than those the worklist was last filed under (recorded by settleClock), 0
   * when they are not. `settled` says the clock is already recorded (read once per container).
   */
  async clockChange(clock: DispatchClock): Promise<{ aheadMs: number; settled: boolean }> {
    if (this.settledClock === clockId(clock)) return { aheadMs: 0, settled: true };
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.dispatchClock, ConsistentRead: true }));
    const filed = Item as (DispatchClock & Record<string, unknown>) | undefined;
    const aheadMs = filed
      ? Math.max(
          0,
          filed.timeoutMs - clock.timeoutMs,
          filed.confirmMs - clock.confirmMs,
          (filed.arriveMs ?? clock.arriveMs) - clock.arriveMs /* filed before it: the same */,
          (filed.returnTripMs ?? clock.returnTripMs) - clock.returnTripMs,
          (filed.rearrivalMs ?? clock.rearrivalMs) - clock.rearrivalMs,
        )
      : 0;
    // A clock filed before the overdue deadlines existed names none: the same as now (those jobs were on no worklist).
    const filedId = filed && clockId({ ...filed, returnTripMs: filed.returnTripMs ?? clock.returnTripMs, rearrivalMs: filed.rearrivalMs ?? clock.rearrivalMs });
    if (filedId === clockId(clock)) this.settledClock = clockId(clock);
    return { aheadMs, settled: this.settledClock === clockId(clock) };
  }

  /** Records that the whole dispatch worklist is filed under `clock`. */
  async settleClock(clock: DispatchClock): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...keys.dispatchClock, type: 'dispatch-clock', ...clock },
      }),
    );
    this.settledClock = clockId(clock);
  }

  // The unsharded list of before an upgrade, UNSHARDED_BATCH a tick: a long one is worked off over
  // several ticks rather than holding up the work of the shards (its items are all due).
  private async unsharded(kind: WorkKind): Promise<{ items: Array<Record<string, unknown>>; full: boolean }> {
    const page = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.unshardedWorkPartition(kind) },
        ConsistentRead: true,
        Limit: UNSHARDED_BATCH,
      }),
    );
    return { items: page.Items ?? [], full: page.LastEvaluatedKey !== undefined };
  }

  /** Records that `item` got past step `from` (no-op if another worker already did). */
  async advance(item: WorkItem, from: number): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: item.key,
          UpdateExpression: 'SET step = :next',
          ConditionExpression: 'step = :from',
          ExpressionAttributeValues: { ':from': from, ':next': from + 1 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Takes an item off its list. */
  async remove(item: WorkItem): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: item.key }));
  }
}
