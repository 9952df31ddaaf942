import { describe, expect, it } from 'vitest';
import { fixedKeyRing, parseSealed, SealedSecrets, SecretBox, UnopenableSecretError, V1_LABEL, type KeyRing } from '../../functions/core/secret-box.ts';

const KEY = 'k'.repeat(40);
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/i0bw1F2rX8=';

describe('SecretBox', () => {
  it('opens what it sealed, for the same context', () => {
    const box = new SecretBox(KEY);

    expect(box.open(box.seal(SECRET, 'we_1'), 'we_1')).toBe(SECRET);
  });

  it('never stores the secret in the clear, and seals it differently each time', () => {
    const box = new SecretBox(KEY);
    const [a, b] = [box.seal(SECRET, 'we_1'), box.seal(SECRET, 'we_1')];

    expect(a).not.toContain(SECRET.slice(6));
    expect(Buffer.from(a.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('whsec_');
    expect(a).not.toBe(b);
  });

  it.each([
    ['another context (a sealed value copied to another endpoint)', (box: SecretBox, sealed: string) => box.open(sealed, 'we_2')],
    ['another key', (_box: SecretBox, sealed: string) => new SecretBox('x'.repeat(40)).open(sealed, 'we_1')],
    ['a changed ciphertext', (box: SecretBox, sealed: string) => box.open(`${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'AB' : 'AA'}`, 'we_1')],
    ['something that is not sealed', (box: SecretBox) => box.open('whsec_plain', 'we_1')],
  ])('refuses to open with %s', (_case, open) => {
    const box = new SecretBox(KEY);
    const sealed = box.seal(SECRET, 'we_1');

    expect(() => open(box, sealed)).toThrow();
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(() => new SecretBox('short')).toThrow('at least 32 characters');
  });
});

const V1 = '3f1b2c4d-0000-4000-8000-000000000001';
const V2 = '3f1b2c4d-0000-4000-8000-000000000002';
const OLD_KEY = 'o'.repeat(40);

/** A ring over fixed versions, as Secrets Manager would answer: `current` and `previous` name versions of `all`; reads counted. */
function ringOf(all: Record<string, string>, current: string, previous?: string, labels: Record<string, string> = {}): KeyRing & { reads: string[] } {
  const reads: string[] = [];
  const version = (id: string) => (all[id] === undefined ? undefined : { version: id, material: all[id] });
  return {
    reads,
    current: async () => (reads.push('current'), version(current)!),
    previous: async () => (reads.push('previous'), previous === undefined ? undefined : version(previous)),
    version: async (id) => (reads.push(`id:${id}`), version(id)),
    labelled: async (label) => (reads.push(`label:${label}`), labels[label] === undefined ? undefined : version(labels[label])),
  };
}

describe('SecretBox with a key version', () => {
  it('names the version in what it seals (v2.<version>.<iv>.<tag>.<ciphertext>) and opens it', () => {
    const box = new SecretBox(KEY, V1);
    const sealed = box.seal(SECRET, 'we_1');

    expect(sealed.split('.')).toEqual(['v2', V1, expect.any(String), expect.any(String), expect.any(String)]);
    expect(parseSealed(sealed)).toEqual({ version: V1, iv: sealed.split('.')[2], tag: sealed.split('.')[3], ciphertext: sealed.split('.')[4] });
    expect(box.open(sealed, 'we_1')).toBe(SECRET);
  });

  it('seals v1 without a version, as every value was sealed before keys had versions', () => {
    const sealed = new SecretBox(KEY).seal(SECRET, 'we_1');

    expect(sealed.split('.')).toHaveLength(4);
    expect(parseSealed(sealed)).toMatchObject({ version: undefined });
  });

  it.each([
    ['a value of another version', () => new SecretBox(KEY, V1).open(new SecretBox(KEY, V2).seal(SECRET, 'we_1'), 'we_1')],
    ['a v1 value, by a box with a version', () => new SecretBox(KEY, V1).open(new SecretBox(KEY).seal(SECRET, 'we_1'), 'we_1')],
    ['a v2 value, by a box without one', () => new SecretBox(KEY).open(new SecretBox(KEY, V1).seal(SECRET, 'we_1'), 'we_1')],
  ])('refuses %s', (_case, open) => {
    expect(open).toThrow('Not a value sealed under this key');
  });

  it.each(['v2..iv.tag.ct', 'v2.bad/version.iv.tag.ct', 'v2.a.b.c', 'v1.a.b', 'v3.a.b.c', `v2.${'x'.repeat(65)}.iv.tag.ct`])(
    'does not take %s for a sealed value',
    (value) => {
      expect(parseSealed(value)).toBeNull();
    },
  );

  it('refuses a version that is not a VersionId', () => {
    expect(() => new SecretBox(KEY, 'a.b')).toThrow('1 to 64 letters, digits or hyphens');
  });
});

describe('SealedSecrets (a key ring)', () => {
  it('seals under the current version and opens by the version a value names, asking only for that one', async () => {
    const ring = ringOf({ [V1]: OLD_KEY, [V2]: KEY }, V2, V1);
    const secrets = new SealedSecrets(ring);
    const old = new SecretBox(OLD_KEY, V1).seal('whsec_old', 'we_1');

    const sealed = await secrets.seal(SECRET, 'we_1');

    expect(sealed.startsWith(`v2.${V2}.`)).toBe(true);
    expect(await secrets.open(old, 'we_1')).toBe('whsec_old');
    expect(await secrets.open(sealed, 'we_1')).toBe(SECRET);
    expect(ring.reads).toEqual(['current', `id:${V1}`, `id:${V2}`]);
  });

  it('opens a v1 value under the current version, else the previous one (asked for only then)', async () => {
    const ring = ringOf({ [V1]: OLD_KEY, [V2]: KEY }, V2, V1);
    const secrets = new SealedSecrets(ring);

    expect(await secrets.open(new SecretBox(KEY).seal('whsec_now', 'we_1'), 'we_1')).toBe('whsec_now');
    expect(ring.reads).toEqual(['current']);
    expect(await secrets.open(new SecretBox(OLD_KEY).seal('whsec_then', 'we_1'), 'we_1')).toBe('whsec_then');
    expect(ring.reads).toEqual(['current', 'current', 'previous']);
  });

  it('opens a v1 value under the version labelled SEALED-V1 when neither the current nor the previous one opens it (two rotations on)', async () => {
    const V3 = '3f1b2c4d-0000-4000-8000-000000000003';
    const ring = ringOf({ [V1]: OLD_KEY, [V2]: 'p'.repeat(40), [V3]: KEY }, V3, V2, { [V1_LABEL]: V1 });

    expect(await new SealedSecrets(ring).open(new SecretBox(OLD_KEY).seal('whsec_then', 'we_1'), 'we_1')).toBe('whsec_then');
    expect(ring.reads).toEqual(['current', 'previous', `label:${V1_LABEL}`]);
  });

  it.each([
    ['a version the key no longer has', new SecretBox(OLD_KEY, '3f1b2c4d-0000-4000-8000-00000000dead').seal(SECRET, 'we_1'), 'Does not open under key version'],
    [
      'a v1 value of neither the current nor the previous version',
      new SecretBox('z'.repeat(40)).seal(SECRET, 'we_1'),
      'neither the current, the previous nor the SEALED-V1',
    ],
    ['something that is not sealed', 'whsec_plain', 'Not a sealed secret'],
  ])('refuses %s as unopenable', async (_case, sealed, message) => {
    const secrets = new SealedSecrets(ringOf({ [V1]: OLD_KEY, [V2]: KEY }, V2, V1));

    const refused = secrets.open(sealed, 'we_1');

    await expect(refused).rejects.toThrow(message);
    await expect(refused).rejects.toBeInstanceOf(UnopenableSecretError);
  });

  it('passes on a failure to reach the key as it came, not as unopenable (the caller retries it)', async () => {
    const unreachable = new Error('Secrets Manager did not answer');
    const secrets = new SealedSecrets({ ...ringOf({}, V1), version: () => Promise.reject(unreachable) });

    await expect(secrets.open(new SecretBox(KEY, V1).seal(SECRET, 'we_1'), 'we_1')).rejects.toBe(unreachable);
  });

  it('has one version and no other for a fixed key', async () => {
    const ring = fixedKeyRing(KEY);

    expect(await ring.current()).toEqual({ version: undefined, material: KEY });
    expect(await ring.previous()).toBeUndefined();
    expect(await ring.version(V1)).toBeUndefined();
    expect(await ring.labelled(V1_LABEL)).toBeUndefined();
  });
});
