import * as z from 'zod';
import type { Context } from 'aws-lambda';
import { merchantHandler, type MerchantInput } from '../http/handler.ts';
import { jsonResult } from '../http/responses.ts';
import { assertQuoteBookable } from '../core/booking.ts';
import { ConflictError, NotFoundError } from '../core/errors.ts';
import { bookingFingerprint, type BookingDetails, type Job } from '../core/job.ts';
import { IDEMPOTENCY_TTL_SECONDS } from '../data/booking.repository.ts';
import { idempotent } from '../data/idempotency.ts';
import type { Runtime } from '../runtime.ts';
import { BookingRequest, IdempotencyKey, toJobDetail } from '../schemas/job.schema.ts';

export const BookingHeaders = z.object({ 'Idempotency-Key': IdempotencyKey });

/** The identity powertools hashes: who, which key, and the fingerprint of the normalised payload. */
interface BookingIdentity {
  storeId: string;
  idempotencyKey: string;
  fingerprint: string;
}

/** What the booking work needs, and where it leaves the job it made (powertools saves only the id). */
interface BookingWork {
  input: MerchantInput<BookingRequest, undefined, undefined, z.infer<typeof BookingHeaders>>;
  job?: Job;
}

type BookingOutcome = { jobId: string; created: boolean };

/** Test seams around the booking transaction; the deployed handler has none. */
export interface BookingHooks {
  /** Runs after the checks and right before the transaction. */
  beforeCommit?: () => Promise<void>;
  /** Runs after the transaction committed and before powertools saves the result. */
  afterCommit?: () => Promise<void>;
}

/**
 * Books the quote exactly once per (store, Idempotency-Key). The transaction is the guard: it
 * writes the quote's use, the reservation, the job and a marker of the key together, so a retry
 * after a crash finds the marker and gets the same job. Powertools is the fast replay path in front.
 */
async function book(identity: BookingIdentity, work: BookingWork, rt: Runtime, hooks: BookingHooks): Promise<BookingOutcome> {
  const { merchant, body } = work.input;
  const now = new Date();
  const quote = await rt.quotes.get(merchant.storeId, body.quoteId);
  if (!quote) throw new NotFoundError('quote_not_found', `No quote ${body.quoteId} for this store`);
  if (quote.usedAt || Date.parse(quote.expiresAt) <= now.getTime()) {
    // A used quote may be this very booking, retried after a crash: the marker says.
    const marker = await rt.bookings.findMarker(merchant.storeId, identity.idempotencyKey, now);
    if (marker && marker.fingerprint !== identity.fingerprint) {
      throw new ConflictError('idempotency_conflict', 'This Idempotency-Key was already used with different booking details');
    }
    if (marker) return { jobId: marker.jobId, created: false };
    assertQuoteBookable(quote, body.quoteId, now);
  }
  const details: BookingDetails = body;
  await hooks.beforeCommit?.();
  const result = await rt.bookings.book({
    store: merchant.store,
    quote,
    details,
    idempotencyKey: identity.idempotencyKey,
    fingerprint: identity.fingerprint,
    guard: merchant,
    now,
  });
  work.job = result.job;
  await hooks.afterCommit?.();
  return { jobId: result.job.id, created: result.created };
}

/** Builds the POST /v1/jobs handler; `hooks` exist for tests (the deployed handler has none). */
export function createBookingHandler(hooks: BookingHooks = {}) {
  let idempotentBook: ((identity: BookingIdentity, work: BookingWork, lambda: Context) => Promise<BookingOutcome>) | undefined;
  return merchantHandler('POST /v1/jobs', { headers: BookingHeaders, body: BookingRequest }, async (input) => {
    const { rt, merchant } = input;
    idempotentBook ??= idempotent((identity: BookingIdentity, work: BookingWork) => book(identity, work, rt, hooks), {
      client: rt.dynamo,
      tableName: rt.config.TABLE_NAME,
      keyPrefix: 'booking',
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
      onReplay: (saved) => ({ ...saved, created: false }),
    });
    const identity = { storeId: merchant.storeId, idempotencyKey: input.headers['Idempotency-Key'], fingerprint: bookingFingerprint(input.body) };
    const work: BookingWork = { input };
    const outcome = await idempotentBook(identity, work, input.context);
    const job = outcome.created ? work.job : await rt.jobs.get(merchant.storeId, outcome.jobId);
    if (!job) throw new Error(`booking ${outcome.jobId} has no job`);
    return jsonResult(outcome.created ? 201 : 200, { data: toJobDetail(job) });
  });
}

/** POST /v1/jobs */
export const handler = createBookingHandler();
