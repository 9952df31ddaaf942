/** Cash on delivery: what a zone lets a rider collect, the payment at the door, the rider's cash and deposits. */
import { AppError } from './base.ts';

/** A quote asking to collect cash on delivery where the zone offers none. */
export class CollectionNotAvailableError extends AppError {
  constructor(zoneId: string) {
    super('collection_not_available', `Cash on delivery is not offered in zone ${zoneId}: quote without collectMinor`);
    this.name = 'CollectionNotAvailableError';
  }
}

/** A quote asking to collect more than the zone lets a rider carry for one job. */
export class CollectionLimitExceededError extends AppError {
  constructor(maxCollectMinor: number) {
    super('collection_limit_exceeded', `A rider collects at most ${maxCollectMinor} paise on one job in this zone`, { details: { maxCollectMinor } });
    this.name = 'CollectionLimitExceededError';
  }
}

/** The rider recorded a payment of another amount than the one due (nothing is recorded). */
export class CollectionAmountMismatchError extends AppError {
  constructor(dueMinor: number, sentMinor: number) {
    super('collection_amount_mismatch', `${dueMinor} paise is due on this job; ${sentMinor} paise was sent`, { details: { dueMinor } });
    this.name = 'CollectionAmountMismatchError';
  }
}

/** The delivery code of a job whose payment is still due: the parcel is never handed over unpaid. */
export class CollectionPendingError extends AppError {
  constructor(jobId: string, dueMinor: number) {
    super('collection_pending', `Collect ${dueMinor} paise first (POST /fleet/v1/jobs/{id}/collection): the parcel is handed over only once paid`, {
      details: { dueMinor, collectionPath: `/fleet/v1/jobs/${jobId}/collection` },
    });
    this.name = 'CollectionPendingError';
  }
}

/**
 * A UPI payment whose transaction reference was already recorded for a payment (any job, any store):
 * one UPI transfer pays for one job, so it is never credited to a store twice.
 */
export class UpiReferenceUsedError extends AppError {
  constructor() {
    super(
      'upi_reference_used',
      'This UPI transaction reference was already recorded for a payment; ask the customer for the reference of their payment for this job',
    );
    this.name = 'UpiReferenceUsedError';
  }
}

/** A rider whose cash in hand, with the cash due on the jobs they hold, would pass the limit (deposit first). */
export class CashLimitExceededError extends AppError {
  constructor(limitMinor: number) {
    super('cash_limit_exceeded', `Taking this job would put more than ${limitMinor} paise of cash in your hands; deposit cash before accepting it`, {
      details: { limitMinor },
    });
    this.name = 'CashLimitExceededError';
  }
}

/** A deposit of more cash than the rider has in hand (nothing is recorded). */
export class DepositExceedsCashInHandError extends AppError {
  constructor(agentId: string, inHandMinor: number, amountMinor: number) {
    super('deposit_exceeds_cash_in_hand', `Rider ${agentId} has ${inHandMinor} paise in hand; a deposit of ${amountMinor} paise cannot be recorded`, {
      details: { inHandMinor },
    });
    this.name = 'DepositExceedsCashInHandError';
  }
}

/** The deposit's receipt number was already used by another deposit: a receipt is handed over once. */
export class DepositReceiptUsedError extends AppError {
  constructor(depositId: string) {
    super('deposit_receipt_used', `This receipt number was already used by deposit ${depositId}; check the receipt, or record the deposit with its own`, {
      details: { depositId },
    });
    this.name = 'DepositReceiptUsedError';
  }
}

/** The deposit's Idempotency-Key already recorded a deposit of another amount or reference. */
export class DepositKeyConflictError extends AppError {
  constructor(depositId: string) {
    super(
      'idempotency_conflict',
      `This Idempotency-Key already recorded deposit ${depositId} with another amount or reference; use a new key for a new deposit`,
      {
        details: { depositId },
      },
    );
    this.name = 'DepositKeyConflictError';
  }
}

/**
 * A rider operations asked about who never had a fleet key (agent ids are matched exactly, case
 * included: `AGENT-1` is not `agent-1`), so no account can be theirs: 404 rather than a zero account.
 */
export class RiderNotFoundError extends AppError {
  constructor(agentId: string) {
    super('rider_not_found', `No rider ${agentId} (agent ids are case-sensitive)`);
    this.name = 'RiderNotFoundError';
  }
}
