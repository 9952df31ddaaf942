import { describe, expect, it } from 'vitest';
import { ceilToRupee, isMinorAmount, MAX_MINOR, minorToRupees } from '../../functions/core/money.ts';

describe('isMinorAmount', () => {
  it('caps amounts at 2^53 - 1', () => {
    expect(MAX_MINOR).toBe(9_007_199_254_740_991);
  });

  it.each([0, 1, 100, 150_000, Number.MAX_SAFE_INTEGER])('accepts %d paise', (value) => {
    expect(isMinorAmount(value)).toBe(true);
  });

  it.each([
    ['a negative amount', -1],
    ['a fraction of a paise', 1.5],
    ['2^53', Number.MAX_SAFE_INTEGER + 1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a numeric string', '100'],
    ['a bigint', 100n],
    ['null', null],
    ['undefined', undefined],
    ['a boxed number', Object(100)],
  ])('rejects %s', (_what, value) => {
    expect(isMinorAmount(value)).toBe(false);
  });
});

describe('ceilToRupee', () => {
  it.each([
    [0, 0],
    [1, 100],
    [99, 100],
    [100, 100],
    [101, 200],
    [4001, 4100],
    [4100, 4100],
    [123_456, 123_500],
    [1_000_000_000_000, 1_000_000_000_000],
    [1_000_000_000_001, 1_000_000_000_100],
  ])('rounds %d paise up to %d', (minor, expected) => {
    expect(ceilToRupee(minor)).toBe(expected);
  });
});

describe('minorToRupees', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [100, 1],
    [150_000, 1500],
    [12_345, 123.45],
    [99, 0.99],
    [-250, -2.5],
  ])('converts %s paise to %s rupees', (minor, expected) => {
    expect(minorToRupees(minor)).toBe(expected);
  });
});
