import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from './errors.ts';
import { jobIdFor, verificationCode, type BookingDetails, type Job } from './job.ts';
import type { Quote } from './quote.ts';
import type { Store } from './store.ts';

/** Throws the error a booking of this quote must get before any write: not found, used or expired. */
export function assertQuoteBookable(quote: Quote | null, quoteId: string, now: Date): asserts quote is Quote {
  if (!quote) throw new NotFoundError('quote_not_found', `No quote ${quoteId} for this store`);
  if (quote.usedAt) throw new ConflictError('quote_used', 'This quote has already been booked; request a new quote');
  if (Date.parse(quote.expiresAt) <= now.getTime()) throw new ConflictError('quote_expired', 'This quote has expired; request a new quote');
}

/** The new job a booking creates: `created`, credit `reserved`, both handoff codes made now. */
export function newJob(input: { store: Store; quote: Quote; details: BookingDetails; idempotencyKey: string; seq: number; now: Date }): Job {
  const { store, quote, details, now } = input;
  const at = now.toISOString();
  const handoff = () => ({ code: verificationCode(), status: 'pending' as const, expiresAt: null, verifiedAt: null, failedAttempts: 0 });
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
    route: quote.request,
    distanceMeters: quote.distanceMeters,
    chargeMinor: quote.chargeMinor,
    riderLocation: null,
    events: [{ id: randomUUID(), status: 'created', actor: 'merchant', note: null, createdAt: at }],
    verification: { pickup: handoff(), delivery: handoff() },
    createdAt: at,
    updatedAt: at,
  };
}
