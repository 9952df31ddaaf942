import { withConsoleNotes } from '../core/session.ts';
import { toJobSummary } from '../core/job.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_TTL_SECONDS, newJob } from '../core/booking.ts';
import {
  IdempotencyConflictError,
  InsufficientCreditError,
  QuoteExpiredError,
  QuoteNotFoundError,
  QuoteUsedError,
  ServiceUnavailableError,
  ZoneChangedError,
} from '../core/errors.ts';
import type { BookingDetails, Job } from '../core/job.ts';
import type { Quote } from '../core/quote.ts';
import type { Store } from '../core/store.ts';
import { stillServes } from '../core/serviceability.ts';
import { addGuardChecks, rethrowGuardFailure, STORE_ACCESS_CONDITION, type WriteGuard } from './guard.ts';
import { Transaction, TransactionCancelled } from './transaction.ts';
import type { JobReader } from './job-reader.ts';
import { newJobIndexPuts } from './job-writes/indexes.ts';
import { jobOrderKey } from './job-order-key.ts';
import type { DispatchClock } from '../core/dispatch.ts';
import { jobItem } from './job-writes/job.ts';
import { eventOutboxPuts } from './event.repository.ts';
import { recordChange } from '../core/event.ts';
import { ledgerPut, type StoreRepository } from './store.repository.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { simulationItemPut } from './work.repository.ts';
import { simulatedOutcome } from '../core/simulation.ts';
import type { ZoneRepository } from './zone.repository.ts';

// Concurrent bookings of one store contend for its job counter; each loser re-reads and tries again.
const MAX_ATTEMPTS = 25;

/** What a booking needs: the caller, the quote, the normalised details and the idempotency identity. */
export interface BookingInput {
  store: Store;
  quote: Quote;
  details: BookingDetails;
  idempotencyKey: string;
  fingerprint: string;
  guard: WriteGuard;
  now: Date;
}

/** The booking's outcome: the job, and whether this call made it or found it already made. */
export interface BookingResult {
  job: Job;
  created: boolean;
}

/**
 * Books a quote in one DynamoDB transaction, so it happens completely or not at all, and exactly
 * once per (store, Idempotency-Key) even if the caller dies right after it. Its named items:
 *
 *   guard:key  the key is still active              (ConditionCheck)      else 403
 *   store      API access on, credit covers the charge, job counter as read; reserve and count
 *                                                                        else 403 / 422 / retry
 *   quote      exists, unused, unexpired; mark used  else 404 / 409 quote_used / quote_expired
 *   zone       the quote's zone is still at the pinned version (ConditionCheck)  else re-check the route
 *   job, ledger  the job and its ledger entry (reserve)
 *   marker     Idempotency-Key → fingerprint and job id, for 24 h
 *                                                   else replay (same fingerprint) or 409 conflict
 *   pointer    the job's pointer (job id → store), for operations and the fleet
 *   work       the job on the dispatcher's worklist (live store) or the sandbox simulator's (sandbox store)
 */
export class BookingRepository extends TableRepository {
  private readonly stores: StoreRepository;
  private readonly jobs: JobReader;
  private readonly dispatch: DispatchClock;
  private readonly zones: ZoneRepository;

  constructor(
    db: ConstructorParameters<typeof TableRepository>[0],
    tableName: string,
    deps: { stores: StoreRepository; jobs: JobReader; dispatch: DispatchClock; zones: ZoneRepository },
  ) {
    super(db, tableName);
    this.stores = deps.stores;
    this.jobs = deps.jobs;
    this.dispatch = deps.dispatch;
    this.zones = deps.zones;
  }

  /** The booking an Idempotency-Key already made, if any (fingerprint and job id). */
  async findMarker(storeId: string, idempotencyKey: string, now: Date): Promise<{ fingerprint: string; jobId: string } | null> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.bookingMarker(storeId, idempotencyKey), ConsistentRead: true }));
    if (!Item || (Item.ttl as number) < now.getTime() / 1000) return null;
    return { fingerprint: Item.fingerprint as string, jobId: Item.jobId as string };
  }

  async book(input: BookingInput): Promise<BookingResult> {
    let store = input.store;
    let zoneVersion = input.quote.zoneVersion;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const created = withConsoleNotes(
        null,
        newJob({ store, quote: input.quote, details: input.details, idempotencyKey: input.idempotencyKey, seq: store.jobCount + 1, now: input.now }),
        input.guard.via,
      );
      const { job, events } = recordChange(null, created, toJobSummary);
      try {
        await this.transaction(input, store, job, zoneVersion)
          .addEach('event', eventOutboxPuts(this.tableName, store.id, events))
          .commit(this.db);
        return { job, created: true };
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        rethrowGuardFailure(error, { storeItem: 'store' });
        if (error.failed('marker')) return this.replay(input, error.oldItem('marker')!);
        if (error.failed('quote')) throw quoteFailure(error.oldItem('quote'), input);
        if (error.failed('store')) {
          const old = error.oldItem('store')!;
          if ((old.availableMinor as number) < input.quote.chargeMinor)
            throw new InsufficientCreditError(input.quote.chargeMinor, old.availableMinor as number);
          // Another booking took the next job number first: go again with the store as it is now.
        }
        if (error.failed('zone')) zoneVersion = await this.recheckZone(input);
        if (error.conflicted) await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
        store = (await this.stores.get(store.id)) ?? store;
      }
    }
    throw new ServiceUnavailableError(new Error(`booking for store ${input.store.id} stayed contended for ${MAX_ATTEMPTS} attempts`));
  }

  private transaction(input: BookingInput, store: Store, job: Job, zoneVersion: number): Transaction {
    const { quote, now } = input;
    const at = now.toISOString();
    const seqCondition = store.jobCount === 0 ? '(attribute_not_exists(jobCount) OR jobCount = :previous)' : 'jobCount = :previous';
    return addGuardChecks(new Transaction(), this.tableName, input.guard, { store: false })
      .add('store', {
        Update: {
          TableName: this.tableName,
          Key: keys.store(store.id),
          UpdateExpression: 'SET reservedMinor = reservedMinor + :charge, availableMinor = availableMinor - :charge, jobCount = :next, updatedAt = :now',
          ConditionExpression: `${STORE_ACCESS_CONDITION} AND availableMinor >= :charge AND ${seqCondition}`,
          ExpressionAttributeValues: { ':apiEnabled': true, ':charge': quote.chargeMinor, ':previous': store.jobCount, ':next': job.seq, ':now': at },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      })
      .add('quote', {
        Update: {
          TableName: this.tableName,
          Key: keys.quote(store.id, quote.id),
          UpdateExpression: 'SET usedAt = :now, jobId = :jobId',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': at, ':jobId': job.id },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      })
      .add('zone', {
        ConditionCheck: {
          TableName: this.tableName,
          Key: keys.zoneCurrent(quote.zoneId),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': zoneVersion },
        },
      })
      .add('job', { Put: { TableName: this.tableName, Item: jobItem(job), ConditionExpression: 'attribute_not_exists(PK)' } })
      .add(
        'ledger',
        ledgerPut(
          this.tableName,
          { storeId: store.id, type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: quote.chargeMinor, jobId: job.id, note: null },
          now,
        ),
      )
      .add('marker', {
        Put: {
          TableName: this.tableName,
          Item: {
            ...keys.bookingMarker(store.id, input.idempotencyKey),
            type: 'bookingMarker',
            fingerprint: input.fingerprint,
            jobId: job.id,
            createdAt: at,
            ttl: Math.floor(now.getTime() / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          // An expired marker (TTL deletion can lag by days) no longer holds the key.
          ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :nowSeconds',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':nowSeconds': Math.floor(now.getTime() / 1000) },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      })
      .add('order', {
        Put: { TableName: this.tableName, Item: { ...jobOrderKey(store.id, job.externalOrderId, job.seq), type: 'order', storeId: store.id, jobId: job.id } },
      })
      .add('pointer', {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.jobPointer(job.id), type: 'jobPointer', storeId: store.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })
      .addEach(
        'work',
        store.sandbox
          ? [
              simulationItemPut(this.tableName, {
                storeId: store.id,
                jobId: job.id,
                createdAt: at,
                outcome: simulatedOutcome(input.details.externalOrderId),
              }),
            ]
          : newJobIndexPuts(job, this.dispatch, this.tableName),
      );
  }

  // The key already booked: the same request gets the same job back; a different one is a conflict.
  private async replay(input: BookingInput, marker: Record<string, unknown>): Promise<BookingResult> {
    if (marker.fingerprint !== input.fingerprint) {
      throw new IdempotencyConflictError(marker.jobId as string);
    }
    const job = await this.jobs.get(input.store.id, marker.jobId as string);
    if (!job) throw new Error(`booking marker of ${input.idempotencyKey} points at missing job ${String(marker.jobId)}`);
    return { job, created: false };
  }

  // The zone moved on since the quote: the quote still stands if the new version takes its route, parcel and cash.
  private async recheckZone(input: BookingInput): Promise<number> {
    const zone = await this.zones.getCurrent(input.quote.zoneId);
    const route = input.quote.request;
    const served =
      zone !== null &&
      stillServes(
        zone,
        { latitude: route.pickupLatitude, longitude: route.pickupLongitude },
        { latitude: route.dropLatitude, longitude: route.dropLongitude },
        { packageWeightGrams: route.packageWeightGrams, collectMinor: input.quote.collectMinor },
      );
    if (!served) throw new ZoneChangedError();
    return zone.version;
  }
}

function quoteFailure(old: Record<string, unknown> | undefined, input: BookingInput): Error {
  if (!old) return new QuoteNotFoundError(input.quote.id);
  if (old.usedAt) return new QuoteUsedError();
  return new QuoteExpiredError();
}
