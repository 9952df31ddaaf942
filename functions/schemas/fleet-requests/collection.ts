import * as z from '../../zod.ts';
import { PAYMENT_METHODS } from '../../core/job.ts';
import { PaiseInput } from '../common.schema.ts';

/** A UPI transaction reference (the UTR or the app's id): 6–50 letters, digits, `.`, `_`, `/`, `-`, starting with a letter or digit. */
export const UpiReference = z
  .string()
  .check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{5,49}$/, 'Must be the UPI transaction reference: 6–50 letters, digits, ".", "_", "/" or "-"'));

/**
 * Body of POST …/collection: the payment the rider took at the door, the whole amount due. A UPI
 * payment names its transaction reference (required); a cash payment has none (refused: a cash
 * payment's only record is the rider's cash log).
 */
export const CollectionRequest = z
  .strictObject({
    method: z.enum(PAYMENT_METHODS, { error: `Must be one of ${PAYMENT_METHODS.join(', ')}` }),
    amountMinor: PaiseInput(1, 100_000_000),
    reference: z.optional(UpiReference),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.method === 'upi' && body.reference === undefined) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Required for a UPI payment: the UPI transaction reference' });
      }
      if (body.method === 'cash' && body.reference !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Leave it out for a cash payment (only UPI payments have a reference)' });
      }
    }),
  );
export type CollectionRequest = z.infer<typeof CollectionRequest>;
