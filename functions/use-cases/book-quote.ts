import type { Context } from 'aws-lambda';
import { assertQuoteBookable } from '../core/booking.ts';
import { IdempotencyConflictError, InternalError, QuoteNotFoundError } from '../core/errors.ts';
import { bookingFingerprint, type BookingDetails, type Job } from '../core/job.ts';
import type { Quote } from '../core/quote.ts';
import { alongsideWrites } from '../data/client.ts';
import { IdempotencyStore } from '../data/idempotency.ts';
import type { Merchant } from '../core/store.ts';
import type { BaseRuntime, Runtime } from '../runtime.ts';

/** The runtime a booking needs: the base, the jobs, the quotes and the bookings. */
export type BookingRuntime = BaseRuntime & Pick<Runtime, 'jobs' | 'quotes' | 'bookings'>;

/** A booking request as the handler parsed it: who, with which Idempotency-Key, what. */
export interface BookQuoteRequest {
  merchant: Merchant;
  idempotencyKey: string;
  details: BookingDetails;
  /** The invocation's context: powertools ties an in-flight record to its remaining time. */
  lambda: Context;
}

/** The job, and whether this request made it (201) or found it already made (200). */
export interface BookQuoteResult {
  job: Job;
  created: boolean;
}

/** The identity powertools hashes: who, which key, and the fingerprint of the normalised payload. */
interface BookingIdentity {
  storeId: string;
  idempotencyKey: string;
  fingerprint: string;
}

/** What the booking work needs, and where it leaves the job it made (powertools saves only the id). */
interface BookingWork {
  request: BookQuoteRequest;
  /** The quote: read as powertools sends its record's put (in that round trip), or when the work first asks. */
  quote: () => Promise<Quote | null>;
  job?: Job;
}

type BookingOutcome = { jobId: string; created: boolean };

// The booking under powertools' idempotency, made once per runtime (its persistence layer keeps a connection).
const idempotentBookings = new WeakMap<
  BookingRuntime,
  (identity: BookingIdentity, work: BookingWork, lambda: Context, alongsideRecord: () => void) => Promise<BookingOutcome>
>();

/**
 * Books the quote exactly once per (store, Idempotency-Key). The transaction is the guard: it
 * writes the quote's use, the reservation, the job and a marker of the key together, so a retry
 * after a crash finds the marker and gets the same job. Powertools is the fast replay path in front.
 */
export async function bookQuote(rt: BookingRuntime, request: BookQuoteRequest): Promise<BookQuoteResult> {
  let idempotentBook = idempotentBookings.get(rt);
  if (!idempotentBook) {
    idempotentBook = new IdempotencyStore(rt.config).wrap((identity: BookingIdentity, work: BookingWork) => book(rt, identity, work), {
      keyPrefix: 'booking',
      onReplay: (saved) => ({ ...saved, created: false }),
    });
    idempotentBookings.set(rt, idempotentBook);
  }
  const { merchant, idempotencyKey, details } = request;
  const identity = { storeId: merchant.storeId, idempotencyKey, fingerprint: bookingFingerprint(details) };
  // Read the quote as powertools sends its in-flight record, in the same round trip (both wait for the
  // rate limit's decision): the booking transaction's conditions are what guard it, so reading it
  // before the record is kept changes nothing but the wait (a replay does not use it).
  let quote: Promise<Quote | null> | undefined;
  const readQuote = () => {
    if (!quote) {
      quote = alongsideWrites(() => rt.quotes.get(merchant.storeId, details.quoteId));
      quote.catch(() => undefined); // awaited by the booking; a replay never awaits it
    }
    return quote;
  };
  const work: BookingWork = { request, quote: readQuote };
  const outcome = await idempotentBook(identity, work, request.lambda, readQuote);
  const job = outcome.created ? work.job : await rt.jobs.get(merchant.storeId, outcome.jobId);
  if (!job) throw new InternalError(`booking ${outcome.jobId} has no job`);
  return { job, created: outcome.created };
}

// The work powertools runs once: the quote's checks, then the booking transaction.
async function book(rt: BookingRuntime, identity: BookingIdentity, work: BookingWork): Promise<BookingOutcome> {
  const { merchant, details } = work.request;
  const now = new Date();
  const quote = await work.quote();
  if (!quote) throw new QuoteNotFoundError(details.quoteId);
  if (quote.usedAt || Date.parse(quote.expiresAt) <= now.getTime()) {
    // A used quote may be this very booking, retried after a crash: the marker says.
    const marker = await rt.bookings.findMarker(merchant.storeId, identity.idempotencyKey, now);
    if (marker && marker.fingerprint !== identity.fingerprint) throw new IdempotencyConflictError(marker.jobId);
    if (marker) return { jobId: marker.jobId, created: false };
    assertQuoteBookable(quote, details.quoteId, now);
  }
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
  return { jobId: result.job.id, created: result.created };
}
