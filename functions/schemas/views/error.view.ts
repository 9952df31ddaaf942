import * as z from '../../zod.ts';

/** idempotency_conflict's `details.jobId`: the job the Idempotency-Key already booked. */
export const ConflictingJobId = z.string();

/** The seed's two keys every `details` carries (empty when unused). */
export const FormErrors = z.array(z.string());
export const FieldErrors = z.record(z.string(), z.array(z.string()));

/**
 * An error's `details`: the seed's formErrors and fieldErrors always, each refusal's own keys beside them.
 * Open (additional properties allowed) so a client typed from it keeps working when a refusal names more;
 * the own keys known today are listed, each with the refusal that carries it.
 */
export const ErrorDetails = z.looseObject({
  formErrors: FormErrors,
  fieldErrors: FieldErrors,
  jobId: z.optional(ConflictingJobId),
  // 409 job_not_editable: the fields sent that can no longer change.
  fields: z.optional(z.array(z.string())),
  // job_not_editable, parcel_not_picked_up, no_decision_pending, not_cancellable: the job's status.
  status: z.optional(z.string()),
  // 409 parcel_return_required: the call that brings the parcel back instead.
  returnPath: z.optional(z.string()),
  // 409 parcel_not_picked_up: the call that ends the job instead.
  cancelPath: z.optional(z.string()),
  // 422 collection_limit_exceeded: the most the zone collects on one job.
  maxCollectMinor: z.optional(z.int()),
  // 409 collection_amount_mismatch and collection_pending: the amount due.
  dueMinor: z.optional(z.int()),
  // 409 collection_pending: the call that records the payment.
  collectionPath: z.optional(z.string()),
  // 409 cash_limit_exceeded: the rider's cash limit.
  limitMinor: z.optional(z.int()),
  // 409 deposit_exceeds_cash_in_hand: the cash the rider has in hand.
  inHandMinor: z.optional(z.int()),
  // 409 idempotency_conflict on a deposit: the deposit the Idempotency-Key already recorded.
  depositId: z.optional(z.string()),
  // 409 decision_deadline_passed: the default that applies instead.
  defaultAction: z.optional(z.enum(['reattempt', 'return'])),
  // 409 idempotency_conflict on a rider's move: the move the Idempotency-Key already recorded.
  move: z.optional(z.string()),
});

/** The error body of every error status. */
export const ErrorBody = z.strictObject({
  error: z.string(),
  code: z.string(),
  details: z.optional(ErrorDetails),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
