import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals small secrets (webhook signing secrets) for the table: AES-256-GCM under the SHA-256 of a key
 * kept outside the table (WEBHOOK_SECRETS_KEY), bound to what they belong to (`context`, e.g. the
 * endpoint id, as associated data), so a sealed value copied to another endpoint does not open. A copy
 * of the table alone reveals no secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    if (keyMaterial.length < 32) throw new Error('The secrets key must be at least 32 characters');
    this.key = createHash('sha256').update(keyMaterial, 'utf8').digest();
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plain secret; throws if the value was altered, sealed under another key or for another context. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(context, 'utf8'))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
