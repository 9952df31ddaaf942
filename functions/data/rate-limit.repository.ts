import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ServiceUnavailableError } from '../core/errors.ts';
import { isConditionFailure, ungated } from './client.ts';
import { TableRepository } from './repository.ts';
import { keys } from './table.ts';

/** A token bucket: `capacity` requests, refilled evenly over `periodMs`. */
export interface RateLimit {
  capacity: number;
  periodMs: number;
}

/** The outcome of one request against a bucket. */
export type RateDecision = { allowed: true; remaining: number; resetSeconds: number } | { allowed: false; retryAfterSeconds: number };

/**
 * How far apart the clocks of concurrent requests may be. Each request decides with its own clock,
 * and their writes land in any order: without a tolerance, a burst of exactly `capacity` requests
 * could see one refused because an earlier write used a clock a few ms later. A tolerance below one
 * refill interval never admits more than `capacity` in a burst (the next token is a whole interval
 * away); it only lets refills arrive up to this much early.
 */
export const CLOCK_TOLERANCE_MS = 250;

// Under a burst, each failed write returns the bucket's current state, so every retry is informed;
// a request loses at most once per concurrent winner. The cap only guards against a pathological storm.
const MAX_ATTEMPTS = 64;

/** How many buckets' last seen times a container keeps. */
const REMEMBERED_BUCKETS = 10_000;

/**
 * Token buckets (one per store and group, one per fleet key), stored as GCRA's "theoretical arrival
 * time" (tat, epoch ms): the moment the bucket would be full again. A request at `now` is allowed iff
 * max(tat, now) + interval - now <= period, where interval = period / capacity (plus
 * CLOCK_TOLERANCE_MS for the requests' clock skew). That is a token bucket of `capacity` refilling
 * over `period`, kept in one number, so each decision is one conditional UpdateItem:
 *
 *   busy bucket (tat >= now): SET tat = tat + interval   IF now <= tat <= now + period - interval
 *   idle bucket (tat <  now): SET tat = now + interval   IF tat is absent or < now
 *
 * The limit is in the condition (interval, the highest tat), not in the bucket: each request brings
 * the limit it read on the store, and the time the store has used of the minute is the same number
 * whatever the limit, so a changed limit needs no new bucket and nothing carried over.
 *
 * A failed condition is followed by a strongly consistent read of the stored tat, which says which
 * branch holds or that the bucket is empty (429, no write). Which branch to try first is guessed from
 * the last tat this container saw, so the common path is exactly one write; exactness under
 * concurrency comes from the conditions alone, never from the guess. A tat only moves forward, so a
 * remembered one past this request's highest refuses it without asking.
 *
 * The update asks for no ReturnValuesOnConditionCheckFailure: the functions' roles allow a bucket's
 * UpdateItem only on its attributes (dynamodb:Attributes) and with ReturnValues NONE/UPDATED_*
 * (lib/function-roles.ts), and AWS's documentation of DynamoDB's condition keys (the developer
 * guide's "Using IAM policy conditions for fine-grained access control") does not say how IAM counts
 * ALL_OLD on a failed condition: if as reading every attribute, every route would answer 500 on AWS
 * and no local test could show it. The read costs one call only when the guessed branch fails (a
 * refused request a container has not seen refused before, or a lost race).
 */
export class RateLimitRepository extends TableRepository {
  private readonly lastSeenTat = new Map<string, number>();

  /** Takes one token from the store's bucket of a rate group (shared by all its keys) at the limit the request read, or says how long to wait for one. */
  consumeForStore(storeId: string, group: string, limit: RateLimit, now = Date.now()): Promise<RateDecision> {
    return this.consume(keys.rateBucket(storeId, group), limit, now);
  }

  /** Takes one token from a fleet key's own bucket (all fleet routes share it), or says how long to wait for one. */
  consumeForFleetKey(keyId: string, limit: RateLimit, now = Date.now()): Promise<RateDecision> {
    return this.consume(keys.fleetRateBucket(keyId), limit, now);
  }

  private async consume(bucket: { PK: string; SK: string }, limit: RateLimit, now: number): Promise<RateDecision> {
    const interval = limit.periodMs / limit.capacity;
    const maxTat = now + limit.periodMs - interval + Math.min(CLOCK_TOLERANCE_MS, interval / 4);
    const bucketKey = `${bucket.PK}#${bucket.SK}`;
    const seen = this.lastSeenTat.get(bucketKey);
    let knownTat: number | null = seen === undefined || seen < now ? null : seen;

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (knownTat !== null && knownTat > maxTat) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((knownTat - maxTat) / 1000)) };
      }
      const idle = knownTat === null || knownTat < now;
      try {
        const { Attributes } = await this.db.send(
          ungated(
            new UpdateCommand({
              TableName: this.tableName,
              Key: bucket,
              UpdateExpression: idle ? 'SET tat = :next, #ttl = :ttl' : 'SET tat = tat + :interval, #ttl = :ttl',
              ConditionExpression: idle ? 'attribute_not_exists(tat) OR tat < :now' : 'tat BETWEEN :now AND :maxTat',
              ExpressionAttributeNames: { '#ttl': 'ttl' },
              ExpressionAttributeValues: idle
                ? { ':next': now + interval, ':now': now, ':ttl': ttlFor(now, limit) }
                : { ':interval': interval, ':now': now, ':maxTat': maxTat, ':ttl': ttlFor(now, limit) },
              ReturnValues: 'UPDATED_NEW',
            }),
          ),
        );
        const tat = Attributes!.tat as number;
        this.see(bucketKey, tat);
        return {
          allowed: true,
          remaining: Math.max(0, Math.floor((now + limit.periodMs - tat) / interval)),
          resetSeconds: Math.max(0, Math.ceil((tat - now) / 1000)),
        };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        knownTat = await this.storedTat(bucket);
        if (knownTat !== null) this.see(bucketKey, knownTat);
      }
    }
    throw new ServiceUnavailableError(new Error(`rate-limit bucket ${bucketKey} stayed contended for ${MAX_ATTEMPTS} attempts`));
  }

  // The bucket's tat as stored now (null: no bucket), read after its condition failed. Consistent, so it
  // is at least the value the condition saw: the next attempt never retries on an older one.
  private async storedTat(bucket: { PK: string; SK: string }): Promise<number | null> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: bucket,
        ConsistentRead: true,
        ProjectionExpression: '#tat',
        ExpressionAttributeNames: { '#tat': 'tat' },
      }),
    );
    return typeof Item?.tat === 'number' ? Item.tat : null;
  }

  // Remembers a bucket's time as last seen (answers may arrive out of order: the later time is kept). The memory is bounded.
  private see(bucketKey: string, tat: number): void {
    if (this.lastSeenTat.size >= REMEMBERED_BUCKETS && !this.lastSeenTat.has(bucketKey)) this.lastSeenTat.clear();
    this.lastSeenTat.set(bucketKey, Math.max(tat, this.lastSeenTat.get(bucketKey) ?? 0));
  }
}

// Keep an idle bucket a minute past the moment it would be full again; then it is the same as absent.
function ttlFor(now: number, limit: RateLimit): number {
  return Math.ceil((now + limit.periodMs) / 1000) + 60;
}
