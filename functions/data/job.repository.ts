import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { offeredAt, toJobSummary, type Job } from '../core/job.ts';
import { mayStartReturn, transition, type LifecycleEvent, type StoreCredit, type Transition } from '../core/lifecycle.ts';
import { ConcurrentModificationError, JobFullError, KeptChangingError } from '../core/errors.ts';
import { recordChange } from '../core/event.ts';
import { isItemTooLarge } from './client.ts';
import { keys } from './table.ts';
import { JobReader } from './job-reader.ts';
import type { WriteGuard } from './guard.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import { readJobs, type JobRef } from './job-batch.ts';
import type { JobLimits, JobWrite, MoneyMovement, WriteContext } from './job-writes/context.ts';
import { access } from './job-writes/access.ts';
import { jobPut } from './job-writes/job.ts';
import { ledgerLines, storeTotals } from './job-writes/money.ts';
import { collectionLines } from './job-writes/collection.ts';
import { remittanceWork } from './job-writes/remittance-work.ts';
import { dispatchKey, indexChanges, indexItemsOf, keyOf, type ItemKey } from './job-writes/indexes.ts';
import { eventPuts } from './job-writes/events.ts';
import { riderCash } from './job-writes/rider-cash.ts';
import { holdingCounters } from './job-writes/holding.ts';
import { failureOf } from './job-writes/failures.ts';
import { reviewQueue } from './review-queue.repository.ts';
import type { MoveKey } from '../core/move-key.ts';
import { moveKeyPut } from './job-writes/move-key.ts';

// A move is tried this many times against changes that leave the status alone (then 409).
const MAX_SAME_STATUS_RETRIES = 3;
// A move decided again is tried this many times (then 503): more than the simulator's longest run of
// moves in one tick (dispatch to the pickup code and a location, 7 changes), each met once.
export const MAX_DECIDE_TRIES = 10;

/**
 * A job change's writes, one builder a concern, in the order they go into its one transaction. A new
 * counter or index of a job is a new builder here (and its failed condition a row of FAILED_CONDITIONS).
 */
export const JOB_WRITES: readonly JobWrite[] = [
  access,
  jobPut,
  storeTotals,
  collectionLines,
  remittanceWork,
  ledgerLines,
  indexChanges,
  eventPuts,
  riderCash,
  holdingCounters,
  reviewQueue,
];

/** Who may write: a merchant's key and store (`guard`), or a fleet key (`fleetKeyHash`); each must still be active at the write (else 403). */
export interface WriteOptions {
  guard?: WriteGuard;
  fleetKeyHash?: string;
  now?: Date;
  /** A rider's move's Idempotency-Key, kept with the move in its transaction (job-writes/move-key.ts): a key used before fails the write (MoveKeyConflictError). */
  moveKey?: MoveKey;
  /**
   * The store's credit as the caller has just read it (a merchant's request: its authentication read
   * the store), so a move that may start a return needs no read of its own. Only the first decision
   * uses it: a move decided again after a lost race reads the credit afresh.
   */
  credit?: StoreCredit;
}

/**
 * How a move that lost its version race to another change (between its read and its write) goes on:
 * - `'retry-same-status'` (the default): only a change that left the status and the holder alone (a
 *   location report, a code attempt) is absorbed, the move decided again on the job as it now is, so
 *   of two moves that race for a job exactly one wins and no rider's move lands on another's job; any
 *   other change answers 409 concurrent_modification, as does one that keeps losing
 *   (MAX_SAME_STATUS_RETRIES tries);
 * - `'refuse'`: 409 concurrent_modification at once (the move was allowed on the version read: If-Match, a worker's tick);
 * - `'decide-again'`: decided again on the job as it now is, whatever changed, so nobody has to retry
 *   for the platform's own bookkeeping; 503 (retry in a second) after MAX_DECIDE_TRIES tries;
 * - a function: the same, after the caller's own checks on the job as it now is (throwing the answer
 *   they give, e.g. 409 concurrent_modification for a job another rider took).
 */
export type OnLostRace = 'retry-same-status' | 'refuse' | 'decide-again' | ((latest: Job) => void);

/** A move's writer (WriteOptions) and what it does when it loses its race (OnLostRace). */
export interface MoveOptions extends WriteOptions {
  onLostRace?: OnLostRace;
}

/** A decided change of a job, to write: the job as read, the job after it, its money and its events. */
export interface JobChange {
  before: Job;
  after: Job;
  money: readonly MoneyMovement[];
  events: WriteContext['events'];
}

/**
 * Jobs' moves: each read, decided by the one transition function, and written in one transaction
 * conditioned on the version read, assembled from the builders of JOB_WRITES (job-writes/). The
 * job's other lists are elsewhere: the fleet's (FleetJobsRepository), the merchant's pages
 * (JobListRepository), operations' end of a job (JobArchiveRepository), the remittance worker's
 * writes (remittance-writes.ts).
 */
export class JobRepository extends JobReader {
  private readonly limits: JobLimits;

  /** The most cash a rider may have in hand with the cash due on the jobs they hold (core/collection.ts). */
  readonly riderCashLimitMinor: number;

  constructor(db: ConstructorParameters<typeof JobReader>[0], tableName: string, limits: JobLimits, storeByJob?: Map<string, string>) {
    super(db, tableName, storeByJob);
    this.limits = limits;
    this.riderCashLimitMinor = limits.riderCashLimitMinor;
  }

  /** Where the job's dispatch worklist item belongs now, or null when dispatch is done with it. */
  dispatchKeyOf(job: Job): ItemKey | null {
    return dispatchKey(job, this.limits.dispatch);
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
    const items = indexItemsOf(job, this.limits.dispatch);
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

  /** The jobs these references name, each once, in one BatchGet per 100 (missing ones left out; order not kept). */
  getMany(refs: readonly JobRef[]): Promise<Job[]> {
    return readJobs(this.db, this.tableName, refs);
  }

  /**
   * Moves a job by a lifecycle event: the job as the caller has just read it (its version is the
   * condition), or, named by its store and id, read first (null when the store has no such job). The
   * transition function decides; the job, its money, index items and events are written in one
   * transaction (JOB_WRITES). A move that changes nothing writes nothing. A lost race goes on as
   * `options.onLostRace` says (OnLostRace); money and events follow the decision actually made.
   */
  move(ref: JobRef, event: LifecycleEvent, actor: string, options?: MoveOptions): Promise<Transition | null>;
  move(job: Job, event: LifecycleEvent, actor: string, options?: MoveOptions): Promise<Transition>;
  async move(target: Job | JobRef, event: LifecycleEvent, actor: string, options: MoveOptions = {}): Promise<Transition | null> {
    let job = 'jobId' in target ? await this.get(target.storeId, target.jobId) : target;
    if (!job) return null;
    const { onLostRace = 'retry-same-status', credit, ...write } = options;
    const decideAgain = onLostRace !== 'retry-same-status' && onLostRace !== 'refuse';
    const tries = onLostRace === 'refuse' ? 1 : decideAgain ? MAX_DECIDE_TRIES : MAX_SAME_STATUS_RETRIES;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tryMove(job, event, actor, attempt === 1 ? { ...write, credit } : write);
      } catch (error) {
        if (!(error instanceof ConcurrentModificationError)) throw error;
        if (attempt >= tries) throw decideAgain ? new KeptChangingError('job') : error;
        const latest = await this.get(job.storeId, job.id);
        if (!latest) throw error;
        if (typeof onLostRace === 'function') onLostRace(latest);
        // Without deciding again, only a change that left both the status and the holder alone is absorbed:
        // a job handed to another rider at the same status is not the job this move was allowed on.
        else if (!decideAgain && (latest.status !== job.status || latest.agentId !== job.agentId)) throw error;
        job = latest;
      }
    }
  }

  // One try of a move: one decision on the job as read, and its write on the condition of the version read.
  private async tryMove(job: Job, event: LifecycleEvent, actor: string, options: WriteOptions): Promise<Transition> {
    // A move that may start a return decides on the store's credit (the caller's, or read now): the return charge is reserved only when covered.
    const credit = mayStartReturn(job, event) ? (options.credit ?? (await this.creditOf(job.storeId))) : undefined;
    const moved = transition(job, event, actor, options.now ?? new Date(), credit);
    if (moved.job === job) return moved; // a move that changes nothing writes nothing
    const { job: next, events } = recordChange(job, moved.job, toJobSummary);
    await this.write({ before: job, after: next, money: moved.money, events }, options, options.moveKey ? [moveKeyPut(options.moveKey)] : []);
    return { ...moved, job: next };
  }

  /** What a rider's move recorded under this Idempotency-Key on the job (its move and fingerprint), or null. */
  async moveKeyOf(jobId: string, actor: string, key: string): Promise<Pick<MoveKey, 'move' | 'fingerprint'> | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.moveKey(jobId, actor, key), ConsistentRead: true }));
    return Item ? { move: Item.move as MoveKey['move'], fingerprint: Item.fingerprint as string } : null;
  }

  /** The credit the store has available now (one read of its item). */
  private async creditOf(storeId: string): Promise<StoreCredit> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: keys.store(storeId), ProjectionExpression: 'availableMinor', ConsistentRead: true }),
    );
    return { availableMinor: (Item?.availableMinor as number | undefined) ?? 0 };
  }

  /**
   * Writes a decided change if nobody changed the job since it was read (else 409
   * concurrent_modification): one transaction of the items JOB_WRITES (and `extra`, a caller's own
   * concern) build for it. A failed condition answers as FAILED_CONDITIONS says; a job DynamoDB will
   * not let grow, JobFullError.
   */
  async write(change: JobChange, options: Pick<WriteOptions, 'guard' | 'fleetKeyHash'>, extra: readonly JobWrite[] = []): Promise<void> {
    const { before, after } = change;
    const context: WriteContext = {
      tableName: this.tableName,
      now: new Date(after.updatedAt),
      money: change.money,
      events: change.events,
      guard: options.guard,
      fleetKeyHash: options.fleetKeyHash,
      limits: this.limits,
    };
    const tx = new Transaction();
    for (const build of [...JOB_WRITES, ...extra]) tx.addAll(build(before, after, context));
    try {
      await tx.commit(this.db);
    } catch (error) {
      if (isItemTooLarge(error)) throw new JobFullError();
      if (!(error instanceof TransactionCancelled)) throw error;
      throw failureOf(error, after, context);
    }
  }
}
