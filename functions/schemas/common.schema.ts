import * as z from 'zod';

/** Integer paise, 0 to 2^53 - 1, as every `*Minor` amount the API returns. */
export const MinorAmount = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

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
