import { describe, expect, it } from 'vitest';
import { normalizeIndianMobile } from '../../functions/core/phone.ts';

describe('normalizeIndianMobile', () => {
  it.each([
    ['ten bare digits', '9876543210', '+919876543210'],
    ['+91 and ten digits', '+919876543210', '+919876543210'],
    ['+91, a space and grouped digits', '+91 98765 43210', '+919876543210'],
    ['+91 with hyphens', '+91-98765-43210', '+919876543210'],
    ['+91 and a space', '+91 9876543210', '+919876543210'],
    ['+91 and several spaces', '+91   9876543210', '+919876543210'],
    ['+91, a spaced hyphen and digits', '+91 - 98765 43210', '+919876543210'],
    ['91 and ten digits', '919876543210', '+919876543210'],
    ['91 and a hyphen', '91-9876543210', '+919876543210'],
    ['0 and ten digits', '09876543210', '+919876543210'],
    ['0, a space and ten digits', '0 9876543210', '+919876543210'],
    ['0, a hyphen and grouped digits', '0-98765-43210', '+919876543210'],
    ['surrounding spaces and a hyphen', ' 98765-43210 ', '+919876543210'],
    ['surrounding tabs and newlines', '\t9876543210\n', '+919876543210'],
    ['digits in pairs', '98 76 54 32 10', '+919876543210'],
    ['a hyphen between every digit', '9-8-7-6-5-4-3-2-1-0', '+919876543210'],
    ['two separators between groups', '98765 - 43210', '+919876543210'],
    ['ten digits that start with 91 and no prefix', '9187654321', '+919187654321'],
    ['91 and ten digits that start with 91', '919187654321', '+919187654321'],
    ['+91 and ten digits that start with 91', '+91 9187654321', '+919187654321'],
    ['ten digits that start with 6', '6000000000', '+916000000000'],
    ['ten digits that start with 7', '7012345678', '+917012345678'],
    ['ten digits that start with 8', '8123456789', '+918123456789'],
    ['91 and ten digits that start with 6', '916123456789', '+916123456789'],
  ])('accepts %s', (_form, input, expected) => {
    expect(normalizeIndianMobile(input)).toBe(expected);
  });

  it.each([
    ['a first digit of 5', '5876543210'],
    ['ten digits that start with 0', '0876543210'],
    ['a first digit of 1', '1234567890'],
    ['a first digit of 5 after +91', '+91 5876543210'],
    ['nine digits', '987654321'],
    ['eleven digits', '98765432101'],
    ['+91 and nine digits', '+91987654321'],
    ['+91 and eleven digits', '+9198765432101'],
    ['91 and eleven digits', '9198765432101'],
    ['letters', '98765abcde'],
    ['a letter O for a zero', '987654321O'],
    ['only letters', 'abcdefghij'],
    ['another country code', '+92 9876543210'],
    ['a doubled plus', '++919876543210'],
    ['a space inside the country code', '+ 919876543210'],
    ['091 as a prefix', '091 9876543210'],
    ['0091 as a prefix', '0091 9876543210'],
    ['two prefixes', '+91 0 9876543210'],
    ['dots', '98765.43210'],
    ['parentheses', '(98765) 43210'],
    ['a parenthesised country code', '(+91) 9876543210'],
    ['slashes', '98765/43210'],
    ['underscores', '98765_43210'],
    ['the empty string', ''],
    ['only whitespace', '   '],
    ['only a prefix', '+91'],
    ['a hyphen before the digits', '-9876543210'],
    ['a hyphen after the digits', '9876543210-'],
    ['a hyphen after the digits with a prefix', '+91 9876543210-'],
    ['text around the number', 'call 9876543210'],
    ['an extension', '9876543210 ext 1'],
    ['a tab between digits (only spaces and hyphens separate digits)', '98765\t43210'],
    ['a newline between digits', '98765\n43210'],
    ['a non-breaking space between digits', '98765\u00a043210'],
  ])('rejects %s', (_form, input) => {
    expect(normalizeIndianMobile(input)).toBeNull();
  });
});
