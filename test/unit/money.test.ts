import { describe, expect, it } from 'vitest';
import { ceilToRupee, MAX_MINOR, minorToRupees } from '../../functions/core/money.ts';

describe('MAX_MINOR', () => {
  it('caps amounts at 2^53 - 1', () => {
    expect(MAX_MINOR).toBe(9_007_199_254_740_991);
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
