import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, generateApiKey, hashApiKey, looksLikeApiKey, newId, randomBase62, usageKeyValue } from '../../functions/core/api-key.ts';

const BASE62_CHARACTERS = new Set('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');

describe('generateApiKey', () => {
  it.each([
    [false, 'mdk_live_'],
    [true, 'mdk_test_'],
  ])('makes a key with sandbox = %s that starts %s and matches API_KEY_PATTERN', (sandbox, prefix) => {
    const key = generateApiKey(sandbox);

    expect(key.startsWith(prefix)).toBe(true);
    expect(key).toHaveLength(prefix.length + 32);
    expect(key).toMatch(API_KEY_PATTERN);
    expect(key).toMatch(new RegExp(`^${prefix}[0-9A-Za-z]{32}$`));
    expect(looksLikeApiKey(key)).toBe(true);
  });

  it('makes a different key every time', () => {
    const keys = Array.from({ length: 200 }, (_, i) => generateApiKey(i % 2 === 0));

    expect(new Set(keys).size).toBe(200);
  });

  it('draws on the whole base62 alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateApiKey(false).slice('mdk_live_'.length)).join(''));

    // 6400 draws from 62 symbols: missing any one has a probability of about 62 x e^-103.
    expect([...seen].sort()).toEqual([...BASE62_CHARACTERS].sort());
  });
});

describe('randomBase62', () => {
  it.each([0, 1, 20, 32, 100])('returns %d base62 characters', (length) => {
    const value = randomBase62(length);

    expect(value).toHaveLength(length);
    expect([...value].every((c) => BASE62_CHARACTERS.has(c))).toBe(true);
  });
});

describe('hashApiKey', () => {
  it('is the SHA-256 hex digest of the key', () => {
    const key = generateApiKey(false);

    expect(hashApiKey(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
  });

  it('matches a known SHA-256 digest', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives 64 lowercase hex characters', () => {
    expect(hashApiKey('mdk_test_00000000000000000000000000000000')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives different keys different hashes', () => {
    expect(hashApiKey('mdk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).not.toBe(hashApiKey('mdk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB'));
  });
});

describe('looksLikeApiKey', () => {
  const body = 'aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY';

  it.each([`mdk_live_${body}`, `mdk_test_${body}`, `mdk_live_${'0'.repeat(32)}`, `mdk_test_${'z'.repeat(32)}`])('accepts %s', (value) => {
    expect(looksLikeApiKey(value)).toBe(true);
  });

  it.each([
    ['a wrong environment', `mdk_prod_${body}`],
    ['a wrong product prefix', `mdx_live_${body}`],
    ['an upper-case prefix', `MDK_LIVE_${body}`],
    ['no prefix', body],
    ['31 characters', `mdk_live_${body.slice(1)}`],
    ['33 characters', `mdk_live_${body}Z`],
    ['a hyphen', `mdk_live_${body.slice(1)}-`],
    ['an underscore', `mdk_live_${body.slice(1)}_`],
    ['a non-ASCII letter', `mdk_live_${body.slice(1)}é`],
    ['a leading space', ` mdk_live_${body}`],
    ['a trailing newline', `mdk_live_${body}\n`],
    ['Bearer in front', `Bearer mdk_live_${body}`],
    ['the empty string', ''],
  ])('rejects a key with %s', (_what, value) => {
    expect(looksLikeApiKey(value)).toBe(false);
  });
});

describe('newId', () => {
  it.each(['store', 'key'] as const)('makes a %s id of the prefix and 20 base62 characters', (prefix) => {
    expect(newId(prefix)).toMatch(new RegExp(`^${prefix}_[0-9A-Za-z]{20}$`));
  });

  it('makes a different id every time', () => {
    const ids = Array.from({ length: 200 }, () => newId('store'));

    expect(new Set(ids).size).toBe(200);
  });
});

describe('usageKeyValue', () => {
  it('gives every store a value API Gateway takes (20 to 128 letters and digits, no `_`), the same every time', () => {
    const storeIds = Array.from({ length: 200 }, () => newId('store'));

    for (const storeId of storeIds) {
      const value = usageKeyValue(storeId);
      expect(value).toMatch(/^[0-9A-Za-z]{20,128}$/);
      expect(usageKeyValue(storeId)).toBe(value);
      expect(looksLikeApiKey(value)).toBe(false);
    }
    expect(new Set(storeIds.map(usageKeyValue)).size).toBe(200);
  });

  it('is the store id without its separator, behind `usage`', () => {
    expect(usageKeyValue('store_0123456789ABCDEFGHIJ')).toBe('usagestore0123456789ABCDEFGHIJ');
  });
});
