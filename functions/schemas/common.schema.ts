import * as z from '../zod.ts';

/** Integer paise, 0 to 2^53 - 1, as every `*Minor` amount the API returns. */
export const MinorAmount = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/** What a `…Minor` amount sent with a fraction is told: amounts are paise, not rupees. */
export const WHOLE_PAISE = 'Must be a whole number of paise (₹12.50 is 1250)';

/** A `…Minor` amount a client sends: whole paise from `min` to `max`; a fraction (rupees sent as 12.5) is told how to write it. */
export const PaiseInput = (min: number, max: number) =>
  z
    .int({ error: (issue) => (typeof issue.input === 'number' && Number.isFinite(issue.input) && !Number.isInteger(issue.input) ? WHOLE_PAISE : undefined) })
    .check(z.minimum(min), z.maximum(max));

/** DynamoDB's smallest number in size: a write of a nonzero number closer to 0 fails (number underflow). */
export const SMALLEST_STORABLE = 1e-130;

/** `schema`, refusing a nonzero number too close to 0 to store: a validation error, not a failed write. */
export function storable<S extends z.ZodMiniNumber>(schema: S): S {
  return schema.check(z.refine((value: number) => value === 0 || Math.abs(value) >= SMALLEST_STORABLE, 'Too close to 0 to store: send 0'));
}

/** A whole-number query parameter from `min` to `max`, `fallback` when absent. */
export const QueryInt = (min: number, max: number, fallback: number) =>
  z
    .pipe(
      z._default(
        z.pipe(z.pipe(z.string().check(z.regex(/^\d+$/, 'Must be a whole number')), z.transform(Number)), z.int().check(z.minimum(min), z.maximum(max))),
        String(fallback) as never,
      ),
      // The default is not parsed (zod 4): it arrives as the string it is.
      z.transform((value: number) => (typeof value === 'string' ? Number(value) : value)),
    )
    .check(z.meta({ queryInteger: { type: 'integer', minimum: min, maximum: max, default: fallback } }));

export const Latitude = storable(z.number().check(z.minimum(-90), z.maximum(90)));
export const Longitude = storable(z.number().check(z.minimum(-180), z.maximum(180)));

/** Inside a transform: the value is refused with `message` (a custom issue on the value itself). */
export function refuse(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, path: [] });
  return z.NEVER;
}

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
    .pipe(
      z.string().check(z.maxLength(maxLength, CURSOR_ERROR)),
      z.transform((value: string, ctx) => {
        const decoded = Buffer.from(value, 'base64url').toString('utf8');
        const inner = decoded.startsWith(`${kind}:`) ? decoded.slice(kind.length + 1) : null;
        if (inner === null || !new RegExp(`^(?:${place.source})$`).test(inner) || encode(inner) !== value) {
          return refuse(ctx, CURSOR_ERROR);
        }
        return inner;
      }),
    )
    .check(z.meta({ description }));
  return { encode, schema };
}

// Text people read (names, addresses, notes) must show what was sent. Refused: control characters other than
// whitespace (NUL, an ANSI escape); and every format or default-ignorable character, which covers bidi
// embeddings, overrides and isolates, Unicode tag characters and invisible formatting (zero-width space, word
// joiner, BOM, LRM/RLM/ALM, soft hyphen, fillers), except ZWJ and ZWNJ, which Indic scripts need, and the
// variation selectors an emoji or ideograph needs.
const TEXT_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?![\t\n\r])\p{Cc}/u, 'Must not contain control characters (other than spaces, tabs and line breaks)'],
  [
    /(?!\u200C|\u200D|\u180F|[\u180B-\u180D]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}])[\p{Cf}\p{Default_Ignorable_Code_Point}]/u,
    'Must not contain invisible, bidi or tag characters (ZWJ and ZWNJ are allowed)',
  ],
];

/** Why `value` cannot be text people read (a lone surrogate, a hidden or disguising character), or null when it can. */
export function textRefusal(value: string): string | null {
  if (!value.isWellFormed()) return 'Must be valid text (it holds a lone UTF-16 surrogate)';
  return TEXT_REFUSALS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
}

/** Runs of whitespace (line breaks and tabs included) folded to one space, the ends trimmed. */
export function foldWhitespace(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * A name, address or note a client sends, for people to read: `min`–`max` characters as sent (the spec's
 * limits), hidden and disguising characters refused (textRefusal), whitespace folded; blank text is refused
 * with `blank` (or, with `blank: null`, kept as the empty string). The one schema of every such field.
 */
export function Text(options: { max: number; min?: 0 | 1; blank?: string | null }) {
  const { max, min = 1, blank = 'Must not be blank' } = options;
  return z.pipe(
    z.string().check(z.minLength(min), z.maxLength(max)),
    z.transform((value: string, ctx) => {
      const refusal = textRefusal(value);
      if (refusal !== null) return refuse(ctx, refusal);
      const folded = foldWhitespace(value);
      if (folded === '' && blank !== null) return refuse(ctx, blank);
      return folded;
    }),
  );
}
