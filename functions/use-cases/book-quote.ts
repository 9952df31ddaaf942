import type { Context } from 'aws-lambda';
import { assertQuoteBookable } from '../core/booking.ts';
import { IdempotencyConflictError, InternalError, QuoteNotFoundError } from '../core/errors.ts';
import { bookingFingerprint, type BookingDetails, type Job } from '../core/job.ts';
import type { Quote } from '../core/quote.ts';
import type { Merchant } from '../core/store.ts';
import type { BaseRuntime, PartTypes } from '../runtime.ts';

/** The runtime a booking needs: the base, the job reader, the quotes, the bookings and powertools' idempotency records. */
export type BookingRuntime = BaseRuntime & Pick<PartTypes, 'jobReader' | 'quotes' | 'bookings' | 'idempotency'>;

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
  rt: BookingRuntime;
  request: BookQuoteRequest;
  quote: Quote | null;
  job?: Job;
}

type BookingOutcome = { jobId: string; created: boolean };
type IdempotentBook = (identity: BookingIdentity, work: BookingWork, lambda: Context) => Promise<BookingOutcome>;

// The booking under powertools' idempotency, made once per idempotency store (its persistence layer keeps a connection).
const idempotentBookings = new WeakMap<BookingRuntime['idempotency'], IdempotentBook>();

/**
 * Books the quote exactly once per (store, Idempotency-Key). The transaction is the guard: it
 * writes the quote's use, the reservation, the job and a marker of the key together, so a retry
 * after a crash finds the marker and gets the same job. Powertools is the fast replay path in front.
 */
export async function bookQuote(rt: BookingRuntime, request: BookQuoteRequest): Promise<BookQuoteResult> {
  let idempotentBook = idempotentBookings.get(rt.idempotency);
  if (!idempotentBook) {
    idempotentBook = rt.idempotency.wrap((identity: BookingIdentity, work: BookingWork) => book(identity, work), {
      keyPrefix: 'booking',
      onReplay: (saved) => ({ ...saved, created: false }),
    });
    idempotentBookings.set(rt.idempotency, idempotentBook);
  }
  const { merchant, idempotencyKey, details } = request;
  const identity = { storeId: merchant.storeId, idempotencyKey, fingerprint: bookingFingerprint(details) };
  // Read first, alongside the rate limit's decision (a read need not wait for it): the booking
  // transaction's conditions are what guard the quote, so reading it before powertools' record
  // changes nothing but the wait (a replay does not use it).
  const quote = await rt.quotes.get(merchant.storeId, details.quoteId);
  const work: BookingWork = { rt, request, quote };
  const outcome = await idempotentBook(identity, work, request.lambda);
  const job = outcome.created ? work.job : await rt.jobReader.get(merchant.storeId, outcome.jobId);
  if (!job) throw new InternalError(`booking ${outcome.jobId} has no job`);
  return { job, created: outcome.created };
}

// The work powertools runs once: the quote's checks, then the booking transaction.
async function book(identity: BookingIdentity, work: BookingWork): Promise<BookingOutcome> {
  const { rt, quote } = work;
  const { merchant, details } = work.request;
  const now = new Date();
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
