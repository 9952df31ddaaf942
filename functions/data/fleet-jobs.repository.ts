import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { cashHolderOf } from '../core/collection.ts';
import { greatCircleMeters, type LatLng } from '../core/geo.ts';
import type { Job } from '../core/job.ts';
import { readJobs } from './job-batch.ts';
import { TableRepository } from './repository.ts';
import { compareKeys, keys } from './table.ts';

/**
 * The fleet's lists of jobs, read from the index items each job's moves keep (job-writes/indexes.ts):
 * the zones' offers lists and each rider's assignments.
 */
export class FleetJobsRepository extends TableRepository {
  /**
   * The oldest offers in these zones (by when they were queued, then id), from their offers lists:
   * each write shard's oldest `limit` together (one round trip), merged, then one BatchGet of the
   * chosen jobs. With the rider's position, the nearest pickups instead: every offer of these zones
   * (the index carries each pickup's coordinates, so only the chosen jobs are read).
   */
  async offers(query: { zoneIds: readonly string[]; limit: number; near?: LatLng; withinMeters?: number }): Promise<Job[]> {
    const partitions = query.zoneIds.flatMap((zoneId) => keys.offerPartitions(zoneId));
    const { near } = query;
    const read = (pk: string) =>
      near
        ? this.queryAll({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true })
        : this.db
            .send(
              new QueryCommand({
                TableName: this.tableName,
                KeyConditionExpression: 'PK = :pk',
                ExpressionAttributeValues: { ':pk': pk },
                ConsistentRead: true,
                Limit: query.limit,
              }),
            )
            .then((page) => page.Items ?? []);
    const entries = (await Promise.all(partitions.map(read))).flat();
    const bySortKey = (a: Record<string, unknown>, b: Record<string, unknown>) => compareKeys(a.SK as string, b.SK as string);
    const chosen = near
      ? entries
          .map((entry) => ({
            entry,
            meters: greatCircleMeters(near, { latitude: entry.pickupLatitude as number, longitude: entry.pickupLongitude as number }),
          }))
          .filter(({ meters }) => query.withinMeters === undefined || Math.round(meters) <= query.withinMeters)
          .sort((a, b) => a.meters - b.meters || bySortKey(a.entry, b.entry))
          .slice(0, query.limit)
          .map(({ entry }) => entry)
      : entries.sort(bySortKey).slice(0, query.limit);
    const jobs = await readJobs(
      this.db,
      this.tableName,
      chosen.map((entry) => ({ storeId: entry.storeId as string, jobId: entry.jobId as string })),
    );
    const order = new Map(chosen.map((entry, index) => [entry.jobId as string, index]));
    return jobs.filter((job) => job.status === 'queued').sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /** The live jobs a rider holds now (accepted, not yet delivered or ended), most recently changed first. */
  async assignedTo(agentId: string): Promise<Job[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :job)',
      ExpressionAttributeValues: { ':pk': keys.agentJob(agentId, '').PK, ':job': keys.agentJobPrefix },
      ConsistentRead: true,
    });
    const jobs = await readJobs(
      this.db,
      this.tableName,
      items.map((item) => ({ storeId: item.storeId as string, jobId: item.jobId as string })),
    );
    return jobs.filter((job) => cashHolderOf(job) === agentId).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }
}
