import * as z from '../../zod.ts';

/** The optional Idempotency-Key of a rider's move that creates a record (a delivery attempt, the collection): 1–128 of letters, digits, `.`, `_`, `:`, `-`. */
export const FleetMoveHeaders = z.object({
  'Idempotency-Key': z.optional(
    z.string().check(
      z.minLength(1),
      z.maxLength(128),
      z.regex(/^[A-Za-z0-9._:-]+$/, 'Only letters, digits, ".", "_", ":" and "-" are allowed'),
      z.meta({
        description:
          'Sent again with the same body, the move is answered as it was (200, the job as it now is), never recorded twice; the same key with another body is 409 idempotency_conflict. Without one, each request is a new move.',
      }),
    ),
  ),
});
