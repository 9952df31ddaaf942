import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals small secrets (webhook signing secrets) for the table: AES-256-GCM under the SHA-256 of a key
 * kept outside the table (WEBHOOK_SECRETS_KEY), bound to what they belong to (`context`, e.g. the
 * endpoint id, as associated data), so a sealed value copied to another endpoint does not open. A copy
 * of the table alone reveals no secret.
 *
 * A key read from Secrets Manager has a version (its VersionId), and what it seals names it:
 * `v2.<version>.<iv>.<tag>.<ciphertext>`, so any function can find the key that opens it whatever
 * version it holds as current. A key without a version (npm start's, the tests') seals
 * `v1.<iv>.<tag>.<ciphertext>`, as every value did before keys had versions.
 */
export class SecretBox {
  private readonly key: Buffer;
  /** The key's VersionId, if it has one. */
  readonly version: string | undefined;

  /** A box for one key; `version` is the key's VersionId, if it has one. */
  constructor(keyMaterial: string, version?: string) {
    if (keyMaterial.length < 32) throw new Error('The secrets key must be at least 32 characters');
    if (version !== undefined && !VERSION_ID.test(version)) throw new Error('A key version is 1 to 64 letters, digits or hyphens');
    this.version = version;
    this.key = createHash('sha256').update(keyMaterial, 'utf8').digest();
  }

  /** `v2.<version>.<iv>.<tag>.<ciphertext>` (the parts base64url), or `v1.<iv>.<tag>.<ciphertext>` for a key without a version. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const head = this.version === undefined ? ['v1'] : ['v2', this.version];
    return [...head, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
  }

  /** The plain secret; throws if the value was altered, sealed under another key or for another context. */
  open(sealed: string, context: string): string {
    const parsed = parseSealed(sealed);
    if (!parsed || parsed.version !== this.version) throw new Error('Not a value sealed under this key');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(parsed.iv, 'base64url'))
      .setAAD(Buffer.from(context, 'utf8'))
      .setAuthTag(Buffer.from(parsed.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(parsed.ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

// Secrets Manager's VersionIds are UUIDs (32 hex digits and four hyphens); its API allows 32 to 64 characters.
const VERSION_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A sealed value's parts: the key version it names (undefined for `v1`), its IV, tag and ciphertext. */
export function parseSealed(sealed: string): { version: string | undefined; iv: string; tag: string; ciphertext: string } | null {
  const parts = sealed.split('.');
  if (parts[0] === 'v1' && parts.length === 4) return { version: undefined, iv: parts[1]!, tag: parts[2]!, ciphertext: parts[3]! };
  if (parts[0] === 'v2' && parts.length === 5 && VERSION_ID.test(parts[1]!)) return { version: parts[1], iv: parts[2]!, tag: parts[3]!, ciphertext: parts[4]! };
  return null;
}

/** One version of a key: its VersionId (none for a fixed local key) and its value. */
export interface KeyVersion {
  version: string | undefined;
  material: string;
}

/**
 * The versions of one key that a function can reach (functions/data/secret-keys.ts): the current one,
 * the one before it, and any other by its version. A fixed key is its own current version and has no other.
 */
export interface KeyRing {
  /** The version to seal and sign with now. */
  current(): Promise<KeyVersion>;
  /** The version the current one replaced, if there is one. */
  previous(): Promise<KeyVersion | undefined>;
  /** A version by its VersionId; undefined if the key has no such version (any longer). */
  version(id: string): Promise<KeyVersion | undefined>;
  /** The version an operator's label is on (V1_LABEL), if any. */
  labelled(label: string): Promise<KeyVersion | undefined>;
}

/**
 * The label an operator puts on the version every `v1` value was sealed under (the one current when
 * keys got versions), before rotating it away: `v1` values open under it after any number of
 * rotations, and a labelled version is never deprecated (docs/operations.md, the rotation runbook).
 */
export const V1_LABEL = 'SEALED-V1';

/**
 * Seals under the ring's current version and opens under the version a value names, so values sealed
 * under any version still reachable open, whichever version each function holds as current. A `v1`
 * value names none: it opens under the current version, else the previous one, else the one labelled V1_LABEL.
 */
export class SealedSecrets {
  private readonly ring: KeyRing;

  constructor(ring: KeyRing) {
    this.ring = ring;
  }

  /** The secret sealed under the current key version, for `context`. */
  async seal(plain: string, context: string): Promise<string> {
    const key = await this.ring.current();
    return new SecretBox(key.material, key.version).seal(plain, context);
  }

  /**
   * The plain secret. Throws UnopenableSecretError if no version it may be under opens it (altered,
   * another key, another context, a version gone); a failure to reach the key's versions throws as it came.
   */
  async open(sealed: string, context: string): Promise<string> {
    const parsed = parseSealed(sealed);
    if (!parsed) throw new UnopenableSecretError('Not a sealed secret');
    if (parsed.version !== undefined) {
      const plain = openWith(await this.ring.version(parsed.version), sealed, context);
      if (plain === undefined) throw new UnopenableSecretError(`Does not open under key version ${parsed.version}`);
      return plain;
    }
    // A v1 value names no version: the current one, else the one before it, else the one labelled
    // V1_LABEL (each asked for only when the one before did not open it).
    const plain =
      openWith(await this.ring.current(), sealed, context) ??
      openWith(await this.ring.previous(), sealed, context) ??
      openWith(await this.ring.labelled(V1_LABEL), sealed, context);
    if (plain === undefined) throw new UnopenableSecretError(`Opens under neither the current, the previous nor the ${V1_LABEL} key version`);
    return plain;
  }
}

/** A sealed value that no reachable key version opens: the caller leaves it out (it is not retried). */
export class UnopenableSecretError extends Error {
  override name = 'UnopenableSecretError';
}

// The plain value if this key version (a v1 value's key has its version dropped) opens it; undefined if not.
function openWith(key: KeyVersion | undefined, sealed: string, context: string): string | undefined {
  if (!key) return undefined;
  try {
    return new SecretBox(key.material, parseSealed(sealed)?.version === undefined ? undefined : key.version).open(sealed, context);
  } catch {
    return undefined;
  }
}

/** A ring of one fixed key without a version: npm start's and the tests' WEBHOOK_SECRETS_KEY / CURSOR_SIGNING_KEY. */
export function fixedKeyRing(material: string): KeyRing {
  const key: KeyVersion = { version: undefined, material };
  return { current: async () => key, previous: async () => undefined, version: async () => undefined, labelled: async () => undefined };
}
