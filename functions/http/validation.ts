import * as z from '../zod.ts';
import { ValidationError, type ValidationDetails } from '../core/errors.ts';

/** What an error echoes back at most, so a huge bad request never makes a huge answer. */
export const ECHO_LIMITS = { fields: 20, nameLength: 64, messagesPerField: 3, formErrors: 5 } as const;

// A client's field name as the error repeats it: cut to ECHO_LIMITS.nameLength characters.
const echoedName = (name: string) => (name.length > ECHO_LIMITS.nameLength ? `${name.slice(0, ECHO_LIMITS.nameLength - 1)}…` : name);

// Whether an issue is inside an object in a list (`items[3].drop`): its top-level field alone does not say which item.
const inListItem = (path: readonly PropertyKey[]) => path.some((part, i) => i > 0 && i < path.length - 1 && typeof part === 'number');

// Where a nested issue is, as a client writes it: `items[3].drop` (names cut as echoed).
function pathName(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${echoedName(String(part))}`)).join('');
}

/**
 * zod issues in the spec's `details` shape: issues on a field go to fieldErrors[field] (the top-level
 * field name), issues on the whole value to formErrors. An unknown field is reported under its own
 * name, so a client sees exactly which field to remove. An issue inside an object in a list is filed
 * under the top-level field too, its message prefixed with its path (`items[3].drop: …`). At most
 * ECHO_LIMITS.fields fields are reported (names cut to ECHO_LIMITS.nameLength); `omittedFields`
 * counts the rest.
 */
export function toValidationDetails(error: z.core.$ZodError): ValidationDetails {
  return collectDetails(error).details;
}

function collectDetails(error: z.core.$ZodError): { details: ValidationDetails; omittedFields: number } {
  // Field names come from the client: a null-prototype map, so `constructor` or `__proto__` is just a name.
  const fieldErrors = Object.create(null) as Record<string, string[]>;
  const details = { formErrors: [] as string[], fieldErrors };
  const omitted = new Set<string>();
  const add = (field: string, message: string) => {
    const name = echoedName(field);
    const messages = fieldErrors[name];
    if (messages) {
      if (messages.length < ECHO_LIMITS.messagesPerField) messages.push(message);
    } else if (Object.keys(fieldErrors).length < ECHO_LIMITS.fields) {
      fieldErrors[name] = [message];
    } else {
      omitted.add(name);
    }
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      for (const key of issue.keys) add(key, 'Unknown field');
    } else if (issue.code === 'unrecognized_keys' && issue.keys.length > 0 && inListItem([...issue.path, issue.keys[0]!])) {
      for (const key of issue.keys) add(String(issue.path[0]), `${pathName([...issue.path, key])}: Unknown field`);
    } else if (inListItem(issue.path)) {
      add(String(issue.path[0]), `${pathName(issue.path)}: ${issue.message}`);
    } else if (issue.path.length > 0) {
      add(String(issue.path[0]), issue.message);
    } else if (details.formErrors.length < ECHO_LIMITS.formErrors) {
      details.formErrors.push(issue.message);
    }
  }
  return { details, omittedFields: omitted.size };
}

// zod says "expected string, received undefined" for a missing field; clients understand "Required".
function requiredMessage(issue: z.core.$ZodRawIssue): string | undefined {
  return issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined;
}

/** Parses `value` with `schema`, or throws a ValidationError naming what was wrong where. */
export function parseOrThrow<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const result = z.safeParse(schema, value, { error: requiredMessage });
  if (result.success) return result.data;
  const { details, omittedFields } = collectDetails(result.error);
  const fields = Object.keys(details.fieldErrors);
  const more = omittedFields > 0 ? ` and ${omittedFields} more field${omittedFields === 1 ? '' : 's'}` : '';
  const message = fields.length > 0 ? `Invalid ${what}: check ${fields.join(', ')}${more}` : `Invalid ${what}`;
  throw new ValidationError(message, details);
}
