import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../functions/core/secret-box.ts';

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
