import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { heldBy, type Job, type JobStatus, offeredAt, seqOfJobId, toJobSummary } from '../core/job.ts';
import { greatCircleMeters, type LatLng } from '../core/geo.ts';
import { mayStartReturn, transition, type LifecycleEvent, type StoreCredit, type Transition } from '../core/lifecycle.ts';
import type { LedgerEntryType } from '../core/store.ts';
import {
  CashLimitExceededError,
  ConcurrentModificationError,
  FleetKeyRevokedError,
  InternalError,
  KeptChangingError,
  JobFullError,
  RiderAtCapacityError,
  UpiReferenceUsedError,
} from '../core/errors.ts';
import { collectedBy, riderCashChanges } from '../core/collection.ts';
import { isItemTooLarge, rateDecided } from './client.ts';
import { compareKeys, keys } from './table.ts';
import { dispatchDueAt, type DispatchClock } from '../core/dispatch.ts';
import { JobReader, toJob } from './job-reader.ts';
import { addGuardChecks, rethrowGuardFailure, STORE_ACCESS_CONDITION, type WriteGuard } from './guard.ts';
import { Transaction, TransactionCancelled, type TransactItem } from './transaction.ts';
import { ledgerPut } from './store.repository.ts';
import { fleetKeyCheck } from './fleet-key.repository.ts';
import { eventOutboxPuts } from './event.repository.ts';
import { recordChange, type DeliveryEvent } from '../core/event.ts';

// A move is tried this many times against changes that leave the status alone (then 409).
const MAX_SAME_STATUS_RETRIES = 3;
// A move decided again is tried this many times (then 503): more than the simulator's longest run of
// moves in one tick (dispatch to the pickup code and a location, 7 changes), each met once.
export const MAX_DECIDE_TRIES = 10;

/** How many of its latest events a job ended by operations keeps on its item (endAsOperations). */
const KEPT_EVENTS = 20;

/** Who may write: a merchant's key and store (`guard`), or a fleet key (`fleetKeyHash`); each must still be active at the write (else 403). */
export interface WriteOptions {
  guard?: WriteGuard;
  fleetKeyHash?: string;
  now?: Date;
  /**
   * The store's credit as the caller has just read it (a merchant's request: its authentication read
   * the store), so a move that may start a return needs no read of its own. Only the first decision
   * uses it: a move decided again after a lost race reads the credit afresh.
   */
  credit?: StoreCredit;
}

/**
 * How a move that lost its version race to another change goes on. Without `decideAgain`, only a
 * change that left the status and the holder alone is absorbed, and any other answers 409
 * concurrent_modification. With it, the move is decided again on the job as it now is, whatever
 * changed: `decideAgain` makes the caller's own checks on that job first (throwing the answer they
 * give, e.g. 409 concurrent_modification for a job another rider took), then the transition
 * function decides (`true`: the transition function alone).
 */
export interface MoveOptions extends WriteOptions {
  decideAgain?: true | ((latest: Job) => void);
}

/** A change of money that goes with a job change: one ledger entry and the store's totals. */
export interface MoneyMovement {
  type: LedgerEntryType;
  balanceDeltaMinor: number;
  reservedDeltaMinor: number;
  note: string | null;
}

/**
 * The writes of `remit` (a collected payment joins remittance `remittanceId`) for the remittance
 * worker's own transaction: the job's put, conditioned on the version read, and its events
 * (`job.collection_updated`). The one transition function decides; a move that changes nothing
 * (already in this remittance) writes nothing. `remit` moves no money and no index item. A function,
 * not a JobRepository method, so only the worker's bundle carries it.
 */
export function remitWrites(tableName: string, job: Job, remittanceId: string, now: Date): { job: Job; items: TransactItem[] } {
  const moved = transition(job, { type: 'remit', remittanceId }, 'system', now);
  if (moved.job === job) return { job, items: [] };
  const { job: next, events } = recordChange(job, moved.job, toJobSummary);
  return {
    job: next,
    items: [
      {
        Put: {
          TableName: tableName,
          Item: jobItem(next),
          ConditionExpression: 'version = :expected',
          ExpressionAttributeValues: { ':expected': job.version },
        },
      },
      ...eventOutboxPuts(tableName, next.storeId, events),
    ],
  };
}

/** The job as an item: its fields, its key, and its status index entry. */
export function jobItem(job: Job) {
  const { id, ...fields } = job;
  return { ...keys.job(job.storeId, job.seq), ...keys.jobByStatus(job.storeId, job.status, job.seq), type: 'job', jobId: id, ...fields };
}

/** The rider holding a live job (accepted, not yet delivered or ended), if any; sandbox jobs are the simulator's. */
function holderOf(job: Job): string | null {
  return job.testMode ? null : heldBy(job);
}

/**
 * The items that index a live job by what waits on it: its zone's offers list while it is queued
 * (with its pickup, so riders can be shown the nearest), the dispatch worklist at the moment
 * dispatch is next due while dispatch looks after it, and its rider's assignments while a rider
 * holds it. Sandbox jobs have none (the simulator's worklist is written at booking).
 */
function indexItemsOf(job: Job, clock: DispatchClock): IndexItem[] {
  if (job.testMode) return [];
  const ref = { storeId: job.storeId, jobId: job.id };
  const holder = holderOf(job);
  const dispatch = dispatchKey(job, clock);
  return [
    ...(job.status === 'queued'
      ? [
          {
            ...keys.offer(job.zoneId, job.id, offeredAt(job)),
            type: 'offer',
            ...ref,
            pickupLatitude: job.route.pickupLatitude,
            pickupLongitude: job.route.pickupLongitude,
          },
        ]
      : []),
    ...(dispatch ? [{ ...dispatch, type: 'work', ...ref, createdAt: job.createdAt }] : []),
    ...(holder ? [{ ...keys.agentJob(holder, job.id), type: 'assignment', ...ref }] : []),
  ];
}

// Where a job's dispatch worklist item is, at the moment dispatch is next due; null when it has none.
function dispatchKey(job: Job, clock: DispatchClock): ItemKey | null {
  const due = dispatchDueAt(job, clock);
  return due === null ? null : keys.work('dispatch', job.zoneId, job.id, due);
}

type IndexItem = Record<string, unknown> & ItemKey;
type ItemKey = { PK: string; SK: string };
const keyOf = (item: ItemKey) => `${item.PK}|${item.SK}`;

/** How many job → store pairs a container remembers (far more than the live jobs its riders touch). */
const REMEMBERED_JOBS = 50_000;

/**
 * Jobs, stored in their store's partition under the store's booking counter (`JOB#<seq>`).
 *
 * Paging: a store's jobs are numbered 1..jobCount with no gaps, and newest first means descending
 * numbers, so the unfiltered page (offset, limit) is exactly the key range
 * [jobCount - offset - limit + 1, jobCount - offset]: one strongly consistent Query that reads
 * `limit` items, whatever the offset or the store's size.
 *
 * A status filter cannot be numbered that way (jobs change status), so it walks GSI1 (keys only,
 * ~100 bytes an entry, newest first) past `offset` entries and then reads the `limit` jobs
 * themselves. Its cost grows with offset + limit: about 9,000 skipped entries per 1 MB page, so the
 * largest offset (100,000) costs ~12 Query pages (~1,500 eventually consistent read units) before
 * the BatchGet. The index lags writes by a moment; jobs whose status moved on are dropped from the page.
 */
export class JobRepository extends JobReader {
  /** How many live jobs one rider may hold at once. */
  private readonly maxHeldJobs: number;
  /** Dispatch's clocks, which place a job on the dispatch worklist. */
  private readonly dispatchClock: DispatchClock;
  // Which store each job id seen here belongs to (storeOf): it never changes.
  private readonly storeByJob = new Map<string, string>();

  /** The most cash a rider may have in hand with the cash due on the jobs they hold (core/collection.ts). */
  readonly riderCashLimitMinor: number;

  constructor(
    db: ConstructorParameters<typeof JobReader>[0],
    tableName: string,
    limits: { maxHeldJobs: number; dispatch: DispatchClock; riderCashLimitMinor: number },
  ) {
    super(db, tableName);
    this.maxHeldJobs = limits.maxHeldJobs;
    this.riderCashLimitMinor = limits.riderCashLimitMinor;
    this.dispatchClock = limits.dispatch;
  }

  /** The puts of a new job's index items, for the booking's own transaction. */
  indexPuts(job: Job): TransactItem[] {
    return indexItemsOf(job, this.dispatchClock).map((item) => ({
      Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
    }));
  }

  /** Where the job's dispatch worklist item belongs now, or null when dispatch is done with it. */
  dispatchKeyOf(job: Job): ItemKey | null {
    return dispatchKey(job, this.dispatchClock);
  }

  /**
   * Puts the job's index items where its state says they belong and deletes `stale` work items (left
   * at keys the job no longer implies: the unsharded list of before an upgrade, or a dispatch clock
   * the configuration changed) on the condition that the job is still at the version read. A job
   * that was ever offered (as `found` with the stale items) may have left its last offer behind too,
   * in the unsharded offers list or, moved by a function of the release before, in its zone's: those
   * go as well. False, writing nothing, if the job moved meanwhile (the move filed its own items).
   */
  async refile(job: Job, staleItems: readonly ItemKey[], found: Job): Promise<boolean> {
    const offered = !found.testMode && found.events.some((event) => event.status === 'queued');
    const lastOffer = offeredAt(found);
    const stale = [...staleItems, ...(offered ? [keys.unshardedOffer(lastOffer, found.id), keys.offer(found.zoneId, found.id, lastOffer)] : [])];
    const items = indexItemsOf(job, this.dispatchClock);
    const kept = new Set(items.map(keyOf));
    const tx = new Transaction().add('job', {
      ConditionCheck: {
        TableName: this.tableName,
        Key: keys.job(job.storeId, job.seq),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': job.version },
      },
    });
    tx.addEach(
      'put',
      items.map((item) => ({ Put: { TableName: this.tableName, Item: item } })),
    );
    tx.addEach(
      'stale',
      [...new Map(stale.filter((key) => !kept.has(keyOf(key))).map((key) => [keyOf(key), key])).values()].map((key) => ({
        Delete: { TableName: this.tableName, Key: { PK: key.PK, SK: key.SK } },
      })),
    );
    try {
      await tx.commit(this.db);
      return true;
    } catch (error) {
      if (error instanceof TransactionCancelled && (error.failed('job') || error.conflicted)) return false;
      throw error;
    }
  }

  /**
   * The jobs these references name, each once, in one BatchGet per 100 (missing ones are left out;
   * order not kept). A job named twice (two index items of one job) is read once: DynamoDB refuses
   * a batch that names a key twice.
   */
  async getMany(refs: ReadonlyArray<{ storeId: string; jobId: string }>): Promise<Job[]> {
    const unique = new Map(
      refs.flatMap(({ storeId, jobId }) => {
        const seq = seqOfJobId(jobId);
        return seq === null ? [] : [[`${storeId}#${seq}`, keys.job(storeId, seq)] as const];
      }),
    );
    const itemKeys = [...unique.values()];
    const jobs: Job[] = [];
    for (let i = 0; i < itemKeys.length; i += 100) jobs.push(...(await this.batchGet(itemKeys.slice(i, i + 100))));
    return jobs;
  }

  /**
   * The store a job belongs to, for callers that know only the job's id; null if there is no such job.
   * A job never changes store, so the container remembers the answer (a rider's next move on the job
   * reads the job alone).
   */
  async storeOf(jobId: string): Promise<string | null> {
    const id = jobId.toLowerCase();
    const known = this.storeByJob.get(id);
    if (known !== undefined) return known;
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.jobPointer(id), ConsistentRead: true }));
    if (!Item) return null;
    if (this.storeByJob.size >= REMEMBERED_JOBS) this.storeByJob.clear();
    this.storeByJob.set(id, Item.storeId as string);
    return Item.storeId as string;
  }

  /**
   * Applies a lifecycle event: reads the job, lets the transition function decide, and writes the
   * result with its money in one transaction conditioned on the version read (a lost race goes on as
   * `options` says, see applyToLatest). Returns null when the store has no such job.
   */
  async apply(storeId: string, jobId: string, event: LifecycleEvent, actor: string, options: MoveOptions = {}): Promise<Transition | null> {
    const job = await this.get(storeId, jobId);
    return job ? this.applyToLatest(job, event, actor, options) : null;
  }

  /**
   * Applies an event like `applyTo`, and if another change got in between the read and the write,
   * reads the job again and decides afresh on the job as it is now, so nobody has to retry for a GPS
   * ping or for the platform's own bookkeeping. Which changes are absorbed is the caller's to say
   * (MoveOptions): by default only one that left the status and the holder alone (a location report,
   * a code attempt), so of two moves that race for the job exactly one wins (409 for the other) and no
   * rider's move lands on another's job; with `decideAgain`, any change, after the caller's own checks
   * on the new job. Money and events follow the decision actually made, in its own transaction. A move
   * that keeps losing gives up: 409 after MAX_SAME_STATUS_RETRIES tries, 503 (retry in a second) after
   * MAX_DECIDE_TRIES when decided again.
   */
  async applyToLatest(job: Job, event: LifecycleEvent, actor: string, options: MoveOptions = {}): Promise<Transition> {
    const { decideAgain, credit, ...write } = options;
    const tries = decideAgain ? MAX_DECIDE_TRIES : MAX_SAME_STATUS_RETRIES;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.applyTo(job, event, actor, attempt === 1 ? { ...write, credit } : write);
      } catch (error) {
        if (!(error instanceof ConcurrentModificationError)) throw error;
        if (attempt >= tries) throw decideAgain ? new KeptChangingError('job') : error;
        const latest = await this.get(job.storeId, job.id);
        if (!latest) throw error;
        if (typeof decideAgain === 'function') decideAgain(latest);
        // Without decideAgain, only a change that left both the status and the holder alone is absorbed:
        // a job handed to another rider at the same status is not the job this move was allowed on.
        else if (!decideAgain && (latest.status !== job.status || latest.agentId !== job.agentId)) throw error;
        job = latest;
      }
    }
  }

  /**
   * Applies a lifecycle event to a job the caller has just read (its version is the condition). The
   * job's index items (on offer; held by a rider) and the change's events follow in the same transaction.
   */
  async applyTo(job: Job, event: LifecycleEvent, actor: string, options: WriteOptions = {}): Promise<Transition> {
    // A move that may start a return decides on the store's credit (the caller's, or read now): the return charge is reserved only when covered.
    const credit = mayStartReturn(job, event) ? (options.credit ?? (await this.creditOf(job.storeId))) : undefined;
    const moved = transition(job, event, actor, options.now ?? new Date(), credit);
    if (moved.job === job) return moved; // a move that changes nothing writes nothing
    const { job: next, events } = recordChange(job, moved.job, toJobSummary);
    const result = { ...moved, job: next };
    await this.save(result.job, {
      before: job,
      events,
      expectedVersion: job.version,
      money: result.money,
      guard: options.guard,
      fleetKeyHash: options.fleetKeyHash,
      indexChanges: this.indexChanges(job, result.job),
      holding: this.holdingChanges(job, result.job),
    });
    return result;
  }

  /** The credit the store has available now (one read of its item). */
  private async creditOf(storeId: string): Promise<StoreCredit> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ProjectionExpression: 'availableMinor', ConsistentRead: true }),
    );
    return { availableMinor: (Item?.availableMinor as number | undefined) ?? 0 };
  }

  /**
   * Ends a job as operations (`admin`) with `note`: fails it, releasing its credit if it is still held
   * (after pickup its settlement goes to review), in one transaction with its ledger entry. Meant for a
   * job DynamoDB will not let grow (JobFullError): its history but the first and the last
   * KEPT_EVENTS events moves to an item of its own (`job_history`, beside the job's pointer) in the same
   * transaction, so the ended job fits and no event is lost.
   */
  async endAsOperations(job: Job, note: string, now = new Date()): Promise<Transition> {
    const moved = transition(job, { type: 'fail', note }, 'admin', now);
    const { job: recorded, events } = recordChange(job, moved.job, toJobSummary);
    const archived = recorded.events.slice(1, -KEPT_EVENTS);
    const next = archived.length === 0 ? recorded : { ...recorded, events: [recorded.events[0]!, ...recorded.events.slice(-KEPT_EVENTS)] };
    const history: TransactItem[] =
      archived.length === 0
        ? []
        : [
            {
              Put: {
                TableName: this.tableName,
                Item: { ...keys.jobHistory(job.id, next.version), type: 'job_history', storeId: job.storeId, jobId: job.id, events: archived },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ];
    await this.save(next, {
      before: job,
      events,
      expectedVersion: job.version,
      money: moved.money,
      indexChanges: [...this.indexChanges(job, next), ...history],
      holding: this.holdingChanges(job, next),
    });
    return { ...moved, job: next };
  }

  /** The live jobs a rider holds now (accepted, not yet delivered or ended), most recently changed first. */
  async assignedTo(agentId: string): Promise<Job[]> {
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :job)',
      ExpressionAttributeValues: { ':pk': keys.agentJob(agentId, '').PK, ':job': keys.agentJobPrefix },
      ConsistentRead: true,
    });
    const jobs = await this.getMany(items.map((item) => ({ storeId: item.storeId as string, jobId: item.jobId as string })));
    return jobs.filter((job) => holderOf(job) === agentId).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  /**
   * The riders' holding counters a move changes: the rider who takes the job counts one more, on the
   * condition that they hold fewer than `maxHeldJobs` (else 409 rider_at_capacity, and nothing is
   * written); the rider who lets it go (decline, delivery, failure, cancel) one fewer.
   */
  private holdingChanges(before: Job, after: Job): { gained?: TransactItem; released?: TransactItem } {
    const [was, is] = [holderOf(before), holderOf(after)];
    if (was === is) return {};
    const counter = (agentId: string, delta: 1 | -1): TransactItem => ({
      Update: {
        TableName: this.tableName,
        Key: keys.agentHolding(agentId),
        UpdateExpression: 'ADD holding :delta',
        ExpressionAttributeValues: { ':delta': delta, ...(delta > 0 && { ':max': this.maxHeldJobs }) },
        ...(delta > 0 && { ConditionExpression: 'attribute_not_exists(holding) OR holding < :max' }),
      },
    });
    return { ...(is && { gained: counter(is, 1) }), ...(was && { released: counter(was, -1) }) };
  }

  /**
   * The riders' cash accounts a move changes (core/collection.ts): the cash due on the jobs they hold,
   * the cash they took at the door (with its entry in their cash log). A move that raises a rider's
   * exposure (taking a cash-on-delivery job) is conditioned on it staying within the cash limit (else
   * 409 cash_limit_exceeded, and nothing is written).
   */
  private riderCashItems(before: Job, after: Job, now: Date): TransactItem[] {
    return riderCashChanges(before, after).flatMap((change) => {
      const exposure = change.dueDeltaMinor + change.inHandDeltaMinor;
      // A job whose cash alone is past the limit is refused here: no account (a rider new to cash) would hold the condition below.
      if (exposure > this.riderCashLimitMinor) throw new CashLimitExceededError(this.riderCashLimitMinor);
      const account: TransactItem = {
        Update: {
          TableName: this.tableName,
          Key: keys.riderCash(change.agentId),
          UpdateExpression:
            'SET agentId = :agent, updatedAt = :now ADD dueMinor :due, inHandMinor :inHand, collectedCashMinor :inHand, exposureMinor :exposure, depositedMinor :zero',
          ExpressionAttributeValues: {
            ':agent': change.agentId,
            ':now': now.toISOString(),
            ':due': change.dueDeltaMinor,
            ':inHand': change.inHandDeltaMinor,
            ':exposure': exposure,
            ':zero': 0,
            ...(exposure > 0 && { ':room': this.riderCashLimitMinor - exposure }),
          },
          ...(exposure > 0 && { ConditionExpression: 'attribute_not_exists(exposureMinor) OR exposureMinor <= :room' }),
        },
      };
      if (change.inHandDeltaMinor === 0) return [account];
      const entry: TransactItem = {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.riderCashEntry(change.agentId, after.collection!.collectedAt!, after.id),
            type: 'rider_cash_entry',
            agentId: change.agentId,
            kind: 'collection',
            amountMinor: change.inHandDeltaMinor,
            storeId: after.storeId,
            jobId: after.id,
            createdAt: after.collection!.collectedAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
      return [account, entry];
    });
  }

  // The index items (offer, assignment) the job had before and has after the move: those it no longer
  // has are deleted, those it gains are put, in the move's own transaction.
  private indexChanges(before: Job, after: Job): TransactItem[] {
    const was = indexItemsOf(before, this.dispatchClock);
    const is = indexItemsOf(after, this.dispatchClock);
    const kept = new Set(is.map(keyOf));
    const had = new Set(was.map(keyOf));
    return [
      ...was.filter((item) => !kept.has(keyOf(item))).map((item) => ({ Delete: { TableName: this.tableName, Key: { PK: item.PK, SK: item.SK } } })),
      ...is.filter((item) => !had.has(keyOf(item))).map((item) => ({ Put: { TableName: this.tableName, Item: item } })),
    ];
  }

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
    const jobs = await this.getMany(chosen.map((entry) => ({ storeId: entry.storeId as string, jobId: entry.jobId as string })));
    const order = new Map(chosen.map((entry, index) => [entry.jobId as string, index]));
    return jobs.filter((job) => job.status === 'queued').sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /** A page of the store's jobs, newest first. `jobCount` is the store's counter as auth read it. */
  async listNewest(storeId: string, jobCount: number, page: { limit: number; offset: number }): Promise<Job[]> {
    const newest = jobCount - page.offset;
    if (newest < 1) return [];
    const oldest = Math.max(1, newest - page.limit + 1);
    // One Query in practice (100 jobs are far below DynamoDB's 1 MB a response); queryAll follows on if not.
    const items = await this.queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :oldest AND :newest',
      ExpressionAttributeValues: { ':pk': keys.job(storeId, 1).PK, ':oldest': keys.job(storeId, oldest).SK, ':newest': keys.job(storeId, newest).SK },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toJob);
  }

  /** A page of the store's jobs in one status, newest first (see the class comment for its cost). */
  async listByStatus(storeId: string, status: JobStatus, page: { limit: number; offset: number }): Promise<Job[]> {
    // Its cost grows with the offset: it waits for the rate decision, so a refused one reads nothing.
    await rateDecided();
    const wanted = page.offset + page.limit;
    const entries: Array<{ PK: string; SK: string }> = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const result = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.jobByStatus(storeId, status, 0).GSI1PK },
          ScanIndexForward: false,
          Limit: wanted - entries.length,
          ExclusiveStartKey: startKey,
        }),
      );
      entries.push(...(result.Items ?? []).map((item) => ({ PK: item.PK as string, SK: item.SK as string })));
      startKey = result.LastEvaluatedKey;
    } while (startKey && entries.length < wanted);
    const pageKeys = entries.slice(page.offset, wanted);
    if (pageKeys.length === 0) return [];
    const jobs = await this.batchGet(pageKeys);
    return jobs.filter((job) => job.status === status).sort((a, b) => b.seq - a.seq);
  }

  private async batchGet(itemKeys: Array<{ PK: string; SK: string }>): Promise<Job[]> {
    const jobs: Job[] = [];
    let pending: Array<Record<string, unknown>> = itemKeys;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const result = await this.db.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true } } }));
      jobs.push(...(result.Responses?.[this.tableName] ?? []).map(toJob));
      pending = result.UnprocessedKeys?.[this.tableName]?.Keys ?? [];
    }
    return jobs;
  }

  /**
   * Writes the job's next state if nobody changed it since `expectedVersion` (else 409
   * concurrent_modification), with its money movement and ledger entry in the same transaction.
   * With a guard, the caller's key and store must still be allowed to write; with a fleet key hash,
   * that fleet key must still be active (else 403).
   */
  private async save(
    next: Job,
    options: WriteOptions & {
      /** The job as read: what the move's cash changes are measured from. */
      before: Job;
      expectedVersion: number;
      money: readonly MoneyMovement[];
      indexChanges: TransactItem[];
      holding: { gained?: TransactItem; released?: TransactItem };
      /** The change's events: written with it, or not at all. */
      events: readonly DeliveryEvent[];
    },
  ): Promise<void> {
    const now = options.now ?? new Date(next.updatedAt);
    const { money, guard, fleetKeyHash } = options;
    const tx = new Transaction();
    if (guard) addGuardChecks(tx, this.tableName, guard, { store: money.length === 0 });
    else if (fleetKeyHash) tx.add('fleetKey', fleetKeyCheck(this.tableName, fleetKeyHash));
    tx.add('job', {
      Put: {
        TableName: this.tableName,
        Item: jobItem(next),
        ConditionExpression: 'version = :expected',
        ExpressionAttributeValues: { ':expected': options.expectedVersion },
      },
    });
    // A payment taken at the door: the store's cash-on-delivery totals, its line awaiting remittance, and the remittance worker's list.
    const collected = collectedBy(options.before, next);
    if (money.length > 0 || collected) {
      const balance = money.reduce((sum, entry) => sum + entry.balanceDeltaMinor, 0);
      const reserved = money.reduce((sum, entry) => sum + entry.reservedDeltaMinor, 0);
      tx.add('store', {
        Update: {
          TableName: this.tableName,
          Key: keys.store(next.storeId),
          UpdateExpression: `SET balanceMinor = balanceMinor + :balance, reservedMinor = reservedMinor + :reserved, availableMinor = availableMinor + :available, updatedAt = :now${collected ? ' ADD codCollectedMinor :cod, codAwaitingMinor :cod' : ''}`,
          // Money never goes negative (a reservation needs the credit to be there still); with a guard, API access must still be on.
          ConditionExpression: `balanceMinor >= :minusBalance AND reservedMinor >= :minusReserved AND availableMinor >= :minusAvailable${guard ? ` AND ${STORE_ACCESS_CONDITION}` : ''}`,
          ExpressionAttributeValues: {
            ':balance': balance,
            ':reserved': reserved,
            ':available': balance - reserved,
            ':minusBalance': -balance,
            ':minusReserved': -reserved,
            ':minusAvailable': reserved - balance,
            ':now': now.toISOString(),
            ...(collected && { ':cod': collected.amountMinor }),
            ...(guard && { ':apiEnabled': true }),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      });
    }
    if (collected) {
      tx.add('codDue', {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.codDue(next.storeId, collected.collectedAt!, next.id),
            type: 'cod_due',
            storeId: next.storeId,
            jobId: next.id,
            amountMinor: collected.amountMinor,
            method: collected.method,
            collectedAt: collected.collectedAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
      // A UPI transfer pays one job: its reference is recorded once, whatever the job or store (else 409 upi_reference_used).
      if (collected.method === 'upi' && collected.reference !== null) {
        tx.add('upiReference', {
          Put: {
            TableName: this.tableName,
            Item: {
              ...keys.upiReference(collected.reference),
              type: 'upi_reference',
              reference: collected.reference,
              storeId: next.storeId,
              jobId: next.id,
              amountMinor: collected.amountMinor,
              collectedAt: collected.collectedAt,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        });
      }
      // `collections` counts the payments filed: the worker takes a store off its list only while none came since it looked.
      tx.add('remittanceWork', {
        Update: {
          TableName: this.tableName,
          Key: keys.remittanceWork(next.storeId),
          UpdateExpression: 'SET #type = :work, storeId = :store, sandbox = :sandbox, lastCollectedAt = :at ADD collections :one',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':work': 'work', ':store': next.storeId, ':sandbox': next.testMode, ':at': collected.collectedAt, ':one': 1 },
        },
      });
    }
    if (money.length > 0) {
      // One statement line per movement, a millisecond apart so the statement lists them in the order they were decided.
      money.forEach((entry, index) =>
        tx.add(
          `ledger:${index}`,
          ledgerPut(
            this.tableName,
            {
              storeId: next.storeId,
              type: entry.type,
              balanceDeltaMinor: entry.balanceDeltaMinor,
              reservedDeltaMinor: entry.reservedDeltaMinor,
              jobId: next.id,
              note: entry.note,
            },
            new Date(now.getTime() + index),
          ),
        ),
      );
    }
    tx.addEach('index', options.indexChanges);
    tx.addEach('event', eventOutboxPuts(this.tableName, next.storeId, options.events));
    tx.addEach('cash', this.riderCashItems(options.before, next, now));
    if (options.holding.gained) tx.add('holding:gained', options.holding.gained);
    if (options.holding.released) tx.add('holding:released', options.holding.released);
    try {
      await tx.commit(this.db);
    } catch (error) {
      if (isItemTooLarge(error)) throw new JobFullError();
      if (!(error instanceof TransactionCancelled)) throw error;
      if (guard) rethrowGuardFailure(error, { storeItem: 'store' });
      if (error.failed('fleetKey')) throw new FleetKeyRevokedError();
      if (error.failed('holding:gained')) throw new RiderAtCapacityError(this.maxHeldJobs);
      if (error.failed('job') || error.conflicted) throw new ConcurrentModificationError();
      if (error.failed('upiReference')) throw new UpiReferenceUsedError();
      if (error.failedAny('cash')) throw new CashLimitExceededError(this.riderCashLimitMinor);
      // A reservation decided on credit read a moment ago that has since been spent: decided again on the credit as it is now.
      if (error.failed('store') && money.some((entry) => entry.type === 'reserve')) throw new ConcurrentModificationError();
      // Only a broken money invariant is left: never expected, so not the client's to see in detail.
      throw new InternalError(`Money movement for job ${next.id} would break the store's balance invariants`, error);
    }
  }
}
