import * as z from '../zod.ts';
import { MAX_ROLL_EXPIRY_SECONDS } from '../core/api-key.ts';
import { Text } from './common.schema.ts';

/** An API key's id: `key_` and 20 letters or digits. */
const KEY_ID_PATTERN = /^key_[0-9A-Za-z]{20}$/;

/** Body of POST /v1/api-keys. */
export const ApiKeyRequest = z.strictObject({
  name: Text({ max: 64 }).check(z.meta({ description: 'What the key is for (1 to 64 characters), shown in the list.', examples: ['Shopify sync'] })),
});
export type ApiKeyRequest = z.infer<typeof ApiKeyRequest>;

/** Body of POST /v1/api-keys/{id}/roll. */
export const RollApiKeyRequest = z.strictObject({
  expiresInSeconds: z.number().check(
    z.int('Must be a whole number of seconds'),
    z.minimum(0),
    z.maximum(MAX_ROLL_EXPIRY_SECONDS, `Must be at most ${MAX_ROLL_EXPIRY_SECONDS} (7 days)`),
    z.meta({
      description: 'How long the old key keeps working beside the new one, in seconds (0: revoked at once; at most 604,800, 7 days).',
      examples: [86400],
    }),
  ),
});
export type RollApiKeyRequest = z.infer<typeof RollApiKeyRequest>;

/** Path of the key routes. */
export const ApiKeyPath = z.object({ id: z.string().check(z.regex(KEY_ID_PATTERN, 'Must be an API key id (key_ and 20 letters or digits)')) });

/** A key as the list shows it (never its secret). */
export const ApiKeyView = z.strictObject({
  id: z.string().check(z.regex(KEY_ID_PATTERN)),
  name: z.nullable(z.string()).check(z.meta({ description: 'Its name; null for keys made by the platform team without one.' })),
  prefix: z
    .nullable(z.string())
    .check(z.meta({ description: 'Its first 13 characters (`mdk_live_AbCd`), to recognise it by; null for keys made before these were kept.' })),
  status: z.enum(['active', 'expiring', 'revoked']).check(
    z.meta({
      description: '`expiring`: rolled, it works until `expiresAt`; `revoked`: revoked, or past its `expiresAt` (then `revokedAt` is that instant).',
    }),
  ),
  createdAt: z.string().check(z.meta({ format: 'date-time' })),
  expiresAt: z.nullable(z.string()).check(z.meta({ format: 'date-time', description: 'When a rolled key stops working; null until rolled.' })),
  revokedAt: z.nullable(z.string()).check(z.meta({ format: 'date-time' })),
  lastUsedOn: z
    .nullable(z.string())
    .check(z.meta({ format: 'date', description: 'The date in India (IST) of its last use, recorded once a day at most; null before its first.' })),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

/** A new key: as listed, and its secret, shown in this answer only. */
export const CreatedApiKey = z.strictObject({
  ...ApiKeyView.shape,
  secret: z.string().check(z.meta({ description: 'The key itself (`X-Api-Key`): shown once, never again.' })),
});

/** GET /v1/api-keys's body. */
export const ApiKeyList = z.array(ApiKeyView);
