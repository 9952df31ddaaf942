/** A store's credit: bookings it cannot cover, operations' top-ups and adjustments, remittances. */
import { AppError } from './base.ts';
import { ValidationError } from './request.ts';

export class InsufficientCreditError extends AppError {
  constructor(chargeMinor: number, availableMinor: number) {
    super('insufficient_credit', `This booking costs ${chargeMinor} paise; ${availableMinor} paise of credit is available`);
    this.name = 'InsufficientCreditError';
  }
}

/** An admin top-up that would take the balance past what a store may hold. */
export class TopUpTooLargeError extends ValidationError {
  constructor(maxMinor: number) {
    super(`Top-up would take the balance above ${maxMinor} paise`, { formErrors: [], fieldErrors: { amountMinor: ["Too large for this store's balance"] } });
    this.name = 'TopUpTooLargeError';
  }
}

/** An operator's adjustment that would take the store's available credit below zero (the admin CLI's `store adjust`). */
export class AdjustmentBelowZeroError extends AppError {
  constructor(amountMinor: number, availableMinor: number) {
    super('insufficient_credit', `An adjustment of ${amountMinor} paise would take available credit below zero: ${availableMinor} paise is available`);
    this.name = 'AdjustmentBelowZeroError';
  }
}

/** The reason id of an adjustment was already used for another amount (the same amount is a replay). */
export class AdjustmentConflictError extends AppError {
  constructor(reasonId: string, amountMinor: number) {
    super('idempotency_conflict', `Reason id "${reasonId}" already adjusted this store by ${amountMinor} paise; use another reason id for another adjustment`);
    this.name = 'AdjustmentConflictError';
  }
}

/** Operations capturing a return charge in review that the store's available credit still does not cover (the admin CLI's `settlement resolve --return`). */
export class ReturnChargeNotCoveredError extends AppError {
  constructor(chargeMinor: number, availableMinor: number) {
    super(
      'insufficient_credit',
      `The return charge of ${chargeMinor} paise is more than the ${availableMinor} paise of credit available: top the store up (store credit) or waive it (--release)`,
    );
    this.name = 'ReturnChargeNotCoveredError';
  }
}

/** No remittance with this id for the store. */
export class RemittanceNotFoundError extends AppError {
  constructor(remittanceId: string) {
    super('remittance_not_found', `No remittance ${remittanceId} for this store`);
    this.name = 'RemittanceNotFoundError';
  }
}
