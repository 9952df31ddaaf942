import type { z } from 'zod';
import { ValidationError, type ValidationDetails } from '../core/errors.ts';

/**
 * zod issues in the spec's `details` shape: issues on a field go to fieldErrors[field] (the top-level
 * field name), issues on the whole value to formErrors. An unknown field is reported under its own
 * name, so a client sees exactly which field to remove.
 */
export function toValidationDetails(error: z.ZodError): ValidationDetails {
  const details: ValidationDetails = { formErrors: [], fieldErrors: {} };
  const add = (field: string, message: string) => {
    (details.fieldErrors[field] ??= []).push(message);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      for (const key of issue.keys) add(key, 'Unknown field');
    } else if (issue.path.length > 0) {
      add(String(issue.path[0]), issue.message);
    } else {
      details.formErrors.push(issue.message);
    }
  }
  return details;
}

// zod says "expected string, received undefined" for a missing field; clients understand "Required".
function requiredMessage(issue: z.core.$ZodRawIssue): string | undefined {
  return issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined;
}

/** Parses `value` with `schema`, or throws a ValidationError naming what was wrong where. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(value, { error: requiredMessage });
  if (result.success) return result.data;
  const details = toValidationDetails(result.error);
  const fields = Object.keys(details.fieldErrors);
  const message = fields.length > 0 ? `Invalid ${what}: check ${fields.join(', ')}` : `Invalid ${what}`;
  throw new ValidationError(message, details);
}
