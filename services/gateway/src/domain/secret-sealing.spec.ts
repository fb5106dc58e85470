import { describe, expect, it } from 'vitest';
import { parseSealingKeys, SecretSealer } from './secret-sealing.js';

const HEX = 'ab'.repeat(32);
const OTHER = Buffer.alloc(32, 7).toString('base64');

describe('secret sealing', () => {
  it('seals under the first key, opens with whichever key the id names, and only for the same context', () => {
    const old = new SecretSealer(parseSealingKeys(`k1:${HEX}`));
    const sealed = old.seal('whsec_abc', 'MR1\nkey-1\nsecret');
    expect(sealed).toMatch(/^sealed:v1:k1:[\w-]+$/);
    expect(sealed).not.toContain('whsec_abc');
    expect(old.seal('whsec_abc', 'MR1\nkey-1\nsecret')).not.toBe(sealed);
    const rotated = new SecretSealer(parseSealingKeys(`k2:${OTHER}, k1:${HEX}`));
    expect(rotated.open(sealed, 'MR1\nkey-1\nsecret')).toBe('whsec_abc');
    expect(rotated.seal('x', 'c')).toMatch(/^sealed:v1:k2:/);
    expect(rotated.open(sealed, 'MR2\nkey-1\nsecret')).toBeUndefined();
    expect(new SecretSealer(parseSealingKeys(`k2:${OTHER}`)).open(sealed, 'MR1\nkey-1\nsecret')).toBeUndefined();
    expect(rotated.open('sealed:v1:k1:AAAA', 'c')).toBeUndefined();
  });

  it('refuses malformed key lists with a message naming the problem', () => {
    expect(() => parseSealingKeys('')).toThrow(/at least one key/);
    expect(() => parseSealingKeys(HEX)).toThrow(/<id>:<key>/);
    expect(() => parseSealingKeys('k1:abcd')).toThrow(/32 bytes/);
    expect(() => parseSealingKeys(`k1:${HEX},k1:${OTHER}`)).toThrow(/two keys with one id/);
    expect(parseSealingKeys(`k1:${HEX}`)[0]!.key).toEqual(Buffer.alloc(32, 0xab));
  });
});
