import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signing as Standard Webhooks (standardwebhooks.com) has it, so a receiver can verify our
 * deliveries with any of its libraries: `webhook-id`, `webhook-timestamp` and `webhook-signature`
 * headers, the signature an HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret.
 */

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A signing secret: `whsec_` and the standard base64 (padded) of exactly 32 bytes, the key's full strength for SHA-256. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

/** What one delivery signs: its id (the same on every retry), when it was sent (unix seconds) and the exact body text. */
export interface WebhookMessage {
  id: string;
  timestamp: number;
  body: string;
}

/** A new endpoint secret from the CSPRNG; the caller shows it once and stores it sealed. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The HMAC key a secret stands for: the bytes its base64 encodes. Refuses anything that is not the
 * canonical text of 32 bytes: Node's decoder is lenient and would otherwise give two texts one key
 * (a last character with stray low bits), which receivers' stricter decoders may refuse.
 * The message never repeats the secret.
 */
export function secretKeyBytes(secret: string): Buffer {
  if (!WEBHOOK_SECRET_PATTERN.test(secret)) throw new Error('A webhook secret is whsec_ and the base64 of 32 bytes');
  const encoded = secret.slice(SECRET_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded) throw new Error('A webhook secret must be canonical base64');
  return key;
}

/**
 * The `webhook-signature` value: `v1,<base64 HMAC-SHA256>` under each secret, space-separated, in the
 * order given. During a rotation the endpoint signs with the new and the old secret, so a receiver
 * holding either verifies. Throws on no secrets (nothing would verify) and on a timestamp that is not
 * whole seconds (the receiver reads it as an integer, so the signed text would differ).
 */
export function signatureHeader(secrets: readonly string[], message: WebhookMessage): string {
  if (secrets.length === 0) throw new Error('A webhook is signed with at least one secret');
  if (!Number.isSafeInteger(message.timestamp) || message.timestamp < 0) throw new Error(`A webhook timestamp is whole unix seconds, got ${message.timestamp}`);
  const signed = `${message.id}.${message.timestamp}.${message.body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', secretKeyBytes(secret)).update(signed, 'utf8').digest('base64')}`).join(' ');
}

/** The three headers a delivery carries, named as Standard Webhooks names them. */
export function webhookHeaders(secrets: readonly string[], message: WebhookMessage): Record<string, string> {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signatureHeader(secrets, message),
  };
}
