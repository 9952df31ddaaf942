import * as z from '../../zod.ts';
import { DELIVERY_ATTEMPT_REASONS } from '../../core/job.ts';
import { refuse } from '../common.schema.ts';
import { normalizeInstructions } from '../job-parts.ts';

// The rider's note on a failed attempt: the merchant's instructions' rules (whitespace folded, 1–280 characters, no control characters).
export const AttemptNote = z.pipe(
  z.string(),
  z.transform((value, ctx) => {
    if (value.trim() === '') return refuse(ctx, 'Must not be blank: leave the note out instead');
    const result = normalizeInstructions(value);
    return result.ok ? result.value : refuse(ctx, result.message);
  }),
);

/** Body of POST …/delivery-attempts: why the parcel could not be handed over, and optionally a note. */
export const DeliveryAttemptRequest = z.strictObject({
  reason: z.enum(DELIVERY_ATTEMPT_REASONS, { error: `Must be one of ${DELIVERY_ATTEMPT_REASONS.join(', ')}` }),
  note: z.optional(AttemptNote),
});
