import { fc, it } from '@fast-check/vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect } from 'vitest';
import { newWebhookSecret, secretKeyBytes, signatureHeader, WEBHOOK_SECRET_PATTERN, webhookHeaders } from '../../functions/core/webhook-signature.ts';

/**
 * Our signatures are checked with the reference library (`standardwebhooks`), never with our own code:
 * what matters is that a receiver using it accepts what we send, and refuses anything else.
 */

const PROPERTY = { seed: 20260412, numRuns: 200 };

const secretOf = (bytes: Uint8Array): string => `whsec_${Buffer.from(bytes).toString('base64')}`;
const secret = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(secretOf);
/** Three different secrets: two that sign during a rotation and one the receiver must not accept. */
const threeSecrets = fc.uniqueArray(secret, { minLength: 3, maxLength: 3 }).map(([a, b, c]) => [a!, b!, c!] as const);
/** Any non-empty id, in any script (Standard Webhooks puts no limit on its characters). */
const messageId = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
/** Any JSON text, its strings of any Unicode (lone surrogates too: JSON.stringify escapes them). */
const jsonBody = fc.oneof(fc.json({ stringUnit: 'grapheme' }), fc.json({ stringUnit: 'binary' }));
/** Picks a byte to change and how (an XOR mask of 1 to 63). */
const byteChange = fc.record({ pick: fc.nat(), mask: fc.integer({ min: 1, max: 63 }) });

/** Now, in unix seconds: the reference library refuses timestamps more than 5 minutes from it. */
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * `text` with exactly one UTF-8 byte changed: the last byte of one of its characters, XORed with a mask
 * below 64. An ASCII byte stays ASCII and a continuation byte stays a continuation byte, so the text
 * is still valid UTF-8 (and round-trips through a JS string) but differs in that one byte.
 */
function withOneByteChanged(text: string, change: { pick: number; mask: number }): string {
  const bytes = Buffer.from(text, 'utf8');
  const lastByteOfEachCharacter = [...bytes.keys()].filter((i) => i + 1 === bytes.length || (bytes.readUInt8(i + 1) & 0xc0) !== 0x80);
  const at = lastByteOfEachCharacter[change.pick % lastByteOfEachCharacter.length]!;
  bytes.writeUInt8(bytes.readUInt8(at) ^ change.mask, at);
  return bytes.toString('utf8');
}

const NO_MATCH = new WebhookVerificationError('No matching signature found');

describe('webhookHeaders', () => {
  it.prop([messageId, jsonBody, secret], PROPERTY)('gives headers the reference library verifies, for any id, body and secret', (id, body, key) => {
    const headers = webhookHeaders([key], { id, timestamp: nowSeconds(), body });

    const payload = new Webhook(key).verify(body, headers);

    expect(payload).toEqual(JSON.parse(body));
  });

  it.prop([messageId, jsonBody, threeSecrets], PROPERTY)(
    'signs with both secrets of a rotation, so either verifies alone and an unrelated secret does not',
    (id, body, [current, previous, unrelated]) => {
      const headers = webhookHeaders([current, previous], { id, timestamp: nowSeconds(), body });

      expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
      expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
      expect(() => new Webhook(unrelated).verify(body, headers)).toThrow(NO_MATCH);
    },
  );

  it.prop([messageId, jsonBody, threeSecrets], PROPERTY)('is not verified by a secret that did not sign', (id, body, [key, other]) => {
    const headers = webhookHeaders([key], { id, timestamp: nowSeconds(), body });

    expect(() => new Webhook(other).verify(body, headers)).toThrow(NO_MATCH);
  });

  it.prop([messageId, jsonBody, secret, byteChange], PROPERTY)('is not verified when one byte of the body changes', (id, body, key, change) => {
    const headers = webhookHeaders([key], { id, timestamp: nowSeconds(), body });
    const tampered = withOneByteChanged(body, change);

    expect(tampered).not.toBe(body);
    expect(() => new Webhook(key).verify(tampered, headers, { jsonParse: false })).toThrow(NO_MATCH);
  });

  it.prop([messageId, jsonBody, secret, byteChange], PROPERTY)('is not verified when one byte of the id changes', (id, body, key, change) => {
    const headers = webhookHeaders([key], { id, timestamp: nowSeconds(), body });
    const tampered = { ...headers, 'webhook-id': withOneByteChanged(id, change) };

    expect(tampered['webhook-id']).not.toBe(id);
    expect(() => new Webhook(key).verify(body, tampered)).toThrow(NO_MATCH);
  });

  it.prop([messageId, jsonBody, secret, fc.integer({ min: 1, max: 9 })], PROPERTY)(
    'is not verified when a digit of the timestamp changes (still inside the 5-minute window)',
    (id, body, key, shift) => {
      const timestamp = String(nowSeconds());
      const headers = webhookHeaders([key], { id, timestamp: Number(timestamp), body });
      const lastDigit = Number(timestamp.at(-1));
      const tampered = { ...headers, 'webhook-timestamp': `${timestamp.slice(0, -1)}${(lastDigit + shift) % 10}` };

      expect(() => new Webhook(key).verify(body, tampered)).toThrow(NO_MATCH);
    },
  );

  it('names the three Standard Webhooks headers, the timestamp in whole seconds', () => {
    const key = newWebhookSecret();
    const message = { id: 'msg_2x7Lk9', timestamp: 1_767_225_600, body: '{"type":"job.delivered"}' };

    const headers = webhookHeaders([key], message);

    expect(headers).toEqual({
      'webhook-id': 'msg_2x7Lk9',
      'webhook-timestamp': '1767225600',
      'webhook-signature': new Webhook(key).sign(message.id, new Date(message.timestamp * 1000), message.body),
    });
  });
});

describe('signatureHeader', () => {
  it.prop([messageId, jsonBody, secret, fc.integer({ min: 0, max: 4_102_444_800 })], PROPERTY)(
    'is what the reference library signs, at any timestamp',
    (id, body, key, timestamp) => {
      const header = signatureHeader([key], { id, timestamp, body });

      expect(header).toBe(new Webhook(key).sign(id, new Date(timestamp * 1000), body));
    },
  );

  it('lists one signature per secret, space-separated, in the order given', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const message = { id: 'msg_rotation', timestamp: 1_767_225_600, body: '{}' };
    const at = new Date(message.timestamp * 1000);

    const header = signatureHeader([current, previous], message);

    expect(header).toBe(`${new Webhook(current).sign(message.id, at, message.body)} ${new Webhook(previous).sign(message.id, at, message.body)}`);
  });

  it('refuses to sign with no secret (nothing could verify it)', () => {
    expect(() => signatureHeader([], { id: 'msg_1', timestamp: 1_767_225_600, body: '{}' })).toThrow('A webhook is signed with at least one secret');
  });

  it.each([1_767_225_600.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses the timestamp %d (not whole unix seconds)', (timestamp) => {
    expect(() => signatureHeader([newWebhookSecret()], { id: 'msg_1', timestamp, body: '{}' })).toThrow(/^A webhook timestamp is whole unix seconds/);
  });

  it('refuses a malformed secret anywhere in the list', () => {
    expect(() => signatureHeader([newWebhookSecret(), 'whsec_short='], { id: 'msg_1', timestamp: 1_767_225_600, body: '{}' })).toThrow(Error);
  });
});

describe('newWebhookSecret', () => {
  it('makes a secret that matches WEBHOOK_SECRET_PATTERN and stands for 32 bytes', () => {
    const key = newWebhookSecret();

    expect(key).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(secretKeyBytes(key)).toHaveLength(32);
  });

  it('makes a different secret every time', () => {
    const keys = Array.from({ length: 200 }, () => newWebhookSecret());

    expect(new Set(keys).size).toBe(200);
  });
});

describe('secretKeyBytes', () => {
  it.prop([fc.uint8Array({ minLength: 32, maxLength: 32 })], PROPERTY)('gives back the 32 bytes the secret encodes', (bytes) => {
    expect(secretKeyBytes(secretOf(bytes))).toEqual(Buffer.from(bytes));
  });

  const valid = secretOf(new Uint8Array(32).fill(7));
  const encoded = valid.slice('whsec_'.length);

  it.each([
    ['the empty string', ''],
    ['no prefix', encoded],
    ['an upper-case prefix', `WHSEC_${encoded}`],
    ['another prefix', `whsk_${encoded}`],
    ['31 bytes', secretOf(new Uint8Array(31))],
    ['33 bytes', secretOf(new Uint8Array(33))],
    ['64 bytes', secretOf(new Uint8Array(64))],
    ['no padding', valid.slice(0, -1)],
    ['URL-safe base64', `whsec_${'-_'.repeat(21)}A=`],
    ['a non-canonical last character (stray low bits)', `whsec_${'A'.repeat(42)}B=`],
    ['a leading space', ` ${valid}`],
    ['a trailing newline', `${valid}\n`],
    ['a character outside base64', `whsec_${'A'.repeat(42)}é=`],
  ])('refuses a secret with %s', (_what, value) => {
    expect(() => secretKeyBytes(value)).toThrow(Error);
  });

  it('never repeats the secret in its message', () => {
    const leaked = `whsec_${'A'.repeat(42)}B=`;

    expect(() => secretKeyBytes(leaked)).toThrow(expect.objectContaining({ message: expect.not.stringContaining('AAAA') }));
  });
});
