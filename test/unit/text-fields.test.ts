import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from '../../functions/zod.ts';
import { BookingRequest, JobEditRequest } from '../../functions/schemas/job.schema.ts';
import { QuoteRequest } from '../../functions/schemas/quote.schema.ts';
import { WebhookEndpointRequest } from '../../functions/schemas/webhook.schema.ts';
import { DeliveryAttemptRequest } from '../../functions/schemas/fleet-requests/delivery-attempt.ts';
import { FailRequest } from '../../functions/schemas/fleet-requests/fail.ts';
import { toValidationDetails } from '../../functions/http/validation.ts';

// Issue 33 §4 (Low): names, addresses and notes refuse what hides or disguises text (control characters,
// bidi overrides and isolates, lone surrogates, tag characters, invisible formatting), keep ZWJ and ZWNJ
// (Indic scripts need them), fold whitespace runs to one space, and refuse blank text; each refusal names
// its field. One shared schema does it, so the property is checked over every text field a client sends.

const QUOTE = {
  pickupAddress: 'MG Road, Bengaluru',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: '100 Feet Road, Indiranagar, Bengaluru',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
};
const BOOKING = {
  quoteId: '3b241101-e2bb-4255-8caf-4136c566a962',
  externalOrderId: 'ORD-1',
  pickupName: 'Chai Point',
  pickupPhone: '+919876543210',
  dropName: 'Asha Rao',
  dropPhone: '+919845012345',
};

type Field = { name: string; schema: z.ZodMiniType; base: Record<string, unknown>; field: string; max: number; blank: 'refused' | 'empty' };
const field = (name: string, schema: z.ZodMiniType, base: Record<string, unknown>, key: string, max: number, blank: Field['blank'] = 'refused'): Field => ({
  name,
  schema,
  base,
  field: key,
  max,
  blank,
});

/** Every text field a client sends that people read: names, addresses, notes, descriptions. */
const TEXT_FIELDS: Field[] = [
  field('quote pickupAddress', QuoteRequest, QUOTE, 'pickupAddress', 500),
  field('quote pickupCity', QuoteRequest, QUOTE, 'pickupCity', 100),
  field('quote dropAddress', QuoteRequest, QUOTE, 'dropAddress', 500),
  field('quote dropCity', QuoteRequest, QUOTE, 'dropCity', 100),
  // The spec allows an empty description ("up to 500 chars"): blank text is kept as empty, not refused.
  field('quote packageDescription', QuoteRequest, QUOTE, 'packageDescription', 500, 'empty'),
  field('booking pickupName', BookingRequest, BOOKING, 'pickupName', 100),
  field('booking dropName', BookingRequest, BOOKING, 'dropName', 100),
  field('booking pickupInstructions', BookingRequest, BOOKING, 'pickupInstructions', 280),
  field('booking dropInstructions', BookingRequest, BOOKING, 'dropInstructions', 280),
  field('edit pickupName', JobEditRequest, {}, 'pickupName', 100),
  field('edit dropName', JobEditRequest, {}, 'dropName', 100),
  field('edit pickupInstructions', JobEditRequest, {}, 'pickupInstructions', 280),
  field('edit dropInstructions', JobEditRequest, {}, 'dropInstructions', 280),
  field('delivery attempt note', DeliveryAttemptRequest, { reason: 'customer_unreachable' }, 'note', 280),
  field('fail reason', FailRequest, {}, 'reason', 500),
  field('webhook endpoint description', WebhookEndpointRequest, { url: 'https://shop.example.in/hooks/delivery' }, 'description', 200),
];

/** Characters no name, address or note may hold, by kind. */
const REFUSED = [
  '\u0000', // NUL
  '\u001B', // ESC, as in an ANSI colour sequence
  '\u0007',
  '\u007F',
  '\u0085',
  '\u009B', // the one-character CSI
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E', // bidi embeddings and overrides
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069', // bidi isolates
  '\uD800',
  '\uDFFF', // lone surrogates
  '\u{E0000}',
  '\u{E0001}',
  '\u{E0041}',
  '\u{E007F}', // tag characters
  '\u200B', // zero-width space
  '\u2060', // word joiner
  '\uFEFF', // byte order mark
  '\u200E',
  '\u200F',
  '\u061C', // LRM, RLM, ALM
  '\u00AD', // soft hyphen
  '\u2061',
  '\u2064', // invisible operators
  '\u180E', // Mongolian vowel separator
  '\u3164', // Hangul filler
];

// Text people write: Latin and Indic letters (with ZWJ and ZWNJ, which Indic scripts need), digits, punctuation,
// an emoji with its variation selector, and whitespace of every kind (folded to one space).
const PIECES = ['a', 'Z', 'क', '्', 'ष', 'ര', '\u200D', '\u200C', 'ಕ', '3', ',', '-', '#', '☕\uFE0F', ' ', '  ', '\n', '\t', '\r\n', '\u00A0', '\u3000'];
const text = fc
  .tuple(fc.constantFrom('A', 'क', '9', 'ഷ'), fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }))
  .map(([first, rest]) => `${first}${rest.join('')}`);
const folded = (value: string) => value.replace(/\s+/g, ' ').trim();

function parse(f: Field, value: unknown) {
  const result = f.schema.safeParse({ ...f.base, [f.field]: value });
  return result.success
    ? { ok: true as const, value: (result.data as Record<string, unknown>)[f.field] }
    : { ok: false as const, details: toValidationDetails(result.error) };
}

describe.each(TEXT_FIELDS)('$name', (f) => {
  it('keeps text people write, whitespace runs folded to one space and the ends trimmed, ZWJ and ZWNJ kept', () => {
    fc.assert(
      fc.property(text, (value) => {
        const answer = parse(f, `  ${value} `);
        expect(answer).toEqual({ ok: true, value: folded(value) });
      }),
    );
    expect(parse(f, 'क्\u200Dष र\u200Cव')).toEqual({ ok: true, value: 'क्\u200Dष र\u200Cव' });
  });

  it('refuses a refused character anywhere in the text, naming the field and nothing else', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...REFUSED), fc.nat(), (value, bad, at) => {
        const where = at % (value.length + 1);
        const answer = parse(f, `${value.slice(0, where)}${bad}${value.slice(where)}`);
        expect(answer.ok).toBe(false);
        if (answer.ok) return;
        expect(answer.details.formErrors).toEqual([]);
        expect(Object.keys(answer.details.fieldErrors)).toEqual([f.field]);
        expect(answer.details.fieldErrors[f.field]![0]).toMatch(/^Must/);
      }),
    );
    // An ANSI escape sequence, whole.
    expect(parse(f, 'Asha \u001B[31mRao\u001B[0m').ok).toBe(false);
  });

  it(f.blank === 'refused' ? 'refuses blank text, naming the field' : 'keeps blank text as empty', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(' ', '\n', '\t', '\u00A0', '\u3000', '\r\n'), { minLength: 1, maxLength: 8 }), (spaces) => {
        const answer = parse(f, spaces.join(''));
        if (f.blank === 'empty') expect(answer).toEqual({ ok: true, value: '' });
        else expect(answer.ok ? answer : Object.keys(answer.details.fieldErrors)).toEqual([f.field]);
      }),
    );
  });

  it(`refuses text longer than ${f.max} characters`, () => {
    expect(parse(f, 'a'.repeat(f.max)).ok).toBe(true);
    expect(parse(f, 'a'.repeat(f.max + 1)).ok).toBe(false);
  });
});

describe('the text fields checked above', () => {
  // A request schema's free-text fields: strings with no pattern, format or enum (ids, phones and URLs have their own rules).
  const freeText = (schema: z.ZodMiniType) => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, Record<string, unknown>> };
    const isFreeText = (property: Record<string, unknown>): boolean =>
      ((property.type === 'string' || (Array.isArray(property.type) && property.type.includes('string'))) &&
        property.pattern === undefined &&
        property.format === undefined &&
        property.enum === undefined) ||
      (Array.isArray(property.anyOf) && (property.anyOf as Array<Record<string, unknown>>).some(isFreeText));
    return Object.entries(json.properties)
      .filter(([, property]) => isFreeText(property))
      .map(([name]) => name);
  };

  it('are every free-text field of the request bodies that take names, addresses and notes', () => {
    const schemas = new Map(TEXT_FIELDS.map((f) => [f.schema, f.name.split(' ')[0]]));
    for (const schema of schemas.keys()) {
      const listed = TEXT_FIELDS.filter((f) => f.schema === schema).map((f) => f.field);
      // Not text a person reads: the merchant's own order id, a URL, a phone (normalised to +91 and ten digits).
      const own = (name: string) => name === 'externalOrderId' || name === 'url' || name.endsWith('Phone');
      expect(
        freeText(schema)
          .filter((name) => !own(name))
          .sort(),
      ).toEqual([...listed].sort());
    }
  });
});
