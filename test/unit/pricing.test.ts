import { describe, expect, it } from 'vitest';
import { priceRoute, weightSurcharge } from '../../functions/core/pricing.ts';
import { BENGALURU_RATE_CARD as card } from '../helpers/fixtures.ts';

describe('priceRoute', () => {
  it.each([
    [0, 4000],
    [1, 4000],
    [1999, 4000],
    [2000, 4000],
  ])('charges only the base fare for %d m, within the included distance', (distance, expected) => {
    expect(priceRoute(card, distance)).toBe(expected);
  });

  it('adds 1 paise for 1 m over the included distance and rounds up to the next rupee', () => {
    expect(priceRoute(card, 2001)).toBe(4100);
  });

  it.each([
    [2099, 4100],
    [2100, 4100],
    [2101, 4200],
    [3000, 5000],
    [3001, 5100],
    [35_000, 37_000],
  ])('charges %d m as %d paise', (distance, expected) => {
    expect(priceRoute(card, distance)).toBe(expected);
  });

  it('does not round a charge that is already a whole rupee', () => {
    expect(priceRoute(card, 12_000)).toBe(14_000);
  });

  it('rounds a base fare that is not a whole rupee up', () => {
    expect(priceRoute({ ...card, baseFareMinor: 4001 }, 0)).toBe(4100);
    expect(priceRoute({ ...card, baseFareMinor: 4050 }, 2000)).toBe(4100);
  });

  it('rounds a fraction of a paise up to a whole paise before rounding to the rupee', () => {
    // 1 m at 1 paise per km is 0.001 paise: 4100 + 1 = 4101, then up to 4200.
    const cheap = { ...card, baseFareMinor: 4100, perKmMinor: 1 };

    expect(priceRoute(cheap, 2001)).toBe(4200);
    expect(priceRoute(cheap, 2000)).toBe(4100);
  });

  it('bills every metre when nothing is included', () => {
    const noneIncluded = { ...card, baseFareMinor: 0, includedMeters: 0, perKmMinor: 100_000 };

    expect(priceRoute(noneIncluded, 1)).toBe(100);
    expect(priceRoute(noneIncluded, 10)).toBe(1000);
  });

  it('charges zero for a free card', () => {
    const free = { ...card, baseFareMinor: 0, perKmMinor: 0 };

    expect(priceRoute(free, 50_000)).toBe(0);
  });

  it('combines a fractional distance charge with the weight surcharge before rounding once', () => {
    // 501 m x 1200 / 1000 = 601.2 -> 602; 4000 + 602 + 2000 = 6602 -> 6700.
    expect(priceRoute({ ...card, perKmMinor: 1200 }, 2501, 3000)).toBe(6700);
  });

  it.each([
    [undefined, 4000],
    [1, 4000],
    [1000, 4000],
    [1001, 6000],
    [5000, 6000],
    [5001, 9000],
    [10_000, 9000],
    [10_001, 14_000],
    [20_000, 14_000],
    [20_001, 29_000],
    [100_000, 29_000],
    [100_001, 29_000],
  ])('adds the weight slab surcharge for %s g', (weight, expected) => {
    expect(priceRoute(card, 2000, weight)).toBe(expected);
  });
});

describe('weightSurcharge', () => {
  it.each([
    [1, 0],
    [1000, 0],
    [1001, 2000],
    [4999, 2000],
    [5000, 2000],
    [5001, 5000],
    [10_000, 5000],
    [10_001, 10_000],
    [20_000, 10_000],
    [20_001, 25_000],
    [99_999, 25_000],
    [100_000, 25_000],
  ])('puts %d g in the slab whose surcharge is %d paise', (weight, expected) => {
    expect(weightSurcharge(card, weight)).toBe(expected);
  });

  it.each([100_001, 250_000])('charges %d g, heavier than the last slab, the last slab', (weight) => {
    expect(weightSurcharge(card, weight)).toBe(25_000);
  });

  it('charges the first slab when no weight is given', () => {
    const firstSlabCharged = { ...card, weightSlabs: [{ upToGrams: 500, surchargeMinor: 700 }, ...card.weightSlabs.slice(1)] };

    expect(weightSurcharge(firstSlabCharged, undefined)).toBe(700);
    expect(weightSurcharge(firstSlabCharged)).toBe(700);
    expect(priceRoute(firstSlabCharged, 2000)).toBe(4700);
  });

  it('charges a single-slab card that slab for any weight', () => {
    const single = { ...card, weightSlabs: [{ upToGrams: 1000, surchargeMinor: 300 }] };

    expect(weightSurcharge(single, 1)).toBe(300);
    expect(weightSurcharge(single, 1000)).toBe(300);
    expect(weightSurcharge(single, 50_000)).toBe(300);
  });
});
