import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { CollectionRequest } from '../../functions/schemas/fleet-requests/collection.ts';
import { canonicalUpiReference, UPI_REFERENCE_FORMAT } from '../../functions/core/upi.ts';
import { keys } from '../../functions/data/table.ts';

const PROPERTY = { seed: 20261127, numRuns: 400 };

/** The reference a UPI payment body is recorded under, or the refusal's field errors. */
function parsed(reference: string): { reference: string } | { refused: Record<string, string[]> } {
  const result = CollectionRequest.safeParse({ method: 'upi', amountMinor: 100, reference });
  if (result.success) return { reference: result.data.reference! };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
  return { refused: fieldErrors };
}

const twelveDigits = fc.stringMatching(/^[0-9]{12}$/);
const separator = fc.constantFrom('', '', '', ' ', '-');
/** The 12 digits spelled with a separator (or none) between each two: what a rider may type. */
const spelled = (digits: string) =>
  fc.array(separator, { minLength: 11, maxLength: 11 }).map((gaps) => [...digits].map((digit, i) => digit + (gaps[i] ?? '')).join(''));

/** Ways the same transfer's number was seen written in the attack: each must be refused, never a new payment. */
const MANGLE: ReadonlyArray<(spelling: string) => string> = [
  (s) => `UTR-${s}`,
  (s) => `UTR${s}`,
  (s) => `RRN ${s}`,
  (s) => `${s}.`,
  (s) => `${s}/`,
  (s) => `${s}_`,
  (s) => `${s}\u200B`,
  (s) => `\u200B${s}`,
  (s) => `${s.slice(0, 4)}\u200B${s.slice(4)}`,
  (s) => `${s.slice(0, 4)}\u2060${s.slice(4)}`,
  (s) => `\uFEFF${s}`,
  (s) => `0${s}`,
  (s) => `${s}7`,
  (s) => s.slice(1),
  (s) => ` ${s}`,
  (s) => `${s} `,
  (s) => `${s}\n`,
  (s) => s.replace(/[0-9]/, 'O'),
  (s) => s.replace(/[0-9]/, 'l'),
  (s) => s.replace(/[0-9]/, '٣'), // an Arabic-Indic digit
  (s) => s.replace(/[0-9]/, '３'), // a full-width digit
  (s) => `${s.slice(0, 4)}  ${s.slice(4)}`,
  (s) => `${s.slice(0, 4)}--${s.slice(4)}`,
  (s) => `${s.slice(0, 4)}\u00A0${s.slice(4)}`,
  (s) => `${s.slice(0, 4)}\u2011${s.slice(4)}`, // a non-breaking hyphen
  (s) => `-${s}`,
  (s) => `${s}-`,
];

describe('UPI references: one transfer, one stored number', () => {
  it.prop([twelveDigits.chain((digits) => fc.tuple(fc.constant(digits), spelled(digits)))], PROPERTY)(
    'stores every allowed spelling of a transfer number as its 12 digits (so one transfer keys one uniqueness item)',
    ([digits, spelling]) => {
      expect(parsed(spelling)).toEqual({ reference: digits });
      expect(keys.upiReference(canonicalUpiReference(spelling)!)).toEqual({ PK: `UPIREF#${digits}`, SK: 'UPIREF' });
    },
  );

  it.prop([twelveDigits.chain((digits) => fc.tuple(fc.constant(digits), spelled(digits), fc.integer({ min: 0, max: MANGLE.length - 1 })))], PROPERTY)(
    'refuses every other writing of a transfer number with a field error naming the format, never a second payment',
    ([, spelling, mangle]) => {
      const variant = MANGLE[mangle]!(spelling);
      expect(parsed(variant)).toEqual({ refused: { reference: [UPI_REFERENCE_FORMAT] } });
      expect(canonicalUpiReference(variant)).toBeNull();
    },
  );

  it.prop([twelveDigits, fc.string({ unit: 'binary', maxLength: 30 })], PROPERTY)(
    'whatever the rider sends, it is refused or stored as exactly 12 ASCII digits, and the same 12 digits as its bare digits',
    (digits, noise) => {
      for (const input of [noise, `${digits}${noise}`, `${noise}${digits}`]) {
        const result = parsed(input);
        if ('reference' in result) {
          expect(result.reference).toMatch(/^[0-9]{12}$/);
          expect(result.reference).toBe(input.replace(/[^0-9]/g, ''));
        } else expect(result.refused).toEqual({ reference: [UPI_REFERENCE_FORMAT] });
      }
    },
  );

  it('names the format in the refusal', () => {
    expect(UPI_REFERENCE_FORMAT).toMatch(/12-digit/);
    expect(parsed('4335-1234-5678')).toEqual({ reference: '433512345678' });
    expect(parsed('4335 1234 5678')).toEqual({ reference: '433512345678' });
    expect(parsed('UTR-433512345678')).toEqual({ refused: { reference: [UPI_REFERENCE_FORMAT] } });
  });
});
