import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newJob } from '../core/booking.ts';
import { ConflictError, InsufficientCreditError, NotFoundError, ServiceUnavailableError } from '../core/errors.ts';
import type { BookingDetails, Job } from '../core/job.ts';
import type { Quote } from '../core/quote.ts';
import type { Store } from '../core/store.ts';
import { stillServes } from '../core/zone.ts';
import { isTransactionConflict } from './client.ts';
import { guardChecks, rethrowGuardFailure, STORE_ACCESS_CONDITION, type WriteGuard } from './guard.ts';
import { jobItem, type JobRepository } from './job.repository.ts';
import { ledgerPut, type StoreRepository } from './store.repository.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';
import { workItemPut } from './work.repository.ts';
import { simulatedOutcome } from '../core/simulation.ts';
import type { ZoneRepository } from './zone.repository.ts';

/** An Idempotency-Key's booking is remembered for a day (DESIGN.md). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

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

// Item order in the booking transaction; the failure handling reads reasons by these positions.
const ITEM = { key: 0, store: 1, quote: 2, zone: 3, job: 4, ledger: 5, marker: 6, pointer: 7, work: 8 } as const;

/**
 * Books a quote in one DynamoDB transaction, so it happens completely or not at all, and exactly
 * once per (store, Idempotency-Key) even if the caller dies right after it:
 *
 *   0 the key is still active                      (ConditionCheck)      else 403
 *   1 store: API access on, credit covers the charge, job counter as read; reserve and count
 *                                                                        else 403 / 422 / retry
 *   2 quote: exists, unused, unexpired; mark used   else 404 / 409 quote_used / quote_expired
 *   3 the quote's zone is still at the pinned version (ConditionCheck)  else re-check the route
 *   4 the job, 5 its ledger entry (reserve)
 *   6 the booking marker: Idempotency-Key → fingerprint and job id, for 24 h
 *                                                   else replay (same fingerprint) or 409 conflict
 *   7 the job's pointer (job id → store), for operations and the fleet
 *   8 the job on the dispatcher's worklist (live store) or the sandbox simulator's (sandbox store)
 */
export class BookingRepository extends TableRepository {
  private readonly stores: StoreRepository;
  private readonly jobs: JobRepository;
  private readonly zones: ZoneRepository;

  constructor(db: ConstructorParameters<typeof TableRepository>[0], tableName: string, deps: { stores: StoreRepository; jobs: JobRepository; zones: ZoneRepository }) {
    super(db, tableName);
    this.stores = deps.stores;
    this.jobs = deps.jobs;
    this.zones = deps.zones;
  }

  /** The booking an Idempotency-Key already made, if any (fingerprint and job id). */
  async findMarker(storeId: string, idempotencyKey: string, now: Date): Promise<{ fingerprint: string; jobId: string } | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: keys.bookingMarker(storeId, idempotencyKey), ConsistentRead: true }),
    );
    if (!Item || (Item.ttl as number) < now.getTime() / 1000) return null;
    return { fingerprint: Item.fingerprint as string, jobId: Item.jobId as string };
  }

  async book(input: BookingInput): Promise<BookingResult> {
    let store = input.store;
    let zoneVersion = input.quote.zoneVersion;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const job = newJob({ store, quote: input.quote, details: input.details, idempotencyKey: input.idempotencyKey, seq: store.jobCount + 1, now: input.now });
      try {
        await this.db.send(new TransactWriteCommand({ TransactItems: this.items(input, store, job, zoneVersion) }));
        return { job, created: true };
      } catch (error) {
        const reasons = rethrowGuardFailure(error, { storeCheck: false, storeItemIndex: ITEM.store });
        if (!reasons) throw error;
        const failed = (index: number) => reasons[index]?.code === 'ConditionalCheckFailed';

        if (failed(ITEM.marker)) return this.replay(input, reasons[ITEM.marker]!.item!);
        if (failed(ITEM.quote)) throw quoteFailure(reasons[ITEM.quote]!.item, input);
        if (failed(ITEM.store)) {
          const old = reasons[ITEM.store]!.item!;
          if ((old.availableMinor as number) < input.quote.chargeMinor) throw new InsufficientCreditError(input.quote.chargeMinor, old.availableMinor as number);
          // Another booking took the next job number first: go again with the store as it is now.
        }
        if (failed(ITEM.zone)) zoneVersion = await this.recheckZone(input);
        if (isTransactionConflict(reasons)) await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (attempt + 1)));
        store = (await this.stores.get(store.id)) ?? store;
      }
    }
    throw new ServiceUnavailableError(new Error(`booking for store ${input.store.id} stayed contended for ${MAX_ATTEMPTS} attempts`));
  }

  private items(input: BookingInput, store: Store, job: Job, zoneVersion: number) {
    const { quote, now } = input;
    const at = now.toISOString();
    const seqCondition = store.jobCount === 0 ? '(attribute_not_exists(jobCount) OR jobCount = :previous)' : 'jobCount = :previous';
    return [
      ...guardChecks(this.tableName, input.guard, { store: false }),
      {
        Update: {
          TableName: this.tableName,
          Key: keys.store(store.id),
          UpdateExpression: 'SET reservedMinor = reservedMinor + :charge, availableMinor = availableMinor - :charge, jobCount = :next, updatedAt = :now',
          ConditionExpression: `${STORE_ACCESS_CONDITION} AND availableMinor >= :charge AND ${seqCondition}`,
          ExpressionAttributeValues: { ':apiEnabled': true, ':charge': quote.chargeMinor, ':previous': store.jobCount, ':next': job.seq, ':now': at },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
      {
        Update: {
          TableName: this.tableName,
          Key: keys.quote(store.id, quote.id),
          UpdateExpression: 'SET usedAt = :now, jobId = :jobId',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now',
          ExpressionAttributeValues: { ':now': at, ':jobId': job.id },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
        },
      },
      {
        ConditionCheck: {
          TableName: this.tableName,
          Key: keys.zoneCurrent(quote.zoneId),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': zoneVersion },
        },
      },
      { Put: { TableName: this.tableName, Item: jobItem(job), ConditionExpression: 'attribute_not_exists(PK)' } },
      ledgerPut(this.tableName, { storeId: store.id, type: 'reserve', balanceDeltaMinor: 0, reservedDeltaMinor: quote.chargeMinor, jobId: job.id, note: null }, now),
      {
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
      },
      { Put: { TableName: this.tableName, Item: { ...keys.jobPointer(job.id), type: 'jobPointer', storeId: store.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
      workItemPut(this.tableName, {
        kind: store.sandbox ? 'simulation' : 'dispatch',
        storeId: store.id,
        jobId: job.id,
        createdAt: at,
        ...(store.sandbox && { outcome: simulatedOutcome(input.details.externalOrderId) }),
      }),
    ];
  }

  // The key already booked: the same request gets the same job back; a different one is a conflict.
  private async replay(input: BookingInput, marker: Record<string, unknown>): Promise<BookingResult> {
    if (marker.fingerprint !== input.fingerprint) {
      throw new ConflictError('idempotency_conflict', 'This Idempotency-Key was already used with different booking details');
    }
    const job = await this.jobs.get(input.store.id, marker.jobId as string);
    if (!job) throw new Error(`booking marker of ${input.idempotencyKey} points at missing job ${String(marker.jobId)}`);
    return { job, created: false };
  }

  // The zone moved on since the quote: the quote still stands if the new version serves its route.
  private async recheckZone(input: BookingInput): Promise<number> {
    const zone = await this.zones.getCurrent(input.quote.zoneId);
    const route = input.quote.request;
    const served =
      zone !== null &&
      stillServes(zone, { latitude: route.pickupLatitude, longitude: route.pickupLongitude }, { latitude: route.dropLatitude, longitude: route.dropLongitude });
    if (!served) throw new ConflictError('zone_changed', 'The delivery zone changed since this quote and no longer serves this route; request a new quote');
    return zone.version;
  }
}

function quoteFailure(old: Record<string, unknown> | undefined, input: BookingInput): Error {
  if (!old) return new NotFoundError('quote_not_found', `No quote ${input.quote.id} for this store`);
  if (old.usedAt) return new ConflictError('quote_used', 'This quote has already been booked; request a new quote');
  return new ConflictError('quote_expired', 'This quote has expired; request a new quote');
}

