import * as z from '../../zod.ts';
import { PAYMENT_METHODS } from '../../core/job.ts';
import { PaiseInput, refuse } from '../common.schema.ts';
import { canonicalUpiReference, UPI_REFERENCE_FORMAT } from '../../core/upi.ts';

/** A UPI transaction reference as written: the 12-digit UPI transaction number, a space or hyphen allowed between digits. */
export const UpiReferenceText = z.string().check(z.regex(/^[0-9](?:[ -]?[0-9]){11}$/, UPI_REFERENCE_FORMAT));
/** The UPI reference a body carries: its 12 digits. */
export const UpiReference = z.pipe(
  UpiReferenceText,
  z.transform((value, ctx) => canonicalUpiReference(value) ?? refuse(ctx, UPI_REFERENCE_FORMAT)),
);

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
