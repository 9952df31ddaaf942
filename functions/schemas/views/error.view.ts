import * as z from '../../zod.ts';

/** idempotency_conflict's `details.jobId`: the job the Idempotency-Key already booked. */
export const ConflictingJobId = z.string();

/** The error body of every error status. */
export const ErrorBody = z.strictObject({
  error: z.string(),
  code: z.string(),
  details: z.optional(
    z.union([
      z.strictObject({
        formErrors: z.array(z.string()),
        fieldErrors: z.record(z.string(), z.array(z.string())),
        jobId: z.optional(ConflictingJobId),
      }),
      // 409 job_not_editable: the fields sent that can no longer change, and the job's status.
      z.strictObject({ fields: z.array(z.string()), status: z.string() }),
      // 409 parcel_return_required: the call that brings the parcel back instead.
      z.strictObject({ returnPath: z.string() }),
      // 409 parcel_not_picked_up: the job's status and the call that ends it instead.
      z.strictObject({ status: z.string(), cancelPath: z.string() }),
      // 409 no_decision_pending: the job's status.
      z.strictObject({ status: z.string() }),
      // 409 decision_deadline_passed: the default that applies instead.
      z.strictObject({ defaultAction: z.enum(['reattempt', 'return']) }),
      // 409 idempotency_conflict on a rider's move: the move the Idempotency-Key already recorded.
      z.strictObject({ move: z.string() }),
      // 422 collection_limit_exceeded: the most the zone collects on one job.
      z.strictObject({ maxCollectMinor: z.int() }),
      // 409 collection_amount_mismatch: the amount due.
      z.strictObject({ dueMinor: z.int() }),
      // 409 collection_pending: the amount due and the call that records the payment.
      z.strictObject({ dueMinor: z.int(), collectionPath: z.string() }),
      // 409 cash_limit_exceeded: the rider's cash limit.
      z.strictObject({ limitMinor: z.int() }),
      // 409 deposit_exceeds_cash_in_hand: the cash the rider has in hand.
      z.strictObject({ inHandMinor: z.int() }),
      // 409 idempotency_conflict on a deposit: the deposit the Idempotency-Key already recorded.
      z.strictObject({ depositId: z.string() }),
    ]),
  ),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
