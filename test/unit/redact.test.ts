import { describe, expect, it } from 'vitest';
import { normalizeIndianMobile } from '../../functions/core/phone.ts';
import { redactReplacer, redactText } from '../../functions/log/redact.ts';

const LIVE_KEY = 'mdk_live_aB3dE5fG7hJ9kL1mN2pQ4rS6tU8vW0xY';
const TEST_KEY = 'mdk_test_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp';

describe('redactText', () => {
  it.each([
    ['a live key', `key ${LIVE_KEY} used`, 'key mdk_live_[REDACTED] used'],
    ['a test key', `key ${TEST_KEY} used`, 'key mdk_test_[REDACTED] used'],
    ['two keys', `${LIVE_KEY},${TEST_KEY}`, 'mdk_live_[REDACTED],mdk_test_[REDACTED]'],
    ['a key in a header line', `X-Api-Key: ${LIVE_KEY}`, 'X-Api-Key: mdk_live_[REDACTED]'],
    ['a key of the wrong length', 'mdk_live_abc', 'mdk_live_[REDACTED]'],
    ['a key made of digits', `mdk_test_${'1'.repeat(32)}`, 'mdk_test_[REDACTED]'],
    ['a rider’s fleet key', `Bearer fk_rider_${'aB3dE5fG7h'.repeat(3)}xY`, 'Bearer fk_rider_[REDACTED]'],
    ['an operations fleet key', `Authorization: Bearer fk_ops_${'Zz9Yy8Xx7W'.repeat(3)}w6`, 'Authorization: Bearer fk_ops_[REDACTED]'],
    ['a webhook signing secret', 'secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8= made', 'secret whsec_[REDACTED] made'],
  ])('masks %s', (_what, text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it.each([
    ['ten digits', 'drop 9876543210 done'],
    ['+91 and ten digits', 'drop +919876543210 done'],
    ['+91 with spaces', 'drop +91 98765 43210 done'],
    ['+91 with hyphens', 'drop +91-98765-43210 done'],
    ['0 and ten digits', 'drop 09876543210 done'],
    ['digits in pairs', 'drop 98 76 54 32 10 done'],
    ['a tab between groups', 'drop 98765\t43210 done'],
  ])('masks a phone number written as %s', (_what, text) => {
    expect(redactText(text)).toBe('drop [REDACTED-PHONE] done');
  });

  it.each([
    ['an AWS account id in an ARN', 'arn:aws:lambda:ap-south-1:123456789012:function:get-balance'],
    ['the local account id', 'arn:aws:lambda:local:000000000000:function:create-quote'],
    ['epoch milliseconds', 'at 1700000000000'],
    ['a 12-digit number that is not a mobile', 'order 987654321098'],
    ['a UUID whose last group holds ten digits', 'request 18fa79ef-b686-43b4-86d1-9876543210f8'],
    ['a UUID whose last group ends in ten digits', 'request 18fa79ef-b686-43b4-86d1-ab9876543210'],
  ])('leaves %s readable', (_what, text) => {
    expect(redactText(text)).toBe(text);
  });

  it('masks every phone number in a string', () => {
    expect(redactText('from 9876543210 to 8123456789')).toBe('from [REDACTED-PHONE] to [REDACTED-PHONE]');
  });

  it.each([
    ['nine digits', 'order 987654321'],
    ['an amount', 'charge 150000 paise'],
    ['a pincode', 'pincode 560001'],
    ['a date', '2025-01-31T10:00:00.000Z'],
    ['a UUID', '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c'],
    ['a store id', 'store_aB3dE5fG7hJ9kL1mN2pQ'],
    ['plain text', 'no secrets here'],
    ['the empty string', ''],
  ])('leaves %s alone', (_what, text) => {
    expect(redactText(text)).toBe(text);
  });

  // The logger promises that no phone number reaches the logs, so every form the API accepts as a
  // phone number must be masked, including those with more than one separator between digit groups.
  it.each(['9876543210', '+91 98765 43210', '98765-43210', '98765  43210', '98765 - 43210', '98765--43210'])(
    'masks %s, a phone number normalizeIndianMobile accepts',
    (phone) => {
      expect(normalizeIndianMobile(phone)).toBe('+919876543210');

      expect(redactText(`drop ${phone} done`)).toBe('drop [REDACTED-PHONE] done');
    },
  );
});

describe('redactReplacer', () => {
  it.each([
    'x-api-key',
    'X-Api-Key',
    'X-API-KEY',
    'apiKey',
    'apikey',
    'api_key',
    'authorization',
    'Authorization',
    'dropPhone',
    'pickupPhone',
    'phone',
    'DROPPHONE',
  ])('masks the field %s', (key) => {
    expect(redactReplacer(key, 'anything at all')).toBe('[REDACTED]');
  });

  it.each([
    ['a number', 9876543210],
    ['an object', { nested: 'value' }],
    ['an array', ['a', 'b']],
    ['the empty string', ''],
    ['false', false],
  ])('masks a secret-named field whose value is %s', (_what, value) => {
    expect(redactReplacer('apiKey', value)).toBe('[REDACTED]');
  });

  it.each(['secret', 'secrets', 'sealed', 'webhook-signature'])(
    'drops a field named %s to a marker (webhook secrets, sealed or not, and signatures)',
    (key) => {
      expect(redactReplacer(key, 'v1.abc.def.ghi')).toBe('[REDACTED]');
    },
  );

  it.each([
    ['null', null],
    ['undefined', undefined],
  ])('leaves a secret-named field that is %s as it is', (_what, value) => {
    expect(redactReplacer('dropPhone', value)).toBe(value);
  });

  it.each([
    ['a key id', 'keyId', 'key_aB3dE5fG7hJ9kL1mN2pQ'],
    ['a store id', 'storeId', 'store_aB3dE5fG7hJ9kL1mN2pQ'],
    ['a route', 'route', 'POST /v1/job-quotes'],
  ])('leaves %s alone', (_what, key, value) => {
    expect(redactReplacer(key, value)).toBe(value);
  });

  it.each([
    ['a number', 42],
    ['a boolean', true],
    ['null', null],
  ])('passes %s in an ordinary field through', (_what, value) => {
    expect(redactReplacer('count', value)).toBe(value);
  });

  it('masks keys and phone numbers in the strings of ordinary fields', () => {
    expect(redactReplacer('message', `key ${LIVE_KEY} for 9876543210`)).toBe('key mdk_live_[REDACTED] for [REDACTED-PHONE]');
  });

  it('masks a string at the root', () => {
    expect(redactReplacer('', LIVE_KEY)).toBe('mdk_live_[REDACTED]');
  });

  it('returns an object at the root unchanged, so JSON.stringify visits its fields', () => {
    const record = { level: 'INFO' };

    expect(redactReplacer('', record)).toBe(record);
  });

  it('redacts a whole log record through JSON.stringify', () => {
    const record = {
      level: 'INFO',
      message: `request with ${LIVE_KEY}`,
      headers: { 'X-Api-Key': LIVE_KEY, Authorization: 'Bearer abc', 'Content-Type': 'application/json' },
      body: { dropPhone: '+91 98765 43210', dropAddress: 'Flat 2, call 9876543210', packageWeightGrams: 750, apiKey: null },
      statusCode: 201,
    };

    const logged = JSON.parse(JSON.stringify(record, redactReplacer)) as unknown;

    expect(logged).toEqual({
      level: 'INFO',
      message: 'request with mdk_live_[REDACTED]',
      headers: { 'X-Api-Key': '[REDACTED]', Authorization: '[REDACTED]', 'Content-Type': 'application/json' },
      body: { dropPhone: '[REDACTED]', dropAddress: 'Flat 2, call [REDACTED-PHONE]', packageWeightGrams: 750, apiKey: null },
      statusCode: 201,
    });
  });
});
