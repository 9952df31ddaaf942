import { randomUUID } from 'node:crypto';
import { QuoteExpiredError, QuoteNotFoundError, QuoteUsedError } from './errors.ts';
import { dueCollection, jobIdFor, newHandoff, type BookingDetails, type Job } from './job.ts';
import { returnCharge } from './pricing.ts';
import type { Quote } from './quote.ts';
import type { Store } from './store.ts';

/** An Idempotency-Key's booking is remembered for a day (DESIGN.md). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/** Throws the error a booking of this quote must get before any write: not found, used or expired. */
export function assertQuoteBookable(quote: Quote | null, quoteId: string, now: Date): asserts quote is Quote {
  if (!quote) throw new QuoteNotFoundError(quoteId);
  if (quote.usedAt) throw new QuoteUsedError();
  if (Date.parse(quote.expiresAt) <= now.getTime()) throw new QuoteExpiredError();
}

/** The new job a booking creates: `created`, credit `reserved`, both handoff codes made now. */
export function newJob(input: { store: Store; quote: Quote; details: BookingDetails; idempotencyKey: string; seq: number; now: Date }): Job {
  const { store, quote, details, now } = input;
  const at = now.toISOString();
  return {
    id: jobIdFor(input.seq),
    storeId: store.id,
    seq: input.seq,
    version: 1,
    status: 'created',
    settlement: 'reserved',
    testMode: store.sandbox,
    quoteId: quote.id,
    zoneId: quote.zoneId,
    zoneVersion: quote.zoneVersion,
    idempotencyKey: input.idempotencyKey,
    externalOrderId: details.externalOrderId,
    agentId: null,
    pickupName: details.pickupName,
    pickupPhone: details.pickupPhone,
    dropName: details.dropName,
    dropPhone: details.dropPhone,
    pickupInstructions: details.pickupInstructions ?? null,
    dropInstructions: details.dropInstructions ?? null,
    route: quote.request,
    distanceMeters: quote.distanceMeters,
    chargeMinor: quote.chargeMinor,
    returnChargeMinor: quote.returnChargeMinor ?? returnCharge(quote.chargeMinor),
    collection: quote.collectMinor === undefined ? null : dueCollection(quote.collectMinor, quote.collectionFeeMinor ?? 0),
    riderLocation: null,
    events: [{ id: randomUUID(), status: 'created', actor: 'merchant', note: null, createdAt: at }],
    verification: { pickup: newHandoff(), delivery: newHandoff() },
    createdAt: at,
    updatedAt: at,
  };
}
