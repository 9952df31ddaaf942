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
