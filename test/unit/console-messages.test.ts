import { describe, expect, it } from 'vitest';
import { en } from '../../console/src/messages/en.ts';
import { hi } from '../../console/src/messages/hi.ts';

/** Every key of a catalogue, as dotted paths, with what it holds (words, or a function of the values it fills in). */
function shape(value: unknown, path = ''): string[] {
  if (typeof value === 'function') return [`${path} fn/${value.length}`];
  if (typeof value === 'string') return [`${path} text`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => shape(inner, path ? `${path}.${key}` : key));
}

/** Every text of a catalogue, functions called with sample values. */
function texts(value: unknown): string[] {
  if (typeof value === 'function')
    return [String((value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, (_, i) => (i === 0 ? 3 : 'x'))))];
  if (typeof value === 'string') return [value];
  return Object.values(value as Record<string, unknown>).flatMap(texts);
}

describe('the console’s catalogues', () => {
  it('have the same keys in English and Hindi, each holding the same kind of thing (words, or a function of as many values)', () => {
    expect(shape(hi).sort()).toEqual(shape(en).sort());
  });

  it('say something for every key in both languages (no empty text)', () => {
    for (const catalogue of [en, hi]) expect(texts(catalogue).filter((text) => text.trim() === '')).toEqual([]);
  });

  it('are Hindi in Hindi: most of its texts carry Devanagari', () => {
    const all = texts(hi);
    const devanagari = all.filter((text) => /[\u0900-\u097F]/.test(text));

    expect(devanagari.length / all.length).toBeGreaterThan(0.8);
  });
});
