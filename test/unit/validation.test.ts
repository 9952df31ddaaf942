import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError, ValidationError, type ValidationDetails } from '../../functions/core/errors.ts';
import { parseOrThrow, toValidationDetails } from '../../functions/http/validation.ts';
import { QuoteRequest } from '../../functions/schemas/quote.schema.ts';
import { bengaluruQuote } from '../helpers/fixtures.ts';
import { loadOperationDocs } from '../../scripts/openapi-document.ts';

// The fixture is pure data: importing it needs no network.
const fullRequest = bengaluruQuote;

const minimalRequest = {
  pickupAddress: 'MG Road',
  pickupLatitude: 12.9756,
  pickupLongitude: 77.6066,
  dropAddress: 'Indiranagar',
  dropLatitude: 12.9784,
  dropLongitude: 77.6408,
};

/** The ValidationError parseOrThrow throws for `body`, or undefined when the body is valid. */
function validationErrorFor(body: unknown): ValidationError | undefined {
  try {
    parseOrThrow(QuoteRequest, body, 'quote request');
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}

const detailsFor = (body: unknown): ValidationDetails | undefined => validationErrorFor(body)?.details;

describe('parseOrThrow with QuoteRequest', () => {
  it('returns a full valid request unchanged', () => {
    expect(parseOrThrow(QuoteRequest, fullRequest, 'quote request')).toEqual(fullRequest);
  });

  it('returns a request with only the required fields', () => {
    expect(parseOrThrow(QuoteRequest, minimalRequest, 'quote request')).toEqual(minimalRequest);
  });

  it('throws a ValidationError with code validation_error', () => {
    const error = validationErrorFor({ ...minimalRequest, pickupAddress: '' });

    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(AppError);
    expect(error?.code).toBe('validation_error');
    expect(error?.name).toBe('ValidationError');
  });

  it('reports an unknown field under its own name', () => {
    const error = validationErrorFor({ ...minimalRequest, provider: 'other' });

    expect(error?.message).toBe('Invalid quote request: check provider');
    expect(error?.details).toEqual({ formErrors: [], fieldErrors: { provider: ['Unknown field'] } });
  });

  it('reports each of several unknown fields', () => {
    expect(detailsFor({ ...minimalRequest, foo: 1, bar: null })).toEqual({
      formErrors: [],
      fieldErrors: { foo: ['Unknown field'], bar: ['Unknown field'] },
    });
  });

  it('says Required for a missing required field', () => {
    const { pickupAddress: _omitted, ...body } = minimalRequest;

    const error = validationErrorFor(body);

    expect(error?.message).toBe('Invalid quote request: check pickupAddress');
    expect(error?.details).toEqual({ formErrors: [], fieldErrors: { pickupAddress: ['Required'] } });
  });

  it('says Required for a field set to undefined', () => {
    expect(detailsFor({ ...minimalRequest, dropLatitude: undefined })).toEqual({
      formErrors: [],
      fieldErrors: { dropLatitude: ['Required'] },
    });
  });

  it('names every required field of an empty object', () => {
    const error = validationErrorFor({});

    expect(error?.message).toBe('Invalid quote request: check pickupAddress, pickupLatitude, pickupLongitude, dropAddress, dropLatitude, dropLongitude');
    expect(error?.details).toEqual({
      formErrors: [],
      fieldErrors: {
        pickupAddress: ['Required'],
        pickupLatitude: ['Required'],
        pickupLongitude: ['Required'],
        dropAddress: ['Required'],
        dropLatitude: ['Required'],
        dropLongitude: ['Required'],
      },
    });
  });

  it.each([
    ['a number as a string', 'pickupLatitude', '12.97', 'Invalid input: expected number, received string'],
    ['a string as a number', 'dropAddress', 42, 'Invalid input: expected string, received number'],
    ['null for an optional string', 'pickupCity', null, 'Invalid input: expected string, received null'],
    ['a boolean for an optional number', 'packageWeightGrams', true, 'Invalid input: expected number, received boolean'],
  ])('names the field given %s', (_what, field, value, message) => {
    const error = validationErrorFor({ ...minimalRequest, [field]: value });

    expect(error?.message).toBe(`Invalid quote request: check ${field}`);
    expect(error?.details).toEqual({ formErrors: [], fieldErrors: { [field]: [message] } });
  });

  it('reports missing, mistyped and unknown fields together', () => {
    const { dropAddress: _omitted, ...body } = minimalRequest;

    expect(detailsFor({ ...body, pickupLongitude: 'east', colour: 'red' })).toEqual({
      formErrors: [],
      fieldErrors: {
        pickupLongitude: ['Invalid input: expected number, received string'],
        dropAddress: ['Required'],
        colour: ['Unknown field'],
      },
    });
  });

  it.each([
    ['an array', [], 'Invalid input: expected object, received array'],
    ['a string', 'pickup please', 'Invalid input: expected object, received string'],
    ['null', null, 'Invalid input: expected object, received null'],
    ['a number', 42, 'Invalid input: expected object, received number'],
    ['no body at all', undefined, 'Required'],
  ])('puts a body that is %s in formErrors', (_what, body, message) => {
    const error = validationErrorFor(body);

    expect(error?.message).toBe('Invalid quote request');
    expect(error?.details).toEqual({ formErrors: [message], fieldErrors: {} });
  });

  it('uses the name it is given in the message', () => {
    expect(() => parseOrThrow(QuoteRequest, {}, 'booking request')).toThrow(/^Invalid booking request: check /);
  });
});

describe('QuoteRequest ranges', () => {
  const s = (length: number): string => 'x'.repeat(length);
  const show = (value: unknown): string =>
    typeof value === 'string' ? (value.length > 12 ? `a ${value.length}-character string` : JSON.stringify(value)) : String(value);
  const labelled = (rows: Array<[string, unknown]>) => rows.map(([field, value]) => [field, show(value), value] as const);

  it.each(
    labelled([
      ['pickupPincode', '560001'],
      ['pickupPincode', ''],
      ['dropPincode', '000000'],
      ['dropPincode', ''],
      ['pickupCity', s(1)],
      ['pickupCity', s(100)],
      ['dropCity', s(1)],
      ['dropCity', s(100)],
      ['pickupAddress', s(1)],
      ['pickupAddress', s(500)],
      ['dropAddress', s(1)],
      ['dropAddress', s(500)],
      ['packageDescription', ''],
      ['packageDescription', s(500)],
      ['packageWeightGrams', 1],
      ['packageWeightGrams', 100_000],
      ['packageValueMinor', -9_007_199_254_740_991],
      ['packageValueMinor', -1],
      ['packageValueMinor', 0],
      ['packageValueMinor', 100_000_000],
      ['pickupLatitude', -90],
      ['pickupLatitude', 90],
      ['dropLatitude', -90],
      ['dropLatitude', 90],
      ['pickupLongitude', -180],
      ['pickupLongitude', 180],
      ['dropLongitude', -180],
      ['dropLongitude', 180],
    ]),
  )('accepts %s = %s', (field, _shown, value) => {
    expect(detailsFor({ ...fullRequest, [field]: value })).toBeUndefined();
  });

  it.each(
    labelled([
      ['pickupPincode', '56000'],
      ['pickupPincode', '5600011'],
      ['pickupPincode', '56000a'],
      ['pickupPincode', ' 560001'],
      ['pickupPincode', '560001\n'],
      ['pickupPincode', 560001],
      ['dropPincode', '56 0038'],
      ['pickupCity', ''],
      ['pickupCity', s(101)],
      ['dropCity', ''],
      ['dropCity', s(101)],
      ['pickupAddress', ''],
      ['pickupAddress', s(501)],
      ['dropAddress', ''],
      ['dropAddress', s(501)],
      ['packageDescription', s(501)],
      ['packageWeightGrams', 0],
      ['packageWeightGrams', -1],
      ['packageWeightGrams', 100_001],
      ['packageWeightGrams', 750.5],
      ['packageWeightGrams', '750'],
      ['packageValueMinor', -9_007_199_254_740_992],
      ['packageValueMinor', 100_000_001],
      ['packageValueMinor', 1.5],
      ['pickupLatitude', -90.000001],
      ['pickupLatitude', 90.000001],
      ['dropLatitude', -90.000001],
      ['dropLatitude', 90.000001],
      ['pickupLongitude', -180.000001],
      ['pickupLongitude', 180.000001],
      ['dropLongitude', -180.000001],
      ['dropLongitude', 180.000001],
      ['pickupLatitude', Number.NaN],
      ['dropLongitude', Number.POSITIVE_INFINITY],
    ]),
  )('rejects %s = %s, naming only that field', (field, _shown, value) => {
    const details = detailsFor({ ...fullRequest, [field]: value });

    expect(details?.formErrors).toEqual([]);
    expect(Object.keys(details?.fieldErrors ?? {})).toEqual([field]);
  });

  it.each(['pickupPincode', 'dropPincode'])('explains what a %s must be', (field) => {
    expect(detailsFor({ ...fullRequest, [field]: '1234' })).toEqual({
      formErrors: [],
      fieldErrors: { [field]: ['Must be exactly 6 digits, or empty'] },
    });
  });
});

describe('…Minor amounts in request bodies', () => {
  it('tell a fraction that amounts are whole paise, in every request body of both APIs', async () => {
    const docs = await loadOperationDocs();
    const fields = Object.values(docs).flatMap((doc) => {
      const shape = (doc?.requestBody?.schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      return Object.keys(shape)
        .filter((name) => name.endsWith('Minor'))
        .map((name) => ({ schema: doc!.requestBody!.schema, name }));
    });

    const answers = fields.map(({ schema, name }) => {
      try {
        parseOrThrow(schema as z.ZodType, { [name]: 12.5 }, 'request body');
        return [name, null];
      } catch (error) {
        return [name, (error as ValidationError).details?.fieldErrors[name]];
      }
    });

    expect(fields.length).toBeGreaterThan(0);
    expect(answers).toEqual(fields.map(({ name }) => [name, ['Must be a whole number of paise (₹12.50 is 1250)']]));
  });
});

describe('toValidationDetails', () => {
  it('files an issue deep in a field under the top-level field name', () => {
    const schema = z.object({ stop: z.object({ latitude: z.number() }) });
    const result = schema.safeParse({ stop: { latitude: 'north' } });

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: { stop: ['Invalid input: expected number, received string'] },
    });
  });

  it('keeps every issue on the same field', () => {
    const schema = z.object({ code: z.string().min(5).regex(/^\d+$/, 'digits only') });
    const result = schema.safeParse({ code: 'ab' });

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: { code: ['Too small: expected string to have >=5 characters', 'digits only'] },
    });
  });

  it('files an unknown key inside a field under that field with zod’s message', () => {
    const schema = z.strictObject({ stop: z.strictObject({ latitude: z.number() }) });
    const result = schema.safeParse({ stop: { latitude: 1, altitude: 2 } });

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: { stop: ['Unrecognized key: "altitude"'] },
    });
  });

  it('files an issue on the whole value in formErrors', () => {
    const schema = z.object({ a: z.number() }).refine(() => false, { message: 'never valid' });
    const result = schema.safeParse({ a: 1 });

    expect(toValidationDetails(result.error!)).toEqual({ formErrors: ['never valid'], fieldErrors: {} });
  });

  it('files an issue on an array element under the element index', () => {
    const result = z.array(z.number()).safeParse([1, 'two']);

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: { '1': ['Invalid input: expected number, received string'] },
    });
  });
});

describe('toValidationDetails inside the objects of a list', () => {
  const schema = z.strictObject({
    items: z.array(z.strictObject({ ref: z.optional(z.string().max(3)), drop: z.strictObject({ pincode: z.string() }) })),
    tags: z.array(z.enum(['a', 'b'])),
  });

  it('files an issue under the top-level field, its message naming the item and the field', () => {
    const result = schema.safeParse({ items: [{ drop: { pincode: '1' } }, { ref: 'long', drop: {} }], tags: [] });

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: {
        items: ['items[1].ref: Too big: expected string to have <=3 characters', 'items[1].drop.pincode: Invalid input: expected string, received undefined'],
      },
    });
  });

  it('names an unknown key in an item, and in an object inside it, by its path', () => {
    const result = schema.safeParse({ items: [{ drop: { pincode: '1', city: 'x' }, note: 'y' }], tags: [] });

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: { items: ['items[0].drop.city: Unknown field', 'items[0].note: Unknown field'] },
    });
  });

  it('keeps zod’s own message for a list element that is not an object, and for the list itself', () => {
    const result = schema.safeParse({ items: 'none', tags: ['c'] });

    expect(toValidationDetails(result.error!)).toEqual({
      formErrors: [],
      fieldErrors: { items: ['Invalid input: expected array, received string'], tags: ['Invalid option: expected one of "a"|"b"'] },
    });
  });
});

describe('field names that Object.prototype also has', () => {
  it.each(Object.getOwnPropertyNames(Object.prototype))('reports an unknown field named %s like any other', (name) => {
    const body = JSON.parse(`{${JSON.stringify(name)}: 1}`) as unknown;

    const error = (() => {
      try {
        parseOrThrow(z.strictObject({ quoteId: z.string() }), body, 'request body');
      } catch (thrown) {
        return thrown as ValidationError;
      }
      return null;
    })();

    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.message).toBe(`Invalid request body: check quoteId, ${name}`);
    expect(JSON.parse(JSON.stringify(error!.details))).toEqual(
      JSON.parse(`{"formErrors":[],"fieldErrors":{"quoteId":["Required"],${JSON.stringify(name)}:["Unknown field"]}}`),
    );
  });
});

describe('what a validation error echoes', () => {
  it('names at most 20 fields, cut to 64 characters, and counts the rest, however large the request', () => {
    const fields = Array.from({ length: 20_000 }, (_, i) => [`field_${String(i).padStart(5, '0')}_${'x'.repeat(100)}`, i]);
    const body = Object.fromEntries([['quoteId', 'q'], ...fields]);

    let error: ValidationError | null = null;
    try {
      parseOrThrow(z.strictObject({ quoteId: z.string() }), body, 'request body');
    } catch (thrown) {
      error = thrown as ValidationError;
    }

    const named = Object.keys(error!.details!.fieldErrors);
    expect(named).toHaveLength(20);
    expect(named[0]).toBe(`field_00000_${'x'.repeat(51)}…`);
    expect(named.every((name) => name.length === 64)).toBe(true);
    expect(error!.message).toMatch(/^Invalid request body: check field_00000_x+…, .+ and 19980 more fields$/);
    expect(JSON.stringify({ error: error!.message, code: error!.code, details: error!.details }).length).toBeLessThan(4096);
  });
});
