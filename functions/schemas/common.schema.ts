import * as z from 'zod';

/** Integer paise, 0 to 2^53 - 1, as every `*Minor` amount the API returns. */
export const MinorAmount = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/** DynamoDB's smallest number in size: a write of a nonzero number closer to 0 fails (number underflow). */
export const SMALLEST_STORABLE = 1e-130;

/** `schema`, refusing a nonzero number too close to 0 to store: a validation error, not a failed write. */
export function storable<S extends z.ZodNumber>(schema: S): S {
  return schema.refine((value) => value === 0 || Math.abs(value) >= SMALLEST_STORABLE, 'Too close to 0 to store: send 0');
}

/** A whole-number query parameter from `min` to `max`, `fallback` when absent. */
export const QueryInt = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .default(String(fallback) as never)
    .transform((value) => (typeof value === 'string' ? Number(value) : value))
    // Query strings are text; the API description shows the number they must spell.
    .meta({ queryInteger: { type: 'integer', minimum: min, maximum: max, default: fallback } });

export const Latitude = storable(z.number().min(-90).max(90));
export const Longitude = storable(z.number().min(-180).max(180));

/** The error body of every error status. */
export const ErrorBody = z.strictObject({
  error: z.string(),
  code: z.string(),
  details: z
    .strictObject({
      formErrors: z.array(z.string()),
      fieldErrors: z.record(z.string(), z.array(z.string())),
    })
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** What every list answers for a cursor it did not make. */
export const CURSOR_ERROR = 'Must be a nextCursor from an earlier page';

/**
 * An opaque list cursor: base64url of `<kind>:<place>`, where `place` must match `place` (anchored),
 * at most `maxLength` characters.
 * `schema` takes a cursor back to its place, or refuses it (400 naming the parameter); only the
 * cursor `encode` makes passes, byte for byte.
 */
export function opaqueCursor(kind: string, place: RegExp, maxLength: number, description: string) {
  const encode = (value: string) => Buffer.from(`${kind}:${value}`).toString('base64url');
  const schema = z
    .string()
    .max(maxLength, CURSOR_ERROR)
    .transform((value, ctx) => {
      const decoded = Buffer.from(value, 'base64url').toString('utf8');
      const inner = decoded.startsWith(`${kind}:`) ? decoded.slice(kind.length + 1) : null;
      if (inner === null || !new RegExp(`^(?:${place.source})$`).test(inner) || encode(inner) !== value) {
        ctx.addIssue({ code: 'custom', message: CURSOR_ERROR });
        return z.NEVER;
      }
      return inner;
    })
    .meta({ description });
  return { encode, schema };
}
